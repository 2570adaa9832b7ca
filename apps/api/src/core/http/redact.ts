/**
 * Paths that carry a secret of a mailed link (their last segment): a password reset, an email
 * verification, an invitation, as the web app opens them and as it asks the API about them.
 */
const SECRET_PATHS = [
  /^(\/login\/reset\/)[^/?#]+/,
  /^(\/signup\/processing\/[^/]+\/verification\/)[^/?#]+/,
  /^(\/signup\/invitation\/)[^/?#]+/,
  /^(\/api\/signup\/invitations\/)[^/?#]+/,
];

/** The URL as it may be logged: the secret segment of a mailed link replaced by `***`. */
export function redactUrl(url: string): string {
  for (const pattern of SECRET_PATHS) {
    if (pattern.test(url)) return url.replace(pattern, '$1***');
  }
  return url;
}

/** An address as it may be logged in production: `m***@acme.test`. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** The log record of an error (the shape pino's `err` serializer answers). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * An error as production logs it: type, code, message and stack, its cause likewise, without the
 * values of a failed query (drizzle's `params:`), which may hold a mailed code or link.
 */
export function redactError(error: Error): LoggedError {
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const message = error.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  return {
    type: error.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
    ...(code === undefined ? {} : { code }),
    ...(statusCode === undefined ? {} : { statusCode }),
    ...(error.cause instanceof Error ? { cause: redactError(error.cause) } : {}),
  };
}
