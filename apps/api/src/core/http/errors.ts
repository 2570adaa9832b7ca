import { z } from 'zod';

/**
 * An error the API answers with on purpose: its status, a stable code (the `error` field of the
 * body) and a message a person can read. Anything else thrown is a 500 that hides its details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, detail?: unknown) =>
  new AppError(400, 'bad_request', message, detail);
export const unauthorized = (message = 'Unauthenticated.') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'forbidden', message);
// Another tenant's object answers 404, never 403, so ids cannot be probed.
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found.`);
/** 400 for one body field: `body.<field>: <message>`, with the field named in detail. */
export const fieldIssue = (field: string, message: string) =>
  badRequest(`body.${field}: ${message}`, [{ field: `body.${field}`, message }]);
export const conflict = (message: string, detail?: unknown) => new AppError(409, 'conflict', message, detail);

/** The body of every error answer (spec section 8 reads message, then error, then detail). */
export const ZError = z.object({ message: z.string(), error: z.string(), detail: z.unknown().optional() });
export type ErrorBody = z.infer<typeof ZError>;

/** The error answers of a route's `response:` schema, e.g. `...errorResponses(400, 403, 404)`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ZError> {
  return Object.fromEntries(statuses.map((status) => [status, ZError])) as Record<S, typeof ZError>;
}
