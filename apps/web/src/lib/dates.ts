/**
 * How every page writes dates and times: one set of formats (US English, the browser's time zone
 * for instants). Each Intl formatter is made once, when first used: one is costly to build
 * (toLocaleString with options builds one per call: a list of 50 rows spent tens of milliseconds
 * on a phone).
 */

// 'Nov 22, 2026' is written by hand, not with Intl: the first Intl date formatter a page builds
// costs ~15 ms (its locale data), and the dashboard's first render would pay it for due dates.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A formatter made at its first use, not as the app starts. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const dateTimeFormat = once(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);
const timeFormat = once(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }));
const relativeFormat = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** What a missing date shows. */
export const NO_DATE = '—';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 'Nov 22, 2026'. A calendar date (YYYY-MM-DD, such as a due date) is shown as written, in any
 * time zone; an instant shows its day in the browser's time zone. Missing: '—'; text that is no
 * date is shown as it is.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NO_DATE;
  if (CALENDAR_DATE.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return parse(value) ? `${MONTHS[month - 1]} ${day}, ${year}` : value;
  }
  const date = parse(value);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : value;
}

/** 'Nov 22, 2026, 4:35 PM' in the browser's time zone. Missing: '—'. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NO_DATE;
  const date = parse(value);
  return date ? dateTimeFormat().format(date) : value;
}

/** '4:35 PM' in the browser's time zone. */
export function formatTime(value: string): string {
  const date = parse(value);
  return date ? timeFormat().format(date) : value;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday', 'in 2 hours', 'just now'. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat().format(Math.round(seconds / size), unit);
  }
  return relativeFormat().format(Math.round(seconds / 60) || (seconds < 0 ? -1 : 1), 'minute');
}
