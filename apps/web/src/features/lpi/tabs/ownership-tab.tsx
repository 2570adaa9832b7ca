import { Group, Stack, Text } from '@mantine/core';
import { checkListedPeople } from '@parity/domain/lpi/checks';
import {
  DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  INDIVIDUAL_FIELDS,
  ownershipTotal,
  type TIndividual,
  type TIndividualRow,
} from '@parity/domain/lpi/individuals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { QueryError } from '../../../components/query-state/query-state';
import { useDictionary } from '../../../lib/dictionaries';
import { ownershipKey, saveOwnership, useOwnership } from '../api/ownership';
import { CheckAlert } from '../components/checks/check-alert';
import { BulkUploadDialog } from '../components/ownership/bulk-upload-dialog';
import { IndividualFormDialog, type IndividualOptions } from '../components/ownership/individual-form-dialog';
import { OwnershipAlert } from '../components/ownership/ownership-alert';
import { OwnershipTable } from '../components/ownership/ownership-table';
import { draftSaveLists, useRowDraft, visibleRows } from '../components/ownership/row-draft';
import type { LpiTabProps } from '../lib/scope';
import { SAVE_SUCCESS, useTabEditor } from '../lib/tab-editor';

/** A stored row as the form's values (the row schema's output). */
export function individualValues(row: TIndividual): TIndividualRow {
  const values = {} as Record<string, unknown>;
  for (const field of INDIVIDUAL_FIELDS) values[field] = row[field];
  return values as TIndividualRow;
}

/** The owners and leaders of the draft against the Overview's declared totals (issue #19). */
function listedChecks(
  rows: readonly { is_owner: boolean; is_senior_management: boolean }[],
  declared: { total_owners: number; total_leaders: number },
) {
  return checkListedPeople(
    {
      owners: rows.filter((row) => row.is_owner).length,
      leaders: rows.filter((row) => row.is_senior_management).length,
    },
    { owners: declared.total_owners, leaders: declared.total_leaders },
  );
}

/** The option lists of the form and the table, from the dictionaries. */
export function useIndividualOptions(): IndividualOptions {
  const attributes = useDictionary('attributeOptions').data;
  const genders = useDictionary('genders').data ?? [];
  const ethnicities = useDictionary('ethnicities').data ?? [];
  const corporateTitles = useDictionary('corporateTitles').data ?? [];
  return {
    identification: attributes?.identification ?? [],
    corporateTitles,
    genders,
    ethnicities,
    immigration: attributes?.immigration ?? [],
    military: attributes?.military_member ?? [],
    lgbtq: attributes?.lgbtq ?? [],
    disabled: attributes?.disabled ?? [],
    usCitizen: attributes?.us_citizen ?? [],
    usBased: attributes?.us_based ?? [],
  };
}

/**
 * The Ownership and Senior Leadership tab (spec 2, 3, 5): individuals and entities with their
 * groups, edited in a local draft (added, edited, deleted rows) that the page's Save version sends
 * as one create/update/delete save; the bulk upload imports a filled template at once.
 */
export default function OwnershipTab({ scope, readOnly }: LpiTabProps) {
  const queryClient = useQueryClient();
  const query = useOwnership(scope);
  const options = useIndividualOptions();
  const draft = useRowDraft(query.data?.data.rows, individualValues);
  const [editing, setEditing] = useState<{ key: string | null } | null>(null);
  const [uploading, setUploading] = useState(false);
  const state = query.data?.state;
  const flags = query.data?.data.option_flags ?? DEFAULT_INDIVIDUAL_OPTION_FLAGS;
  const canEdit = !readOnly && (state?.editable ?? false);
  const rows = visibleRows(draft.rows);

  const reload = async () => {
    draft.reset();
    return query.refetch();
  };

  useTabEditor({
    tab: 'ownership',
    dirty: draft.dirty,
    reload,
    save: async ({ baseUpdatedAt }) => {
      const response = await saveOwnership(scope, {
        updated_at: baseUpdatedAt ?? state?.updated_at ?? null,
        ...draftSaveLists(draft.rows),
      });
      queryClient.setQueryData(ownershipKey(scope), response);
      draft.reset();
      alertStore.add({ type: 'success', ...SAVE_SUCCESS });
    },
  });

  if (query.isPending) return <Text c="dimmed">Loading...</Text>;
  if (query.isError) return <QueryError error={query.error} title="The ownership tab could not be loaded" />;

  const editingRow = editing?.key ? (draft.rows.find((row) => row.key === editing.key) ?? null) : null;

  return (
    <Stack gap="md">
      {canEdit ? (
        <Group justify="flex-end">
          <Button onClick={() => setEditing({ key: null })}>Add Individuals or Entities</Button>
          <Button kind="secondary" onClick={() => setUploading(true)}>
            Bulk Upload
          </Button>
        </Group>
      ) : null}
      {readOnly ? null : (
        <>
          <OwnershipAlert total={ownershipTotal(rows.map((row) => row.values))} />
          <CheckAlert
            issues={listedChecks(
              rows.map((row) => row.values),
              query.data.data.totals,
            )}
          />
        </>
      )}
      <OwnershipTable
        rows={rows}
        names={options}
        actions={canEdit}
        onEdit={(key) => setEditing({ key })}
        onDelete={draft.remove}
      />
      <IndividualFormDialog
        opened={editing !== null}
        initial={editingRow?.values ?? null}
        options={options}
        flags={flags}
        onClose={() => setEditing(null)}
        onSubmit={(values) => {
          if (editing?.key) draft.edit(editing.key, values);
          else draft.add(values);
          setEditing(null);
        }}
      />
      <BulkUploadDialog
        opened={uploading}
        scope={scope}
        updatedAt={state?.updated_at ?? null}
        blocked={draft.dirty}
        onClose={() => setUploading(false)}
        onUploaded={(result) => {
          queryClient.setQueryData(ownershipKey(scope), { data: result.data, state: result.state });
          draft.reset();
          setUploading(false);
          alertStore.add({
            type: 'success',
            title: 'Success!',
            description: `${result.created} row${result.created === 1 ? '' : 's'} imported.`,
          });
        }}
      />
    </Stack>
  );
}
