import { Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CALENDAR_SLOT_MINUTES, DEFAULT_CALENDAR_PREFERENCES } from '@parity/domain/calendar/events';
import { IconList, IconPlus, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { openDialog } from '../../../components/dialog/dialog-store';
import { newEventValues } from '../../../components/event-form/event-form';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { browserTimeZone } from '../../../lib/zoned-time';
import { getEvent, useOccurrences, useUpdateEvent } from '../api/events';
import { useCalendarPreferences } from '../api/preferences';
import { askScope } from '../components/ask-scope';
import { CalendarEventForm } from '../components/calendar-event-form';
import { CalendarSettings, SLOT_LABELS } from '../components/calendar-settings';
import type { CalendarViewName, OccurrenceChange } from '../components/calendar-view';
import { eventPath } from '../lib/occurrences';

// FullCalendar is this page's alone: its own chunk, loaded when the page is.
const CalendarView = lazy(() => import('../components/calendar-view'));

/**
 * /calendar: the user's events in month, week, day and list views (list by default on a phone),
 * in their time zone, with Add Event, drag to move or resize in the week and day views, and the
 * calendar's settings.
 */
export function CalendarRoute() {
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const preferences = useCalendarPreferences();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [slotMinutes, setSlotMinutes] = useState<number | null>(null);
  const occurrences = useOccurrences(range);
  const update = useUpdateEvent();

  const prefs = preferences.data ?? DEFAULT_CALENDAR_PREFERENCES;
  const slot = slotMinutes ?? prefs.slotMinutes;

  const addEvent = (slotPicked?: { start: string; end: string; allDay: boolean }) =>
    openDialog({
      title: 'Add event',
      size: 'large',
      content: (close) => (
        <CalendarEventForm initialValues={newEventValues(prefs.timeZone, slotPicked)} onDone={close} />
      ),
    });

  const openSettings = () =>
    openDialog({
      title: 'Calendar settings',
      size: 'medium',
      content: (close) => <CalendarSettings preferences={prefs} onDone={close} />,
    });

  const move = async ({ occurrence, start, end, revert }: OccurrenceChange) => {
    const { occurrenceStart } = occurrence;
    let scope: 'series' | 'occurrence' = 'series';
    if (occurrenceStart !== undefined) {
      const answer = await askScope('move');
      if (!answer) return revert();
      scope = answer;
    }
    try {
      let body: { scope: 'series' | 'occurrence'; occurrenceStart?: string; start: string; end: string };
      if (scope === 'occurrence') body = { scope, occurrenceStart, start, end };
      else if (occurrenceStart !== undefined) {
        // The whole series moves (and stretches) by what this occurrence did, from its own first start.
        const series = await getEvent(occurrence.eventId);
        const startShift = new Date(start).getTime() - new Date(occurrence.start).getTime();
        const endShift = new Date(end).getTime() - new Date(occurrence.end).getTime();
        body = {
          scope,
          start: new Date(new Date(series.start).getTime() + startShift).toISOString(),
          end: new Date(new Date(series.end).getTime() + endShift).toISOString(),
        };
      } else body = { scope, start, end };
      await update.mutateAsync({ eventId: occurrence.eventId, body });
    } catch {
      // The API client's 'Error' alert says why; the event goes back where it was.
      revert();
    }
  };

  const initialView: CalendarViewName = phone ? 'listWeek' : 'dayGridMonth';

  return (
    <Stack gap="md">
      <PageHeader
        title="Calendar"
        description="Your events, your organization's and the public ones, in your time zone."
        actions={
          <>
            <Button
              component={Link}
              to="/calendar/events"
              kind="blanc"
              leftSection={<IconList size={16} aria-hidden />}
            >
              All events
            </Button>
            <Button kind="blanc" leftSection={<IconSettings size={16} aria-hidden />} onClick={openSettings}>
              Settings
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => addEvent()}>
              Add Event
            </Button>
          </>
        }
      />
      {preferences.isPending ? (
        <QueryLoader label="Loading your calendar" />
      ) : preferences.isError ? (
        <QueryError
          error={preferences.error}
          title="Your calendar could not be loaded"
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Select
              label="Time slots"
              w={180}
              allowDeselect={false}
              data={CALENDAR_SLOT_MINUTES.map((minutes) => ({
                value: String(minutes),
                label: SLOT_LABELS[minutes] ?? '',
              }))}
              value={String(slot)}
              onChange={(value) => value && setSlotMinutes(Number(value))}
            />
          </Group>
          {occurrences.isError ? (
            <QueryError
              error={occurrences.error}
              title="The events could not be loaded"
              onRetry={() => void occurrences.refetch()}
            />
          ) : null}
          <Suspense fallback={<QueryLoader label="Loading the calendar" />}>
            <div aria-busy={occurrences.isFetching && !occurrences.data ? 'true' : undefined}>
              <CalendarView
                key={`${prefs.timeZone}-${prefs.weekStart}-${initialView}`}
                occurrences={occurrences.data ?? []}
                timeZone={prefs.timeZone || browserTimeZone()}
                weekStart={prefs.weekStart}
                slotMinutes={slot}
                initialView={initialView}
                onRange={(from, to) => setRange({ from, to })}
                onOpen={(occurrence) => void navigate(eventPath(occurrence))}
                onChange={(change) => void move(change)}
                onSelect={(picked) => addEvent(picked)}
              />
            </div>
          </Suspense>
        </>
      )}
    </Stack>
  );
}

export { CalendarRoute as Component };
