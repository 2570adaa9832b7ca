import { ActionIcon, Anchor, Group, Paper, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import type { TAttendeeStatus, TEventDetail, TEventFile } from '@parity/domain/calendar/events';
import { formatFileSize } from '@parity/domain/file-size';
import { IconArrowLeft, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useCrumbName } from '../../../components/breadcrumbs/crumb-names';
import { Button } from '../../../components/button/button';
import { EditDeleteButtons } from '../../../components/button/edit-delete-buttons';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { FormattedText } from '../../../components/formatted-text/formatted-text';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { useCurrentAccount } from '../../../lib/account';
import { formatDateTime } from '../../../lib/dates';
import { usePathTabs } from '../../../lib/path-tabs';
import {
  downloadEventFile,
  useAnswerEvent,
  useDeleteEventFile,
  useDeletePodEvent,
  useEventAttendees,
  useEventFiles,
  usePodEvent,
  useUploadEventFile,
} from '../api/events';
import { ATTENDEES_PAGE_SIZE } from '../api/keys';
import { usePod } from '../api/pods';
import { PodEventForm } from '../components/pod-event-form';
import { ListRead, PageRead, ScrollTable } from '../components/query-view';
import { UploadFile } from '../components/upload-file';
import { ANSWERS } from '../lib/names';

const TABS = ['about', 'attendees', 'documents'] as const;
const REPLIES: { status: TAttendeeStatus; label: string }[] = [
  { status: 'attending', label: 'Attend' },
  { status: 'maybe', label: 'Maybe' },
  { status: 'declined', label: 'Decline' },
];

function About({ event }: { event: TEventDetail }) {
  const answer = useAnswerEvent(event.id);
  const mine = event.myAttendance?.status ?? 'no-answer';
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Text>
            <strong>When:</strong> {formatDateTime(event.start)} – {formatDateTime(event.end)}
            {event.recurrence ? ` · repeats ${event.recurrence.freq}` : ''}
          </Text>
          {event.location ? (
            <Text>
              <strong>Where:</strong> {event.location}
            </Text>
          ) : null}
          {event.videoUrl ? (
            <Anchor href={event.videoUrl} target="_blank" rel="noopener noreferrer">
              Join the video call
            </Anchor>
          ) : null}
          <Text>
            <strong>Organizer:</strong> {event.organizer.name}
          </Text>
          <Text size="sm" c="dimmed">
            {event.counts.attending} attending · {event.counts.maybe} maybe · {event.counts.declined} declined
          </Text>
        </Stack>
      </Paper>
      {event.description ? <FormattedText kind="description" html={event.description} /> : null}
      <Group gap="sm" role="group" aria-label="My answer">
        {REPLIES.map((reply) => (
          <Button
            key={reply.status}
            kind={mine === reply.status ? 'primary' : 'blanc'}
            aria-pressed={mine === reply.status}
            loading={answer.isPending && answer.variables === reply.status}
            onClick={() => answer.mutate(reply.status)}
          >
            {reply.label}
          </Button>
        ))}
      </Group>
      <Text size="sm" role="status">
        {mine === 'no-answer' ? 'You have not answered yet.' : `You answered: ${ANSWERS[mine]}.`}
      </Text>
    </Stack>
  );
}

function Attendees({ eventId }: { eventId: number }) {
  const [page, setPage] = useState(1);
  const attendees = useEventAttendees(eventId, page);
  return (
    <ListRead read={attendees} what="the attendees" empty="No one has answered yet.">
      {(list) => (
        <Stack gap="md">
          <ScrollTable label="Attendees" minWidth={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Organization</Table.Th>
                <Table.Th scope="col">Answer</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((attendee) => (
                <Table.Tr key={attendee.userId}>
                  <Table.Td>{attendee.name}</Table.Td>
                  <Table.Td>{attendee.organizationName ?? '—'}</Table.Td>
                  <Table.Td>{ANSWERS[attendee.status]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <Pager pages={pageCount(list.total, ATTENDEES_PAGE_SIZE)} page={page} onChange={setPage} />
        </Stack>
      )}
    </ListRead>
  );
}

/** Delete a document, after a confirmation: its uploader, the organizer and the pod's admins. */
function DeleteDocument({ eventId, file }: { eventId: number; file: TEventFile }) {
  const remove = useDeleteEventFile(eventId);
  const deleteFile = async () => {
    const sure = await confirm({
      title: 'Delete the document',
      message: `Delete ${file.name} from the event? This cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (sure) remove.mutate(file.id);
  };
  return (
    <Tooltip label={`Delete ${file.name}`}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${file.name}`}
        loading={remove.isPending}
        onClick={() => void deleteFile()}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** The event's documents: the organizer and those who answered add them (the calendar's rule). */
function Documents({ event }: { event: TEventDetail }) {
  const files = useEventFiles(event.id);
  const upload = useUploadEventFile(event.id);
  const myId = useCurrentAccount().data?.id;
  const mayUpload =
    event.canEdit || (event.myAttendance !== null && event.myAttendance.status !== 'no-answer');
  return (
    <Stack gap="md">
      {mayUpload ? (
        <UploadFile
          label="Upload a document"
          upload={(file, onProgress) => upload.mutateAsync({ file, onProgress })}
        />
      ) : null}
      <ListRead read={files} what="the documents" empty="No documents are attached to this event.">
        {(list) => (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Documents">
            {list.data.map((file) => (
              <Group component="li" key={file.id} gap="xs" wrap="nowrap">
                <Tooltip label={`Download ${file.name}`}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Download ${file.name}`}
                    onClick={() =>
                      void downloadEventFile(event.id, file.id, file.name).catch(() => undefined)
                    }
                  >
                    <IconDownload size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Text size="sm">
                  {file.name} · {formatFileSize(file.size)} · {file.uploadedBy?.name ?? '—'}
                </Text>
                {event.canEdit || (myId !== undefined && file.uploadedBy?.id === myId) ? (
                  <DeleteDocument eventId={event.id} file={file} />
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
      </ListRead>
    </Stack>
  );
}

/** Edit and Delete, for the organizer and the pod's admins (canEdit): the whole series. */
function EventActions({ podId, event }: { podId: number; event: TEventDetail }) {
  const navigate = useNavigate();
  const remove = useDeletePodEvent(podId);
  const edit = () =>
    openDialog({
      title: 'Edit event',
      size: 'large',
      content: (close) => <PodEventForm podId={podId} event={event} onDone={close} />,
    });
  const deleteEvent = async () => {
    const sure = await confirm({
      title: 'Delete the event',
      message: `Delete ${event.title}${event.recurrence ? ' and all its occurrences' : ''}? Its attendees are told it is cancelled.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (sure)
      remove.mutate(event.id, { onSuccess: () => navigate(`/pods/${podId}/events`, { replace: true }) });
  };
  return <EditDeleteButtons onEdit={edit} onDelete={() => void deleteEvent()} deleting={remove.isPending} />;
}

/**
 * /pods/{podId}/events/{eventId}: a pod event's tabs About, Attendees and Documents (at
 * /attendees and /files). A non-member,
 * or another pod's event, answers 404, shown as the app's not-found page.
 */
export function PodEventRoute() {
  const params = useParams();
  const podId = Number(params.podId);
  const eventId = Number(params.eventId);
  const event = usePodEvent(podId, eventId);
  // The trail names the pod and the event: Pods / {pod} / {event}.
  const pod = usePod(podId);
  useCrumbName(`/pods/${podId}`, pod.data?.name);
  useCrumbName(`/pods/${podId}/events/${eventId}`, event.data?.title);
  // Documents are the spec's /files.
  const { tab, redirect, select } = usePathTabs(`/pods/${podId}/events/${eventId}`, TABS, {
    documents: 'files',
  });

  const back = (
    <Button
      component={Link}
      to={`/pods/${podId}/events`}
      kind="blanc"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      Pod events
    </Button>
  );
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <PageRead read={event} what="the event" title="Event" actions={back}>
      {(data) => (
        <Stack gap="md">
          <PageHeader
            title={data.title}
            eyebrow="Pod event"
            actions={
              <Group gap="sm" wrap="wrap">
                {back}
                {data.canEdit ? <EventActions podId={podId} event={data} /> : null}
              </Group>
            }
          />
          <Tabs value={tab} onChange={select} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="about">About</Tabs.Tab>
              <Tabs.Tab value="attendees">Attendees</Tabs.Tab>
              <Tabs.Tab value="documents">Documents</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="about">
              <About event={data} />
            </Tabs.Panel>
            <Tabs.Panel value="attendees">
              <Attendees eventId={eventId} />
            </Tabs.Panel>
            <Tabs.Panel value="documents">
              <Documents event={data} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </PageRead>
  );
}
