import { describe, expect, it } from 'vitest';
import {
  fromWallTime,
  isOccurrence,
  nextOccurrence,
  occurrenceStarts,
  rruleText,
  seriesEnd,
  TooManyOccurrences,
  toWallTime,
} from './recurrence';

const HOUR = 3_600_000;

describe('recurrence', () => {
  it('keeps a weekly Vienna meeting at 09:00 local across the end of summer time', () => {
    const start = new Date('2026-10-13T07:00:00Z'); // Tue 09:00 CEST
    const starts = occurrenceStarts(
      { freq: 'weekly', interval: 1 },
      start,
      'Europe/Vienna',
      HOUR,
      new Date('2026-10-01T00:00:00Z'),
      new Date('2026-11-10T00:00:00Z'),
    );
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2026-10-13T07:00:00.000Z',
      '2026-10-20T07:00:00.000Z',
      '2026-10-27T08:00:00.000Z',
      '2026-11-03T08:00:00.000Z',
    ]);
  });
  it('writes the RRULE with UNTIL in UTC and weekdays', () => {
    const start = new Date('2026-12-01T08:00:00Z');
    expect(rruleText({ freq: 'weekly', interval: 2, byWeekday: [1, 3] }, start, 'Europe/Vienna')).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE',
    );
    expect(rruleText({ freq: 'daily', interval: 1, until: '2026-12-05' }, start, 'UTC')).toBe(
      'FREQ=DAILY;INTERVAL=1;UNTIL=20261205T235959Z',
    );
  });
  it('converts wall times both ways', () => {
    const at = new Date('2026-07-01T10:00:00Z');
    expect(fromWallTime(toWallTime(at, 'America/New_York'), 'America/New_York').toISOString()).toBe(
      at.toISOString(),
    );
  });
  it('stops past the limit, finds the end, the next occurrence and tells occurrences apart', () => {
    const start = new Date('2026-01-01T10:00:00Z');
    expect(() =>
      occurrenceStarts(
        { freq: 'daily', interval: 1 },
        start,
        'UTC',
        HOUR,
        start,
        new Date('2026-03-01T00:00:00Z'),
        10,
      ),
    ).toThrow(TooManyOccurrences);
    expect(seriesEnd({ freq: 'daily', interval: 1, count: 3 }, start, 'UTC', HOUR)?.toISOString()).toBe(
      '2026-01-03T11:00:00.000Z',
    );
    expect(seriesEnd({ freq: 'daily', interval: 1 }, start, 'UTC', HOUR)).toBeNull();
    expect(
      nextOccurrence(
        { freq: 'weekly', interval: 1 },
        start,
        'UTC',
        new Date('2026-01-02T00:00:00Z'),
      )?.toISOString(),
    ).toBe('2026-01-08T10:00:00.000Z');
    expect(
      isOccurrence({ freq: 'weekly', interval: 1 }, start, 'UTC', new Date('2026-01-08T10:00:00Z')),
    ).toBe(true);
    expect(
      isOccurrence({ freq: 'weekly', interval: 1 }, start, 'UTC', new Date('2026-01-09T10:00:00Z')),
    ).toBe(false);
  });
});
