import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { TMember } from '@parity/domain/signup';
import { SURVEY_DETAILS_LABELS as LABELS, type TSurveyDetailsField } from '@parity/domain/survey-request';

export interface SurveyDetailsValues {
  title: string;
  description: string;
  start: string;
  due: string;
  primary_contact_id: number | null;
  contact_email: string;
  support_email: string;
}

export const EMPTY_SURVEY_DETAILS: SurveyDetailsValues = {
  title: '',
  description: '',
  start: '',
  due: '',
  primary_contact_id: null,
  contact_email: '',
  support_email: '',
};

/** Today in the browser's own calendar, as YYYY-MM-DD (the rule "start today or later" is the user's day). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The request's details (spec 5): title, description, dates, primary contact and the two emails. */
export function SurveyDetailsFields({
  values,
  errors,
  onChange,
  members,
  membersLoading,
}: {
  values: SurveyDetailsValues;
  errors: Partial<Record<TSurveyDetailsField, string>>;
  onChange: (next: SurveyDetailsValues) => void;
  /** approved members of the host organization: the primary contact's options */
  members: readonly TMember[];
  membersLoading?: boolean;
}) {
  const set = <K extends keyof SurveyDetailsValues>(key: K, value: SurveyDetailsValues[K]) =>
    onChange({ ...values, [key]: value });
  const contactOptions = members
    .filter((member) => member.status === 'approved')
    .map((member) => ({ value: String(member.id), label: `${member.name} ${member.lastname}`.trim() }));

  return (
    <Stack gap="md">
      <TextInput
        label={LABELS.title}
        required
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={errors.title}
      />
      <Textarea
        label={LABELS.description}
        rows={4}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={errors.description}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={LABELS.start}
          type="date"
          required
          value={values.start}
          onChange={(event) => set('start', event.currentTarget.value)}
          error={errors.start}
        />
        <TextInput
          label={LABELS.due}
          type="date"
          required
          value={values.due}
          onChange={(event) => set('due', event.currentTarget.value)}
          error={errors.due}
        />
      </SimpleGrid>
      <Select
        label={LABELS.primary_contact_id}
        required
        searchable
        placeholder={membersLoading ? 'Loading members…' : 'Choose a member'}
        data={contactOptions}
        value={values.primary_contact_id === null ? null : String(values.primary_contact_id)}
        onChange={(value) => set('primary_contact_id', value ? Number(value) : null)}
        error={errors.primary_contact_id}
        nothingFoundMessage="No members found"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={LABELS.contact_email}
          type="email"
          required
          value={values.contact_email}
          onChange={(event) => set('contact_email', event.currentTarget.value)}
          error={errors.contact_email}
        />
        <TextInput
          label={LABELS.support_email}
          type="email"
          required
          value={values.support_email}
          onChange={(event) => set('support_email', event.currentTarget.value)}
          error={errors.support_email}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The details as the API takes them (trimmed; an empty description is null). */
export function detailsBody(values: SurveyDetailsValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    start: values.start,
    due: values.due,
    primary_contact_id: values.primary_contact_id ?? 0,
    contact_email: values.contact_email.trim(),
    support_email: values.support_email.trim(),
  };
}
