import { Stack, Table, Text, Title } from '@mantine/core';
import { ScrollBox } from './scroll-box';

// A shared tab's submitted data, read only: plain fields as a two-column table, lists of rows as a
// table with a column per field, nested parts under their own heading. The snapshot is what the
// tab's GET answered when it was submitted; ids and timestamps of the rows are not shown.

type Json = Record<string, unknown>;

const HIDDEN = new Set(['id', 'updated_at', 'created_at', 'organization_id', 'survey_id']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's name as a label: 'total_full_time_employees' -> 'Total full time employees'. */
export function fieldLabel(key: string): string {
  const words = key.replace(/_id$/, '').replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  if (isObject(value))
    return Object.entries(value)
      .map(([k, v]) => `${fieldLabel(k)}: ${valueText(v)}`)
      .join('; ');
  return String(value);
}

const visible = (entries: [string, unknown][]) => entries.filter(([key]) => !HIDDEN.has(key));

function RowsTable({ label, rows }: { label: string; rows: Json[] }) {
  const columns = [...new Set(rows.flatMap((row) => visible(Object.entries(row)).map(([key]) => key)))];
  return (
    <ScrollBox label={label}>
      <Table miw={Math.min(columns.length * 120, 900)} striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{fieldLabel(column)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            // Snapshot rows have no stable key of their own once ids are hidden.
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, never reordered
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column}>{valueText(row[column])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}

function Section({ label, value, depth }: { label: string; value: unknown; depth: number }) {
  if (Array.isArray(value) && value.length > 0 && value.every(isObject)) {
    return (
      <Stack gap={4}>
        {depth > 0 ? (
          <Title order={4} size="h6">
            {label}
          </Title>
        ) : null}
        <RowsTable label={label} rows={value} />
      </Stack>
    );
  }
  if (!isObject(value)) return <Text size="sm">{valueText(value)}</Text>;
  const entries = visible(Object.entries(value));
  const plain = entries.filter(([, v]) => !isObject(v) && !(Array.isArray(v) && v.some(isObject)));
  const nested = entries.filter(([, v]) => isObject(v) || (Array.isArray(v) && v.some(isObject)));
  return (
    <Stack gap="sm">
      {depth > 0 ? (
        <Title order={4} size="h6">
          {label}
        </Title>
      ) : null}
      {plain.length ? (
        <Table withTableBorder aria-label={label}>
          <Table.Tbody>
            {plain.map(([key, v]) => (
              <Table.Tr key={key}>
                <Table.Th w="45%" scope="row">
                  {fieldLabel(key)}
                </Table.Th>
                <Table.Td>{valueText(v)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {nested.map(([key, v]) => (
        <Section key={key} label={fieldLabel(key)} value={v} depth={depth + 1} />
      ))}
    </Stack>
  );
}

/** One shared tab's submitted data; an empty tab says so. */
export function TabData({ title, data }: { title: string; data: unknown }) {
  const empty =
    data === null ||
    data === undefined ||
    (Array.isArray(data) && data.length === 0) ||
    (isObject(data) && visible(Object.entries(data)).length === 0);
  if (empty) {
    return (
      <Text c="dimmed" size="sm">
        Nothing was submitted in {title}.
      </Text>
    );
  }
  return <Section label={title} value={data} depth={0} />;
}
