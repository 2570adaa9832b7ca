import { Anchor, Badge, Group, SegmentedControl, Stack, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { openDialog } from '../../../components/dialog/dialog-store';
import { Pager, pageCount } from '../../../components/pager/pager';
import { formatDateTime } from '../../../lib/dates';
import { usePodEvents } from '../api/events';
import { EVENTS_PAGE_SIZE } from '../api/keys';
import { PodEventForm } from '../components/pod-event-form';
import { ListRead, ScrollTable } from '../components/query-view';
import { ANSWERS } from '../lib/names';
import { useShownPod } from '../lib/shown-pod';

/** /pods/{podId}/events: the pod's upcoming or past events; any member adds one. */
export function PodEventsRoute() {
  const pod = useShownPod();
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [page, setPage] = useState(1);
  const events = usePodEvents(pod.id, when, page);

  const addEvent = () =>
    openDialog({
      title: 'Add event',
      size: 'large',
      content: (close) => <PodEventForm podId={pod.id} onDone={close} />,
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Which events"
          data={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: 'Past' },
          ]}
          value={when}
          onChange={(value) => {
            setWhen(value === 'past' ? 'past' : 'upcoming');
            setPage(1);
          }}
        />
        {pod.isMember ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={addEvent}>
            Add event
          </Button>
        ) : null}
      </Group>
      <ListRead
        read={events}
        what="the events"
        empty={when === 'upcoming' ? 'No upcoming events.' : 'No past events.'}
      >
        {(list) => (
          <>
            <ScrollTable label={when === 'upcoming' ? 'Upcoming events' : 'Past events'} minWidth={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Event</Table.Th>
                  <Table.Th scope="col">Starts</Table.Th>
                  <Table.Th scope="col">My answer</Table.Th>
                  <Table.Th scope="col">Attending</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((event) => (
                  <Table.Tr key={event.eventId}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={`/pods/${pod.id}/events/${event.eventId}`} fw={600}>
                          {event.title}
                        </Anchor>
                        {event.recurring ? (
                          <Badge variant="light" color="gray" size="sm">
                            Recurring
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDateTime(event.start)}</Table.Td>
                    <Table.Td>{event.myStatus ? ANSWERS[event.myStatus] : 'Not invited'}</Table.Td>
                    <Table.Td>{event.attendingCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
            <Pager pages={pageCount(list.total, EVENTS_PAGE_SIZE)} page={page} onChange={setPage} />
          </>
        )}
      </ListRead>
    </Stack>
  );
}
