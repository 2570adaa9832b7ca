import { ApiError } from '../../../lib/api-client';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface Issue {
  field?: unknown;
  message?: unknown;
}

/** The API's field messages (`detail: [{field: 'body.x', message}]`) by field name. */
export function apiFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  if (!(error instanceof ApiError)) return out;
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return out;
  for (const issue of detail as Issue[]) {
    if (typeof issue?.field !== 'string' || typeof issue.message !== 'string') continue;
    const name = issue.field.replace(/^body\./, '') as K;
    if (fields.includes(name) && !out[name]) out[name] = issue.message;
  }
  return out;
}

/** The error code of an API answer (`error` of the body), if any. */
export function apiErrorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { error?: unknown } | undefined)?.error;
  return typeof code === 'string' ? code : undefined;
}

/** A message for the whole form: the body's message, else the error's. */
export function apiMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message;
    return error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Zod issues of a domain schema, by their first path segment. */
export function zodFieldErrors<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '') as K;
    if (name && !out[name]) out[name] = issue.message;
  }
  return out;
}
