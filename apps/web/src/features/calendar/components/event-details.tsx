import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import {
  ATTENDEE_STATUS_LABELS,
  EVENT_VISIBILITY_LABELS,
  isSoon,
  REMINDER_MINUTES,
  reminderText,
  type TAttendeeStatus,
  type TEventDetail,
} from '@parity/domain/calendar/events';
import { IconCalendarDown } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { EditDeleteButtons } from '../../../components/button/edit-delete-buttons';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { editEventValues, WEEKDAYS } from '../../../components/event-form/event-form';
import { FormattedText } from '../../../components/formatted-text/formatted-text';
import { Select } from '../../../components/select/select';
import { formatDate } from '../../../lib/dates';
import { formatSpan } from '../../../lib/zoned-time';
import { useUpdateMyAttendance } from '../api/attendees';
import { downloadEventIcs, useDeleteEvent } from '../api/events';
import { askScope } from './ask-scope';
import { CalendarEventForm } from './calendar-event-form';

const ANSWERS: { status: TAttendeeStatus; label: string }[] = [
  { status: 'attending', label: 'Attend' },
  { status: 'maybe', label: 'Maybe' },
  { status: 'declined', label: 'Decline' },
];

/** "Weekly on Mon, Wed until 2027-01-31", from the event's recurrence. */
export function recurrenceText(recurrence: NonNullable<TEventDetail['recurrence']>): string {
  const unit = { daily: 'day', weekly: 'week', monthly: 'month' }[recurrence.freq];
  const every =
    recurrence.interval > 1
      ? `Every ${recurrence.interval} ${unit}s`
      : { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' }[recurrence.freq];
  const days = recurrence.byWeekday?.length
    ? ` on ${recurrence.byWeekday.map((d) => WEEKDAYS[d]).join(', ')}`
    : '';
  const end = recurrence.until
    ? ` until ${formatDate(recurrence.until.slice(0, 10))}`
    : recurrence.count
      ? `, ${recurrence.count} times`
      : '';
  return `${every}${days}${end}`;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** The Event tab: what, when, where, who; my answer and reminder; .ics, edit and delete. */
export function EventDetails({
  event,
  occurrenceStart,
  timeZone,
}: {
  event: TEventDetail;
  /** the occurrence opened from the calendar (a recurring event's), else null */
  occurrenceStart: string | null;
  /** the user's zone, in which times are shown */
  timeZone: string;
}) {
  const navigate = useNavigate();
  const answer = useUpdateMyAttendance(event.id);
  const remove = useDeleteEvent();
  const description = event.description.trim();
  const duration = new Date(event.end).getTime() - new Date(event.start).getTime();
  const start = occurrenceStart ?? event.start;
  const end = new Date(new Date(start).getTime() + duration).toISOString();
  const my = event.myAttendance;

  const edit = () =>
    openDialog({
      title: 'Edit event',
      size: 'large',
      content: (close) => (
        <CalendarEventForm
          event={event}
          occurrenceStart={occurrenceStart}
          initialValues={editEventValues(event, occurrenceStart)}
          onDone={close}
        />
      ),
    });

  const del = async () => {
    let scope: 'series' | 'occurrence' = 'series';
    if (event.recurrence && occurrenceStart) {
      const chosen = await askScope('delete');
      if (!chosen) return;
      scope = chosen;
    } else if (
      !(await confirm({
        title: 'Delete event',
        message: `Delete "${event.title}"? Its attendees are sent a cancellation.`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    remove.mutate(
      { eventId: event.id, scope, ...(scope === 'occurrence' && occurrenceStart ? { occurrenceStart } : {}) },
      { onSuccess: () => void navigate(scope === 'series' ? '/calendar' : `/calendar/events/${event.id}`) },
    );
  };

  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light">{EVENT_VISIBILITY_LABELS[event.visibility]}</Badge>
        {event.recurrence ? (
          <Badge variant="light" color="gray">
            {recurrenceText(event.recurrence)}
          </Badge>
        ) : null}
        {!event.allDay && isSoon(start) ? (
          <Badge color="orange.9" variant="filled">
            Starting soon
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
        <Field label={occurrenceStart ? 'This occurrence' : 'When'}>
          {formatSpan(start, end, timeZone, event.allDay)}
        </Field>
        <Field label="Event time zone">{event.timeZone}</Field>
        {event.location ? <Field label="Location">{event.location}</Field> : null}
        {event.videoUrl ? (
          <Field label="Video link">
            <Anchor href={event.videoUrl} target="_blank" rel="noopener noreferrer">
              {event.videoUrl}
            </Anchor>
          </Field>
        ) : null}
        <Field label="Organizer">
          {event.organizer.name}
          {event.organizationName ? ` (${event.organizationName})` : ''}
        </Field>
        <Field label="Attending">
          {event.counts.attending} attending, {event.counts.maybe} maybe, {event.counts.declined} declined,{' '}
          {event.counts['no-answer']} no answer
        </Field>
      </SimpleGrid>
      {description ? (
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h5" mb="xs">
            Description
          </Title>
          <Typography>
            <FormattedText kind="description" html={event.description} />
          </Typography>
        </Paper>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            My answer
          </Title>
          <Group gap="sm" role="group" aria-label="My answer">
            {ANSWERS.map(({ status, label }) => (
              <Button
                key={status}
                kind={my?.status === status ? 'primary' : 'blanc'}
                aria-pressed={my?.status === status}
                loading={answer.isPending && answer.variables?.status === status}
                onClick={() => answer.mutate({ status, reminderMinutes: my?.reminderMinutes ?? null })}
              >
                {label}
              </Button>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {my
              ? my.status === 'no-answer'
                ? 'You have not answered yet.'
                : `You answered: ${ATTENDEE_STATUS_LABELS[my.status]}.`
              : 'You are not invited; answering adds you to the attendees.'}
          </Text>
          <Select
            label="Remind me"
            w={{ base: '100%', sm: 260 }}
            placeholder="No reminder"
            clearable
            data={REMINDER_MINUTES.map((minutes) => ({
              value: String(minutes),
              label: `${minutes < 60 ? `${minutes} minutes` : '1 hour'} before (${reminderText(minutes)})`,
            }))}
            value={my?.reminderMinutes ? String(my.reminderMinutes) : null}
            onChange={(value) =>
              answer.mutate({
                status: my?.status ?? 'attending',
                reminderMinutes: value ? Number(value) : null,
              })
            }
          />
          {my?.reminderMinutes ? (
            <Text size="sm" role="status">
              You will be reminded by mail {reminderText(my.reminderMinutes)} before it starts.
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Group gap="sm">
        <Button
          kind="secondary"
          leftSection={<IconCalendarDown size={16} aria-hidden />}
          onClick={() => void downloadEventIcs(event.id, event.title).catch(() => undefined)}
        >
          Download .ics
        </Button>
        {event.canEdit ? (
          <EditDeleteButtons onEdit={edit} onDelete={() => void del()} deleting={remove.isPending} />
        ) : null}
      </Group>
    </Stack>
  );
}
