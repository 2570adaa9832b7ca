import { FileInput, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  POLICY_FILE_EXTENSIONS,
  POLICY_FILE_MAX_BYTES,
  POLICY_FILE_MAX_COUNT,
  POLICY_FILE_SIZE_MESSAGE,
  POLICY_FILE_TYPES_MESSAGE,
  POLICY_STATUSES,
  type TPolicyFields,
  type TPolicyRecord,
  ZPolicyFields,
} from '@parity/domain/lpi/policies';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/button/button';

export interface PolicyFormValues {
  fields: TPolicyFields;
  files: File[];
}

type Draft = Record<keyof TPolicyFields, string>;
type Errors = Partial<Record<keyof TPolicyFields | 'files', string>>;

const DATE_FIELDS: { key: Exclude<keyof TPolicyFields, 'status'>; label: string }[] = [
  { key: 'current_as_of', label: 'Current as of' },
  { key: 'established_at', label: 'Established' },
  { key: 'last_reviewed_at', label: 'Last reviewed' },
];

const ACCEPT = POLICY_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** The browser's own check of the picked files (the API checks their bytes too). */
export function fileError(files: File[]): string | undefined {
  if (files.length > POLICY_FILE_MAX_COUNT) return `At most ${POLICY_FILE_MAX_COUNT} files at once.`;
  for (const file of files) {
    const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!(POLICY_FILE_EXTENSIONS as readonly string[]).includes(ext)) return POLICY_FILE_TYPES_MESSAGE;
    if (file.size > POLICY_FILE_MAX_BYTES) return POLICY_FILE_SIZE_MESSAGE;
  }
  return undefined;
}

function draftOf(record: TPolicyRecord | null): Draft {
  return {
    status: record?.status === 'Reviewed' ? 'Reviewed' : '',
    current_as_of: record?.current_as_of ?? '',
    established_at: record?.established_at ?? '',
    last_reviewed_at: record?.last_reviewed_at ?? '',
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(record));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPolicyFields.safeParse(draft);
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof TPolicyFields;
        next[key] ??= issue.message;
      }
    }
    const filesIssue = fileError(files);
    if (filesIssue) next.files = filesIssue;
    setErrors(next);
    if (!parsed.success || filesIssue) return;
    setSaving(true);
    try {
      await onSubmit({ fields: parsed.data, files });
    } catch {
      // The caller has reported the failure; the dialog stays open with the user's input.
    } finally {
      setSaving(false);
    }
  };

  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Status"
          value={draft.status}
          onChange={(event) => set('status')(event.currentTarget.value)}
          data={[
            { value: '', label: 'Not reviewed' },
            ...POLICY_STATUSES.map((s) => ({ value: s, label: s })),
          ]}
          error={errors.status}
        />
        {DATE_FIELDS.map(({ key, label }) => (
          <TextInput
            key={key}
            type="date"
            label={label}
            value={draft[key]}
            onChange={(event) => set(key)(event.currentTarget.value)}
            error={errors[key]}
          />
        ))}
        <FileInput
          label={record ? 'Add attachments' : 'Attachments'}
          description="PDF, DOCX, DOC, XLSX, PPTX, TXT, PNG or JPEG, at most 5 MB each"
          placeholder="Choose files"
          multiple
          clearable
          accept={ACCEPT}
          value={files}
          onChange={(value) => setFiles(value ?? [])}
          error={errors.files}
        />
        <Group justify="flex-end">
          <Button kind="blanc" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {record ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
