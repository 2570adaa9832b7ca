import { Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  FAQ_QUESTION_MAX,
  faqEntrySchema,
  SUPPORT_TOPIC_LABELS,
  SUPPORT_TOPICS,
  type TFaqEntry,
  type TFaqEntryInputRaw,
  type TSupportTopic,
} from '@parity/domain/support';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { useDeleteFaqEntry, useFaq, useSaveFaqEntry } from '../api/faq';
import { EditorTable } from '../components/editor-table';

interface EntryValues extends TFaqEntryInputRaw, Record<string, unknown> {
  topic: TSupportTopic;
  question: string;
  answer: string;
  position: number;
}

function EntryForm({ entry, onDone }: { entry: TFaqEntry | null; onDone: () => void }) {
  const save = useSaveFaqEntry(entry?.id ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<EntryValues>(faqEntrySchema, {
    initialValues: entry
      ? { topic: entry.topic, question: entry.question, answer: entry.answer, position: entry.position }
      : { topic: 'signing_in', question: '', answer: '', position: 0 },
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(faqEntrySchema.parse(values), {
      onSuccess: () => {
        showAlert('success', 'FAQ entry saved', values.question);
        onDone();
      },
      onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label={entry ? 'Edit FAQ entry' : 'New FAQ entry'}>
      <Stack gap="sm">
        <FormError title="The entry could not be saved">{formError}</FormError>
        <Select
          label="Topic"
          required
          data={SUPPORT_TOPICS.map((t) => ({ value: t, label: SUPPORT_TOPIC_LABELS[t] }))}
          value={form.values.topic}
          onChange={(value) => value && form.setFieldValue('topic', value as TSupportTopic)}
        />
        <TextInput
          label="Question"
          required
          maxLength={FAQ_QUESTION_MAX}
          data-path="question"
          {...form.getInputProps('question')}
        />
        <Textarea
          label="Answer (markdown)"
          required
          rows={4}
          data-path="answer"
          {...form.getInputProps('answer')}
        />
        <NumberInput
          label="Position in its topic"
          description="Smallest first"
          min={0}
          data-path="position"
          {...form.getInputProps('position')}
        />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-end' }}>
          Save entry
        </Button>
      </Stack>
    </form>
  );
}

/** /admin/faq: the FAQ's entries by topic; new, edit and delete (platform administrators). */
export function AdminFaqRoute() {
  const faq = useFaq('', null);
  const remove = useDeleteFaqEntry();
  const open = (entry: TFaqEntry | null) =>
    openDialog({
      title: entry ? 'Edit FAQ entry' : 'New FAQ entry',
      size: 'large',
      content: (close) => <EntryForm entry={entry} onDone={close} />,
    });
  const drop = async (entry: TFaqEntry) => {
    if (
      await confirm({
        title: 'Delete this question?',
        message: entry.question,
        confirmLabel: 'Delete',
        danger: true,
      })
    ) {
      remove.mutate(entry.id, { onSuccess: () => showAlert('success', 'FAQ entry deleted', entry.question) });
    }
  };
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(null)}>
          New question
        </Button>
      </Group>
      {faq.isPending ? (
        <QueryLoader label="Loading the FAQ" />
      ) : faq.isError ? (
        <QueryError
          error={faq.error}
          title="The FAQ could not be loaded"
          onRetry={() => void faq.refetch()}
        />
      ) : faq.data.data.length === 0 ? (
        <Text c="dimmed" role="status">
          The FAQ is empty.
        </Text>
      ) : (
        <EditorTable
          columns={['Topic', 'Question', 'Position']}
          rows={faq.data.data.map((e) => ({
            key: e.id,
            name: e.question,
            cells: [SUPPORT_TOPIC_LABELS[e.topic], e.question, e.position],
            onEdit: () => open(e),
            onDelete: () => void drop(e),
          }))}
        />
      )}
    </Stack>
  );
}

export { AdminFaqRoute as Component };
