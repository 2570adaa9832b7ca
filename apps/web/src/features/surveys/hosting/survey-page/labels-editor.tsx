import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LABELS_UPDATED_MESSAGE,
  LABELS_UPDATED_TITLE,
  type TParticipant,
} from '@parity/domain/survey-participants';
import type { TOrganizationLabel } from '@parity/domain/surveys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { closeDialog, openDialog } from '../../../../components/dialog/dialog-store';
import { api } from '../../../../lib/api-client';
import { useHostLabels, useSyncLabels } from './api';

/** Opens the dialog that sets a participant's labels (the host's labels, ticked or not). */
export function openLabelsEditor(input: {
  surveyId: number;
  participant: TParticipant;
  labels: TOrganizationLabel[];
}) {
  const id = openDialog({
    title: `Labels of ${input.participant.name}`,
    size: 'medium',
    content: <LabelsEditor {...input} onDone={() => closeDialog(id)} />,
  });
}

function LabelsEditor({
  surveyId,
  participant,
  labels: initialLabels,
  onDone,
}: {
  surveyId: number;
  participant: TParticipant;
  labels: TOrganizationLabel[];
  onDone: () => void;
}) {
  const hostLabels = useHostLabels(surveyId);
  const labels = hostLabels.data?.data ?? initialLabels;
  // Nothing to check before sending: the choice is of existing labels, the new name must not be blank.
  const form = useForm({
    initialValues: { selected: participant.labels.map((l) => String(l.id)), newName: '' },
  });
  const newName = form.values.newName;
  const sync = useSyncLabels(surveyId);
  const queryClient = useQueryClient();
  // A host without the label it needs creates it here (POST /api/organization-labels).
  const create = useMutation({
    mutationFn: (name: string) =>
      api.post<{ id: number; name: string }>('/api/organization-labels', { name }, { retries: 0 }),
    onSuccess: async (label) => {
      form.setFieldValue('selected', (current) => [...current, String(label.id)]);
      form.setFieldValue('newName', '');
      await queryClient.invalidateQueries({ queryKey: ['surveys', 'hosted', surveyId, 'labels'] });
    },
  });

  const save = async ({ selected }: { selected: string[] }) => {
    try {
      await sync.mutateAsync({
        organization_id: participant.organization_id,
        label_ids: selected.map(Number),
      });
      showAlert('success', LABELS_UPDATED_TITLE, LABELS_UPDATED_MESSAGE);
      onDone();
    } catch {
      // The API client shows the error alert; the dialog stays open.
    }
  };

  return (
    <form onSubmit={form.onSubmit(save)}>
      <Stack gap="md">
        {labels.length === 0 ? (
          <Text size="sm" c="dimmed">
            Your organization has no labels yet. Add one below.
          </Text>
        ) : (
          <Checkbox.Group label="Labels" {...form.getInputProps('selected')}>
            <Stack gap={6} mt={6}>
              {labels.map((label) => (
                <Checkbox key={label.id} value={String(label.id)} label={label.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group gap="sm" align="flex-end">
          <TextInput
            label="New label"
            maxLength={60}
            {...form.getInputProps('newName')}
            style={{ flex: 1 }}
          />
          <Button
            kind="secondary"
            disabled={!newName.trim()}
            loading={create.isPending}
            onClick={() => create.mutate(newName.trim())}
          >
            Add label
          </Button>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={sync.isPending}>
            Save labels
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
