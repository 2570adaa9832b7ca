import { Skeleton, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError } from '../../../components/query-state/query-state';
import { ApiError } from '../../../lib/api-client';
import { usePathTabs } from '../../../lib/path-tabs';
import { browserTimeZone } from '../../../lib/zoned-time';
import { useEvent } from '../api/events';
import { useCalendarPreferences } from '../api/preferences';
import { AttendeesPanel } from '../components/attendees-panel';
import { EventDetails } from '../components/event-details';
import { FilesPanel } from '../components/files-panel';

const TABS = ['event', 'attendees', 'files'] as const;

/**
 * /calendar/events/{eventId}: tabs Event, Attendees (/attendees) and Files (/files). An event the user may not read
 * answers 404, shown as the app's not-found page. `?occurrence=` names the occurrence of a
 * recurring event opened from the calendar (edit and delete then ask: this one or the series).
 */
export function EventRoute() {
  const eventId = Number(useParams().eventId);
  const [searchParams] = useSearchParams();
  const event = useEvent(eventId);
  const preferences = useCalendarPreferences();
  const timeZone = preferences.data?.timeZone ?? browserTimeZone();
  const { tab, redirect, select: selectTab } = usePathTabs(`/calendar/events/${eventId}`, TABS);
  const occurrenceParam = searchParams.get('occurrence');
  const occurrenceStart =
    occurrenceParam && !Number.isNaN(Date.parse(occurrenceParam)) ? occurrenceParam : null;

  if (redirect) return <Navigate to={redirect} replace />;
  if (event.isError && event.error instanceof ApiError && event.error.status === 404) {
    return <Navigate to="/404" replace />;
  }
  const back = (
    <Button
      component={Link}
      to="/calendar"
      kind="blanc"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      Calendar
    </Button>
  );
  if (event.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the event">
        <Skeleton height={36} width="50%" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }
  if (event.isError) {
    return (
      <Stack gap="md">
        <PageHeader title="Event" actions={back} />
        <QueryError
          error={event.error}
          title="The event could not be loaded"
          onRetry={() => void event.refetch()}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={event.data.title}
        eyebrow={event.data.organizationName ?? undefined}
        actions={back}
      />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="event">Event</Tabs.Tab>
          <Tabs.Tab value="attendees">Attendees</Tabs.Tab>
          <Tabs.Tab value="files">Files</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="event">
          <EventDetails
            event={event.data}
            occurrenceStart={event.data.recurrence ? occurrenceStart : null}
            timeZone={timeZone}
          />
        </Tabs.Panel>
        <Tabs.Panel value="attendees">
          <AttendeesPanel eventId={eventId} canEdit={event.data.canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="files">
          <FilesPanel eventId={eventId} canEdit={event.data.canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export { EventRoute as Component };
