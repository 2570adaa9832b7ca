import { Alert, Group, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CHECK_NOTE_MAX_LENGTH, ZCheckNote } from '@parity/domain/lpi/checks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../../components/button/button';

const ZNoteForm = z.object({ note: ZCheckNote });
const checkNote = schemaResolver(ZNoteForm, { sync: true });

/**
 * Mark Complete of a survey step whose data fails a check (issue #19): the API's message, and a
 * note explaining the mismatch for the survey's host. The step is marked complete with the note.
 */
export function CheckNoteForm({
  message,
  onSubmit,
  onCancel,
}: {
  message: string;
  onSubmit: (note: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [sending, setSending] = useState(false);
  const form = useForm({
    initialValues: { note: '' },
    validate: checkNote,
    transformValues: (values) => ZNoteForm.parse(values),
  });
  const submit = form.onSubmit(async ({ note }) => {
    setSending(true);
    try {
      if (await onSubmit(note)) onCancel();
    } finally {
      setSending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Explain the mismatch">
      <Stack gap="md">
        <Alert color="warning" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {message}
        </Alert>
        <Textarea
          label="Note for the survey's host"
          description="Say why the figures do not add up; the host reads it with your response."
          rows={4}
          maxLength={CHECK_NOTE_MAX_LENGTH}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" kind="success" loading={sending}>
            Mark Complete with note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
