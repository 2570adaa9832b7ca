import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';

export type SortOrder = 'asc' | 'desc';

/**
 * A column header that sorts its table: a button named 'Sort by {label}', with aria-sort on the
 * header of the sorted column so screen readers say which way the rows go.
 */
export function SortableTh({
  label,
  sorted,
  onSort,
}: {
  label: string;
  /** the order when the table is sorted by this column, else null */
  sorted: SortOrder | null;
  onSort: () => void;
}) {
  const Icon = sorted === null ? IconSelector : sorted === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      scope="col"
      aria-sort={sorted === null ? 'none' : sorted === 'asc' ? 'ascending' : 'descending'}
    >
      <UnstyledButton onClick={onSort} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
