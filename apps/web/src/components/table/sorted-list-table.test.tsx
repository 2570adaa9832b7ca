import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../testing/render';
import { type ListColumn, type ListSort, SortedListTable } from './sorted-list-table';

type Sort = 'name' | 'size';
const COLUMNS: ListColumn<Sort>[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Owner', sort: null },
  { label: 'Size (KB)', sort: 'size' },
];
interface Row {
  name: string;
  owner: string;
  size: number;
}

/** A list read through a real query: `read` answers it (or throws), `onSort` sees each new order. */
function Harness({
  read,
  onSort,
  actionsLast,
}: {
  read: () => Promise<{ data: Row[] }>;
  onSort?: (sort: ListSort<Sort>) => void;
  actionsLast?: boolean;
}) {
  const [sort, setSort] = useState<ListSort<Sort>>({ by: 'name', order: 'asc' });
  const query = useQuery({ queryKey: ['files', sort], queryFn: read, retry: false });
  return (
    <SortedListTable
      query={query}
      noun="files"
      label="Files"
      empty="No files yet."
      columns={COLUMNS}
      sort={sort}
      onSort={(by) => {
        const next: ListSort<Sort> = { by, order: sort.by === by && sort.order === 'asc' ? 'desc' : 'asc' };
        onSort?.(next);
        setSort(next);
      }}
      minWidth={400}
      actionsLast={actionsLast}
    >
      {(rows) =>
        rows.map((row) => (
          <Table.Tr key={row.name}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.owner}</Table.Td>
            <Table.Td>{row.size}</Table.Td>
          </Table.Tr>
        ))
      }
    </SortedListTable>
  );
}

describe('SortedListTable', () => {
  it('says it is loading, then shows the rows under headers that only sort where the API can', async () => {
    let answer!: (value: { data: Row[] }) => void;
    renderWithProviders(<Harness read={() => new Promise((resolve) => (answer = resolve))} />);
    expect(screen.getByLabelText('Loading the files')).toBeInTheDocument();

    answer({ data: [{ name: 'report.pdf', owner: 'Ada', size: 120 }] });
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(within(table).getByRole('cell', { name: 'report.pdf' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(table).getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Owner' })).not.toHaveAttribute('aria-sort');
    expect(within(table).queryByRole('button', { name: 'Sort by Owner' })).toBeNull();
  });

  it('scrolls sideways in a named region, holding the actions column in view when the last is one', async () => {
    const rows = { data: [{ name: 'report.pdf', owner: 'Ada', size: 120 }] };
    const { unmount } = renderWithProviders(<Harness read={async () => rows} />);
    const box = await screen.findByRole('region', { name: 'Files (scrolls sideways)' });
    expect(within(box).getByRole('table', { name: 'Files' })).toBeInTheDocument();
    expect(box).not.toHaveAttribute('data-actions-last');
    unmount();

    renderWithProviders(<Harness read={async () => rows} actionsLast />);
    expect(await screen.findByRole('region', { name: 'Files (scrolls sideways)' })).toHaveAttribute(
      'data-actions-last',
    );
  });

  it("asks for the clicked column's order and marks the column sorted", async () => {
    const onSort = vi.fn();
    renderWithProviders(
      <Harness read={async () => ({ data: [{ name: 'a.csv', owner: 'Max', size: 3 }] })} onSort={onSort} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sort by Size (KB)' }));
    expect(onSort).toHaveBeenLastCalledWith({ by: 'size', order: 'asc' });
    expect(await screen.findByRole('columnheader', { name: /Size/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('says when there are no rows, and no table', async () => {
    renderWithProviders(<Harness read={async () => ({ data: [] })} />);
    expect(await screen.findByText('No files yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("tells the API's reason when the read fails", async () => {
    renderWithProviders(
      <Harness
        read={() =>
          Promise.reject(
            new ApiError({ status: 403, message: 'You do not have permission to perform this action.' }),
          )
        }
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The files could not be loaded');
    expect(alert).toHaveTextContent('You do not have permission to perform this action.');
  });
});
