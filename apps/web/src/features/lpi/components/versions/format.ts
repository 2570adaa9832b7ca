/** How the version panel and the conflict dialog show times, people and changed values. */

export function personName(person: { name: string; lastname: string } | null | undefined): string {
  if (!person) return 'Someone';
  return [person.name, person.lastname].filter(Boolean).join(' ') || 'Someone';
}

/** A changed value as text: empty values as '—', booleans as Yes/No. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
