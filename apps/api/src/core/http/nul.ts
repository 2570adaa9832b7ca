import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** The path to the first string (or object key) in `value` that holds NUL, if any. */
function nulAt(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulAt(item, [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  // A binary body (a Buffer) may hold any byte.
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = nulAt(key, [...path, key]) ?? nulAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * 400 naming the field when `value` holds NUL anywhere: PostgreSQL refuses the byte in text, so
 * it would otherwise reach the database and answer 500. `where` is the field's path so far.
 */
export function refuseNul(where: string, value: unknown): void {
  const path = nulAt(value, [where]);
  if (!path) return;
  const field = path.join('.');
  throw badRequest(`${field}: ${NUL_MESSAGE}`, [{ field, message: NUL_MESSAGE }]);
}

/** Every route, before validation: path parameters, query and parsed body (JSON or form). */
export function refuseNulInRequests(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNul('params', request.params);
    refuseNul('query', request.query);
    refuseNul('body', request.body);
  });
}
