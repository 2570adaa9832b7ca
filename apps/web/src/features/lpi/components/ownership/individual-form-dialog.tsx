import { Group, Modal, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  INDIVIDUAL_LABELS,
  individualFieldState,
  individualRowSchema,
  type TIndividualOptionFlags,
  type TIndividualRow,
} from '@parity/domain/lpi/individuals';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/button/button';

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
type DateField = 'date_of_joining' | 'date_of_promotion' | 'initial_ownership_date';

/** What the inputs hold: select and date values as strings ('' = empty), switches as booleans. */
export interface IndividualFormState {
  identification_id: string;
  name: string;
  corporate_title_id: string;
  date_of_joining: string;
  gender_id: string;
  ethnicity_id: string;
  immigration_id: string;
  veteran_id: string;
  lgbtq_id: string;
  disabled_id: string;
  us_citizen_id: string;
  us_based_id: string;
  is_senior_management: boolean;
  date_of_promotion: string;
  is_owner: boolean;
  ownership: string;
  initial_ownership_date: string;
}

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function toFormState(row?: TIndividualRow | null): IndividualFormState {
  return {
    identification_id: str(row?.identification_id),
    name: row?.name ?? '',
    corporate_title_id: str(row?.corporate_title_id),
    date_of_joining: row?.date_of_joining ?? '',
    gender_id: str(row?.gender_id),
    ethnicity_id: str(row?.ethnicity_id),
    immigration_id: str(row?.immigration_id),
    veteran_id: str(row?.veteran_id),
    lgbtq_id: str(row?.lgbtq_id),
    disabled_id: str(row?.disabled_id),
    us_citizen_id: str(row?.us_citizen_id),
    us_based_id: str(row?.us_based_id),
    is_senior_management: row?.is_senior_management ?? false,
    date_of_promotion: row?.date_of_promotion ?? '',
    is_owner: row?.is_owner ?? false,
    ownership: str(row?.ownership),
    initial_ownership_date: row?.initial_ownership_date ?? '',
  };
}

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** The schema's input from the form: empty inputs are null, numbers are numbers. */
export function fromFormState(state: IndividualFormState) {
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
export function enabledFields(state: IndividualFormState, flags: TIndividualOptionFlags) {
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
    if (key === 'is_senior_management' || key === 'is_owner') next[key] = false;
    else next[key] = '';
  }
  return next;
}

type Errors = Partial<Record<keyof IndividualFormState, string>>;

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
  const [state, setState] = useState<IndividualFormState>(() => toFormState(initial));
  const [errors, setErrors] = useState<Errors>({});
  const enabled = enabledFields(state, flags);
  const L = INDIVIDUAL_LABELS;

  const change = (patch: Partial<IndividualFormState>) => {
    setState((current) => clearDisabled({ ...current, ...patch }, flags));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof IndividualFormState];
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = individualRowSchema(flags).safeParse(fromFormState(state));
    if (!result.success) {
      const next: Errors = {};
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof IndividualFormState;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onSubmit(result.data);
  };

  const select = (field: SelectField, list: Option[], required = true) => (
    <NativeSelect
      key={field}
      label={L[field]}
      value={state[field]}
      disabled={field !== 'identification_id' && !enabled[field as keyof typeof enabled]}
      withAsterisk={required && (field === 'identification_id' || enabled[field as keyof typeof enabled])}
      error={errors[field]}
      data={[{ value: '', label: 'Empty' }, ...list.map((o) => ({ value: String(o.id), label: o.name }))]}
      onChange={(event) => change({ [field]: event.currentTarget.value })}
    />
  );
  const date = (field: DateField) => (
    <TextInput
      key={field}
      type="date"
      label={L[field]}
      value={state[field]}
      disabled={!enabled[field]}
      withAsterisk={enabled[field] && field !== 'date_of_promotion'}
      error={errors[field]}
      onChange={(event) => change({ [field]: event.currentTarget.value })}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select('identification_id', options.identification)}
          <TextInput
            label={L.name}
            value={state.name}
            disabled={!enabled.name}
            withAsterisk
            error={errors.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
          />
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
            checked={state.is_senior_management}
            disabled={!enabled.is_senior_management}
            error={errors.is_senior_management}
            onChange={(event) => change({ is_senior_management: event.currentTarget.checked })}
          />
          {date('date_of_promotion')}
          <Switch
            label={L.is_owner}
            checked={state.is_owner}
            disabled={!enabled.is_owner || !ownershipAllowed}
            error={errors.is_owner}
            onChange={(event) => change({ is_owner: event.currentTarget.checked })}
          />
          <TextInput
            type="number"
            step="0.01"
            min={0}
            max={100}
            label={L.ownership}
            value={state.ownership}
            disabled={!enabled.ownership}
            withAsterisk={enabled.ownership}
            error={errors.ownership}
            onChange={(event) => change({ ownership: event.currentTarget.value })}
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
