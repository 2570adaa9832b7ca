import { rowTotal, type TGridRow } from '@parity/domain/lpi/grids';
import type { TTabKey } from '@parity/domain/lpi/tabs';
import { type QueryKey, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertStore } from '../../../../components/alerts/alert-store';
import type { GridResponse } from '../../api/grids';
import { tabTitlesKey } from '../../api/reporting';
import type { LpiScope } from '../../lib/scope';
import { SAVE_SUCCESS, useTabEditor } from '../../lib/tab-editor';
import type { GridCellChange } from './grid-table';

/** A grid's rows with some cells changed (row totals follow). */
export function applyChanges(rows: TGridRow[], changes: GridCellChange[]): TGridRow[] {
  return rows.map((row) => {
    const mine = changes.filter((c) => c.ethnicity_id === row.ethnicity_id);
    if (!mine.length) return row;
    const genders = row.genders.map((cell) => {
      const change = mine.find((c) => c.gender_id === cell.id);
      return change ? { ...cell, value: change.value } : cell;
    });
    return { ...row, genders, total: rowTotal({ genders }) };
  });
}

interface GridUnitOptions<T> {
  tab: TTabKey;
  scope: LpiScope;
  queryKey: QueryKey;
  query: UseQueryResult<GridResponse<T>>;
  /** Sends the draft as the save body, based on that updated_at. */
  send: (updatedAt: string | null, draft: T) => Promise<GridResponse<T>>;
  readOnly: boolean;
}

/**
 * One save unit of a grid tab (spec 4 Tab data): the server's data, a local draft over it, dirty
 * when the draft differs, and the unit registered with the LPI page (Save version, conflicts,
 * the leave warning). A save sends the draft based on the loaded updated_at (or the one the page
 * passes to overwrite), rethrows failures for the page to show, and on success shows
 * 'Successfully saved!' and starts again from the server's answer.
 */
export function useGridUnit<T>({ tab, scope, queryKey, query, send, readOnly }: GridUnitOptions<T>) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<T | null>(null);
  const server = query.data?.data;
  const current = draft ?? server;
  const dirty = !readOnly && draft !== null && JSON.stringify(draft) !== JSON.stringify(server);

  useTabEditor({
    tab,
    dirty,
    save: async ({ baseUpdatedAt }) => {
      if (!current) return;
      const updatedAt = baseUpdatedAt ?? query.data?.state.updated_at ?? null;
      const response = await send(updatedAt, current);
      queryClient.setQueryData(queryKey, response);
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: tabTitlesKey(scope) });
      alertStore.add({ type: 'success', ...SAVE_SUCCESS });
    },
    reload: async () => {
      const result = await query.refetch();
      setDraft(null);
      return result;
    },
  });

  return {
    data: current,
    state: query.data?.state,
    dirty,
    update: (next: (data: T) => T) => {
      if (current) setDraft(next(current));
    },
  };
}
