import {
  ActionIcon,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ATTENDEE_STATUSES,
  attendeeInviteSchema,
  type TAttendeeStatus,
} from '@parity/domain/calendar/events';
import { IconUserMinus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useAttendees, useInviteAttendees, useRemoveAttendee } from '../api/attendees';
import { ATTENDEES_PAGE_SIZE } from '../api/keys';
import { type PickerOption, useOrganizationSearch, useUserSearch } from '../api/pickers';

/** The attendee statuses as the list names them ('no-answer' is offered to the attendee as "Attend"). */
export const STATUS_NAMES: Record<TAttendeeStatus, string> = {
  'no-answer': 'No answer',
  attending: 'Attending',
  maybe: 'Maybe',
  declined: 'Declined',
};

/** A search-as-you-type multiple choice; the chosen options stay listed while searching others. */
function SearchPicker({
  label,
  placeholder,
  useSearch,
  value,
  onChange,
  error,
}: {
  label: string;
  placeholder: string;
  useSearch: (search: string) => { data?: PickerOption[] | undefined; isFetching: boolean };
  value: PickerOption[];
  onChange: (value: PickerOption[]) => void;
  error?: string | null | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useSearch(debounced);
  const options = [...value, ...(found.data ?? []).filter((o) => !value.some((v) => v.value === o.value))];
  return (
    <MultiSelect
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value.map((option) => option.value)}
      onChange={(ids) =>
        onChange(ids.map((id) => options.find((o) => o.value === id) ?? { value: id, label: id }))
      }
      nothingFoundMessage={found.isFetching ? 'Searching…' : search ? 'Nothing found' : 'Type to search'}
      filter={({ options: all }) => all}
      error={error}
    />
  );
}

function InviteForm({ eventId }: { eventId: number }) {
  const invite = useInviteAttendees(eventId);
  const [users, setUsers] = useState<PickerOption[]>([]);
  const [organizations, setOrganizations] = useState<PickerOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFormError(null);
    const body = {
      userIds: users.map((u) => Number(u.value)),
      organizationIds: organizations.map((o) => Number(o.value)),
    };
    const checked = attendeeInviteSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    invite.mutate(checked.data, {
      onSuccess: ({ invited }) => {
        setUsers([]);
        setOrganizations([]);
        alertStore.add({
          type: 'success',
          title: 'Invited',
          description: invited === 1 ? '1 person was invited.' : `${invited} people were invited.`,
        });
      },
      onError: (failure) =>
        setFormError(
          applyApiErrors(failure, {
            getValues: () => ({}),
            setFieldError: (_p, m) => setError(m),
            getInputNode: () => null,
          }),
        ),
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Invite">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Invite
          </Title>
          <FormError title="The invitations could not be sent">{formError}</FormError>
          <SearchPicker
            label="Users"
            placeholder="Search users by name"
            useSearch={useUserSearch}
            value={users}
            onChange={setUsers}
            error={error}
          />
          <SearchPicker
            label="Organizations"
            placeholder="Search organizations"
            useSearch={useOrganizationSearch}
            value={organizations}
            onChange={setOrganizations}
          />
          <Text size="xs" c="dimmed">
            An organization invites its approved members. Each invitee is mailed the event as an .ics file.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending}>
              Send invitations
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The Attendees tab: counts per status, the list (one status or all, a page at a time), invitations. */
export function AttendeesPanel({ eventId, canEdit }: { eventId: number; canEdit: boolean }) {
  const [status, setStatus] = useState<TAttendeeStatus | null>(null);
  const [page, setPage] = useState(1);
  const attendees = useAttendees(eventId, status, page);
  const remove = useRemoveAttendee(eventId);
  const counts = attendees.data?.counts;
  const all = counts ? ATTENDEE_STATUSES.reduce((sum, s) => sum + counts[s], 0) : 0;

  const removeOne = async (userId: number, name: string) => {
    if (
      await confirm({
        title: 'Remove attendee',
        message: `Remove ${name} from the attendees? They are sent a cancellation.`,
        confirmLabel: 'Remove',
        danger: true,
      })
    )
      remove.mutate(userId);
  };

  return (
    <Stack gap="md">
      {canEdit ? <InviteForm eventId={eventId} /> : null}
      <SegmentedControl
        aria-label="Attendees by status"
        data={[
          { value: 'all', label: counts ? `All (${all})` : 'All' },
          ...ATTENDEE_STATUSES.map((s) => ({
            value: s,
            label: counts ? `${STATUS_NAMES[s]} (${counts[s]})` : STATUS_NAMES[s],
          })),
        ]}
        value={status ?? 'all'}
        onChange={(value) => {
          setStatus(value === 'all' ? null : (value as TAttendeeStatus));
          setPage(1);
        }}
        style={{ flexWrap: 'wrap' }}
      />
      {attendees.isPending ? (
        <QueryLoader label="Loading the attendees" />
      ) : attendees.isError ? (
        <QueryError
          error={attendees.error}
          title="The attendees could not be loaded"
          onRetry={() => void attendees.refetch()}
        />
      ) : attendees.data.data.length === 0 ? (
        <Text c="dimmed" role="status">
          {status ? `Nobody with the status ${STATUS_NAMES[status]}.` : 'Nobody is invited yet.'}
        </Text>
      ) : (
        <>
          {/* On a phone the table scrolls sideways, by keyboard too (it may hold no button). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (axe) */}
          <div tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table striped aria-label="Attendees" miw={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Organization</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  {canEdit ? (
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {attendees.data.data.map((attendee) => (
                  <Table.Tr key={attendee.userId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {attendee.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {attendee.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{attendee.organizationName ?? '—'}</Table.Td>
                    <Table.Td>{STATUS_NAMES[attendee.status]}</Table.Td>
                    {canEdit ? (
                      <Table.Td>
                        <Tooltip label={`Remove ${attendee.name}`}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${attendee.name}`}
                            onClick={() => void removeOne(attendee.userId, attendee.name)}
                          >
                            <IconUserMinus size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <Pager
            pages={pageCount(attendees.data.total, ATTENDEES_PAGE_SIZE)}
            page={page}
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
