import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, NO_DATE, relativeTime } from './dates';

// The tests run in the machine's time zone (UTC in CI); instants are checked against that zone.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('dates as every page writes them', () => {
  it('writes a calendar date as written, whatever the time zone', () => {
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
  });

  it('writes an instant in the zone a page names (an event in its calendar zone), in one style', () => {
    const instant = '2026-12-07T19:17:00Z';
    expect(formatDateTime(instant, { timeZone: 'UTC' })).toBe('Dec 7, 2026, 7:17 PM');
    expect(formatDateTime(instant, { timeZone: 'Asia/Tokyo' })).toBe('Dec 8, 2026, 4:17 AM');
    expect(formatDate(instant, { timeZone: 'Asia/Tokyo' })).toBe('Dec 8, 2026');
    expect(formatTime(instant, { timeZone: 'America/New_York' })).toBe('2:17 PM');
  });

  it("writes an instant's day and time in the browser's time zone", () => {
    const instant = '2026-11-22T16:35:00Z';
    const local = new Date(instant);
    const expectedDay = local.toLocaleDateString('en-US', {
      timeZone: zone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    expect(formatDate(instant)).toBe(expectedDay);
    expect(formatDateTime(instant)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDateTime(instant).startsWith(expectedDay)).toBe(true);
    expect(formatTime(instant)).toMatch(/^\d{1,2}:35\s[AP]M$/);
  });

  it('shows a dash for a missing date and the text itself for one that does not parse', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatTime('later')).toBe('later');
  });

  it('says how long ago or how far ahead, in words', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-21T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-22T14:00:00Z', now)).toBe('in 2 hours');
    expect(relativeTime('2025-11-22T12:00:00Z', now)).toBe('last year');
    expect(relativeTime('garbage', now)).toBe('garbage');
  });

  it('counts days and months as the calendar of the time zone shows them, beside the dates', () => {
    const morning = Date.parse('2026-12-08T05:00:00Z');
    // 30 hours before a morning is the day before yesterday (the dates beside it say Dec 6).
    expect(relativeTime('2026-12-06T23:00:00Z', morning, { timeZone: 'UTC' })).toBe('2 days ago');
    expect(relativeTime('2026-12-07T04:00:00Z', morning, { timeZone: 'UTC' })).toBe('yesterday');
    // At 04:00 UTC on Dec 8 it is still Dec 7 in New York: there the same instant was yesterday.
    const lateInNewYork = Date.parse('2026-12-08T04:00:00Z');
    expect(relativeTime('2026-12-06T23:00:00Z', lateInNewYork, { timeZone: 'UTC' })).toBe('2 days ago');
    expect(relativeTime('2026-12-06T23:00:00Z', lateInNewYork, { timeZone: 'America/New_York' })).toBe(
      'yesterday',
    );
    expect(relativeTime('2026-11-28T12:00:00Z', morning, { timeZone: 'UTC' })).toBe('last week');
    expect(relativeTime('2026-11-02T12:00:00Z', morning, { timeZone: 'UTC' })).toBe('last month');
    expect(relativeTime('2026-01-04T16:20:00Z', morning, { timeZone: 'UTC' })).toBe('11 months ago');
    expect(relativeTime('2026-12-10T12:00:00Z', morning, { timeZone: 'UTC' })).toBe('in 2 days');
  });
});
