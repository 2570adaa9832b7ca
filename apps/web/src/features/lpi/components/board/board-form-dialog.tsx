import { Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  BOARD_LABELS,
  boardMemberSchema,
  DEFAULT_BOARD_OPTION_FLAGS,
  type TBoardMemberRow,
  type TBoardOptionFlags,
} from '@parity/domain/lpi/board';
import { useMemo } from 'react';
import { z } from 'zod';
import { Button } from '../../../../components/button/button';
import { DateField } from '../../../../components/form/date-field';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
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
/** What the inputs hold: select values as text ('' = empty), the date as YYYY-MM-DD or null. */
type FormState = Record<Exclude<keyof TBoardMemberRow, 'date_of_joining'>, string> & {
  date_of_joining: string | null;
};

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));
const num = (v: string) => (v.trim() === '' ? null : Number(v));

function toFormState(row: TBoardMemberRow | null): FormState {
  return {
    name: row?.name ?? '',
    board_type_id: str(row?.board_type_id),
    board_position_id: str(row?.board_position_id),
    date_of_joining: row?.date_of_joining ?? null,
    gender_id: str(row?.gender_id),
    ethnicity_id: str(row?.ethnicity_id),
    military_member_id: str(row?.military_member_id),
    disabled_id: str(row?.disabled_id),
    lgbtq_id: str(row?.lgbtq_id),
    immigration_id: str(row?.immigration_id),
  };
}

function fromFormState(input: unknown) {
  const state = input as FormState;
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
  // The API's schema, read from the inputs' text.
  const schema = useMemo(() => z.preprocess(fromFormState, boardMemberSchema(flags)), [flags]);
  const form = useSchemaForm<FormState, TBoardMemberRow>(schema, {
    initialValues: toFormState(initial),
    transformValues: (values) => schema.parse(values),
  });
  const L = BOARD_LABELS;

  const select = (field: SelectField, list: Option[]) => {
    const disabled = field in flags && !flags[field as keyof TBoardOptionFlags];
    const input = form.getInputProps(field);
    return (
      <NativeSelect
        key={field}
        label={L[field]}
        {...input}
        value={disabled ? '' : input.value}
        disabled={disabled}
        data={[{ value: '', label: 'Empty' }, ...list.map((o) => ({ value: String(o.id), label: o.name }))]}
      />
    );
  };

  return (
    <form onSubmit={form.onSubmit((row) => onSubmit(row))} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L.name} withAsterisk {...form.getInputProps('name')} />
          {select('board_type_id', options.boardTypes)}
          {select('board_position_id', options.boardPositions)}
          <DateField label={L.date_of_joining} {...form.getInputProps('date_of_joining')} />
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
