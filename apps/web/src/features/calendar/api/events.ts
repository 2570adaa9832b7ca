import {
  type TEventInput,
  type TEventPatch,
  type TEventScope,
  ZEventDetail,
  ZEventList,
  ZOccurrenceList,
} from '@parity/domain/calendar/events';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { calendarKeys, EVENTS_PAGE_SIZE, type EventListParams } from './keys';

/** GET /api/events?from&to: every occurrence the user may see in the range, series expanded. */
export async function getOccurrences(from: string, to: string) {
  const answer = await api.get<unknown>('/api/events', { from, to });
  return parseAnswer(ZOccurrenceList, answer, { silent: true }).data;
}

export function useOccurrences(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: calendarKeys.range(range?.from ?? '', range?.to ?? ''),
    queryFn: () => getOccurrences(range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/events/list: upcoming or past events, searched and filtered, a page at a time. */
export async function getEventList(params: EventListParams) {
  const answer = await api.get<unknown>('/api/events/list', {
    when: params.when,
    q: params.q || undefined,
    organizationId: params.organizationId,
    page: params.page,
    pageSize: EVENTS_PAGE_SIZE,
  });
  return parseAnswer(ZEventList, answer, { silent: true });
}

export function useEventList(params: EventListParams) {
  return useQuery({
    queryKey: calendarKeys.list(params),
    queryFn: () => getEventList(params),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/events/{id}: 404 for an event the user may not read. */
export async function getEvent(eventId: number) {
  const answer = await api.get<unknown>(`/api/events/${eventId}`);
  return parseAnswer(ZEventDetail, answer, { silent: true });
}

export function useEvent(eventId: number) {
  return useQuery({ queryKey: calendarKeys.event(eventId), queryFn: () => getEvent(eventId) });
}

/** POST /api/events -> the new event. */
export async function createEvent(body: TEventInput) {
  const answer = await api.post<unknown>('/api/events', body, { retries: 0 });
  return parseAnswer(ZEventDetail, answer);
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (event) => {
      client.setQueryData(calendarKeys.event(event.id), event);
      void client.invalidateQueries({ queryKey: calendarKeys.occurrences });
      void client.invalidateQueries({ queryKey: calendarKeys.lists });
    },
  });
}

/** PATCH /api/events/{id}: the series, or one occurrence of it (a drag, an edit of 'this occurrence'). */
export async function updateEvent(eventId: number, body: Partial<TEventPatch>) {
  const answer = await api.patch<unknown>(`/api/events/${eventId}`, body, { retries: 0 });
  return parseAnswer(ZEventDetail, answer);
}

export function useUpdateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, body }: { eventId: number; body: Partial<TEventPatch> }) =>
      updateEvent(eventId, body),
    onSuccess: (event) => {
      client.setQueryData(calendarKeys.event(event.id), event);
      void client.invalidateQueries({ queryKey: calendarKeys.occurrences });
      void client.invalidateQueries({ queryKey: calendarKeys.lists });
    },
  });
}

/** DELETE /api/events/{id}?scope=series|occurrence&occurrenceStart: attendees get a cancellation. */
export async function deleteEvent(eventId: number, scope: TEventScope, occurrenceStart?: string) {
  await api.delete<unknown>(`/api/events/${eventId}`, { scope, occurrenceStart }, { retries: 0 });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      eventId,
      scope,
      occurrenceStart,
    }: {
      eventId: number;
      scope: TEventScope;
      occurrenceStart?: string;
    }) => deleteEvent(eventId, scope, occurrenceStart),
    onSuccess: (_answer, { eventId, scope }) => {
      if (scope === 'series') client.removeQueries({ queryKey: calendarKeys.event(eventId) });
      else void client.invalidateQueries({ queryKey: calendarKeys.event(eventId) });
      void client.invalidateQueries({ queryKey: calendarKeys.occurrences });
      void client.invalidateQueries({ queryKey: calendarKeys.lists });
    },
  });
}

/** GET /api/events/{id}/ics: the event as an iCalendar file, saved by the browser. */
export function downloadEventIcs(eventId: number, title: string) {
  const name = `${title.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'event'}.ics`;
  return downloadFile(`/api/events/${eventId}/ics`, name);
}
