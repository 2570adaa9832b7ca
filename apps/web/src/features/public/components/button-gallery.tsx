import { Group, Table } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { BUTTON_SIZES, BUTTON_TYPES, Button, type ButtonType } from '../../../components/button/button';

export function buttonLabel(type: ButtonType): string {
  const words = type.replace('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const USE: Record<ButtonType, string> = {
  primary: 'The main action of a page or dialog; one per view.',
  secondary: 'Actions next to a primary one.',
  tertiary: 'Low-emphasis actions, such as Cancel or Show more.',
  blanc: 'Neutral actions on a coloured or busy background.',
  success: 'Confirming a positive outcome, such as Mark Complete.',
  action: 'Calls to act on something pending, such as Continue Response.',
  warning: 'Actions with side effects to think about.',
  error: 'Destructive actions, such as Delete.',
  'primary-outlined': 'A primary action that should not dominate, such as Save version.',
};

/** Every button type in every size, with the states a button can be in. */
export function ButtonGallery() {
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" withTableBorder>
          <Table.Caption>Button types (rows) in each size (columns)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Type</Table.Th>
              {BUTTON_SIZES.map((size) => (
                <Table.Th scope="col" key={size}>
                  {size}
                </Table.Th>
              ))}
              <Table.Th scope="col">Use for</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {BUTTON_TYPES.map((type) => (
              <Table.Tr key={type} data-testid={`button-row-${type}`}>
                <Table.Th scope="row">
                  <code>{type}</code>
                </Table.Th>
                {BUTTON_SIZES.map((size) => (
                  <Table.Td key={size}>
                    <Button kind={type} size={size}>
                      {buttonLabel(type)}
                    </Button>
                  </Table.Td>
                ))}
                <Table.Td>{USE[type]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="sm" mt="md">
        <Button kind="primary" rightSection={<IconArrowRight size={16} aria-hidden />}>
          With an icon
        </Button>
        <Button kind="primary" loading>
          Loading
        </Button>
        <Button kind="primary" disabled>
          Disabled
        </Button>
        <Button kind="secondary" disabled>
          Disabled secondary
        </Button>
      </Group>
    </>
  );
}
