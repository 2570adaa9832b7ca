import type { TAttendeeStatus, TRecurrence } from '@parity/domain/calendar/events';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { fromWallTime, rruleText, seriesEnd, toWallTime } from '../modules/calendar/recurrence';

interface DemoEvent {
  key: string;
  title: string;
  description: string;
  /** days from today (UTC) and the local wall time */
  day: number;
  time: string;
  minutes: number;
  allDay?: boolean;
  timeZone: string;
  location?: string;
  videoUrl?: string;
  visibility: 'private' | 'organization' | 'public';
  organization: string | null;
  organizer: string;
  recurrence?: TRecurrence;
  attendees: Record<string, TAttendeeStatus>;
  reminders?: Record<string, number>;
}

/**
 * The demo calendar (issue 15): a few weeks of events around today across Acme, Cedar, Northwind
 * and public ones, some weekly, with attendees in every status. Dated from the day of seeding, so
 * the calendar is never empty; seeded once (keyed by the events' UIDs).
 */
export async function seedCalendar(
  tx: Tx,
  ids: {
    organizations: Map<string, number>;
    users: Map<string, number>;
    acme: string;
    cedar: string;
    host: string;
  },
  today = new Date(),
) {
  const existing = await tx.execute(sql`SELECT 1 FROM events WHERE uid LIKE 'demo-%' LIMIT 1`);
  if ((existing as unknown as { rows: unknown[] }).rows.length) return;
  const { acme, cedar, host } = ids;
  const events: DemoEvent[] = [
    {
      key: 'acme-committee',
      title: 'Acme investment committee',
      description:
        '<p>Weekly pipeline review: new mandates, <strong>diligence status</strong> and votes.</p>',
      day: -21,
      time: '09:00',
      minutes: 60,
      timeZone: 'Europe/London',
      location: 'Acme HQ, room 3',
      visibility: 'organization',
      organization: acme,
      organizer: 'ada@acme.test',
      recurrence: { freq: 'weekly', interval: 1, count: 9 },
      attendees: {
        'ada@acme.test': 'attending',
        'max@acme.test': 'attending',
        'mfa@acme.test': 'maybe',
        'expired@acme.test': 'declined',
      },
      reminders: { 'max@acme.test': 15 },
    },
    {
      key: 'acme-board-prep',
      title: 'Board pack preparation',
      description: '<p>Collect the quarter’s figures and the DEI update for the board.</p>',
      day: 3,
      time: '14:00',
      minutes: 90,
      timeZone: 'Europe/London',
      videoUrl: 'https://meet.example.org/acme-board-prep',
      visibility: 'private',
      organization: acme,
      organizer: 'ada@acme.test',
      attendees: {
        'ada@acme.test': 'attending',
        'max@acme.test': 'no-answer',
        'eve@cedar.test': 'attending',
      },
    },
    {
      key: 'acme-offsite',
      title: 'Acme strategy offsite',
      description: '<p>Two days out of the office on the next year’s priorities.</p>',
      day: 9,
      time: '00:00',
      minutes: 2 * 24 * 60,
      allDay: true,
      timeZone: 'UTC',
      location: 'Lake District',
      visibility: 'organization',
      organization: acme,
      organizer: 'ada@acme.test',
      attendees: { 'ada@acme.test': 'attending', 'max@acme.test': 'maybe' },
    },
    {
      key: 'cedar-deal-review',
      title: 'Cedar deal review',
      description: '<p>Open deals and the week’s term sheets.</p>',
      day: -12,
      time: '14:00',
      minutes: 45,
      timeZone: 'America/New_York',
      visibility: 'organization',
      organization: cedar,
      organizer: 'eve@cedar.test',
      recurrence: { freq: 'weekly', interval: 1, byWeekday: [3] },
      attendees: { 'eve@cedar.test': 'attending' },
      reminders: { 'eve@cedar.test': 10 },
    },
    {
      key: 'cedar-acme-intro',
      title: 'Cedar × Acme co-investment call',
      description: '<p>First look at a shared mid-market deal.</p>',
      day: 1,
      time: '16:00',
      minutes: 30,
      timeZone: 'America/New_York',
      videoUrl: 'https://meet.example.org/cedar-acme',
      visibility: 'private',
      organization: cedar,
      organizer: 'eve@cedar.test',
      attendees: {
        'eve@cedar.test': 'attending',
        'ada@acme.test': 'maybe',
        'max@acme.test': 'declined',
      },
    },
    {
      key: 'northwind-kickoff',
      title: 'DEI survey 2026 kickoff',
      description: '<p>How to fill in this year’s survey, with time for questions.</p>',
      day: -7,
      time: '15:00',
      minutes: 60,
      timeZone: 'Europe/Berlin',
      videoUrl: 'https://meet.example.org/northwind-kickoff',
      visibility: 'public',
      organization: host,
      organizer: 'host@northwind.test',
      attendees: {
        'host@northwind.test': 'attending',
        'ada@acme.test': 'attending',
        'eve@cedar.test': 'declined',
        'max@acme.test': 'no-answer',
      },
    },
    {
      key: 'community-call',
      title: 'Parity community call',
      description: '<p>What is new in Parity, and your questions.</p>',
      day: -14,
      time: '17:00',
      minutes: 60,
      timeZone: 'UTC',
      videoUrl: 'https://meet.example.org/parity-community',
      visibility: 'public',
      organization: null,
      organizer: 'admin@parity.test',
      recurrence: { freq: 'weekly', interval: 2, byWeekday: [4] },
      attendees: {
        'admin@parity.test': 'attending',
        'ada@acme.test': 'attending',
        'eve@cedar.test': 'maybe',
        'max@acme.test': 'no-answer',
        'host@northwind.test': 'declined',
      },
    },
  ];
  const day0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (const e of events) {
    const [hh, mm] = e.time.split(':').map(Number) as [number, number];
    const wall = new Date(day0 + e.day * 86_400_000 + (hh * 60 + mm) * 60_000);
    let start = e.allDay ? wall : fromWallTime(wall, e.timeZone);
    // a weekly series on chosen days starts on the first of them
    if (e.recurrence?.byWeekday?.length) {
      while (!e.recurrence.byWeekday.includes(toWallTime(start, e.timeZone).getUTCDay())) {
        start = fromWallTime(new Date(toWallTime(start, e.timeZone).getTime() + 86_400_000), e.timeZone);
      }
    }
    const end = new Date(start.getTime() + e.minutes * 60_000);
    const rrule = e.recurrence ? rruleText(e.recurrence, start, e.timeZone) : null;
    const last = e.recurrence ? seriesEnd(e.recurrence, start, e.timeZone, e.minutes * 60_000) : null;
    const organizationId = e.organization ? ids.organizations.get(e.organization)! : null;
    const result = await tx.execute(sql`
      INSERT INTO events (uid, title, description, start_at, end_at, all_day, time_zone, location, video_url,
        visibility, organization_id, organizer_id, rrule, recurrence, series_end_at)
      VALUES (${`demo-${e.key}@parity`}, ${e.title}, ${e.description}, ${start.toISOString()}::timestamptz,
        ${end.toISOString()}::timestamptz, ${e.allDay ?? false}, ${e.timeZone}, ${e.location ?? null},
        ${e.videoUrl ?? null}, ${e.visibility}, ${organizationId}, ${ids.users.get(e.organizer)!}, ${rrule},
        ${e.recurrence ? JSON.stringify(e.recurrence) : null}::jsonb, ${last?.toISOString() ?? null}::timestamptz)
      RETURNING id`);
    const eventId = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
    for (const [email, status] of Object.entries(e.attendees)) {
      const userId = ids.users.get(email);
      if (!userId) continue;
      await tx.execute(sql`
        INSERT INTO event_attendees (event_id, user_id, status, reminder_minutes, responded_at)
        VALUES (${eventId}, ${userId}, ${status}, ${e.reminders?.[email] ?? null},
          ${status === 'no-answer' ? null : start.toISOString()}::timestamptz)`);
    }
  }
}
