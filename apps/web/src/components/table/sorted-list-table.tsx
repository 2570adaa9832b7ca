import { Center, Loader, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '../query-state/query-state';
import { SortableTh, type SortOrder } from './sortable-th';
import { WideTable } from './wide-table';

/** A column of a list table: `sort` is the API's sort key for it, null when it does not sort. */
export interface ListColumn<S extends string> {
  label: string;
  sort: S | null;
}

export interface ListSort<S extends string> {
  by: S;
  order: SortOrder;
}

/**
 * A page of a list the API sorts and filters (admin users and organizations, a survey's
 * participants): its loading, failure and empty states, then a striped table whose sortable
 * headers ask for another order. `noun` names the rows in those states ('Loading the users',
 * 'The users could not be loaded'); `children` renders the page's rows.
 */
export function SortedListTable<Row, S extends string>({
  query,
  noun,
  label,
  empty,
  columns,
  sort,
  onSort,
  minWidth,
  actionsLast,
  children,
}: {
  query: UseQueryResult<{ data: Row[] }>;
  noun: string;
  /** The table's accessible name. */
  label: string;
  /** Said when the page has no rows. */
  empty: string;
  columns: readonly ListColumn<S>[];
  sort: ListSort<S>;
  onSort: (by: S) => void;
  /** Narrower than this the table scrolls sideways in its container, never the page. */
  minWidth: number;
  /** The last column holds the row's actions: it stays in view while the others scroll. */
  actionsLast?: boolean;
  children: (rows: Row[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label={`Loading the ${noun}`} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <QueryError
        error={query.error}
        title={`The ${noun} could not be loaded`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.data.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  }
  return (
    <WideTable label={label} actionsLast={actionsLast}>
      <Table miw={minWidth} striped highlightOnHover aria-label={label} aria-busy={query.isFetching}>
        <Table.Thead>
          <Table.Tr>
            {columns.map(({ label: columnLabel, sort: key }) =>
              key ? (
                <SortableTh
                  key={columnLabel}
                  label={columnLabel}
                  sorted={sort.by === key ? sort.order : null}
                  onSort={() => onSort(key)}
                />
              ) : (
                <Table.Th key={columnLabel} scope="col">
                  {columnLabel}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children(query.data.data)}</Table.Tbody>
      </Table>
    </WideTable>
  );
}
