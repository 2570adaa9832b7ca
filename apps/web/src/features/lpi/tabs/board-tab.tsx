import { Group, Stack, Text } from '@mantine/core';
import {
  BOARD_FIELDS,
  DEFAULT_BOARD_OPTION_FLAGS,
  type TBoardMember,
  type TBoardMemberRow,
} from '@parity/domain/lpi/board';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { QueryError } from '../../../components/query-state/query-state';
import { useDictionary } from '../../../lib/dictionaries';
import { boardKey, saveBoard, useBoard } from '../api/board';
import { BoardFormDialog, type BoardOptions } from '../components/board/board-form-dialog';
import { BoardTable } from '../components/board/board-table';
import { draftSaveLists, useRowDraft, visibleRows } from '../components/ownership/row-draft';
import type { LpiTabProps } from '../lib/scope';
import { SAVE_SUCCESS, useTabEditor } from '../lib/tab-editor';

function memberValues(row: TBoardMember): TBoardMemberRow {
  const values = {} as Record<string, unknown>;
  for (const field of BOARD_FIELDS) values[field] = row[field];
  return values as TBoardMemberRow;
}

function useBoardOptions(): BoardOptions {
  const attributes = useDictionary('attributeOptions').data;
  return {
    boardTypes: attributes?.board_type ?? [],
    boardPositions: attributes?.board_position ?? [],
    genders: useDictionary('genders').data ?? [],
    ethnicities: useDictionary('ethnicities').data ?? [],
    military: attributes?.military_member ?? [],
    disabled: attributes?.disabled ?? [],
    lgbtq: attributes?.lgbtq ?? [],
    immigration: attributes?.immigration ?? [],
  };
}

/**
 * The Board Members tab (spec 2, 3): members edited in a local draft that the page's Save version
 * sends as one create/update/delete save.
 */
export default function BoardTab({ scope, readOnly }: LpiTabProps) {
  const queryClient = useQueryClient();
  const query = useBoard(scope);
  const options = useBoardOptions();
  const draft = useRowDraft(query.data?.data.rows, memberValues);
  const [editing, setEditing] = useState<{ key: string | null } | null>(null);
  const state = query.data?.state;
  const canEdit = !readOnly && (state?.editable ?? false);

  useTabEditor({
    tab: 'board',
    dirty: draft.dirty,
    reload: async () => {
      draft.reset();
      return query.refetch();
    },
    save: async ({ baseUpdatedAt }) => {
      const response = await saveBoard(scope, {
        updated_at: baseUpdatedAt ?? state?.updated_at ?? null,
        ...draftSaveLists(draft.rows),
      });
      queryClient.setQueryData(boardKey(scope), response);
      draft.reset();
      alertStore.add({ type: 'success', ...SAVE_SUCCESS });
    },
  });

  if (query.isPending) return <Text c="dimmed">Loading...</Text>;
  if (query.isError) return <QueryError error={query.error} title="The board tab could not be loaded" />;

  const editingRow = editing?.key ? (draft.rows.find((row) => row.key === editing.key) ?? null) : null;

  return (
    <Stack gap="md">
      {canEdit ? (
        <Group justify="flex-end">
          <Button onClick={() => setEditing({ key: null })}>Add Individuals or Entities</Button>
        </Group>
      ) : null}
      <BoardTable
        rows={visibleRows(draft.rows)}
        options={options}
        actions={canEdit}
        onEdit={(key) => setEditing({ key })}
        onDelete={draft.remove}
      />
      <BoardFormDialog
        opened={editing !== null}
        initial={editingRow?.values ?? null}
        options={options}
        flags={query.data?.data.option_flags ?? DEFAULT_BOARD_OPTION_FLAGS}
        onClose={() => setEditing(null)}
        onSubmit={(values) => {
          if (editing?.key) draft.edit(editing.key, values);
          else draft.add(values);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
