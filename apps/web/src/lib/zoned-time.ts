/**
 * Wall-clock times in a named IANA zone, with the browser's Intl only: the event form edits
 * "2026-12-03T09:30" in the event's own zone, the API stores the UTC instant.
 */

function partsIn(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "YYYY-MM-DDTHH:mm" as the clock on the wall in `timeZone` shows `iso`. */
export function toZonedInput(iso: string, timeZone: string): string {
  const p = partsIn(new Date(iso), timeZone);
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

/** The browser's own zone (the default of a new user's preferences). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the browser knows, for the zone pickers. */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes('UTC') ? names : ['UTC', ...names];
}

/** "Thu 3 Dec 2026, 09:30" in `timeZone` (the date alone for an all-day event). */
export function formatWhen(iso: string, timeZone: string, allDay = false): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: allDay ? 'UTC' : timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(allDay ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  }).format(new Date(iso));
}

/** The event's span: "Thu 3 Dec 2026, 09:30 – 10:30", or the days of an all-day event. */
export function formatSpan(start: string, end: string, timeZone: string, allDay: boolean): string {
  if (allDay) {
    const first = formatWhen(start, timeZone, true);
    const last = formatWhen(allDayStart(allDayLastDate(end)), timeZone, true);
    return first === last ? `${first} (all day)` : `${first} – ${last} (all day)`;
  }
  const from = formatWhen(start, timeZone);
  const sameDay = toZonedInput(start, timeZone).slice(0, 10) === toZonedInput(end, timeZone).slice(0, 10);
  const to = sameDay ? toZonedInput(end, timeZone).slice(11) : formatWhen(end, timeZone);
  return `${from} – ${to}`;
}
