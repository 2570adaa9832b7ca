import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Every response is checked against its route's zod schema before it leaves, so a bug can never
 * leak a field the contract does not name. The check is zod's forward parse, not the encode that
 * fastify-type-provider-zod uses: our response schemas hold no codecs (so both give the same
 * result), and zod's encode direction runs each schema with checks twice, a "canary" pass first,
 * which made the response check the largest single cost of a staff grid read.
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = toZodSchema(schema);
  return (data) => {
    const result = safeParse(zodSchema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

function toZodSchema(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`A response schema is not a zod schema: ${JSON.stringify(schema)}`);
}
