import { Badge, Card, Group, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import {
  MAX_QUESTIONS,
  QUESTION_LABELS,
  QUESTION_TYPES,
  questionTypeHasOptions,
  ZQuestionForm,
} from '@parity/domain/survey-request';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { Select } from '../../../../components/select/select';
import type { DraftQuestion } from '../lib/wizard-state';

const typeName = (id: number) => QUESTION_TYPES.find((type) => type.id === id)?.name ?? `Type ${id}`;

let sequence = 0;
const newKey = () => {
  sequence += 1;
  return `q-${Date.now()}-${sequence}`;
};

type QuestionValues = {
  question_type_id: number;
  display: string;
  section: string;
  options: string[];
};

/** One question's form: type, question, section and, for selects, the options. */
function QuestionForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: DraftQuestion | null;
  onSave: (question: DraftQuestion) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm<QuestionValues>(ZQuestionForm, {
    initialValues: {
      question_type_id: initial?.question_type_id ?? 1,
      display: initial?.display ?? '',
      section: initial?.section ?? '',
      options: initial?.options ?? [],
    },
  });
  const hasOptions = questionTypeHasOptions(form.values.question_type_id);

  const save = ({ question_type_id, display, section, options }: QuestionValues) =>
    onSave({
      key: initial?.key ?? newKey(),
      question_type_id,
      display: display.trim(),
      section,
      options: hasOptions ? options.map((o) => o.trim()).filter(Boolean) : [],
    });

  return (
    <Card withBorder radius="md" padding="md">
      <form
        onSubmit={(event) => {
          // As before the form library: this submit goes no further than this form.
          event.stopPropagation();
          form.onSubmit(save)(event);
        }}
        noValidate
        aria-label={initial ? 'Edit question' : 'New question'}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select
              label={QUESTION_LABELS.question_type_id}
              required
              allowDeselect={false}
              data={QUESTION_TYPES.map((type) => ({ value: String(type.id), label: type.name }))}
              {...form.getInputProps('question_type_id')}
              value={String(form.values.question_type_id)}
              onChange={(value) => form.setFieldValue('question_type_id', Number(value))}
            />
            <TextInput
              label="Section"
              description="Optional heading the question is shown under"
              {...form.getInputProps('section')}
            />
          </Group>
          <TextInput label={QUESTION_LABELS.display} required {...form.getInputProps('display')} />
          {hasOptions ? (
            <TagsInput
              label={QUESTION_LABELS.options}
              description="Type an option and press Enter"
              required
              {...form.getInputProps('options')}
              maxTags={100}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button kind="blanc" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">{initial ? 'Save question' : 'Add question'}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The custom miscellaneous settings: the host's own questions (text, number, select, multi-select,
 * formatted text) that every respondent answers in the survey's Miscellaneous step.
 */
export function CustomQuestionsEditor({
  questions,
  onChange,
}: {
  questions: DraftQuestion[];
  onChange: (next: DraftQuestion[]) => void;
}) {
  // null: no form open; 'new': adding; else the key of the question being edited
  const [editing, setEditing] = useState<string | null>(null);

  const save = (question: DraftQuestion) => {
    onChange(
      editing === 'new'
        ? [...questions, question]
        : questions.map((q) => (q.key === question.key ? question : q)),
    );
    setEditing(null);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Questions of your own, answered by every respondent in the Miscellaneous step.
      </Text>
      {questions.length === 0 && editing === null ? (
        <Text role="status">No custom questions yet.</Text>
      ) : null}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {questions.map((question, index) =>
          editing === question.key ? (
            <li key={question.key}>
              <QuestionForm initial={question} onSave={save} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <Card key={question.key} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4}>
                  <Group gap="xs">
                    <Title order={3} size="h6">
                      {index + 1}. {question.display}
                    </Title>
                    <Badge variant="light">{typeName(question.question_type_id)}</Badge>
                  </Group>
                  {question.section ? (
                    <Text size="xs" c="dimmed">
                      Section: {question.section}
                    </Text>
                  ) : null}
                  {question.options.length ? (
                    <Text size="sm">Options: {question.options.join(', ')}</Text>
                  ) : null}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    kind="tertiary"
                    size="small"
                    leftSection={<IconEdit size={14} aria-hidden />}
                    aria-label={`Edit question ${index + 1}`}
                    disabled={editing !== null}
                    onClick={() => setEditing(question.key)}
                  >
                    Edit
                  </Button>
                  <Button
                    kind="tertiary"
                    size="small"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={`Remove question ${index + 1}`}
                    disabled={editing !== null}
                    onClick={() => onChange(questions.filter((q) => q.key !== question.key))}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
            </Card>
          ),
        )}
      </Stack>
      {editing === 'new' ? (
        <QuestionForm initial={null} onSave={save} onCancel={() => setEditing(null)} />
      ) : (
        <Group>
          <Button
            kind="secondary"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={editing !== null || questions.length >= MAX_QUESTIONS}
            onClick={() => setEditing('new')}
          >
            Add custom question
          </Button>
        </Group>
      )}
    </Stack>
  );
}
