import { Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button/button';

export interface EditorRow {
  key: string | number;
  /** the row's name in its buttons' labels ('Edit <name>') */
  name: string;
  cells: ReactNode[];
  onEdit: () => void;
  onDelete: () => void;
}

/** The administrators' editors' table: a row per item with its cells, Edit and Delete. */
export function EditorTable({ columns, rows }: { columns: string[]; rows: EditorRow[] }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells are the columns, in order
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="small" kind="secondary" aria-label={`Edit ${row.name}`} onClick={row.onEdit}>
                    Edit
                  </Button>
                  <Button size="small" kind="blanc" aria-label={`Delete ${row.name}`} onClick={row.onDelete}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
