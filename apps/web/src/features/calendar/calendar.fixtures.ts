import type { TEventDetail, TOccurrence } from '@parity/domain/calendar/events';

/** An occurrence of a single event as GET /api/events answers it. */
export function occurrence(fields: Partial<TOccurrence> = {}): TOccurrence {
  return {
    eventId: 7,
    title: 'Board meeting',
    start: '2026-12-03T09:00:00.000Z',
    end: '2026-12-03T10:00:00.000Z',
    allDay: false,
    canEdit: true,
    myStatus: 'attending',
    ...fields,
  };
}

/** An event as GET /api/events/{id} answers it. */
export function eventDetail(fields: Partial<TEventDetail> = {}): TEventDetail {
  return {
    id: 7,
    title: 'Board meeting',
    description: '<p>Quarterly <strong>figures</strong></p><script>alert(1)</script>',
    start: '2026-12-03T09:00:00.000Z',
    end: '2026-12-03T10:00:00.000Z',
    allDay: false,
    timeZone: 'Europe/London',
    location: 'Room 4',
    videoUrl: 'https://meet.example.com/board',
    visibility: 'organization',
    organizationId: 2,
    organizationName: 'Acme Capital Partners',
    podId: null,
    organizer: { id: 4, name: 'Ada Lovelace', email: 'ada@acme.test' },
    recurrence: null,
    rrule: null,
    sequence: 0,
    canEdit: true,
    myAttendance: { status: 'no-answer', reminderMinutes: null },
    counts: { 'no-answer': 3, attending: 2, declined: 1, maybe: 0 },
    exceptions: [],
    ...fields,
  };
}

export const PREFERENCES = { timeZone: 'Europe/London', weekStart: 1, slotMinutes: 15 } as const;
