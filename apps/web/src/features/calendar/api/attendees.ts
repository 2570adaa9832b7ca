import {
  type TAttendeeInvite,
  type TAttendeeStatus,
  type TMyAttendance,
  ZAttendeeList,
} from '@parity/domain/calendar/events';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, parseAnswer } from '../../../lib/api-client';
import { ATTENDEES_PAGE_SIZE, calendarKeys } from './keys';

/** GET /api/events/{id}/attendees: a page of the attendees (one status or all) and the counts. */
export async function getAttendees(eventId: number, status: TAttendeeStatus | null, page: number) {
  const answer = await api.get<unknown>(`/api/events/${eventId}/attendees`, {
    status: status ?? undefined,
    page,
    pageSize: ATTENDEES_PAGE_SIZE,
  });
  return parseAnswer(ZAttendeeList, answer, { silent: true });
}

export function useAttendees(eventId: number, status: TAttendeeStatus | null, page: number) {
  return useQuery({
    queryKey: calendarKeys.attendees(eventId, status, page),
    queryFn: () => getAttendees(eventId, status, page),
    placeholderData: keepPreviousData,
  });
}

const ZInvited = z.object({ invited: z.number().int() });

/** POST /api/events/{id}/attendees: users and whole organizations (their approved members). */
export async function inviteAttendees(eventId: number, body: TAttendeeInvite) {
  const answer = await api.post<unknown>(`/api/events/${eventId}/attendees`, body, { retries: 0 });
  return parseAnswer(ZInvited, answer);
}

export function useInviteAttendees(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAttendeeInvite) => inviteAttendees(eventId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.event(eventId) }),
  });
}

/** PUT /api/events/{id}/attendees/me: my answer and my reminder. */
export async function updateMyAttendance(eventId: number, body: TMyAttendance) {
  await api.put<unknown>(`/api/events/${eventId}/attendees/me`, body, { retries: 0 });
}

export function useUpdateMyAttendance(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMyAttendance) => updateMyAttendance(eventId, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: calendarKeys.event(eventId) });
      void client.invalidateQueries({ queryKey: calendarKeys.occurrences });
      void client.invalidateQueries({ queryKey: calendarKeys.lists });
    },
  });
}

/** DELETE /api/events/{id}/attendees/{userId} (the organizer or the organization's admins). */
export async function removeAttendee(eventId: number, userId: number) {
  await api.delete<unknown>(`/api/events/${eventId}/attendees/${userId}`, undefined, { retries: 0 });
}

export function useRemoveAttendee(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeAttendee(eventId, userId),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.event(eventId) }),
  });
}
