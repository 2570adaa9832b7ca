import { Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import {
  POLICY_ALERTS,
  type TPolicy,
  type TPolicyRecord,
  type TPolicyRecords,
} from '@parity/domain/lpi/policies';
import { STALE_SAVE_MESSAGE } from '@parity/domain/lpi/tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { QueryError } from '../../../components/query-state/query-state';
import { ApiError, ERROR_ALERT_TITLE, toApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import {
  createPolicy,
  deletePolicy,
  loadPolicyIntoSurvey,
  policiesKeys,
  updatePolicy,
  useOwnPolicyRecords,
  usePolicyList,
  usePolicyRecords,
} from '../api/policies';
import { PolicyFormDialog, type PolicyFormValues } from '../components/policies/policy-form-dialog';
import { PolicyRecordView } from '../components/policies/policy-record-view';
import type { LpiTabProps } from '../lib/scope';
import { useTabEditor } from '../lib/tab-editor';

const success = (description: string) => alertStore.add({ type: 'success', title: 'Success!', description });

/**
 * The Policies tab (spec 3 Policy): each policy of the list with the organization's record(s) in
 * this scope. Every change is saved at once (an upload), so the page's Save version has nothing to
 * save here; each write is based on the tab's updated_at, and a stale one says so and reloads.
 */
export default function PoliciesTab({ scope, readOnly }: LpiTabProps) {
  const queryClient = useQueryClient();
  const list = usePolicyList(scope);
  const records = usePolicyRecords(scope);
  const canEdit = !readOnly && (records.data?.state.editable ?? false);
  const surveyId = scope.kind === 'survey' ? scope.surveyId : null;
  const own = useOwnPolicyRecords(surveyId !== null && canEdit);
  const [editing, setEditing] = useState<{ policy: TPolicy; record: TPolicyRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<TPolicyRecord | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = () => records.refetch();
  useTabEditor({ tab: 'policies', dirty: false, save: async () => {}, reload });

  const updatedAt = () => records.data?.state.updated_at ?? null;
  const applied = (response: TPolicyRecords) =>
    queryClient.setQueryData(policiesKeys.records(scope), response);

  /** A write failed: a stale one explains itself and reloads; anything else is an error alert. */
  const failed = async (error: unknown, title = ERROR_ALERT_TITLE) => {
    const apiError = toApiError(error);
    if (apiError instanceof ApiError && apiError.status === 409) {
      alertStore.add({ type: 'warning', title: 'Policies changed', description: STALE_SAVE_MESSAGE });
      await reload();
    } else {
      alertStore.add({ type: 'error', title, description: apiError.message });
    }
  };

  const submit = async (values: PolicyFormValues) => {
    if (!editing) return;
    const write = { policy_id: editing.policy.id, ...values, updatedAt: updatedAt() };
    try {
      if (editing.record) {
        applied(await updatePolicy(scope, editing.record.id, write));
        success(POLICY_ALERTS.updated);
      } else {
        applied(await createPolicy(scope, write));
        success(POLICY_ALERTS.created);
      }
      setEditing(null);
    } catch (error) {
      await failed(error);
      throw error;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      applied(await deletePolicy(scope, deleting.id, updatedAt()));
      success(POLICY_ALERTS.deleted);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const load = async (ownRecords: TPolicyRecord[]) => {
    if (surveyId === null) return;
    setBusy(true);
    try {
      let basedOn = updatedAt();
      for (const record of ownRecords) {
        const response = await loadPolicyIntoSurvey(surveyId, record.id, basedOn);
        applied(response);
        basedOn = response.state.updated_at;
      }
      success(POLICY_ALERTS.loaded);
    } catch (error) {
      await failed(error, POLICY_ALERTS.loadFailed);
    } finally {
      setBusy(false);
    }
  };

  const download = (attachment: TPolicyRecord['attachments'][number]) => {
    // The API client reports a failed download itself.
    downloadFile(attachment.url, attachment.name).catch(() => undefined);
  };

  if (list.isPending || records.isPending) return <Loader aria-label="Loading policies" />;
  if (list.isError || records.isError)
    return <QueryError error={list.error ?? records.error} title="The policies could not be loaded" />;

  const now = new Date();
  return (
    <Stack gap="md">
      {list.data.map((policy) => {
        const ofPolicy = records.data.data.filter((record) => record.policy_id === policy.id);
        const ownOfPolicy = own.data?.data.filter((record) => record.policy_id === policy.id) ?? [];
        return (
          <Card key={policy.id} withBorder component="section" aria-labelledby={`policy-${policy.id}`}>
            <Group justify="space-between" mb="xs">
              <Title order={3} size="h5" id={`policy-${policy.id}`}>
                {policy.name}
              </Title>
              {canEdit && (
                <Group gap="xs">
                  {surveyId !== null && (
                    <Button
                      kind="secondary"
                      size="small"
                      disabled={busy || ownOfPolicy.length === 0}
                      onClick={() => load(ownOfPolicy)}
                      aria-label={`Load ${policy.name} from organization profile`}
                    >
                      Load from organization profile
                    </Button>
                  )}
                  <Button
                    kind="primary-outlined"
                    size="small"
                    disabled={busy}
                    onClick={() => setEditing({ policy, record: null })}
                    aria-label={`Add ${policy.name}`}
                  >
                    Add
                  </Button>
                </Group>
              )}
            </Group>
            {ofPolicy.length === 0 ? (
              <Text size="sm" c="dimmed">
                No information
              </Text>
            ) : (
              <Stack gap="sm">
                {ofPolicy.map((record) => (
                  <PolicyRecordView
                    key={record.id}
                    record={record}
                    now={now}
                    editable={canEdit && !busy}
                    onEdit={() => setEditing({ policy, record })}
                    onDelete={() => setDeleting(record)}
                    onDownload={download}
                  />
                ))}
              </Stack>
            )}
          </Card>
        );
      })}
      <PolicyFormDialog
        opened={editing !== null}
        policyName={editing?.policy.name ?? ''}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSubmit={submit}
      />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete policy"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack>
          <Text>
            Delete this record of {deleting?.name}
            {deleting?.attachments.length ? ' and its attachments' : ''}? This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button kind="blanc" onClick={() => setDeleting(null)} disabled={busy}>
              Cancel
            </Button>
            <Button kind="error" onClick={confirmDelete} loading={busy}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
