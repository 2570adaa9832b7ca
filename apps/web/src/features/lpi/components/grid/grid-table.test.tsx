import type { TGridCategory, TGridRow } from '@parity/domain/lpi/grids';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { GridTable } from './grid-table';
import { applyChanges } from './use-grid-unit';

const CATEGORIES: TGridCategory[] = [
  { id: 1, name: 'Women', order: 1, genders: [{ id: 1, name: 'Woman', category_id: 1, order: 1 }] },
  { id: 2, name: 'Men', order: 2, genders: [{ id: 2, name: 'Man', category_id: 2, order: 2 }] },
  {
    id: 3,
    name: 'Non-binary/other',
    order: 3,
    genders: [
      { id: 3, name: 'Non-binary', category_id: 3, order: 3 },
      { id: 4, name: 'Another gender identity', category_id: 3, order: 4 },
    ],
  },
];

function makeRows(values: Record<string, number | null> = {}): TGridRow[] {
  return [
    [2, 'Asian'],
    [3, 'Black or African American'],
    [7, 'White'],
  ].map(([id, name]) => {
    // A cell given as null is not reported; one not given is a reported 0.
    const genders = [1, 2, 3, 4].map((g) => {
      const value = values[`${id}:${g}`];
      return { id: g, value: value === undefined ? 0 : value, min: 0 };
    });
    return {
      ethnicity_id: id as number,
      name: name as string,
      genders,
      total: genders.reduce((s, c) => s + (c.value ?? 0), 0),
    };
  });
}

function Harness({ initial, readOnly = false }: { initial: TGridRow[]; readOnly?: boolean }) {
  const [rows, setRows] = useState(initial);
  return (
    <GridTable
      caption="Staff by race/ethnicity and gender"
      categories={CATEGORIES}
      rows={rows}
      readOnly={readOnly}
      onChange={(changes) => setRows((r) => applyChanges(r, changes))}
    />
  );
}

const cell = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('GridTable', () => {
  it('is a table with grouped column headers, row headers and labelled numeric inputs', () => {
    renderWithProviders(<Harness initial={makeRows({ '2:1': 4 })} />);
    const table = screen.getByRole('table', { name: 'Staff by race/ethnicity and gender' });
    expect(table).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Non-binary/other' })).toHaveAttribute('colspan', '2');
    expect(screen.getByRole('columnheader', { name: 'Another gender identity' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'White' })).toBeInTheDocument();
    const input = cell('Asian, Woman');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input.value).toBe('4');
    expect(screen.getAllByRole('textbox')).toHaveLength(12);
  });

  it('moves like a spreadsheet: arrows, Enter down, Home and End', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={makeRows()} />);
    await user.click(cell('Asian, Woman'));
    await user.keyboard('{ArrowRight}');
    expect(cell('Asian, Man')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(cell('Black or African American, Man')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(cell('White, Man')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(cell('White, Man')).toHaveFocus();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(cell('Black or African American, Man')).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell('Black or African American, Another gender identity')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cell('Black or African American, Woman')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}{ArrowUp}');
    expect(cell('Asian, Woman')).toHaveFocus();
  });

  it('types counts and keeps row, column, category and grand totals', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={makeRows({ '2:1': 2, '7:3': 1 })} />);
    expect(screen.getByTestId('grid-total')).toHaveTextContent('3');
    await user.click(cell('Asian, Man'));
    await user.keyboard('12');
    expect(cell('Asian, Man').value).toBe('12');
    await user.click(cell('White, Another gender identity'));
    await user.keyboard('1500');
    expect(screen.getByTestId('row-total-2')).toHaveTextContent('14');
    expect(screen.getByTestId('row-total-7')).toHaveTextContent('1,501');
    expect(screen.getByTestId('gender-total-2')).toHaveTextContent('12');
    expect(screen.getByTestId('category-total-3')).toHaveTextContent('1,501');
    expect(screen.getByTestId('grid-total')).toHaveTextContent('1,515');
    await user.keyboard('a');
    expect(cell('White, Another gender identity').value).toBe('1500');
    expect(screen.getByRole('status')).toHaveTextContent('Value must be a whole number from 0 to 1,000,000');
  });

  it('pastes a block from the focused cell on, ignoring what is not a count, with a note', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={makeRows({ '7:2': 9 })} />);
    await user.click(cell('Asian, Man'));
    await user.paste('1\t2\t3\t4\r\n5\tn/a\t1,200\r\n');
    expect(cell('Asian, Man').value).toBe('1');
    expect(cell('Asian, Non-binary').value).toBe('2');
    expect(cell('Asian, Another gender identity').value).toBe('3');
    expect(cell('Black or African American, Man').value).toBe('5');
    expect(cell('Black or African American, Non-binary').value).toBe('0');
    expect(cell('Black or African American, Another gender identity').value).toBe('1200');
    expect(cell('White, Man').value).toBe('9');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Pasted 5 values. 2 cells were ignored: not a whole number from 0 to 1,000,000, or outside the grid.',
    );
    expect(screen.getByTestId('grid-total')).toHaveTextContent('1,220');
  });

  it('pasting an empty spreadsheet cell empties the grid cell: not reported, as when cleared by hand', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={makeRows({ '7:2': 9, '7:3': 4, '7:4': 6 })} />);
    await user.click(cell('White, Man'));
    await user.paste('3\t\t8');
    expect(cell('White, Man').value).toBe('3');
    expect(cell('White, Non-binary').value).toBe('');
    expect(cell('White, Another gender identity').value).toBe('8');
    expect(screen.getByRole('status')).toHaveTextContent('Pasted 3 values.');
    expect(screen.getByTestId('row-total-7')).toHaveTextContent('11');
  });

  it('read-only: numbers, no inputs', () => {
    renderWithProviders(<Harness initial={makeRows({ '2:1': 1234 })} readOnly />);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByTestId('cell-2-1')).toHaveTextContent('1,234');
    expect(screen.getByTestId('grid-total')).toHaveTextContent('1,234');
  });

  it('tells a cell not reported (empty) from a reported 0, and counts only reported cells', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={makeRows({ '2:1': 3, '2:2': null, '2:3': null })} />);
    expect(cell('Asian, Woman').value).toBe('3');
    expect(cell('Asian, Man').value).toBe('');
    expect(cell('Asian, Man')).toHaveAccessibleDescription(/An empty cell is not reported/);
    expect(cell('Asian, Non-binary').value).toBe('');
    expect(cell('White, Man').value).toBe('0');
    expect(cell('White, Man')).not.toHaveAccessibleDescription();
    expect(screen.getByTestId('grid-reported')).toHaveTextContent('10 of 12 cells reported.');
    // Emptying a cell makes it not reported; typing 0 reports it.
    await user.clear(cell('Asian, Woman'));
    expect(cell('Asian, Woman').value).toBe('');
    await user.type(cell('Asian, Man'), '0');
    expect(cell('Asian, Man').value).toBe('0');
    expect(screen.getByTestId('grid-reported')).toHaveTextContent('10 of 12 cells reported.');
    expect(screen.getByTestId('grid-total')).toHaveTextContent('0');
  });

  it('read-only: a cell not reported reads "Not reported", a 0 reads 0', () => {
    renderWithProviders(<Harness initial={makeRows({ '2:1': null, '2:2': 0 })} readOnly />);
    expect(screen.getByTestId('cell-2-1')).toHaveTextContent('Not reported');
    expect(screen.getByTestId('cell-2-2')).toHaveTextContent(/^0$/);
    expect(screen.getByTestId('grid-reported')).toHaveTextContent('11 of 12 cells reported');
    // The grid scrolls sideways on a narrow screen: a keyboard reaches it.
    expect(screen.getByRole('region', { name: 'Staff by race/ethnicity and gender' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });
});
