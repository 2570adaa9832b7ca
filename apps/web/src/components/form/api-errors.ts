import { ApiError } from '../../lib/api-client';

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** What of a Mantine form the mapping needs (`useForm`'s return satisfies it). */
export interface FormWithErrors {
  getValues(): unknown;
  setFieldError(path: string, error: string): void;
  getInputNode(path: string): HTMLElement | null;
}

export interface ApiFormErrorOptions {
  /** The form's field for an API path (`body.` taken off); default: the path itself when the form has that value. */
  field?: (path: string) => string | null | undefined;
  fallback?: string;
  /** Focus the first field given a message. */
  focus?: boolean;
}

/** The body's `message`, else the error's own (the API client's text of the failure). */
export function apiErrorMessage(error: unknown, fallback = FALLBACK_ERROR_MESSAGE): string {
  if (error instanceof ApiError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message;
    return error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

function hasPath(values: unknown, path: string): boolean {
  let current = values;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Puts an API failure on a form. The API answers a refused input with
 * `detail: [{field: 'body.<path>', message}]` (the validation plugin, and services naming the
 * field at fault); each item whose path is a field of the form becomes that field's error, the
 * first message per field. Returns the form-level message when no field took one, else null.
 */
export function applyApiErrors(
  error: unknown,
  form: FormWithErrors,
  options: ApiFormErrorOptions = {},
): string | null {
  const detail =
    error instanceof ApiError ? (error.body as { detail?: unknown } | undefined)?.detail : undefined;
  const values = form.getValues();
  const fieldOf = options.field ?? ((path: string) => (hasPath(values, path) ? path : null));
  const set = new Set<string>();
  if (Array.isArray(detail)) {
    for (const item of detail) {
      const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
      if (typeof field !== 'string' || typeof message !== 'string') continue;
      const name = fieldOf(field.replace(/^body\./, ''));
      if (!name || set.has(name)) continue;
      if (!set.size && options.focus) form.getInputNode(name)?.focus();
      set.add(name);
      form.setFieldError(name, message);
    }
  }
  return set.size ? null : apiErrorMessage(error, options.fallback);
}
