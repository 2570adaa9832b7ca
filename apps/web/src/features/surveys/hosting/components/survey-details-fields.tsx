import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TMember } from '@parity/domain/signup';
import { SURVEY_DETAILS_LABELS as LABELS } from '@parity/domain/survey-request';
import { DateField } from '../../../../components/form/date-field';
import { Select } from '../../../../components/select/select';

export type SurveyDetailsValues = {
  title: string;
  description: string;
  start: string;
  due: string;
  primary_contact_id: number | null;
  contact_email: string;
  support_email: string;
};

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

/** The details form: a Mantine form of the values (its own form or the wizard's). */
export type SurveyDetailsForm = Pick<
  UseFormReturnType<SurveyDetailsValues>,
  'getInputProps' | 'setFieldValue' | 'values'
>;

/** The request's details (spec 5): title, description, dates, primary contact and the two emails. */
export function SurveyDetailsFields({
  form,
  members,
  membersLoading,
}: {
  form: SurveyDetailsForm;
  /** approved members of the host organization: the primary contact's options */
  members: readonly TMember[];
  membersLoading?: boolean;
}) {
  const contactOptions = members
    .filter((member) => member.status === 'approved')
    .map((member) => ({ value: String(member.id), label: `${member.name} ${member.lastname}`.trim() }));
  // A cleared date is '' in the details, as an untouched one.
  const date = (key: 'start' | 'due') => (
    <DateField
      label={LABELS[key]}
      required
      {...form.getInputProps(key)}
      onChange={(value) => form.setFieldValue(key, value ?? '')}
    />
  );
  const contact = form.values.primary_contact_id;

  return (
    <Stack gap="md">
      <TextInput label={LABELS.title} required {...form.getInputProps('title')} />
      <Textarea label={LABELS.description} rows={4} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {date('start')}
        {date('due')}
      </SimpleGrid>
      <Select
        label={LABELS.primary_contact_id}
        required
        searchable
        placeholder={membersLoading ? 'Loading members…' : 'Choose a member'}
        data={contactOptions}
        {...form.getInputProps('primary_contact_id')}
        value={contact === null ? null : String(contact)}
        onChange={(value) => form.setFieldValue('primary_contact_id', value ? Number(value) : null)}
        nothingFoundMessage="No members found"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={LABELS.contact_email}
          type="email"
          required
          {...form.getInputProps('contact_email')}
        />
        <TextInput
          label={LABELS.support_email}
          type="email"
          required
          {...form.getInputProps('support_email')}
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
