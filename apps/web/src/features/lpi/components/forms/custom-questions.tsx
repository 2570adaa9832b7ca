import { Card, Group, MultiSelect, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CUSTOM_QUESTION_TYPES } from '@parity/domain/constants';
import {
  CUSTOM_QUESTION_TYPE_IDS,
  CUSTOM_QUESTION_TYPE_NAMES,
  customAnswerError,
  customQuestionError,
  type TCustomQuestion,
  type TCustomQuestionInput,
} from '@parity/domain/lpi/forms';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { ReadOnlyField, type ReadOnlyValue } from '../../../../components/form/read-only-field';
import { FormattedText } from '../../../../components/formatted-text/formatted-text';
import { Select } from '../../../../components/select/select';
import { FormattedTextEditor } from './formatted-text-editor';

/** A custom question as edited: `key` tells rows apart before they have an id. */
export interface QuestionDraft {
  key: string;
  id?: number;
  question_type_id: TCustomQuestion['question_type_id'];
  display: string;
  options: string[];
  value: unknown;
}

let nextKey = 0;
export const newQuestionKey = () => `new-${++nextKey}`;

export function toQuestionDrafts(questions: TCustomQuestion[]): QuestionDraft[] {
  return questions.map((q) => ({
    key: `q-${q.id}`,
    id: q.id,
    question_type_id: q.question_type_id,
    display: q.display,
    options: q.config.options ?? [],
    value: q.value ?? null,
  }));
}

const isSelect = (type: number) =>
  type === CUSTOM_QUESTION_TYPES.SELECT || type === CUSTOM_QUESTION_TYPES.MULTI_SELECT;

const cleanOptions = (options: string[]) => options.map((o) => o.trim()).filter(Boolean);

/** An answer that is still one of the options (or the ones of a multi-select that still are). */
function keepAnswer(value: unknown, options: string[]): unknown {
  if (Array.isArray(value)) {
    const kept = value.filter((v) => options.includes(v));
    return kept.length ? kept : null;
  }
  return typeof value === 'string' && options.includes(value) ? value : null;
}

/** The save body's questions. */
export function toQuestionInputs(drafts: QuestionDraft[]): TCustomQuestionInput[] {
  return drafts.map((d) => ({
    ...(d.id ? { id: d.id } : {}),
    question_type_id: d.question_type_id,
    display: d.display.trim(),
    config: isSelect(d.question_type_id) ? { options: cleanOptions(d.options) } : {},
    value: d.value === '' ? null : d.value,
  }));
}

/** The message of a question (its text and options first, then its answer), by key. */
export function questionErrors(
  drafts: QuestionDraft[],
): Record<string, { display?: string; value?: string }> {
  const out: Record<string, { display?: string; value?: string }> = {};
  for (const d of drafts) {
    const config = { options: cleanOptions(d.options) };
    const display = customQuestionError({ ...d, config }) ?? undefined;
    const value = customAnswerError({ ...d, config }, d.value === '' ? null : d.value) ?? undefined;
    if (display || value) out[d.key] = { ...(display ? { display } : {}), ...(value ? { value } : {}) };
  }
  return out;
}

function AnswerInput({
  draft,
  onChange,
  error,
  readOnly,
}: {
  draft: QuestionDraft;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  readOnly: boolean;
}) {
  const label = draft.display || 'Untitled question';
  if (readOnly) {
    const value = draft.value;
    const shown: ReadOnlyValue =
      typeof value === 'string' || typeof value === 'number'
        ? value
        : Array.isArray(value)
          ? value.map(String)
          : null;
    return (
      <ReadOnlyField label={label} value={shown}>
        {draft.question_type_id === CUSTOM_QUESTION_TYPES.FORMATTED_TEXT && typeof value === 'string' ? (
          <FormattedText html={value} />
        ) : undefined}
      </ReadOnlyField>
    );
  }
  switch (draft.question_type_id) {
    case CUSTOM_QUESTION_TYPES.NUMBER:
      return (
        <NumberInput
          label={label}
          value={typeof draft.value === 'number' ? draft.value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
          error={error}
        />
      );
    case CUSTOM_QUESTION_TYPES.SELECT:
      return (
        <Select
          label={label}
          data={draft.options}
          value={typeof draft.value === 'string' ? draft.value : null}
          onChange={(v) => onChange(v)}
          error={error}
          clearable
        />
      );
    case CUSTOM_QUESTION_TYPES.MULTI_SELECT:
      return (
        <MultiSelect
          label={label}
          data={draft.options}
          value={Array.isArray(draft.value) ? (draft.value as string[]) : []}
          onChange={(v) => onChange(v.length ? v : null)}
          error={error}
        />
      );
    case CUSTOM_QUESTION_TYPES.FORMATTED_TEXT:
      return (
        <FormattedTextEditor
          label={label}
          value={typeof draft.value === 'string' ? draft.value : ''}
          onChange={(v) => onChange(v)}
          error={error}
        />
      );
    default:
      return (
        <Textarea
          label={label}
          value={typeof draft.value === 'string' ? draft.value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          rows={2}
        />
      );
  }
}

function QuestionDefinition({
  draft,
  onChange,
  error,
}: {
  draft: QuestionDraft;
  onChange: (next: QuestionDraft) => void;
  error?: string | undefined;
}) {
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <TextInput
          label="Question"
          required
          value={draft.display}
          onChange={(e) => onChange({ ...draft, display: e.currentTarget.value })}
          error={error}
        />
        <Select
          label="Answer type"
          data={CUSTOM_QUESTION_TYPE_IDS.map((id) => ({
            value: String(id),
            label: CUSTOM_QUESTION_TYPE_NAMES[id]!,
          }))}
          value={String(draft.question_type_id)}
          allowDeselect={false}
          onChange={(v) => {
            const type = Number(v) as QuestionDraft['question_type_id'];
            onChange({ ...draft, question_type_id: type, value: null });
          }}
        />
      </Group>
      {isSelect(draft.question_type_id) && (
        <Textarea
          label="Options"
          description="One option per line"
          rows={2}
          value={draft.options.join('\n')}
          onChange={(e) => {
            const options = e.currentTarget.value.split('\n').map((line) => line.trimStart());
            onChange({ ...draft, options, value: keepAnswer(draft.value, cleanOptions(options)) });
          }}
          onBlur={() => onChange({ ...draft, options: cleanOptions(draft.options) })}
        />
      )}
    </Stack>
  );
}

export interface CustomQuestionsProps {
  drafts: QuestionDraft[];
  onChange: (drafts: QuestionDraft[]) => void;
  /** Deletes a saved question (the server call); unsaved ones are only removed from the draft. */
  onDelete: (draft: QuestionDraft) => Promise<void>;
  errors: Record<string, { display?: string; value?: string }>;
  readOnly: boolean;
}

/** The Miscellaneous form's custom questions: add, edit (text, type, options), answer and delete. */
export function CustomQuestions({ drafts, onChange, onDelete, errors, readOnly }: CustomQuestionsProps) {
  const [editing, setEditing] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const update = (next: QuestionDraft) => onChange(drafts.map((d) => (d.key === next.key ? next : d)));
  const toggle = (key: string, on: boolean) =>
    setEditing((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="custom-questions-title">
      <Text fw={600} id="custom-questions-title">
        Custom questions
      </Text>
      {drafts.length === 0 && (
        <Text size="sm" c="dimmed">
          No custom questions yet.
        </Text>
      )}
      {drafts.map((draft) => {
        const error = errors[draft.key];
        const open = !readOnly && (editing.has(draft.key) || Boolean(error?.display));
        return (
          <Card key={draft.key} withBorder>
            <Stack gap="xs">
              {open && <QuestionDefinition draft={draft} onChange={update} error={error?.display} />}
              <AnswerInput
                draft={draft}
                onChange={(value) => update({ ...draft, value })}
                error={error?.value}
                readOnly={readOnly}
              />
              {!readOnly && (
                <Group gap="xs" justify="flex-end">
                  <Button
                    kind="tertiary"
                    size="small"
                    onClick={() => toggle(draft.key, !editing.has(draft.key))}
                    aria-label={`${open ? 'Done editing' : 'Edit'} question ${draft.display || 'Untitled question'}`}
                  >
                    {open ? 'Done' : 'Edit question'}
                  </Button>
                  <Button
                    kind="error"
                    size="small"
                    loading={busy === draft.key}
                    aria-label={`Delete question ${draft.display || 'Untitled question'}`}
                    onClick={async () => {
                      setBusy(draft.key);
                      try {
                        await onDelete(draft);
                      } finally {
                        setBusy(null);
                      }
                    }}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
      {!readOnly && (
        <Group>
          <Button
            kind="secondary"
            size="small"
            onClick={() => {
              const key = newQuestionKey();
              onChange([
                ...drafts,
                { key, question_type_id: CUSTOM_QUESTION_TYPES.TEXT, display: '', options: [], value: null },
              ]);
              toggle(key, true);
            }}
          >
            Add question
          </Button>
        </Group>
      )}
    </Stack>
  );
}
