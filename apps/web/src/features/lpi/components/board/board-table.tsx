import { Table, Text } from '@mantine/core';
import type { TBoardMemberRow } from '@parity/domain/lpi/board';
import { RowActions } from '../../../../components/row-actions/row-actions';
import { type DraftRow, draftRowItem } from '../ownership/row-draft';
import type { BoardOptions } from './board-form-dialog';

const nameOf = (list: { id: number; name: string }[], id: number | null) =>
  id === null ? '' : (list.find((option) => option.id === id)?.name ?? '');

/** The board members: name, type, position, joining date, gender, race/ethnicity. */
export function BoardTable({
  rows,
  options,
  actions,
  onEdit,
  onDelete,
}: {
  rows: DraftRow<TBoardMemberRow>[];
  options: BoardOptions;
  actions: boolean;
  onEdit: (key: string) => void;
  onDelete: (key: string) => void;
}) {
  if (!rows.length) return <Text c="dimmed">No board members yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped aria-label="Board Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Board Type</Table.Th>
            <Table.Th>Position</Table.Th>
            <Table.Th>Date of Joining</Table.Th>
            <Table.Th>Gender</Table.Th>
            <Table.Th>Race/Ethnicity</Table.Th>
            {actions ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ key, values }) => (
            <Table.Tr key={key}>
              <Table.Td>{values.name}</Table.Td>
              <Table.Td>{nameOf(options.boardTypes, values.board_type_id)}</Table.Td>
              <Table.Td>{nameOf(options.boardPositions, values.board_position_id)}</Table.Td>
              <Table.Td>{values.date_of_joining ?? ''}</Table.Td>
              <Table.Td>{nameOf(options.genders, values.gender_id)}</Table.Td>
              <Table.Td>{nameOf(options.ethnicities, values.ethnicity_id)}</Table.Td>
              {actions ? (
                <Table.Td>
                  <RowActions
                    item={draftRowItem(key)}
                    label={values.name}
                    onAction={(action) => (action === 'edit' ? onEdit(key) : onDelete(key))}
                  />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
