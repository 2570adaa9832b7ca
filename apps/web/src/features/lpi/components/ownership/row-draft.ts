import { listAction, listItem } from '@parity/domain/list-item';
import { useMemo, useState } from 'react';

/**
 * The local draft of a tab made of rows (spec 4 Tab data): each row carries an action — create
 * (no id yet), update, delete (soft-marked, hidden from the table, sent on save) or none. New rows
 * get the next index. The draft exists only once something changed; until then the rows are the
 * server's.
 */
export type RowAction = 'none' | 'create' | 'update' | 'delete';

export interface DraftRow<T> {
  key: string;
  index: number;
  id: number | null;
  action: RowAction;
  values: T;
}

/**
 * A draft row's list item (spec 3): edit it in its dialog or delete it, both buttons; both change
 * the draft only, until it is saved, so the row reports no outcome of its own.
 */
export const draftRowItem = (key: string) =>
  listItem(
    key,
    [
      listAction({ id: 'edit', title: 'Edit', icon: 'edit', primary: true }),
      listAction({ id: 'delete', title: 'Delete', icon: 'delete', type: 'danger', primary: true }),
    ],
    { show_success: false, show_error: false },
  );

export function draftFromServer<S extends { id: number }, T>(
  rows: readonly S[],
  toValues: (row: S) => T,
): DraftRow<T>[] {
  return rows.map((row, i) => ({
    key: `id-${row.id}`,
    index: i + 1,
    id: row.id,
    action: 'none',
    values: toValues(row),
  }));
}

export function addDraftRow<T>(rows: readonly DraftRow<T>[], values: T): DraftRow<T>[] {
  const index = rows.reduce((max, row) => Math.max(max, row.index), 0) + 1;
  return [...rows, { key: `new-${index}`, index, id: null, action: 'create', values }];
}

export function editDraftRow<T>(rows: readonly DraftRow<T>[], key: string, values: T): DraftRow<T>[] {
  return rows.map((row) =>
    row.key === key ? { ...row, values, action: row.action === 'create' ? 'create' : 'update' } : row,
  );
}

export function deleteDraftRow<T>(rows: readonly DraftRow<T>[], key: string): DraftRow<T>[] {
  return rows.flatMap((row) => {
    if (row.key !== key) return [row];
    return row.action === 'create' ? [] : [{ ...row, action: 'delete' as const }];
  });
}

export const visibleRows = <T>(rows: readonly DraftRow<T>[]) => rows.filter((row) => row.action !== 'delete');
export const isDraftDirty = <T>(rows: readonly DraftRow<T>[]) => rows.some((row) => row.action !== 'none');

/** The save call's lists: rows to create, rows to update (with id), ids to delete. */
export function draftSaveLists<T>(rows: readonly DraftRow<T>[]) {
  return {
    create: rows.filter((row) => row.action === 'create').map((row) => row.values),
    update: rows
      .filter((row) => row.action === 'update' && row.id !== null)
      .map((row) => ({ ...row.values, id: row.id as number })),
    delete: rows.filter((row) => row.action === 'delete' && row.id !== null).map((row) => row.id as number),
  };
}

/** The draft over the server's rows; `reset()` drops it (after a save or a reload). */
export function useRowDraft<S extends { id: number }, T>(
  serverRows: readonly S[] | undefined,
  toValues: (row: S) => T,
) {
  const [draft, setDraft] = useState<DraftRow<T>[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: toValues is a pure mapping
  const base = useMemo(() => draftFromServer(serverRows ?? [], toValues), [serverRows]);
  const rows = draft ?? base;
  return {
    rows,
    dirty: isDraftDirty(rows),
    add: (values: T) => setDraft((current) => addDraftRow(current ?? base, values)),
    edit: (key: string, values: T) => setDraft((current) => editDraftRow(current ?? base, key, values)),
    remove: (key: string) => setDraft((current) => deleteDraftRow(current ?? base, key)),
    reset: () => setDraft(null),
  };
}
