import { FileInput, Group, Modal, NativeSelect, Stack } from '@mantine/core';
import {
  POLICY_FILE_EXTENSIONS,
  POLICY_STATUSES,
  type TPolicyFields,
  type TPolicyRecord,
  ZPolicyFields,
  ZPolicyForm,
} from '@parity/domain/lpi/policies';
import { Button } from '../../../../components/button/button';
import { DateField } from '../../../../components/form/date-field';
import { useSchemaForm } from '../../../../components/form/use-schema-form';

export interface PolicyFormValues {
  fields: TPolicyFields;
  files: File[];
}

/** What the inputs hold: the status as text ('' = not reviewed), dates as YYYY-MM-DD or null, the picked files. */
type Draft = {
  status: string;
  current_as_of: string | null;
  established_at: string | null;
  last_reviewed_at: string | null;
  files: File[];
};

const DATE_FIELDS: { key: Exclude<keyof TPolicyFields, 'status'>; label: string }[] = [
  { key: 'current_as_of', label: 'Current as of' },
  { key: 'established_at', label: 'Established' },
  { key: 'last_reviewed_at', label: 'Last reviewed' },
];

const ACCEPT = POLICY_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

function draftOf(record: TPolicyRecord | null): Draft {
  return {
    status: record?.status === 'Reviewed' ? 'Reviewed' : '',
    current_as_of: record?.current_as_of ?? null,
    established_at: record?.established_at ?? null,
    last_reviewed_at: record?.last_reviewed_at ?? null,
    files: [],
  };
}

export interface PolicyFormDialogProps {
  opened: boolean;
  policyName: string;
  /** null: a new record */
  record: TPolicyRecord | null;
  onClose: () => void;
  /** Saves at once (the upload); resolves when saved, rejects to keep the dialog open. */
  onSubmit: (values: PolicyFormValues) => Promise<void>;
}

/** Add or edit a policy record: status, dates and attachments, saved on submit. */
export function PolicyFormDialog({ opened, policyName, record, onClose, onSubmit }: PolicyFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${record ? 'Edit' : 'Add'} policy: ${policyName}`}
      size="md"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {opened && <PolicyForm record={record} onCancel={onClose} onSubmit={onSubmit} />}
    </Modal>
  );
}

function PolicyForm({
  record,
  onCancel,
  onSubmit,
}: {
  record: TPolicyRecord | null;
  onCancel: () => void;
  onSubmit: (values: PolicyFormValues) => Promise<void>;
}) {
  const form = useSchemaForm<Draft, PolicyFormValues>(ZPolicyForm, {
    initialValues: draftOf(record),
    transformValues: ({ files, ...fields }) => ({ fields: ZPolicyFields.parse(fields), files }),
  });

  const submit = async (values: PolicyFormValues) => {
    try {
      await onSubmit(values);
    } catch {
      // The caller has reported the failure; the dialog stays open with the user's input.
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Status"
          {...form.getInputProps('status')}
          data={[
            { value: '', label: 'Not reviewed' },
            ...POLICY_STATUSES.map((s) => ({ value: s, label: s })),
          ]}
        />
        {DATE_FIELDS.map(({ key, label }) => (
          <DateField key={key} label={label} {...form.getInputProps(key)} />
        ))}
        <FileInput
          label={record ? 'Add attachments' : 'Attachments'}
          description="PDF, DOCX, DOC, XLSX, PPTX, TXT, PNG or JPEG, at most 5 MB each"
          placeholder="Choose files"
          multiple
          clearable
          accept={ACCEPT}
          {...form.getInputProps('files')}
          onChange={(value) => form.setFieldValue('files', value ?? [])}
        />
        <Group justify="flex-end">
          <Button kind="blanc" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {record ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
