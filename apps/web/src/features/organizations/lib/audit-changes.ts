/** One changed value of an audit entry. */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const EMPTY = '—';

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The fields whose value differs between before and after (every field of a creation or deletion). */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = asRecord(before);
  const b = asRecord(after);
  if (!a && !b) return before === after ? [] : [{ field: 'value', before: show(before), after: show(after) }];
  const fields = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = a?.[field];
    const next = b?.[field];
    const was = show(old);
    const now = show(next);
    if (was === now) continue;
    changes.push({ field, before: was, after: now });
  }
  return changes;
}
