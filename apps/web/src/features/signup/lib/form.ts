import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per top-level field of a failed parse (the domain's zod rules). */
export function validate<K extends string>(schema: z.ZodType, values: Record<K, unknown>): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Field messages of an API 400 (`detail: [{field: 'body.name', message}]`), by field name. */
export function apiFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  if (!(error instanceof ApiError)) return errors;
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return errors;
  for (const item of detail) {
    const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const name = field.replace(/^body\./, '') as K;
    if (fields.includes(name) && errors[name] === undefined) errors[name] = message;
  }
  return errors;
}

/** The readable message of a failed call: the body's message, else the error's own. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message;
    return error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
