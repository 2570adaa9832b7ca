import {
  Center,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { listAction, listItem } from '@parity/domain/list-item';
import {
  CONTACT_DELETED_MESSAGE,
  CONTACT_INVITED_MESSAGE,
  CONTACTS_PAGE_SIZES,
  CONTACTS_UPDATED_MESSAGE,
  inviteBodyOf,
  type TInviteMembersBody,
  type TInviteResult,
  type TNewContact,
  type TSurveyContact,
  ZInviteByEmailOrCodeForm,
  ZNewContactForm,
} from '@parity/domain/survey-participants';
import { IconMail, IconSearch, IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { closeDialog, openDialog } from '../../../../components/dialog/dialog-store';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { QueryError } from '../../../../components/query-state/query-state';
import { RowActions } from '../../../../components/row-actions/row-actions';
import { Select } from '../../../../components/select/select';
import { formatDate } from '../../../../lib/dates';
import {
  useAddContact,
  useContacts,
  useDeleteContact,
  useInviteContacts,
  useInviteMembers,
  useOrganizationSearch,
} from './api';

const invitedText = (n: number) =>
  n === 1 ? '1 organization newly invited.' : `${n} organizations newly invited.`;
const mailedText = (n: number) => (n === 1 ? '1 invitation mail sent.' : `${n} invitation mails sent.`);
/** An invitation of organizations: the API's message names them ('Rowan Capital was invited'). */
const alertInvited = (result: TInviteResult) =>
  showAlert('success', result.message, mailedText(result.mailed));

/** A contact of the survey: invite it (again), not once the survey is closed; or delete it. */
const contactItem = (contact: TSurveyContact, closed: boolean) =>
  listItem(contact.id, [
    listAction({
      id: 'invite',
      title: contact.invited_at ? 'Invite again' : 'Invite',
      icon: 'send',
      primary: true,
      disabled: closed,
    }),
    listAction({ id: 'delete', title: 'Delete', icon: 'delete', type: 'danger' }),
  ]);

/** The host's contacts for the survey: list, add, delete, invite; and inviting member organizations. */
export function ContactsPanel({ surveyId, closed }: { surveyId: number; closed: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [limit, setLimit] = useState<number>(CONTACTS_PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const contacts = useContacts(surveyId, { limit, offset: (page - 1) * limit, search: debounced });
  const invite = useInviteContacts(surveyId);
  const remove = useDeleteContact(surveyId);

  /** Invites the contacts; a failure is left to the caller (a row says it, the API client alerts). */
  const inviteContacts = async (ids: number[]) => {
    const result = await invite.mutateAsync(ids);
    showAlert('success', CONTACT_INVITED_MESSAGE, invitedText(result.invited));
    setSelected([]);
  };

  const deleteContact = async (id: number, name: string) => {
    const ok = await confirm({
      title: 'Delete contact',
      message: `Delete ${name} from this survey's contacts? An invitation already sent stays.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return false;
    await remove.mutateAsync(id);
    showAlert('success', CONTACT_DELETED_MESSAGE);
    setSelected((current) => current.filter((c) => c !== id));
  };

  const total = contacts.data?.total ?? 0;
  const pages = pageCount(total, limit);
  const rows = contacts.data?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((c) => selected.includes(c.id));

  return (
    <Stack gap="sm" component="section" aria-labelledby="contacts-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3" id="contacts-title">
          Contacts
        </Title>
        <Group gap="sm">
          <Button
            kind="secondary"
            leftSection={<IconUsersPlus size={16} aria-hidden />}
            disabled={closed}
            onClick={() => openMemberInvite(surveyId)}
          >
            Invite organizations
          </Button>
          <Button
            kind="secondary"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => openAddContact(surveyId)}
          >
            Add contact
          </Button>
          <Button
            leftSection={<IconMail size={16} aria-hidden />}
            disabled={closed || selected.length === 0}
            loading={invite.isPending}
            // The API client shows the error alert.
            onClick={() => void inviteContacts(selected).catch(() => {})}
          >
            Invite selected ({selected.length})
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search contacts"
          placeholder="Name, email or organization"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        <Select
          label="Per page"
          data={CONTACTS_PAGE_SIZES.map(String)}
          value={String(limit)}
          allowDeselect={false}
          onChange={(value) => {
            setLimit(Number(value ?? CONTACTS_PAGE_SIZES[0]));
            setPage(1);
          }}
          w={110}
        />
      </Group>
      {contacts.isPending ? (
        <Center py="md">
          <Loader aria-label="Loading the contacts" />
        </Center>
      ) : contacts.isError ? (
        <QueryError
          error={contacts.error}
          title="The contacts could not be loaded"
          onRetry={() => void contacts.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          {debounced ? 'No contacts match this search.' : 'No contacts yet. Add one to invite it.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Contacts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select every contact of this page"
                    checked={allSelected}
                    indeterminate={!allSelected && rows.some((c) => selected.includes(c.id))}
                    onChange={() =>
                      setSelected(allSelected ? [] : [...new Set([...selected, ...rows.map((c) => c.id)])])
                    }
                  />
                </Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Organization</Table.Th>
                <Table.Th>Invited</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => {
                const name = [c.name, c.lastname].filter(Boolean).join(' ');
                return (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${name}`}
                        checked={selected.includes(c.id)}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          setSelected((current) =>
                            checked ? [...current, c.id] : current.filter((id) => id !== c.id),
                          );
                        }}
                      />
                    </Table.Td>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>{c.email}</Table.Td>
                    <Table.Td>{c.organization_name}</Table.Td>
                    <Table.Td>{c.invited_at ? formatDate(c.invited_at) : 'Not invited'}</Table.Td>
                    <Table.Td>
                      <RowActions
                        item={contactItem(c, closed)}
                        label={name}
                        onAction={(action) =>
                          action === 'invite' ? inviteContacts([c.id]) : deleteContact(c.id, name)
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager pages={pages} page={page} onChange={setPage} />
    </Stack>
  );
}

function OrganizationPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const organizations = useOrganizationSearch(debounced);
  return (
    <Select
      label="Organization"
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={(organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      value={value}
      onChange={onChange}
      nothingFoundMessage={organizations.isFetching ? 'Searching…' : 'No organization found'}
    />
  );
}

function openAddContact(surveyId: number) {
  const id = openDialog({
    title: 'Add contact',
    size: 'medium',
    content: <AddContactForm surveyId={surveyId} onDone={() => closeDialog(id)} />,
  });
}

type ContactValues = {
  organization_id: string | null;
  name: string;
  lastname: string;
  email: string;
};

function AddContactForm({ surveyId, onDone }: { surveyId: number; onDone: () => void }) {
  const add = useAddContact(surveyId);
  const form = useSchemaForm<ContactValues, TNewContact>(ZNewContactForm, {
    initialValues: { organization_id: null, name: '', lastname: '', email: '' },
    transformValues: (values) => ZNewContactForm.parse({ ...values, lastname: values.lastname || undefined }),
  });
  const submit = async (contact: TNewContact) => {
    try {
      await add.mutateAsync(contact);
      showAlert('success', CONTACTS_UPDATED_MESSAGE);
      onDone();
    } catch {
      // The API client shows the error alert.
    }
  };
  const organization = form.getInputProps('organization_id');
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <OrganizationPicker value={organization.value} onChange={organization.onChange} />
        {organization.error ? (
          <Text size="xs" c="red" role="alert">
            {organization.error}
          </Text>
        ) : null}
        <TextInput label="First name" required {...form.getInputProps('name')} />
        <TextInput label="Last name" {...form.getInputProps('lastname')} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function openMemberInvite(surveyId: number) {
  const id = openDialog({
    title: 'Invite organizations',
    size: 'medium',
    content: (
      <Stack gap="lg">
        <MemberInviteForm surveyId={surveyId} onDone={() => closeDialog(id)} />
        <InviteByEmailOrCodeForm surveyId={surveyId} onDone={() => closeDialog(id)} />
      </Stack>
    ),
  });
}

/**
 * An organization that is not in the public directory: the host names it by one of its members'
 * emails or by its organization code (a private organization is never invited by id).
 */
export function InviteByEmailOrCodeForm({ surveyId, onDone }: { surveyId: number; onDone: () => void }) {
  const invite = useInviteMembers(surveyId);
  const form = useSchemaForm<{ email_or_code: string }, TInviteMembersBody>(ZInviteByEmailOrCodeForm, {
    initialValues: { email_or_code: '' },
    transformValues: (values) => inviteBodyOf(values.email_or_code),
  });
  const submit = async (body: TInviteMembersBody) => {
    try {
      const result = await invite.mutateAsync(body);
      alertInvited(result);
      onDone();
    } catch {
      // The API client shows the error alert ('Organization not found.' for an unknown one).
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Invite by email or organization code">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Not in the directory? Name the organization by one of its members' emails or by its organization
          code.
        </Text>
        <TextInput
          label="Member's email or organization code"
          placeholder="name@firm.com or ACME-2026"
          {...form.getInputProps('email_or_code')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MemberInviteForm({ surveyId, onDone }: { surveyId: number; onDone: () => void }) {
  const invite = useInviteMembers(surveyId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const organizations = useOrganizationSearch(debounced);
  // The organizations chosen, with their names (a search replaces the options they came from).
  const form = useForm({ initialValues: { chosen: [] as { value: string; label: string }[] } });
  const { chosen } = form.values;
  const options = [
    ...chosen,
    ...(organizations.data?.data ?? [])
      .map((o) => ({ value: String(o.id), label: o.name }))
      .filter((o) => !chosen.some((c) => c.value === o.value)),
  ];
  const submit = async () => {
    try {
      const result = await invite.mutateAsync({ organization_ids: chosen.map((c) => Number(c.value)) });
      alertInvited(result);
      onDone();
    } catch {
      // The API client shows the error alert.
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Organizations of the public directory. Each organization's admins and members with LPI access get
          the invitation mail.
        </Text>
        {/* Invite stands beside the field: the dropdown, as wide as the field and open after each
            pick, would cover a button below it. */}
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <MultiSelect
            label="Organizations"
            flex={1}
            miw={0}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={options}
            value={chosen.map((c) => c.value)}
            onChange={(values) =>
              form.setFieldValue(
                'chosen',
                options.filter((o) => values.includes(o.value)),
              )
            }
            nothingFoundMessage={organizations.isFetching ? 'Searching…' : 'No organization found'}
          />
          <Button type="submit" disabled={chosen.length === 0} loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
