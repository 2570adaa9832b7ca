import { NO_INFORMATION, PRIVATE, PROFILE_REQUIRED_MESSAGE } from '@parity/domain/account';

/** How profiles read (spec 3); the rules themselves (display name, the texts) live in the domain. */

export function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The text of a profile value: 'Private' for a private one, 'No information' for an empty one,
 * Yes/No for a flag, else the value (through `format` when given).
 */
export function profileText(value: unknown, format?: (value: unknown) => string | null | undefined): string {
  if (value === PRIVATE) return PRIVATE;
  if (isEmpty(value)) return NO_INFORMATION;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const formatted = format ? format(value) : String(value);
  return formatted?.trim() ? formatted : NO_INFORMATION;
}

/** 'Please, populate required data: Name, Last name' when required fields are empty; null when complete. */
export function requiredMessage(
  values: Record<string, unknown>,
  labels: Record<string, string>,
): string | null {
  const missing = Object.entries(labels)
    .filter(([field]) => isEmpty(values[field]))
    .map(([, label]) => label);
  return missing.length ? `${PROFILE_REQUIRED_MESSAGE} ${missing.join(', ')}` : null;
}
