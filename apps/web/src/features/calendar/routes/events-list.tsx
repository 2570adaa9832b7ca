import { Anchor, Badge, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ATTENDEE_STATUS_LABELS, EVENT_VISIBILITY_LABELS } from '@parity/domain/calendar/events';
import { IconCalendarMonth, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { browserTimeZone, formatSpan } from '../../../lib/zoned-time';
import { useEventList } from '../api/events';
import { EVENTS_PAGE_SIZE, type EventListParams } from '../api/keys';
import { useOrganizationSearch } from '../api/pickers';
import { useCalendarPreferences } from '../api/preferences';

function readParams(params: URLSearchParams): EventListParams {
  const organizationId = Number.parseInt(params.get('organization') ?? '', 10);
  return {
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    q: params.get('q') ?? '',
    organizationId: Number.isFinite(organizationId) && organizationId > 0 ? organizationId : undefined,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** /calendar/events: upcoming or past events, searched, filtered by organization, 25 a page. */
export function EventsListRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const [text, setText] = useState(params.q);
  const [organizationSearch, setOrganizationSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(organizationSearch, 250);
  const organizations = useOrganizationSearch(debouncedSearch);
  const [organizationLabel, setOrganizationLabel] = useState<{ value: string; label: string } | null>(null);
  const preferences = useCalendarPreferences();
  const timeZone = preferences.data?.timeZone ?? browserTimeZone();
  const list = useEventList(params);

  const show = (next: EventListParams) => {
    const out = new URLSearchParams();
    if (next.when === 'past') out.set('when', 'past');
    if (next.q) out.set('q', next.q);
    if (next.organizationId) out.set('organization', String(next.organizationId));
    if (next.page > 1) out.set('page', String(next.page));
    setSearchParams(out);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    show({ ...params, q: text.trim(), page: 1 });
  };

  const organizationOptions = [
    ...(organizationLabel && !organizations.data?.some((o) => o.value === organizationLabel.value)
      ? [organizationLabel]
      : []),
    ...(organizations.data ?? []),
  ];
  const total = list.data?.total ?? 0;
  const filtered = Boolean(params.q || params.organizationId);

  return (
    <Stack gap="md">
      <PageHeader
        title="Events"
        description="The events you may see: yours, your organization's and the public ones."
        actions={
          <Button
            component={Link}
            to="/calendar"
            kind="blanc"
            leftSection={<IconCalendarMonth size={16} aria-hidden />}
          >
            Calendar
          </Button>
        }
      />
      <SegmentedControl
        aria-label="Which events"
        w={{ base: '100%', sm: 280 }}
        data={[
          { value: 'upcoming', label: 'Upcoming' },
          { value: 'past', label: 'Past' },
        ]}
        value={params.when}
        onChange={(value) => show({ ...params, when: value === 'past' ? 'past' : 'upcoming', page: 1 })}
      />
      <search aria-label="Events">
        <form onSubmit={search}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search events"
              placeholder="Title, description or location"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
            />
            <Select
              label="Organization"
              placeholder="Any organization"
              searchable
              clearable
              w={{ base: '100%', sm: 280 }}
              data={organizationOptions}
              searchValue={organizationSearch}
              onSearchChange={setOrganizationSearch}
              value={params.organizationId ? String(params.organizationId) : null}
              onChange={(value, option) => {
                setOrganizationLabel(option ?? null);
                show({ ...params, organizationId: value ? Number(value) : undefined, page: 1 });
              }}
              nothingFoundMessage={organizations.isFetching ? 'Searching…' : 'No organization found'}
            />
            <Button type="submit" kind="secondary">
              Search
            </Button>
          </Group>
        </form>
      </search>
      {list.isPending ? (
        <QueryLoader label="Loading the events" />
      ) : list.isError ? (
        <QueryError
          error={list.error}
          title="The events could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed" role="status">
          {filtered
            ? 'No event matches your search.'
            : params.when === 'upcoming'
              ? 'No upcoming events. Add one from the calendar.'
              : 'No past events.'}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {total} {total === 1 ? 'event' : 'events'}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table
              striped
              verticalSpacing="sm"
              aria-label={params.when === 'past' ? 'Past events' : 'Upcoming events'}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Event</Table.Th>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Organization</Table.Th>
                  <Table.Th scope="col">Visibility</Table.Th>
                  <Table.Th scope="col">My answer</Table.Th>
                  <Table.Th scope="col">Attending</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((event) => (
                  <Table.Tr key={event.eventId}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={`/calendar/events/${event.eventId}`} fw={600}>
                          {event.title}
                        </Anchor>
                        {event.recurring ? (
                          <Badge variant="light" color="gray" size="sm">
                            Recurring
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatSpan(event.start, event.end, timeZone, event.allDay)}</Table.Td>
                    <Table.Td>{event.organizationName ?? '—'}</Table.Td>
                    <Table.Td>{EVENT_VISIBILITY_LABELS[event.visibility].split(' (')[0]}</Table.Td>
                    <Table.Td>
                      {event.myStatus === null
                        ? 'Not invited'
                        : event.myStatus === 'no-answer'
                          ? 'No answer'
                          : ATTENDEE_STATUS_LABELS[event.myStatus]}
                    </Table.Td>
                    <Table.Td>{event.attendingCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            pages={pageCount(total, EVENTS_PAGE_SIZE)}
            page={params.page}
            onChange={(page) => show({ ...params, page })}
          />
        </>
      )}
    </Stack>
  );
}

export { EventsListRoute as Component };
