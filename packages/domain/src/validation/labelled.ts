/**
 * The labelled form validator of spec 5: messages that name the field by its label.
 * Each returns the message or null.
 */

/** Empty string, a falsy number (0, NaN), null/undefined or an empty object/array: '{label} is required'; false: '{label} must be selected'. */
export function labelledRequired(label: string, value: unknown): string | null {
  if (value === false) return `${label} must be selected`;
  if (value === undefined || value === null) return `${label} is required`;
  if (typeof value === 'string') return value.trim() === '' ? `${label} is required` : null;
  if (typeof value === 'number') return value ? null : `${label} is required`;
  if (Array.isArray(value)) return value.length ? null : `${label} is required`;
  if (typeof value === 'object' && !(value instanceof Date) && Object.keys(value).length === 0)
    return `${label} is required`;
  return null;
}

/** String length, number value or array size at least n. */
export function labelledMin(label: string, value: unknown, n: number): string | null {
  if (typeof value === 'string')
    return value.length >= n ? null : `${label} must be at least ${n} characters long`;
  if (typeof value === 'number') return value >= n ? null : `${label} must be equal or greater than ${n}`;
  if (Array.isArray(value)) return value.length >= n ? null : `${label} must include at least ${n} option(s)`;
  return null;
}

/** String length, number value or array size at most n. */
export function labelledMax(label: string, value: unknown, n: number): string | null {
  if (typeof value === 'string')
    return value.length <= n ? null : `${label} must be maximum ${n} characters long`;
  if (typeof value === 'number') return value <= n ? null : `${label} must be not greater than ${n}`;
  if (Array.isArray(value)) return value.length <= n ? null : `${label} must include maximum ${n} option(s)`;
  return null;
}
