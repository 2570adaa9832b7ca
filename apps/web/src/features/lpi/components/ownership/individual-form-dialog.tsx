import { Group, Modal, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  INDIVIDUAL_LABELS,
  individualFieldState,
  individualRowSchema,
  type TIndividualOptionFlags,
  type TIndividualRow,
} from '@parity/domain/lpi/individuals';
import { useMemo } from 'react';
import { z } from 'zod';
import { Button } from '../../../../components/button/button';
import { DateField } from '../../../../components/form/date-field';
import { useSchemaForm } from '../../../../components/form/use-schema-form';

export interface Option {
  id: number;
  name: string;
}

/** The option lists the form offers (dictionaries: attribute options, genders, ethnicities, titles). */
export interface IndividualOptions {
  identification: Option[];
  corporateTitles: Option[];
  genders: Option[];
  ethnicities: Option[];
  immigration: Option[];
  military: Option[];
  lgbtq: Option[];
  disabled: Option[];
  usCitizen: Option[];
  usBased: Option[];
}

type SelectField =
  | 'identification_id'
  | 'corporate_title_id'
  | 'gender_id'
  | 'ethnicity_id'
  | 'immigration_id'
  | 'veteran_id'
  | 'lgbtq_id'
  | 'disabled_id'
  | 'us_citizen_id'
  | 'us_based_id';
const DATE_FIELDS = ['date_of_joining', 'date_of_promotion', 'initial_ownership_date'] as const;
type DateKey = (typeof DATE_FIELDS)[number];
const isDate = (key: string): key is DateKey => (DATE_FIELDS as readonly string[]).includes(key);

/** What the inputs hold: select values as text ('' = empty), dates as YYYY-MM-DD or null, switches as booleans. */
type IndividualFormState = {
  identification_id: string;
  name: string;
  corporate_title_id: string;
  date_of_joining: string | null;
  gender_id: string;
  ethnicity_id: string;
  immigration_id: string;
  veteran_id: string;
  lgbtq_id: string;
  disabled_id: string;
  us_citizen_id: string;
  us_based_id: string;
  is_senior_management: boolean;
  date_of_promotion: string | null;
  is_owner: boolean;
  ownership: string;
  initial_ownership_date: string | null;
};

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

function toFormState(row?: TIndividualRow | null): IndividualFormState {
  return {
    identification_id: str(row?.identification_id),
    name: row?.name ?? '',
    corporate_title_id: str(row?.corporate_title_id),
    date_of_joining: row?.date_of_joining ?? null,
    gender_id: str(row?.gender_id),
    ethnicity_id: str(row?.ethnicity_id),
    immigration_id: str(row?.immigration_id),
    veteran_id: str(row?.veteran_id),
    lgbtq_id: str(row?.lgbtq_id),
    disabled_id: str(row?.disabled_id),
    us_citizen_id: str(row?.us_citizen_id),
    us_based_id: str(row?.us_based_id),
    is_senior_management: row?.is_senior_management ?? false,
    date_of_promotion: row?.date_of_promotion ?? null,
    is_owner: row?.is_owner ?? false,
    ownership: str(row?.ownership),
    initial_ownership_date: row?.initial_ownership_date ?? null,
  };
}

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** The schema's input from the form: empty inputs are null, numbers are numbers. */
function fromFormState(input: unknown) {
  const state = input as IndividualFormState;
  return {
    identification_id: num(state.identification_id),
    name: state.name,
    corporate_title_id: num(state.corporate_title_id),
    date_of_joining: state.date_of_joining || null,
    gender_id: num(state.gender_id),
    ethnicity_id: num(state.ethnicity_id),
    immigration_id: num(state.immigration_id),
    veteran_id: num(state.veteran_id),
    lgbtq_id: num(state.lgbtq_id),
    disabled_id: num(state.disabled_id),
    us_citizen_id: num(state.us_citizen_id),
    us_based_id: num(state.us_based_id),
    is_senior_management: state.is_senior_management,
    date_of_promotion: state.date_of_promotion || null,
    is_owner: state.is_owner,
    ownership: num(state.ownership),
    initial_ownership_date: state.initial_ownership_date || null,
  };
}

/** Which inputs are enabled, from the identification and the switches (spec 5). */
function enabledFields(state: IndividualFormState, flags: TIndividualOptionFlags) {
  return individualFieldState(
    {
      identification_id: num(state.identification_id),
      is_senior_management: state.is_senior_management,
      is_owner: state.is_owner,
    },
    flags,
  );
}

/** Clears what a change of identification or switch disabled, so nothing hidden is sent. */
function clearDisabled(state: IndividualFormState, flags: TIndividualOptionFlags): IndividualFormState {
  const enabled = enabledFields(state, flags);
  const next = { ...state };
  for (const key of Object.keys(enabled) as (keyof typeof enabled)[]) {
    if (enabled[key] || key === 'name') continue;
    const empty = key === 'is_senior_management' || key === 'is_owner' ? false : isDate(key) ? null : '';
    (next as Record<string, unknown>)[key] = empty;
  }
  return next;
}

export interface IndividualFormDialogProps {
  opened: boolean;
  /** The row being edited, or null for a new one. */
  initial: TIndividualRow | null;
  options: IndividualOptions;
  flags?: TIndividualOptionFlags;
  /** Whether owners may be recorded (spec 5: the ownership switch follows an outside permission). */
  ownershipAllowed?: boolean;
  onSubmit: (row: TIndividualRow) => void;
  onClose: () => void;
}

/** 'Add Individuals or Entities': one individual or entity, checked with the API's row schema. */
export function IndividualFormDialog({
  opened,
  initial,
  options,
  flags = DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  ownershipAllowed = true,
  onSubmit,
  onClose,
}: IndividualFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={initial ? 'Edit Individual or Entity' : 'Add Individuals or Entities'}
      size="lg"
    >
      {opened ? (
        <IndividualForm
          initial={initial}
          options={options}
          flags={flags}
          ownershipAllowed={ownershipAllowed}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function IndividualForm({
  initial,
  options,
  flags,
  ownershipAllowed,
  onSubmit,
  onClose,
}: Omit<IndividualFormDialogProps, 'opened' | 'flags' | 'ownershipAllowed'> & {
  flags: TIndividualOptionFlags;
  ownershipAllowed: boolean;
}) {
  // The API's row schema, read from the inputs' text.
  const schema = useMemo(() => z.preprocess(fromFormState, individualRowSchema(flags)), [flags]);
  const form: UseFormReturnType<IndividualFormState, TIndividualRow> = useSchemaForm<
    IndividualFormState,
    TIndividualRow
  >(schema, {
    initialValues: toFormState(initial),
    transformValues: (values) => schema.parse(values),
    // What a change of identification or switch disabled is cleared, so nothing hidden is sent.
    onValuesChange: (values) => {
      const cleared = clearDisabled(values, flags);
      for (const key of Object.keys(cleared) as (keyof IndividualFormState)[]) {
        if (cleared[key] !== values[key]) form.setFieldValue(key, cleared[key]);
      }
    },
  });
  const enabled = enabledFields(form.values, flags);
  const L = INDIVIDUAL_LABELS;

  const select = (field: SelectField, list: Option[], required = true) => (
    <NativeSelect
      key={field}
      label={L[field]}
      {...form.getInputProps(field)}
      disabled={field !== 'identification_id' && !enabled[field as keyof typeof enabled]}
      withAsterisk={required && (field === 'identification_id' || enabled[field as keyof typeof enabled])}
      data={[{ value: '', label: 'Empty' }, ...list.map((o) => ({ value: String(o.id), label: o.name }))]}
    />
  );
  const date = (field: DateKey) => (
    <DateField
      key={field}
      label={L[field]}
      {...form.getInputProps(field)}
      disabled={!enabled[field]}
      withAsterisk={enabled[field] && field !== 'date_of_promotion'}
    />
  );

  return (
    <form onSubmit={form.onSubmit((row) => onSubmit(row))} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select('identification_id', options.identification)}
          <TextInput label={L.name} {...form.getInputProps('name')} disabled={!enabled.name} withAsterisk />
          {select('corporate_title_id', options.corporateTitles)}
          {date('date_of_joining')}
          {select('gender_id', options.genders)}
          {select('ethnicity_id', options.ethnicities)}
          {flags.immigration_id ? select('immigration_id', options.immigration) : null}
          {flags.veteran_id ? select('veteran_id', options.military) : null}
          {flags.lgbtq_id ? select('lgbtq_id', options.lgbtq) : null}
          {flags.disabled_id ? select('disabled_id', options.disabled) : null}
          {flags.us_citizen_id ? select('us_citizen_id', options.usCitizen) : null}
          {flags.us_based_id ? select('us_based_id', options.usBased) : null}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch
            label={L.is_senior_management}
            {...form.getInputProps('is_senior_management', { type: 'checkbox' })}
            disabled={!enabled.is_senior_management}
          />
          {date('date_of_promotion')}
          <Switch
            label={L.is_owner}
            {...form.getInputProps('is_owner', { type: 'checkbox' })}
            disabled={!enabled.is_owner || !ownershipAllowed}
          />
          <TextInput
            type="number"
            step="0.01"
            min={0}
            max={100}
            label={L.ownership}
            {...form.getInputProps('ownership')}
            disabled={!enabled.ownership}
            withAsterisk={enabled.ownership}
          />
          {date('initial_ownership_date')}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button kind="secondary" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{initial ? 'Save' : 'Add'}</Button>
        </Group>
      </Stack>
    </form>
  );
}
