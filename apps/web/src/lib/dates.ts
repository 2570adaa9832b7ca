/**
 * The app's one date and time formatter: every page writes dates with these named styles, in the
 * user's locale (the browser's language) and time zone (the browser's, or the zone a page names,
 * such as a calendar's). The architecture test refuses date formatting anywhere else. Each Intl
 * formatter is made once, when first used: one is costly to build (a list of 50 rows formatting
 * per call spent tens of milliseconds on a phone).
 */

/** The named styles: 'Dec 7, 2026', 'Dec 7, 2026, 7:17 PM', '7:17 PM' (in en-US). */
const STYLES = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

const made = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `key`, made at its first use. */
function once(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = made.get(key);
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** The style's formatter in `timeZone` (the browser's when none). */
function formatter(style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  return once(
    `${style} ${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(undefined, { ...STYLES[style], timeZone }),
  );
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** What a missing date shows. */
export const NO_DATE = '—';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Where an instant is shown: the browser's zone unless the page names one (an event's calendar). */
export interface ZoneOption {
  timeZone?: string;
}

/**
 * 'Dec 7, 2026'. A calendar date (YYYY-MM-DD, such as a due date) is shown as written, in any
 * time zone; an instant shows its day in the time zone. Missing: '—'; text that is no date is
 * shown as it is.
 */
export function formatDate(value: string | null | undefined, { timeZone }: ZoneOption = {}): string {
  if (!value) return NO_DATE;
  if (CALENDAR_DATE.test(value)) {
    const date = parse(`${value}T00:00:00Z`);
    const [, month, day] = value.split('-').map(Number) as [number, number, number];
    // `new Date` rolls 2026-02-30 over to March: a day it moved is no date.
    return date && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
      ? formatter('date', 'UTC').format(date)
      : value;
  }
  const date = parse(value);
  return date ? formatter('date', timeZone).format(date) : value;
}

/** 'Dec 7, 2026, 7:17 PM' in the time zone. Missing: '—'. */
export function formatDateTime(value: string | null | undefined, { timeZone }: ZoneOption = {}): string {
  if (!value) return NO_DATE;
  const date = parse(value);
  return date ? formatter('dateTime', timeZone).format(date) : value;
}

/** '7:17 PM' in the time zone. */
export function formatTime(value: string, { timeZone }: ZoneOption = {}): string {
  const date = parse(value);
  return date ? formatter('time', timeZone).format(date) : value;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * '5 minutes ago', 'in 2 hours', 'just now'; from a day on, 'yesterday', '3 weeks ago', 'last
 * month' counted in calendar days and months of the time zone, so that it agrees with the dates
 * shown beside it (30 hours before a morning is two days ago, not 'yesterday').
 */
export function relativeTime(iso: string, now: number = Date.now(), { timeZone }: ZoneOption = {}): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (Math.abs(seconds) < 3600)
    return relativeFormat.format(Math.round(seconds / 60) || Math.sign(seconds), 'minute');
  if (Math.abs(seconds) < 24 * 3600) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  const zone = timeZone ?? browserTimeZone();
  const a = wallClockIn(new Date(then), zone);
  const b = wallClockIn(new Date(now), zone);
  const days = Math.round(
    (Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day)) / DAY_MS,
  );
  if (Math.abs(days) < 7) return relativeFormat.format(days, 'day');
  if (Math.abs(days) < 28) return relativeFormat.format(Math.round(days / 7), 'week');
  const months = (a.year - b.year) * 12 + (a.month - b.month);
  if (Math.abs(months) < 12) return relativeFormat.format(months || Math.sign(days), 'month');
  return relativeFormat.format(a.year - b.year, 'year');
}

/** The browser's own time zone (the default of a new user's preferences). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The wall clock's numbers in `timeZone` at `instant` (for computing, not for showing). */
export function wallClockIn(instant: Date, timeZone: string) {
  const parts = once(
    `parts ${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  ).formatToParts(instant);
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
