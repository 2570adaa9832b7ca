import {
  calendarPreferencesSchema,
  type TCalendarPreferences,
  ZCalendarFeed,
} from '@parity/domain/calendar/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { calendarKeys } from './keys';

/** GET /api/calendar/preferences: time zone, week start, slot size (defaults filled in). */
export async function getCalendarPreferences() {
  const answer = await api.get<unknown>('/api/calendar/preferences');
  return parseAnswer(calendarPreferencesSchema, answer, { silent: true });
}

export function useCalendarPreferences() {
  return useQuery({ queryKey: calendarKeys.preferences, queryFn: getCalendarPreferences });
}

export async function updateCalendarPreferences(body: TCalendarPreferences) {
  const answer = await api.put<unknown>('/api/calendar/preferences', body, { retries: 0 });
  return parseAnswer(calendarPreferencesSchema, answer);
}

export function useUpdateCalendarPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCalendarPreferences,
    onSuccess: (preferences) => {
      client.setQueryData(calendarKeys.preferences, preferences);
      // Occurrences are read by range, which moves with the zone and the week start.
      void client.invalidateQueries({ queryKey: calendarKeys.occurrences });
    },
  });
}

/** GET /api/calendar/feed: whether a feed is active (its secret URL is answered only by the POST making it). */
export async function getCalendarFeed() {
  const answer = await api.get<unknown>('/api/calendar/feed');
  return parseAnswer(ZCalendarFeed, answer, { silent: true });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarKeys.feed, queryFn: getCalendarFeed });
}

/** POST /api/calendar/feed: a new secret URL, shown this once; the previous one stops working. */
export function useRegenerateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseAnswer(ZCalendarFeed, await api.post<unknown>('/api/calendar/feed', undefined, { retries: 0 })),
    onSuccess: (feed) => client.setQueryData(calendarKeys.feed, feed),
  });
}

/** DELETE /api/calendar/feed: the URL stops working and none is issued. */
export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>('/api/calendar/feed', undefined, { retries: 0 }),
    onSuccess: () => client.setQueryData(calendarKeys.feed, { url: null, active: false, createdAt: null }),
  });
}
