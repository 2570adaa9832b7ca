/**
 * Wall-clock times in a named IANA zone, with the browser's Intl only: the event form edits
 * "2026-12-03T09:30" in the event's own zone, the API stores the UTC instant. What a page shows
 * is written by lib/dates.ts, the app's one formatter.
 */

import { formatDate, formatDateTime, formatTime, wallClockIn } from './dates';

export { browserTimeZone } from './dates';

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = wallClockIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "YYYY-MM-DDTHH:mm" as the clock on the wall in `timeZone` shows `iso`. */
export function toZonedInput(iso: string, timeZone: string): string {
  const p = wallClockIn(new Date(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The UTC ISO instant of a wall-clock time ("YYYY-MM-DDTHH:mm") in `timeZone`, or null when the
 * text is not a date and time. A time skipped by a clock change lands just after the change.
 */
export function fromZonedInput(wall: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the offset at the instant itself (it differs from the guess's near a change).
  let instant = guess - zoneOffsetMs(new Date(guess), timeZone);
  instant = guess - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant).toISOString();
}

/**
 * All-day events are stored as UTC midnights (start, and the exclusive end the day after the
 * last day): the date itself, the same in every zone, as iCalendar's DATE values.
 */
export function allDayStart(date: string): string {
  return `${date}T00:00:00.000Z`;
}

/** The exclusive end of an all-day event whose last day is `lastDate`. */
export function allDayEnd(lastDate: string): string {
  const next = new Date(`${lastDate}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The last day ("YYYY-MM-DD") of an all-day event ending (exclusively) at `endIso`. */
export function allDayLastDate(endIso: string): string {
  const last = new Date(new Date(endIso).getTime() - 86_400_000);
  return last.toISOString().slice(0, 10);
}

/** Every IANA zone the browser knows, for the zone pickers. */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes('UTC') ? names : ['UTC', ...names];
}

/** The event's span: "Dec 3, 2026, 9:30 AM – 10:30 AM" in `timeZone`, or its days when all-day. */
export function formatSpan(start: string, end: string, timeZone: string, allDay: boolean): string {
  if (allDay) {
    const first = formatDate(start.slice(0, 10));
    const last = formatDate(allDayLastDate(end));
    return first === last ? `${first} (all day)` : `${first} – ${last} (all day)`;
  }
  const from = formatDateTime(start, { timeZone });
  const sameDay = toZonedInput(start, timeZone).slice(0, 10) === toZonedInput(end, timeZone).slice(0, 10);
  const to = sameDay ? formatTime(end, { timeZone }) : formatDateTime(end, { timeZone });
  return `${from} – ${to}`;
}
