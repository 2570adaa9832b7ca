import type { TOccurrence } from '@parity/domain/calendar/events';

/** A single event has one occurrence; a series' occurrences are named by their original starts. */
export const occurrenceId = (occurrence: Pick<TOccurrence, 'eventId' | 'occurrenceStart'>) =>
  occurrence.occurrenceStart === undefined
    ? String(occurrence.eventId)
    : `${occurrence.eventId}@${occurrence.occurrenceStart}`;

/** The event's page; an occurrence of a series opens with `?occurrence=` (its original start). */
export function eventPath(occurrence: Pick<TOccurrence, 'eventId' | 'occurrenceStart'>) {
  const base = `/calendar/events/${occurrence.eventId}`;
  return occurrence.occurrenceStart === undefined
    ? base
    : `${base}?occurrence=${encodeURIComponent(occurrence.occurrenceStart)}`;
}
