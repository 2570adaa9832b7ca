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
export const conflict = (message: string, detail?: unknown) => new AppError(409, 'conflict', message, detail);
