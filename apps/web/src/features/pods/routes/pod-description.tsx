import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { podPatchSchema } from '@parity/domain/pods/pods';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { formatDate } from '../../../lib/dates';
import { useUpdatePod } from '../api/pods';
import { PodFields, type PodFieldValues } from '../components/pod-form';
import { VISIBILITY_NAMES } from '../lib/names';
import { useShownPod } from '../lib/shown-pod';

interface DescriptionValues extends PodFieldValues {
  rules: string;
}

/** The pod admins' form: name, purpose, rules and visibility. */
function DescriptionForm({ initial, podId }: { initial: DescriptionValues; podId: number }) {
  const update = useUpdatePod(podId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<DescriptionValues>(podPatchSchema, { initialValues: initial });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(podPatchSchema.parse(values), {
      onSuccess: (pod) => {
        form.resetDirty({
          name: pod.name,
          description: pod.description,
          rules: pod.rules,
          visibility: pod.visibility,
        });
        showAlert('success', 'Saved', 'The description is saved.');
      },
      onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label="Edit the description">
      <Stack gap="md">
        <FormError title="The description could not be saved">{formError}</FormError>
        <PodFields form={form} descriptionLabel="Purpose" />
        <Button
          type="submit"
          loading={update.isPending}
          disabled={!form.isDirty()}
          style={{ alignSelf: 'flex-end' }}
        >
          Save
        </Button>
      </Stack>
    </form>
  );
}

/** /pods/{podId}/description: the pod's purpose, rules and admins; pod admins edit them. */
export function PodDescriptionRoute() {
  const pod = useShownPod();
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Purpose
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{pod.description || 'No description yet.'}</Text>
          <Title order={2} size="h4">
            Rules
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{pod.rules || 'No rules yet.'}</Text>
          <Title order={2} size="h4">
            Admins
          </Title>
          <Stack component="ul" gap={2} m={0} pl="md">
            {pod.admins.map((admin) => (
              <li key={admin.id}>
                <Anchor component={Link} to={`/users/${admin.id}`}>
                  {admin.name}
                </Anchor>
              </li>
            ))}
          </Stack>
          <Text size="sm" c="dimmed">
            {VISIBILITY_NAMES[pod.visibility]} pod, created {formatDate(pod.createdAt)}.
          </Text>
        </Stack>
      </Paper>
      {pod.canManage ? (
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Edit
          </Title>
          <DescriptionForm
            podId={pod.id}
            initial={{
              name: pod.name,
              description: pod.description,
              rules: pod.rules,
              visibility: pod.visibility,
            }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
