import {
  Alert,
  Center,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CONTACT_DELETED_MESSAGE,
  CONTACT_INVITED_MESSAGE,
  CONTACTS_PAGE_SIZES,
  CONTACTS_UPDATED_MESSAGE,
  type TNewContact,
  ZNewContact,
} from '@parity/domain/survey-participants';
import {
  IconAlertCircle,
  IconMail,
  IconSearch,
  IconTrash,
  IconUserPlus,
  IconUsersPlus,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { closeDialog, openDialog } from '../../../../components/dialog/dialog-store';
import { toApiError } from '../../../../lib/api-client';
import {
  useAddContact,
  useContacts,
  useDeleteContact,
  useInviteContacts,
  useInviteMembers,
  useOrganizationSearch,
} from './api';
import { formatDate } from './format';

const invitedText = (n: number) =>
  n === 1 ? '1 organization newly invited.' : `${n} organizations newly invited.`;

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

  const inviteContacts = async (ids: number[]) => {
    try {
      const result = await invite.mutateAsync(ids);
      showAlert('success', CONTACT_INVITED_MESSAGE, invitedText(result.invited));
      setSelected([]);
    } catch {
      // The API client shows the error alert.
    }
  };

  const deleteContact = async (id: number, name: string) => {
    const ok = await confirm({
      title: 'Delete contact',
      message: `Delete ${name} from this survey's contacts? An invitation already sent stays.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(id);
      showAlert('success', CONTACT_DELETED_MESSAGE);
      setSelected((current) => current.filter((c) => c !== id));
    } catch {
      // The API client shows the error alert.
    }
  };

  const total = contacts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / limit));
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
            onClick={() => inviteContacts(selected)}
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
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Error" role="alert">
          {toApiError(contacts.error).message}
        </Alert>
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
                      <Group gap={4} wrap="nowrap">
                        <Button
                          kind="blanc"
                          size="small"
                          disabled={closed}
                          aria-label={`Invite ${name}`}
                          onClick={() => inviteContacts([c.id])}
                        >
                          {c.invited_at ? 'Invite again' : 'Invite'}
                        </Button>
                        <Button
                          kind="blanc"
                          size="small"
                          aria-label={`Delete ${name}`}
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => deleteContact(c.id, name)}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Pagination total={pages} value={page} onChange={setPage} aria-label="Contacts pages" />
      ) : null}
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

function AddContactForm({ surveyId, onDone }: { surveyId: number; onDone: () => void }) {
  const add = useAddContact(surveyId);
  const [organization, setOrganization] = useState<string | null>(null);
  const [values, setValues] = useState({ name: '', lastname: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof TNewContact, string>>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZNewContact.safeParse({
      organization_id: organization ? Number(organization) : undefined,
      name: values.name,
      lastname: values.lastname || undefined,
      email: values.email,
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof TNewContact, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TNewContact;
        next[field] ??= field === 'organization_id' ? 'Organization is required' : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(parsed.data);
      showAlert('success', CONTACTS_UPDATED_MESSAGE);
      onDone();
    } catch {
      // The API client shows the error alert.
    }
  };
  const field = (key: 'name' | 'lastname' | 'email') => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      // Read now: the updater runs later, when React has released the event's target.
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
    error: errors[key],
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <OrganizationPicker value={organization} onChange={setOrganization} />
        {errors.organization_id ? (
          <Text size="xs" c="red" role="alert">
            {errors.organization_id}
          </Text>
        ) : null}
        <TextInput label="First name" required {...field('name')} />
        <TextInput label="Last name" {...field('lastname')} />
        <TextInput label="Email" type="email" required {...field('email')} />
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
    content: <MemberInviteForm surveyId={surveyId} onDone={() => closeDialog(id)} />,
  });
}

function MemberInviteForm({ surveyId, onDone }: { surveyId: number; onDone: () => void }) {
  const invite = useInviteMembers(surveyId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const organizations = useOrganizationSearch(debounced);
  const [chosen, setChosen] = useState<{ value: string; label: string }[]>([]);
  const options = [
    ...chosen,
    ...(organizations.data?.data ?? [])
      .map((o) => ({ value: String(o.id), label: o.name }))
      .filter((o) => !chosen.some((c) => c.value === o.value)),
  ];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const result = await invite.mutateAsync(chosen.map((c) => Number(c.value)));
      showAlert('success', CONTACT_INVITED_MESSAGE, invitedText(result.invited));
      onDone();
    } catch {
      // The API client shows the error alert.
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Each organization's admins and members with LPI access get the invitation mail.
        </Text>
        <MultiSelect
          label="Organizations"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={chosen.map((c) => c.value)}
          onChange={(values) => setChosen(options.filter((o) => values.includes(o.value)))}
          nothingFoundMessage={organizations.isFetching ? 'Searching…' : 'No organization found'}
        />
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={chosen.length === 0} loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
