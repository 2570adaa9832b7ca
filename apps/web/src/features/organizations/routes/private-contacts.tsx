import { Card, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { listAction, listItem } from '@parity/domain/list-item';
import { CONTACT_DELETED_MESSAGE, type TContact } from '@parity/domain/organization-contacts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError } from '../../../components/query-state/query-state';
import { RowActions } from '../../../components/row-actions/row-actions';
import { CONTACTS_PAGE_SIZE, useContacts, useDeleteContact } from '../api/contacts';
import { useIsOrganizationAdmin } from '../api/space';
import { ContactForm } from '../components/contact-form';

export const NO_CONTACTS = 'No contacts found';

function openContactDialog(contact: TContact | null) {
  openDialog({
    title: contact ? 'Edit contact' : 'Add contact',
    size: 'medium',
    content: (close) => <ContactForm contact={contact} onDone={close} />,
  });
}

/** A contact: edit it in a dialog, or delete it (the row then leaves the list). */
const contactItem = (contact: TContact) =>
  listItem(
    contact.id,
    [
      listAction({ id: 'edit', title: 'Edit', icon: 'edit', primary: true }),
      listAction({ id: 'delete', title: 'Delete', icon: 'delete', type: 'danger' }),
    ],
    { show_success: false },
  );

/** /organizations/private/contacts: the organization's external contacts, searched, 30 a page. */
export function PrivateContactsRoute() {
  const isAdmin = useIsOrganizationAdmin();
  const [search, setSearch] = useState('');
  const form = useForm({ initialValues: { search: '' } });
  const [page, setPage] = useState(1);
  const contacts = useContacts(search, page);
  const remove = useDeleteContact();
  const rows = contacts.data?.data ?? [];

  const submit = form.onSubmit((values) => {
    setSearch(values.search.trim());
    setPage(1);
  });

  const onDelete = async (contact: TContact) => {
    const confirmed = await confirm({
      danger: true,
      title: 'Delete contact',
      message: `Delete the contact ${contact.name}?`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return false;
    await remove.mutateAsync(contact.id);
    showAlert('success', CONTACT_DELETED_MESSAGE);
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Contacts">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <search aria-label="Contacts">
            <form onSubmit={submit}>
              <Group gap="sm" align="flex-end">
                <TextInput
                  label="Search contacts"
                  placeholder="Name, email or title"
                  leftSection={<IconSearch size={16} aria-hidden />}
                  {...form.getInputProps('search')}
                />
                <Button type="submit" kind="secondary">
                  Search
                </Button>
              </Group>
            </form>
          </search>
          {isAdmin ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openContactDialog(null)}>
              Add contact
            </Button>
          ) : null}
        </Group>
        {contacts.isPending ? (
          <Skeleton height={80} aria-busy="true" />
        ) : contacts.isError ? (
          <QueryError
            error={contacts.error}
            title="The contacts could not be loaded"
            onRetry={() => void contacts.refetch()}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NO_CONTACTS}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Title</Table.Th>
                  {isAdmin ? <Table.Th>Actions</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((contact) => (
                  <Table.Tr key={contact.id}>
                    <Table.Td>{contact.name}</Table.Td>
                    <Table.Td>{contact.email}</Table.Td>
                    <Table.Td>{contact.phone || 'No information'}</Table.Td>
                    <Table.Td>{contact.title || 'No information'}</Table.Td>
                    {isAdmin ? (
                      <Table.Td>
                        <RowActions
                          item={contactItem(contact)}
                          label={contact.name}
                          onAction={(action) =>
                            action === 'edit' ? openContactDialog(contact) : onDelete(contact)
                          }
                        />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager
          pages={pageCount(contacts.data?.total ?? 0, CONTACTS_PAGE_SIZE)}
          page={page}
          onChange={setPage}
        />
      </Stack>
    </Card>
  );
}

export { PrivateContactsRoute as Component };
