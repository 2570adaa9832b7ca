import { Badge, Group, Table, Text } from '@mantine/core';
import type { TIndividualRow } from '@parity/domain/lpi/individuals';
import { RowActions } from '../../../../components/row-actions/row-actions';
import type { Option } from './individual-form-dialog';
import { type DraftRow, draftRowItem } from './row-draft';

export interface OwnershipTableProps {
  rows: DraftRow<TIndividualRow>[];
  names: { identification: Option[]; corporateTitles: Option[]; genders: Option[]; ethnicities: Option[] };
  /** Edit and delete buttons (absent when read-only). */
  actions: boolean;
  onEdit: (key: string) => void;
  onDelete: (key: string) => void;
}

const nameOf = (list: Option[], id: number | null) =>
  id === null ? '' : (list.find((option) => option.id === id)?.name ?? '');

/** The individuals and entities: name, identification, title, gender, race/ethnicity, groups, %. */
export function OwnershipTable({ rows, names, actions, onEdit, onDelete }: OwnershipTableProps) {
  if (!rows.length) return <Text c="dimmed">No individuals or entities yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped aria-label="Ownership and Senior Leadership">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Identification</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Gender</Table.Th>
            <Table.Th>Race/Ethnicity</Table.Th>
            <Table.Th>Groups</Table.Th>
            <Table.Th>Ownership %</Table.Th>
            {actions ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ key, values }) => (
            <Table.Tr key={key}>
              <Table.Td>{values.name}</Table.Td>
              <Table.Td>{nameOf(names.identification, values.identification_id)}</Table.Td>
              <Table.Td>{nameOf(names.corporateTitles, values.corporate_title_id)}</Table.Td>
              <Table.Td>{nameOf(names.genders, values.gender_id)}</Table.Td>
              <Table.Td>{nameOf(names.ethnicities, values.ethnicity_id)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {values.is_owner ? <Badge variant="light">Ownership</Badge> : null}
                  {values.is_senior_management ? (
                    <Badge variant="light" color="grape">
                      Leadership
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {values.is_owner && values.ownership !== null ? `${values.ownership.toFixed(2)}%` : ''}
              </Table.Td>
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
