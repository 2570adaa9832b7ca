import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody } from '../core/http/errors';

interface FieldIssue {
  field: string;
  message: string;
}

function fieldIssues(error: FastifyError): FieldIssue[] {
  const where = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const pathParts = (issue.instancePath || '')
      .split('/')
      .filter(Boolean)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    // Unknown keys are reported against their object; name them so the caller sees which.
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    const named = Array.isArray(keys) && keys.length ? [keys.join(', ')] : [];
    return { field: [where, ...pathParts, ...named].join('.'), message: issue.message ?? 'Invalid value' };
  });
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, error: error.code };
      if (error.detail !== undefined) body.detail = error.detail;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const issues = fieldIssues(error);
      const first = issues[0];
      const message = first ? `${first.field}: ${first.message}` : 'The request is invalid.';
      return reply
        .code(400)
        .send({ message, error: 'validation_failed', detail: issues } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: 'An unexpected error occurred.', error: 'internal_error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type, rate limit.
      const code = (error.code ?? 'bad_request').toLowerCase().replace(/^fst_err_/, '');
      return reply.code(status).send({ message: error.message, error: code } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'An unexpected error occurred.', error: 'internal_error' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
