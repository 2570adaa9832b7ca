import { MAX_OCCURRENCES_PER_READ, type TRecurrence } from '@parity/domain/calendar/events';
import type { Weekday } from 'rrule';
import * as rruleModule from 'rrule';

// rrule is CommonJS without named ESM exports: Node's ESM loader gives its exports as the default,
// while a bundler or Vite (the test suite's global setup seeds the demo calendar) reads its ESM build.
const { RRule } = (rruleModule as { default?: typeof rruleModule }).default ?? rruleModule;

/*
 * Recurrence with the `rrule` package. A series repeats at the same wall-clock time in its own
 * zone (09:00 Vienna stays 09:00 across DST): rules are expanded over "wall times" written as
 * UTC dates, each turned back into the real instant with the zone's offset at that time.
 */

const WEEKDAYS: Weekday[] = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];
const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;

// Making an Intl.DateTimeFormat is costly: one per zone, kept (zones are few).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at this instant, in milliseconds. */
function offsetMs(timeZone: string, at: Date): number {
  if (timeZone === 'UTC') return 0;
  const parts = formatter(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** An instant as its wall time in the zone (a Date whose UTC fields are the local ones). */
export function toWallTime(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + offsetMs(timeZone, instant));
}

/** A wall time in the zone back to its instant (the later reading of a repeated hour). */
export function fromWallTime(wall: Date, timeZone: string): Date {
  const guess = wall.getTime() - offsetMs(timeZone, wall);
  return new Date(wall.getTime() - offsetMs(timeZone, new Date(guess)));
}

function ruleOptions(recurrence: TRecurrence, wallStart: Date) {
  return {
    freq: FREQ[recurrence.freq],
    interval: recurrence.interval ?? 1,
    dtstart: wallStart,
    byweekday:
      recurrence.freq === 'weekly' && recurrence.byWeekday?.length
        ? recurrence.byWeekday.map((d) => WEEKDAYS[d]!)
        : null,
    count: recurrence.count ?? null,
    // until: the end of that day in the event's zone
    until: recurrence.until ? new Date(`${recurrence.until}T23:59:59Z`) : null,
  };
}

/** The RRULE line for the iCalendar file and the API (UNTIL in UTC, as RFC 5545 asks with a TZID start). */
export function rruleText(recurrence: TRecurrence, start: Date, timeZone: string): string {
  const options = ruleOptions(recurrence, toWallTime(start, timeZone));
  const until = options.until ? fromWallTime(options.until, timeZone) : null;
  return new RRule({ ...options, dtstart: null, until }).toString().replace(/^RRULE:/, '');
}

export class TooManyOccurrences extends Error {}

/**
 * The original starts (instants) of the occurrences overlapping [from, to) of a series lasting
 * `durationMs` each. Throws TooManyOccurrences past `limit`.
 */
export function occurrenceStarts(
  recurrence: TRecurrence,
  start: Date,
  timeZone: string,
  durationMs: number,
  from: Date,
  to: Date,
  limit = MAX_OCCURRENCES_PER_READ,
): Date[] {
  // Many people read the same weeks of the same series: expansions are kept, keyed by all they depend on.
  const key = `${JSON.stringify(recurrence)}|${start.getTime()}|${timeZone}|${durationMs}|${from.getTime()}|${to.getTime()}`;
  let starts = expansions.get(key);
  if (!starts) {
    try {
      starts = expandUncached(recurrence, start, timeZone, durationMs, from, to, MAX_OCCURRENCES_PER_READ);
    } catch (error) {
      if (!(error instanceof TooManyOccurrences)) throw error;
      starts = TOO_MANY;
    }
    remember(key, starts);
  }
  if (starts === TOO_MANY || starts.length > limit) throw new TooManyOccurrences();
  return starts.map((d) => new Date(d));
}

const TOO_MANY = 'too many' as const;
const EXPANSIONS_KEPT = 20_000;
const expansions = new Map<string, Date[] | typeof TOO_MANY>();
function remember(key: string, value: Date[] | typeof TOO_MANY) {
  if (expansions.size >= EXPANSIONS_KEPT) expansions.delete(expansions.keys().next().value!);
  expansions.set(key, value);
}

function expandUncached(
  recurrence: TRecurrence,
  start: Date,
  timeZone: string,
  durationMs: number,
  from: Date,
  to: Date,
  limit: number,
): Date[] {
  const rule = new RRule(ruleOptions(recurrence, toWallTime(start, timeZone)));
  // a day's margin on each side covers any zone offset; exact filtering is on instants below
  const wallFrom = new Date(from.getTime() - durationMs - 86_400_000 + offsetMs(timeZone, from));
  const wallTo = new Date(to.getTime() + 86_400_000 + offsetMs(timeZone, to));
  const starts: Date[] = [];
  let overflow = false;
  rule.between(wallFrom, wallTo, true, (wall) => {
    const instant = fromWallTime(wall, timeZone);
    if (instant.getTime() < to.getTime() && instant.getTime() + durationMs > from.getTime()) {
      starts.push(instant);
      if (starts.length > limit) {
        overflow = true;
        return false;
      }
    }
    return true;
  });
  if (overflow) throw new TooManyOccurrences();
  return starts;
}

/** The end of the series' last occurrence, or null when it never ends. */
export function seriesEnd(
  recurrence: TRecurrence,
  start: Date,
  timeZone: string,
  durationMs: number,
): Date | null {
  if (!recurrence.count && !recurrence.until) return null;
  const rule = new RRule(ruleOptions(recurrence, toWallTime(start, timeZone)));
  const all = rule.all((_, i) => i < MAX_OCCURRENCES_PER_READ * 50);
  const last = all.at(-1);
  return last ? new Date(fromWallTime(last, timeZone).getTime() + durationMs) : start;
}

/** The first occurrence starting at or after `after`, or null. */
export function nextOccurrence(
  recurrence: TRecurrence,
  start: Date,
  timeZone: string,
  after: Date,
): Date | null {
  const rule = new RRule(ruleOptions(recurrence, toWallTime(start, timeZone)));
  const wall = rule.after(new Date(after.getTime() + offsetMs(timeZone, after) - 86_400_000), true);
  let cursor = wall;
  for (let i = 0; cursor && i < 400; i++) {
    const instant = fromWallTime(cursor, timeZone);
    if (instant.getTime() >= after.getTime()) return instant;
    cursor = rule.after(cursor, false);
  }
  return null;
}

/** The last occurrence starting before `before`, or null. */
export function previousOccurrence(
  recurrence: TRecurrence,
  start: Date,
  timeZone: string,
  before: Date,
): Date | null {
  const rule = new RRule(ruleOptions(recurrence, toWallTime(start, timeZone)));
  const wall = rule.before(new Date(before.getTime() + offsetMs(timeZone, before) + 86_400_000), false);
  let cursor = wall;
  for (let i = 0; cursor && i < 400; i++) {
    const instant = fromWallTime(cursor, timeZone);
    if (instant.getTime() < before.getTime()) return instant;
    cursor = rule.before(cursor, false);
  }
  return null;
}

/** Is this instant one of the series' original starts? */
export function isOccurrence(recurrence: TRecurrence, start: Date, timeZone: string, at: Date): boolean {
  return occurrenceStarts(recurrence, start, timeZone, 1, at, new Date(at.getTime() + 1), 5).some(
    (s) => s.getTime() === at.getTime(),
  );
}
