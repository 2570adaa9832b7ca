import { Radio, Stack, Textarea, TextInput } from '@mantine/core';
import {
  POD_DESCRIPTION_MAX,
  POD_NAME_MAX,
  POD_RULES_MAX,
  POD_VISIBILITIES,
  POD_VISIBILITY_LABELS,
  podCreateSchema,
  type TPodVisibility,
} from '@parity/domain/pods/pods';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { useCreatePod } from '../api/pods';

/** What both pod forms edit: name, description (the purpose) and visibility; rules when given. */
export interface PodFieldValues extends Record<string, unknown> {
  name: string;
  description: string;
  visibility: TPodVisibility;
  rules?: string;
}

export function PodFields<Values extends PodFieldValues>({
  form,
  descriptionLabel,
}: {
  form: ReturnType<typeof useSchemaForm<Values>>;
  descriptionLabel: string;
}) {
  return (
    <>
      <TextInput
        label="Name"
        required
        maxLength={POD_NAME_MAX}
        data-path="name"
        {...form.getInputProps('name')}
      />
      <Textarea
        label={descriptionLabel}
        description="What the pod is for, shown to those who may join."
        rows={3}
        maxLength={POD_DESCRIPTION_MAX}
        data-path="description"
        {...form.getInputProps('description')}
      />
      {'rules' in form.values ? (
        <Textarea
          label="Rules"
          rows={4}
          maxLength={POD_RULES_MAX}
          data-path="rules"
          {...form.getInputProps('rules')}
        />
      ) : null}
      <Radio.Group label="Visibility" {...form.getInputProps('visibility')}>
        <Stack gap="xs" mt="xs">
          {POD_VISIBILITIES.map((visibility) => (
            <Radio key={visibility} value={visibility} label={POD_VISIBILITY_LABELS[visibility]} />
          ))}
        </Stack>
      </Radio.Group>
    </>
  );
}

interface CreateValues extends PodFieldValues {
  rules?: undefined;
}

/** Create POD: name, description and visibility; the creator becomes its admin and lands on it. */
export function CreatePodForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreatePod();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<CreateValues>(podCreateSchema, {
    initialValues: { name: '', description: '', visibility: 'invite-only' },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    create.mutate(podCreateSchema.parse(values), {
      onSuccess: (pod) => {
        onDone();
        navigate(`/pods/${pod.id}`);
      },
      onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate aria-label="Create POD">
      <Stack gap="md">
        <FormError title="The pod could not be created">{formError}</FormError>
        <PodFields form={form} descriptionLabel="Description" />
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-end' }}>
          Create POD
        </Button>
      </Stack>
    </form>
  );
}
