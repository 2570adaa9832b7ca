import { Badge, Card, Group, Select, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import {
  MAX_QUESTIONS,
  QUESTION_LABELS,
  QUESTION_TYPES,
  questionErrors,
  questionTypeHasOptions,
} from '@parity/domain/survey-request';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/button/button';
import type { DraftQuestion } from '../lib/wizard-state';

const typeName = (id: number) => QUESTION_TYPES.find((type) => type.id === id)?.name ?? `Type ${id}`;

let sequence = 0;
const newKey = () => {
  sequence += 1;
  return `q-${Date.now()}-${sequence}`;
};

type Errors = ReturnType<typeof questionErrors>;

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
  const [typeId, setTypeId] = useState<string | null>(String(initial?.question_type_id ?? 1));
  const [display, setDisplay] = useState(initial?.display ?? '');
  const [section, setSection] = useState(initial?.section ?? '');
  const [options, setOptions] = useState<string[]>(initial?.options ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const question_type_id = Number(typeId);
  const hasOptions = questionTypeHasOptions(question_type_id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const kept = hasOptions ? options.map((o) => o.trim()).filter(Boolean) : [];
    const found = questionErrors({ question_type_id, display, config: { options: kept } });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSave({
      key: initial?.key ?? newKey(),
      question_type_id,
      display: display.trim(),
      section,
      options: kept,
    });
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} noValidate aria-label={initial ? 'Edit question' : 'New question'}>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select
              label={QUESTION_LABELS.question_type_id}
              required
              allowDeselect={false}
              data={QUESTION_TYPES.map((type) => ({ value: String(type.id), label: type.name }))}
              value={typeId}
              onChange={setTypeId}
              error={errors.question_type_id}
            />
            <TextInput
              label="Section"
              description="Optional heading the question is shown under"
              value={section}
              onChange={(event) => setSection(event.currentTarget.value)}
            />
          </Group>
          <TextInput
            label={QUESTION_LABELS.display}
            required
            value={display}
            onChange={(event) => setDisplay(event.currentTarget.value)}
            error={errors.display}
          />
          {hasOptions ? (
            <TagsInput
              label={QUESTION_LABELS.options}
              description="Type an option and press Enter"
              required
              value={options}
              onChange={setOptions}
              error={errors.options}
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
