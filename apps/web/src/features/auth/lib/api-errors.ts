import { ApiError } from '../../../lib/api-client';

/** The error code of an API answer (`error` of the body), if any. */
export function apiErrorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { error?: unknown } | undefined)?.error;
  return typeof code === 'string' ? code : undefined;
}
