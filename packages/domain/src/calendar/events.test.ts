import { describe, expect, it } from 'vitest';
import {
  attendeeInviteSchema,
  CALENDAR_MESSAGES,
  calendarPreferencesSchema,
  eventInputSchema,
  eventPatchSchema,
  eventRangeQuerySchema,
  isSoon,
  isValidTimeZone,
  myAttendanceSchema,
  reminderText,
} from './events';

const valid = {
  title: 'Board meeting',
  start: '2026-12-01T09:00:00Z',
  end: '2026-12-01T10:00:00Z',
  timeZone: 'Europe/Vienna',
};

function messageAt(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('reminderText', () => {
  it('says minutes and hours as a person would', () => {
    expect(reminderText(5)).toBe('in 5 minutes');
    expect(reminderText(1)).toBe('in 1 minute');
    expect(reminderText(60)).toBe('in 1 hour');
    expect(reminderText(120)).toBe('in 2 hours');
    expect(reminderText(90)).toBe('in 90 minutes');
  });
});

describe('isSoon', () => {
  const now = new Date('2026-12-01T09:00:00Z');
  it('is true for an event starting within 30 minutes', () => {
    expect(isSoon('2026-12-01T09:30:00Z', now)).toBe(true);
    expect(isSoon('2026-12-01T09:31:00Z', now)).toBe(false);
    expect(isSoon('2026-12-01T08:59:00Z', now)).toBe(false);
  });
});

describe('eventInputSchema', () => {
  it('accepts an event and fills defaults', () => {
    const parsed = eventInputSchema.parse(valid);
    expect(parsed).toMatchObject({ allDay: false, visibility: 'organization', description: '' });
  });
  it('refuses an end before the start on the end field', () => {
    const result = eventInputSchema.safeParse({ ...valid, end: '2026-12-01T08:00:00Z' });
    expect(messageAt(result, 'end')).toBe(CALENDAR_MESSAGES.endBeforeStart);
  });
  it('refuses a title over 200 characters and an empty one', () => {
    expect(messageAt(eventInputSchema.safeParse({ ...valid, title: 'x'.repeat(201) }), 'title')).toBe(
      CALENDAR_MESSAGES.titleTooLong,
    );
    expect(messageAt(eventInputSchema.safeParse({ ...valid, title: '  ' }), 'title')).toBe(
      CALENDAR_MESSAGES.titleRequired,
    );
  });
  it('refuses an unknown time zone', () => {
    expect(isValidTimeZone('Europe/Vienna')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(messageAt(eventInputSchema.safeParse({ ...valid, timeZone: 'Mars/Olympus' }), 'timeZone')).toBe(
      CALENDAR_MESSAGES.unknownTimeZone,
    );
  });
  it('only takes https video links', () => {
    expect(eventInputSchema.safeParse({ ...valid, videoUrl: 'https://meet.example.org/x' }).success).toBe(
      true,
    );
    expect(
      messageAt(eventInputSchema.safeParse({ ...valid, videoUrl: 'http://meet.example.org/x' }), 'videoUrl'),
    ).toBe(CALENDAR_MESSAGES.videoUrl);
  });
  it('checks the recurrence', () => {
    const weekly = { freq: 'weekly', interval: 1, byWeekday: [1, 3] };
    expect(eventInputSchema.safeParse({ ...valid, recurrence: weekly }).success).toBe(true);
    const daily = eventInputSchema.safeParse({ ...valid, recurrence: { freq: 'daily', byWeekday: [1] } });
    expect(messageAt(daily, 'recurrence.byWeekday')).toBe(CALENDAR_MESSAGES.byWeekdayOnlyWeekly);
    expect(eventInputSchema.safeParse({ ...valid, recurrence: { freq: 'daily', count: 1001 } }).success).toBe(
      false,
    );
    expect(eventInputSchema.safeParse({ ...valid, recurrence: { freq: 'yearly' } }).success).toBe(false);
  });
});

describe('eventPatchSchema', () => {
  it('leaves absent fields out (no defaults) and needs occurrenceStart for one occurrence', () => {
    expect(eventPatchSchema.parse({ title: 'New' })).toEqual({ title: 'New', scope: 'series' });
    const result = eventPatchSchema.safeParse({ scope: 'occurrence', start: valid.start, end: valid.end });
    expect(messageAt(result, 'occurrenceStart')).toBe(CALENDAR_MESSAGES.occurrenceStartRequired);
    expect(messageAt(eventPatchSchema.safeParse({ start: valid.end, end: valid.start }), 'end')).toBe(
      CALENDAR_MESSAGES.endBeforeStart,
    );
  });
});

describe('range, invitations, attendance, preferences', () => {
  it('limits a range read to 62 days', () => {
    expect(
      eventRangeQuerySchema.safeParse({ from: '2026-12-01T00:00:00Z', to: '2027-01-01T00:00:00Z' }).success,
    ).toBe(true);
    const long = eventRangeQuerySchema.safeParse({
      from: '2026-01-01T00:00:00Z',
      to: '2026-06-01T00:00:00Z',
    });
    expect(messageAt(long, 'to')).toBe(CALENDAR_MESSAGES.rangeTooLong);
  });
  it('needs someone to invite', () => {
    expect(messageAt(attendeeInviteSchema.safeParse({}), 'userIds')).toBe(CALENDAR_MESSAGES.inviteSomeone);
    expect(attendeeInviteSchema.safeParse({ organizationIds: [2] }).success).toBe(true);
  });
  it('takes reminders from the spec thresholds only', () => {
    expect(myAttendanceSchema.parse({ status: 'attending' })).toEqual({
      status: 'attending',
      reminderMinutes: null,
    });
    expect(myAttendanceSchema.safeParse({ status: 'attending', reminderMinutes: 5 }).success).toBe(true);
    expect(myAttendanceSchema.safeParse({ status: 'attending', reminderMinutes: 7 }).success).toBe(false);
    expect(myAttendanceSchema.safeParse({ status: 'going' }).success).toBe(false);
  });
  it('checks preferences', () => {
    expect(
      calendarPreferencesSchema.safeParse({ timeZone: 'UTC', weekStart: 1, slotMinutes: 15 }).success,
    ).toBe(true);
    expect(
      calendarPreferencesSchema.safeParse({ timeZone: 'UTC', weekStart: 2, slotMinutes: 15 }).success,
    ).toBe(false);
    expect(
      calendarPreferencesSchema.safeParse({ timeZone: 'UTC', weekStart: 0, slotMinutes: 20 }).success,
    ).toBe(false);
  });
});
