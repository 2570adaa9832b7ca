import type { TAttendeeStatus } from '@parity/domain/calendar/events';

/** A page of /calendar/events as the API is asked for it (GET /api/events/list). */
export interface EventListParams {
  when: 'upcoming' | 'past';
  q: string;
  organizationId?: number | undefined;
  page: number;
}

/** The calendar's query keys, one family under 'calendar': a write refreshes what it changed. */
export const calendarKeys = {
  all: ['calendar'] as const,
  occurrences: ['calendar', 'occurrences'] as const,
  range: (from: string, to: string) => ['calendar', 'occurrences', from, to] as const,
  lists: ['calendar', 'list'] as const,
  list: (params: EventListParams) => ['calendar', 'list', params] as const,
  event: (eventId: number) => ['calendar', 'event', eventId] as const,
  attendees: (eventId: number, status: TAttendeeStatus | null, page: number) =>
    ['calendar', 'event', eventId, 'attendees', status, page] as const,
  files: (eventId: number) => ['calendar', 'event', eventId, 'files'] as const,
  preferences: ['calendar', 'preferences'] as const,
  feed: ['calendar', 'feed'] as const,
};

export const EVENTS_PAGE_SIZE = 25;
export const ATTENDEES_PAGE_SIZE = 50;
