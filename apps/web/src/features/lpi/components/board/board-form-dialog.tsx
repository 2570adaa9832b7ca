import { Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  BOARD_LABELS,
  boardMemberSchema,
  DEFAULT_BOARD_OPTION_FLAGS,
  type TBoardMemberRow,
  type TBoardOptionFlags,
} from '@parity/domain/lpi/board';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/button/button';
import type { Option } from '../ownership/individual-form-dialog';

export interface BoardOptions {
  boardTypes: Option[];
  boardPositions: Option[];
  genders: Option[];
  ethnicities: Option[];
  military: Option[];
  disabled: Option[];
  lgbtq: Option[];
  immigration: Option[];
}

type SelectField = Exclude<keyof TBoardMemberRow, 'name' | 'date_of_joining'>;
type FormState = Record<keyof TBoardMemberRow, string>;

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));
const num = (v: string) => (v.trim() === '' ? null : Number(v));

function toFormState(row: TBoardMemberRow | null): FormState {
  return {
    name: row?.name ?? '',
    board_type_id: str(row?.board_type_id),
    board_position_id: str(row?.board_position_id),
    date_of_joining: row?.date_of_joining ?? '',
    gender_id: str(row?.gender_id),
    ethnicity_id: str(row?.ethnicity_id),
    military_member_id: str(row?.military_member_id),
    disabled_id: str(row?.disabled_id),
    lgbtq_id: str(row?.lgbtq_id),
    immigration_id: str(row?.immigration_id),
  };
}

function fromFormState(state: FormState) {
  return {
    name: state.name,
    board_type_id: num(state.board_type_id),
    board_position_id: num(state.board_position_id),
    date_of_joining: state.date_of_joining || null,
    gender_id: num(state.gender_id),
    ethnicity_id: num(state.ethnicity_id),
    military_member_id: num(state.military_member_id),
    disabled_id: num(state.disabled_id),
    lgbtq_id: num(state.lgbtq_id),
    immigration_id: num(state.immigration_id),
  };
}

export interface BoardFormDialogProps {
  opened: boolean;
  initial: TBoardMemberRow | null;
  options: BoardOptions;
  flags?: TBoardOptionFlags;
  onSubmit: (row: TBoardMemberRow) => void;
  onClose: () => void;
}

/** A board member, checked with the API's schema; option flags disable their questions (spec 5). */
export function BoardFormDialog(props: BoardFormDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.initial ? 'Edit Board Member' : 'Add Individuals or Entities'}
      size="lg"
    >
      {props.opened ? <BoardForm {...props} /> : null}
    </Modal>
  );
}

function BoardForm({
  initial,
  options,
  flags = DEFAULT_BOARD_OPTION_FLAGS,
  onSubmit,
  onClose,
}: BoardFormDialogProps) {
  const [state, setState] = useState<FormState>(() => toFormState(initial));
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const L = BOARD_LABELS;

  const change = (patch: Partial<FormState>) => {
    setState((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof FormState];
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = boardMemberSchema(flags).safeParse(fromFormState(state));
    if (!result.success) {
      const next: Partial<Record<keyof FormState, string>> = {};
      for (const issue of result.error.issues) next[issue.path[0] as keyof FormState] ??= issue.message;
      setErrors(next);
      return;
    }
    onSubmit(result.data);
  };

  const select = (field: SelectField, list: Option[]) => {
    const disabled = field in flags && !flags[field as keyof TBoardOptionFlags];
    return (
      <NativeSelect
        key={field}
        label={L[field]}
        value={disabled ? '' : state[field]}
        disabled={disabled}
        error={errors[field]}
        data={[{ value: '', label: 'Empty' }, ...list.map((o) => ({ value: String(o.id), label: o.name }))]}
        onChange={(event) => change({ [field]: event.currentTarget.value })}
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={L.name}
            value={state.name}
            withAsterisk
            error={errors.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
          />
          {select('board_type_id', options.boardTypes)}
          {select('board_position_id', options.boardPositions)}
          <TextInput
            type="date"
            label={L.date_of_joining}
            value={state.date_of_joining}
            error={errors.date_of_joining}
            onChange={(event) => change({ date_of_joining: event.currentTarget.value })}
          />
          {select('gender_id', options.genders)}
          {select('ethnicity_id', options.ethnicities)}
          {select('military_member_id', options.military)}
          {select('disabled_id', options.disabled)}
          {select('lgbtq_id', options.lgbtq)}
          {select('immigration_id', options.immigration)}
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
