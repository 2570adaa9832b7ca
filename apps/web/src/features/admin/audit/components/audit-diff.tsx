import { Table, Text } from '@mantine/core';

type Fields = Record<string, unknown>;

const asFields = (value: unknown): Fields | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Fields)
    : value === null || value === undefined
      ? null
      : { value };

/** 'two_fa_enabled' reads 'Two fa enabled'. */
export const fieldLabel = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A value as a person reads it: Yes/No, '—' for nothing, dates and text as they are. */
export function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(readable).join(', ') || '—';
  return Object.entries(value as Fields)
    .map(([k, v]) => `${fieldLabel(k)}: ${readable(v)}`)
    .join('; ');
}

/** The fields an entry changed: each with its value before and after (same values left out). */
export function changedFields(before: unknown, after: unknown) {
  const b = asFields(before) ?? {};
  const a = asFields(after) ?? {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((key) => JSON.stringify(b[key] ?? null) !== JSON.stringify(a[key] ?? null))
    .map((key) => ({ key, before: readable(b[key]), after: readable(a[key]) }));
}

/** An audit entry's before and after, field by field. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = changedFields(before, after);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field values were recorded for this entry.
      </Text>
    );
  }
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm">
      <Table.Caption>What changed</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Field</Table.Th>
          <Table.Th scope="col">Before</Table.Th>
          <Table.Th scope="col">After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={500}>
              {fieldLabel(row.key)}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{row.before}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              <Text span size="sm" fw={600}>
                {row.after}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
