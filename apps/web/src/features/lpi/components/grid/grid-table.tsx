import { Table, Text, VisuallyHidden } from '@mantine/core';
import {
  GRID_MAX_VALUE,
  GRID_VALUE_MESSAGE,
  gridTotals,
  parsePastedBlock,
  parsePastedCell,
  rowTotal,
  type TGridCategory,
} from '@parity/domain/lpi/grids';
import { type ClipboardEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import classes from './grid-table.module.css';

export interface GridTableRow {
  ethnicity_id: number;
  name: string;
  /** value null: not reported (an empty cell), told apart from a reported 0 */
  genders: { id: number; value: number | null; min: number }[];
}

export interface GridCellChange {
  ethnicity_id: number;
  gender_id: number;
  /** null: the cell was emptied (not reported) */
  value: number | null;
}

export interface GridTableProps {
  /** The table's caption (also what the note about a paste refers to). */
  caption: string;
  categories: TGridCategory[];
  rows: GridTableRow[];
  /** Cells changed by typing or by a paste (a paste changes several at once). */
  onChange?: (changes: GridCellChange[]) => void;
  /** Numbers only, no inputs. */
  readOnly?: boolean;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * A grid of head counts (spec 3 Grids): a row per race/ethnicity, a column per gender grouped by
 * category, row and column totals. Editing works like a spreadsheet: arrow keys move between
 * cells, Enter moves down (Shift+Enter up), Home and End go to the row's first and last cell
 * (with Ctrl: the grid's), and a block copied from a spreadsheet (tab-separated cells, a line per
 * row) is pasted from the focused cell on; cells that are not whole numbers from 0 to 1,000,000
 * are left as they were and a note says how many. An empty cell is not reported, which is not a 0:
 * totals add the reported counts and a line under the grid says how many cells are reported. On a
 * narrow screen the race/ethnicity column stays in view while the counts scroll sideways.
 */
export function GridTable({ caption, categories, rows, onChange, readOnly = false }: GridTableProps) {
  const genders = useMemo(() => categories.flatMap((c) => c.genders), [categories]);
  const totals = useMemo(() => gridTotals(categories, rows), [categories, rows]);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [note, setNote] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const noteId = useId();
  const legendId = useId();
  const editable = !readOnly && Boolean(onChange);

  const cellValue = (row: GridTableRow, genderId: number) =>
    row.genders.find((g) => g.id === genderId)?.value ?? null;
  const minOf = (row: GridTableRow, genderId: number) => row.genders.find((g) => g.id === genderId)?.min ?? 0;

  const focusCell = (r: number, c: number) => {
    const row = Math.max(0, Math.min(rows.length - 1, r));
    const col = Math.max(0, Math.min(genders.length - 1, c));
    const input = inputs.current.get(`${row}:${col}`);
    input?.focus();
    input?.select();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, r: number, c: number) => {
    const moves: Record<string, [number, number] | undefined> = {
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      Enter: event.shiftKey ? [r - 1, c] : [r + 1, c],
      Home: event.ctrlKey || event.metaKey ? [0, 0] : [r, 0],
      End: event.ctrlKey || event.metaKey ? [rows.length - 1, genders.length - 1] : [r, genders.length - 1],
    };
    const target = moves[event.key];
    if (!target) return;
    event.preventDefault();
    focusCell(target[0], target[1]);
  };

  const onType = (row: GridTableRow, genderId: number, text: string) => {
    const digits = text.replace(/[^\d]/g, '');
    const value = digits === '' ? null : Number(digits);
    if (value !== null && value > GRID_MAX_VALUE) {
      setNote({ kind: 'error', text: GRID_VALUE_MESSAGE });
      return;
    }
    if (digits !== text.trim() && text.trim() !== '') {
      setNote({ kind: 'error', text: GRID_VALUE_MESSAGE });
    } else if (note?.kind === 'error') setNote(null);
    onChange?.([{ ethnicity_id: row.ethnicity_id, gender_id: genderId, value }]);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, r: number, c: number) => {
    const text = event.clipboardData.getData('text/plain');
    event.preventDefault();
    const block = parsePastedBlock(text);
    const changes: GridCellChange[] = [];
    let ignored = 0;
    block.forEach((cells, i) => {
      cells.forEach((cell, j) => {
        const row = rows[r + i];
        const gender = genders[c + j];
        const parsed = parsePastedCell(cell);
        if (!row || !gender || parsed === null) {
          ignored += 1;
          return;
        }
        changes.push({ ethnicity_id: row.ethnicity_id, gender_id: gender.id, value: parsed.value });
      });
    });
    if (changes.length) onChange?.(changes);
    const pasted = `Pasted ${changes.length} ${changes.length === 1 ? 'value' : 'values'}.`;
    setNote(
      ignored
        ? {
            kind: 'error',
            text: `${pasted} ${ignored} ${ignored === 1 ? 'cell was' : 'cells were'} ignored: not a whole number from 0 to ${fmt(GRID_MAX_VALUE)}, or outside the grid.`,
          }
        : { kind: 'info', text: pasted },
    );
  };

  const belowMin = rows.flatMap((row) =>
    genders
      .filter((g) => (cellValue(row, g.id) ?? 0) < minOf(row, g.id))
      .map((g) => `${row.name} › ${g.name} (at least ${minOf(row, g.id)})`),
  );

  const cells = rows.length * genders.length;
  const legend = readOnly
    ? `${fmt(totals.reported)} of ${fmt(cells)} cells reported; — marks a cell not reported.`
    : `${fmt(totals.reported)} of ${fmt(cells)} cells reported. An empty cell is not reported; enter 0 where there are none.`;

  return (
    <div>
      <Text size="sm" c="dimmed" className={classes.hint} aria-hidden>
        Scroll sideways to see every column →
      </Text>
      {/* Focusable when it has no inputs, so that a keyboard can scroll it too. */}
      <section className={classes.wrapper} aria-label={caption} tabIndex={editable ? undefined : 0}>
        <Table
          withTableBorder
          withColumnBorders
          className={classes.table}
          aria-describedby={note ? noteId : undefined}
          data-readonly={readOnly || undefined}
        >
          <caption className={classes.caption}>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2} scope="col" className={classes.sticky}>
                Race/Ethnicity
              </Table.Th>
              {categories.map((category) => (
                <Table.Th
                  key={category.id}
                  colSpan={category.genders.length}
                  scope="colgroup"
                  className={classes.group}
                >
                  {category.name}
                </Table.Th>
              ))}
              <Table.Th rowSpan={2} scope="col" className={classes.number}>
                Total
              </Table.Th>
            </Table.Tr>
            <Table.Tr>
              {genders.map((gender) => (
                <Table.Th key={gender.id} scope="col" className={classes.number}>
                  {gender.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => (
              <Table.Tr key={row.ethnicity_id}>
                <Table.Th scope="row" className={classes.sticky}>
                  {row.name}
                </Table.Th>
                {genders.map((gender, c) => {
                  const value = cellValue(row, gender.id);
                  const min = minOf(row, gender.id);
                  return (
                    <Table.Td key={gender.id} className={classes.number}>
                      {editable ? (
                        <input
                          ref={(el) => {
                            if (el) inputs.current.set(`${r}:${c}`, el);
                            else inputs.current.delete(`${r}:${c}`);
                          }}
                          className={classes.input}
                          type="text"
                          inputMode="numeric"
                          autoComplete="off"
                          aria-label={`${row.name}, ${gender.name}`}
                          aria-invalid={(value ?? 0) < min || undefined}
                          aria-describedby={value === null ? legendId : undefined}
                          placeholder="–"
                          value={value === null ? '' : String(value)}
                          onFocus={(e) => e.currentTarget.select()}
                          onChange={(e) => onType(row, gender.id, e.currentTarget.value)}
                          onKeyDown={(e) => onKeyDown(e, r, c)}
                          onPaste={(e) => onPaste(e, r, c)}
                        />
                      ) : value === null ? (
                        <span data-testid={`cell-${row.ethnicity_id}-${gender.id}`} data-reported="false">
                          <span aria-hidden>—</span>
                          <VisuallyHidden>Not reported</VisuallyHidden>
                        </span>
                      ) : (
                        <span data-testid={`cell-${row.ethnicity_id}-${gender.id}`}>{fmt(value)}</span>
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td className={classes.total} data-testid={`row-total-${row.ethnicity_id}`}>
                  {fmt(rowTotal(row))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" className={classes.sticky}>
                Total
              </Table.Th>
              {totals.byGender.map((cell) => (
                <Table.Td key={cell.id} className={classes.total} data-testid={`gender-total-${cell.id}`}>
                  {fmt(cell.total)}
                </Table.Td>
              ))}
              <Table.Td className={classes.total} data-testid="grid-total">
                {fmt(totals.all)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" className={classes.sticky}>
                Total by category
              </Table.Th>
              {categories.map((category) => (
                <Table.Td
                  key={category.id}
                  colSpan={category.genders.length}
                  className={classes.total}
                  data-testid={`category-total-${category.id}`}
                >
                  {fmt(totals.byCategory.find((t) => t.id === category.id)?.total ?? 0)}
                </Table.Td>
              ))}
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </section>
      <Text id={legendId} size="sm" c="dimmed" mt="xs" data-testid="grid-reported">
        {legend}
      </Text>
      {note && !readOnly ? (
        <Text id={noteId} role="status" size="sm" c={note.kind === 'error' ? 'red.8' : 'dimmed'} mt="xs">
          {note.text}
        </Text>
      ) : null}
      {belowMin.length > 0 && !readOnly ? (
        <Text size="sm" c="orange.9" mt="xs">
          Lower than the senior leaders listed in Ownership and Senior Leadership: {belowMin.join('; ')}.
        </Text>
      ) : null}
    </div>
  );
}
