import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR } from '../../seed/demo';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { inDays } from '../../test/days';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';
import { multipart, PDF_BYTES, PNG_BYTES } from '../../test/space-kit';

const ADA = 'ada@acme.test'; // Acme admin
const MAX = 'max@acme.test'; // Acme member
const EVE = 'eve@cedar.test'; // Cedar admin
const PENDING = 'pending@acme.test';
const ADMIN = 'admin@parity.test';
const HOST = 'host@northwind.test'; // another organization

let t: SeededTestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createSeededTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const userId = (email: string) => t.demo.users.get(email)!;

async function countRows(table: string) {
  const result = await t.app.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/** The mails sent so far (the jobs drained first), for one recipient and subject. */
async function mailsTo(email: string, subject: RegExp): Promise<ParsedMail[]> {
  await t.app.jobs.runDueJobs();
  return smtp.messages.filter((m) => recipient(m) === email && subject.test(m.subject ?? ''));
}

/** The .ics attached to a mail, parsed by ical.js. */
function icsOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  expect(attachment, 'an .ics attachment').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8')));
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((v) => !v.hasProperty('recurrence-id')) ?? vevents[0]!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: master.getFirstPropertyValue('uid'),
    sequence: Number(master.getFirstPropertyValue('sequence')),
    rrule: master.getFirstPropertyValue('rrule')?.toString() ?? null,
    dtstart: master.getFirstProperty('dtstart')!,
    vevents,
  };
}

/** The original starts of an event's occurrences in the next 30 days, as ada reads them. */
async function occurrenceStarts(eventId: number): Promise<string[]> {
  const range = `from=${inDays(0, 0).toISOString()}&to=${inDays(30).toISOString()}`;
  const res = await t.call('GET', ADA, `/api/events?${range}`);
  return res
    .json()
    .data.filter((o: { eventId: number }) => o.eventId === eventId)
    .map((o: { occurrenceStart: string }) => o.occurrenceStart)
    .sort();
}

const weekly = (start: Date) => ({
  title: 'Weekly portfolio review',
  description: '<p>Agenda <script>alert(1)</script><strong>first</strong></p>',
  start: start.toISOString(),
  end: new Date(start.getTime() + 3_600_000).toISOString(),
  timeZone: 'Europe/Vienna',
  visibility: 'private',
  location: 'Room 4',
  recurrence: { freq: 'weekly', interval: 1, byWeekday: [start.getUTCDay()] },
});

describe('an invitation journey: create, invite, answer, move, feed, cancel', () => {
  let eventId: number;
  let uid: string;
  const start = inDays(2);

  it('ada creates a weekly event; the description is sanitised; she attends it', async () => {
    const res = await t.call('POST', ADA, '/api/events', weekly(start));
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json();
    eventId = event.id;
    expect(event).toMatchObject({
      title: 'Weekly portfolio review',
      timeZone: 'Europe/Vienna',
      sequence: 0,
      canEdit: true,
      myAttendance: { status: 'attending', reminderMinutes: null },
      counts: { attending: 1, 'no-answer': 0 },
    });
    expect(event.description).toBe('<p>Agenda <strong>first</strong></p>');
    expect(event.rrule).toMatch(/^FREQ=WEEKLY;INTERVAL=1;BYDAY=/);
  });

  it('invites max and the organization Cedar: each gets a mail with an .ics (METHOD:REQUEST, UID, DTSTART, RRULE)', async () => {
    // a private event is not there for those not invited yet
    expect(
      (await t.call('POST', MAX, `/api/events/${eventId}/attendees`, { userIds: [userId(EVE)] })).statusCode,
    ).toBe(404);
    const res = await t.call('POST', ADA, `/api/events/${eventId}/attendees`, {
      userIds: [userId(MAX)],
      organizationIds: [t.demo.organizations.get(CEDAR)!],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invited).toBeGreaterThanOrEqual(2);
    const [toMax] = await mailsTo(MAX, /^Invitation: Weekly portfolio review/);
    const [toEve] = await mailsTo(EVE, /^Invitation: Weekly portfolio review/);
    expect(toMax).toBeDefined();
    expect(toEve).toBeDefined();
    const ics = icsOf(toMax!);
    expect(ics.method).toBe('REQUEST');
    expect(ics.uid).toMatch(/@parity$/);
    uid = ics.uid as string;
    expect(ics.sequence).toBe(0);
    expect(ics.rrule).toMatch(/FREQ=WEEKLY/);
    expect(ics.dtstart.getParameter('tzid')).toBe('Europe/Vienna');
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Vienna',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(start);
    expect(String(ics.dtstart.getFirstValue()).slice(11, 16)).toBe(local);
    expect(icsOf(toEve!).uid).toBe(uid);
    // the in-app notification of the invitation
    const notes = await t.call('GET', MAX, '/api/notifications?kind=event_invitation');
    expect(notes.body).toContain('Weekly portfolio review');
  });

  it('lets invited people and no one else read it (404), its attendees and files too', async () => {
    for (const email of [ADA, MAX, EVE]) {
      expect((await t.call('GET', email, `/api/events/${eventId}`)).statusCode, email).toBe(200);
      expect((await t.call('GET', email, `/api/events/${eventId}/attendees`)).statusCode, email).toBe(200);
      expect((await t.call('GET', email, `/api/events/${eventId}/files`)).statusCode, email).toBe(200);
    }
    for (const email of [PENDING, ADMIN, HOST]) {
      for (const path of ['', '/attendees', '/files', '/ics']) {
        expect(
          (await t.call('GET', email, `/api/events/${eventId}${path}`)).statusCode,
          `${email} ${path}`,
        ).toBe(404);
      }
      expect(
        (await t.call('PUT', email, `/api/events/${eventId}/attendees/me`, { status: 'attending' }))
          .statusCode,
      ).toBe(404);
    }
    expect((await t.call('GET', null, `/api/events/${eventId}`)).statusCode).toBe(401);
    const range = `from=${inDays(0).toISOString()}&to=${inDays(30).toISOString()}`;
    const pendingView = await t.call('GET', PENDING, `/api/events?${range}`);
    expect(pendingView.json().data.filter((o: { eventId: number }) => o.eventId === eventId)).toEqual([]);
  });

  it('max accepts and chooses a reminder; the counts follow', async () => {
    const res = await t.call('PUT', MAX, `/api/events/${eventId}/attendees/me`, {
      status: 'attending',
      reminderMinutes: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.call('PUT', EVE, `/api/events/${eventId}/attendees/me`, { status: 'maybe' });
    const attendees = (await t.call('GET', ADA, `/api/events/${eventId}/attendees`)).json();
    expect(attendees.counts).toMatchObject({ attending: 2, maybe: 1 });
    expect(attendees.data.find((a: { userId: number }) => a.userId === userId(MAX))).toMatchObject({
      status: 'attending',
      viaOrganizationId: null,
    });
    expect(attendees.data.find((a: { userId: number }) => a.userId === userId(EVE))).toMatchObject({
      status: 'maybe',
      viaOrganizationId: t.demo.organizations.get(CEDAR),
    });
    const range = `from=${inDays(0).toISOString()}&to=${inDays(30).toISOString()}`;
    const mine = (await t.call('GET', MAX, `/api/events?${range}`))
      .json()
      .data.filter((o: { eventId: number }) => o.eventId === eventId);
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine[0]).toMatchObject({
      myStatus: 'attending',
      occurrenceStart: expect.any(String),
      canEdit: false,
    });
  });

  it('ada moves the next occurrence: attendees get the update with the same UID and a higher SEQUENCE', async () => {
    // the second occurrence, as the series expands it in Vienna (across a change of summer time too)
    const next = new Date((await occurrenceStarts(eventId))[1]!);
    const moved = new Date(next.getTime() + 2 * 3_600_000);
    const body = {
      scope: 'occurrence',
      occurrenceStart: next.toISOString(),
      start: moved.toISOString(),
      end: new Date(moved.getTime() + 3_600_000).toISOString(),
    };
    expect((await t.call('PATCH', MAX, `/api/events/${eventId}`, body)).statusCode).toBe(403);
    expect((await t.call('PATCH', EVE, `/api/events/${eventId}`, body)).statusCode).toBe(403);
    expect((await t.call('PATCH', PENDING, `/api/events/${eventId}`, body)).statusCode).toBe(404);
    const res = await t.call('PATCH', ADA, `/api/events/${eventId}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sequence: 1,
      exceptions: [{ start: moved.toISOString(), cancelled: false }],
    });
    const [update] = await mailsTo(MAX, /^Updated: Weekly portfolio review/);
    const ics = icsOf(update!);
    expect(ics).toMatchObject({ method: 'REQUEST', uid, sequence: 1 });
    expect(ics.vevents.some((v) => v.hasProperty('recurrence-id'))).toBe(true);
    const range = `from=${inDays(0).toISOString()}&to=${inDays(30).toISOString()}`;
    const occurrences = (await t.call('GET', MAX, `/api/events?${range}`)).json().data;
    expect(occurrences).toContainEqual(
      expect.objectContaining({ eventId, occurrenceStart: next.toISOString(), start: moved.toISOString() }),
    );
  });

  it('serves the .ics download and max’s feed, which stops working once regenerated', async () => {
    const download = await t.call('GET', MAX, `/api/events/${eventId}/ics`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/calendar');
    expect(download.body).toContain(`UID:${uid}`);

    expect((await t.call('GET', MAX, '/api/calendar/feed')).json()).toEqual({
      url: null,
      active: false,
      createdAt: null,
    });
    const made = await t.call('POST', MAX, '/api/calendar/feed');
    expect(made.statusCode).toBe(201);
    const url = new URL(made.json().url);
    expect((await t.call('GET', MAX, '/api/calendar/feed')).json()).toMatchObject({
      url: null,
      active: true,
    });
    const feed = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(feed.statusCode, feed.body).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const series = calendar.getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('uid') === uid);
    expect(series?.getFirstPropertyValue('rrule')?.toString()).toMatch(/FREQ=WEEKLY/);

    const again = await t.call('POST', MAX, '/api/calendar/feed');
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    const fresh = new URL(again.json().url);
    expect((await t.app.inject({ method: 'GET', url: fresh.pathname })).statusCode).toBe(200);
    expect((await t.call('DELETE', MAX, '/api/calendar/feed')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: fresh.pathname })).statusCode).toBe(404);
    expect((await t.call('POST', null, '/api/calendar/feed')).statusCode).toBe(401);
  });

  it('cancels one occurrence, then the series: METHOD:CANCEL with the same UID and a higher SEQUENCE', async () => {
    const third = new Date((await occurrenceStarts(eventId))[2]!);
    expect(
      (
        await t.call(
          'DELETE',
          MAX,
          `/api/events/${eventId}?scope=occurrence&occurrenceStart=${third.toISOString()}`,
        )
      ).statusCode,
    ).toBe(403);
    const one = await t.call(
      'DELETE',
      ADA,
      `/api/events/${eventId}?scope=occurrence&occurrenceStart=${third.toISOString()}`,
    );
    expect(one.statusCode, one.body).toBe(204);
    const cancelOne = (await mailsTo(MAX, /^Cancelled: Weekly portfolio review \(/))[0]!;
    const ics = icsOf(cancelOne);
    expect(ics).toMatchObject({ method: 'CANCEL', uid, sequence: 2 });
    expect(ics.vevents[0]!.hasProperty('recurrence-id')).toBe(true);

    const all = await t.call('DELETE', ADA, `/api/events/${eventId}`);
    expect(all.statusCode, all.body).toBe(204);
    const cancelAll = (await mailsTo(EVE, /^Cancelled: Weekly portfolio review$/))[0]!;
    expect(icsOf(cancelAll)).toMatchObject({ method: 'CANCEL', uid, sequence: 3 });
    expect((await t.call('GET', ADA, `/api/events/${eventId}`)).statusCode).toBe(404);
  });
});

describe('who may create, edit and see by visibility', () => {
  it('refuses creation to anonymous callers (401) and members awaiting approval (403)', async () => {
    const body = {
      title: 'x',
      start: inDays(3).toISOString(),
      end: inDays(3, 10).toISOString(),
      timeZone: 'UTC',
    };
    expect((await t.call('POST', null, '/api/events', body)).statusCode).toBe(401);
    expect((await t.call('POST', PENDING, '/api/events', body)).statusCode).toBe(403);
  });

  it('shows an organization event to its approved members only; its admins may edit it', async () => {
    const res = await t.call('POST', MAX, '/api/events', {
      title: 'Acme town hall',
      start: inDays(4).toISOString(),
      end: inDays(4, 10).toISOString(),
      timeZone: 'America/New_York',
      visibility: 'organization',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect((await t.call('GET', ADA, `/api/events/${id}`)).json().canEdit).toBe(true);
    expect(
      (await t.call('PATCH', ADA, `/api/events/${id}`, { title: 'Acme town hall (moved)' })).statusCode,
    ).toBe(200);
    for (const email of [EVE, PENDING, ADMIN, HOST]) {
      expect((await t.call('GET', email, `/api/events/${id}`)).statusCode, email).toBe(404);
    }
    const found = (email: string) =>
      t.call('GET', email, '/api/search?q=town%20hall&kinds=events').then((r) => r.json().groups[0].total);
    expect(await found(ADA)).toBe(1);
    expect(await found(EVE)).toBe(0);
    expect(await found(ADMIN)).toBe(0);
  });

  it('shows a public event to every approved user and platform admins, not to pending members', async () => {
    const res = await t.call('POST', EVE, '/api/events', {
      title: 'Cedar open day',
      start: inDays(5).toISOString(),
      end: inDays(5, 12).toISOString(),
      timeZone: 'UTC',
      visibility: 'public',
      videoUrl: 'https://meet.example.org/cedar',
    });
    const id = res.json().id;
    for (const email of [ADA, MAX, HOST, ADMIN]) {
      expect((await t.call('GET', email, `/api/events/${id}`)).statusCode, email).toBe(200);
    }
    expect((await t.call('GET', PENDING, `/api/events/${id}`)).statusCode).toBe(404);
    expect((await t.call('PATCH', ADA, `/api/events/${id}`, { title: 'mine now' })).statusCode).toBe(403);
    expect((await t.call('DELETE', ADA, `/api/events/${id}`)).statusCode).toBe(403);
    // anyone who reads it may answer it: max joins
    expect(
      (await t.call('PUT', MAX, `/api/events/${id}/attendees/me`, { status: 'attending' })).statusCode,
    ).toBe(200);
    const list = (await t.call('GET', MAX, '/api/events/list?q=open%20day')).json();
    expect(list.data[0]).toMatchObject({ eventId: id, myStatus: 'attending', attendingCount: 2 });
    // the platform search finds it for those who may read it, never for the others
    const hits = (email: string) =>
      t.call('GET', email, '/api/search?q=cedar%20open%20day&kinds=events').then((r) => r.json().groups[0]);
    expect((await hits(HOST)).items).toEqual([
      expect.objectContaining({ id, kind: 'events', link: `/calendar/events/${id}` }),
    ]);
  });
});

describe('bad input: a clear 400 naming the field, and nothing written', () => {
  const base = () => ({
    title: 'Check',
    start: inDays(6).toISOString(),
    end: inDays(6, 10).toISOString(),
    timeZone: 'UTC',
  });
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['end before start', { end: inDays(6, 8).toISOString() }, 'body.end', /End must be after start/],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'body.title', /at most 200/],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'body.timeZone', /Unknown time zone/],
    [
      'a recurrence that does not parse',
      { recurrence: { freq: 'hourly' } },
      'body.recurrence.freq',
      /daily, weekly/,
    ],
    ['a count past 1,000', { recurrence: { freq: 'daily', count: 5000 } }, 'body.recurrence.count', /1000/],
    ['an http video link', { videoUrl: 'http://meet.example.org' }, 'body.videoUrl', /https/],
  ];
  for (const [what, change, field, message] of cases) {
    it(`refuses ${what}`, async () => {
      const before = await countRows('events');
      const res = await t.call('POST', ADA, '/api/events', { ...base(), ...change });
      expect(res.statusCode, res.body).toBe(400);
      const issue = res.json().detail.find((d: { field: string }) => d.field === field);
      expect(issue?.message, res.body).toMatch(message);
      expect(await countRows('events')).toBe(before);
    });
  }

  it('refuses a range over 62 days and one expanding past 1,000 occurrences', async () => {
    const long = await t.call(
      'GET',
      ADA,
      `/api/events?from=${inDays(0).toISOString()}&to=${inDays(90).toISOString()}`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('62 days');
    for (let i = 0; i < 17; i++) {
      const res = await t.call('POST', HOST, '/api/events', {
        ...base(),
        title: `Daily stand-up ${i}`,
        start: inDays(1).toISOString(),
        end: inDays(1, 10).toISOString(),
        recurrence: { freq: 'daily', interval: 1 },
      });
      expect(res.statusCode).toBe(201);
    }
    const many = await t.call(
      'GET',
      HOST,
      `/api/events?from=${inDays(1).toISOString()}&to=${inDays(62).toISOString()}`,
    );
    expect(many.statusCode, many.body.slice(0, 200)).toBe(400);
    expect(many.json().message).toMatch(/1000 occurrences/);
  });

  it('takes documents as organization files do: 415 for another type, 413 over 10 MB, nothing kept', async () => {
    const id = (await t.call('POST', ADA, '/api/events', base())).json().id;
    const upload = (name: string, bytes: Buffer, email = ADA) => {
      const body = multipart(name, bytes);
      return t.app.inject({
        method: 'POST',
        url: `/api/events/${id}/files`,
        headers: { ...body.headers, authorization: `Bearer ${t.tokenOf(email)}` },
        payload: body.payload,
      });
    };
    const before = await countRows('files');
    expect((await upload('photo.png', PNG_BYTES)).statusCode).toBe(415);
    expect((await upload('fake.pdf', PNG_BYTES)).statusCode).toBe(415);
    expect(
      (await upload('big.pdf', Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]))).statusCode,
    ).toBe(413);
    expect(await countRows('files')).toBe(before);
    expect((await upload('agenda.pdf', PDF_BYTES, PENDING)).statusCode).toBe(404);
    const ok = await upload('agenda.pdf', PDF_BYTES);
    expect(ok.statusCode, ok.body).toBe(201);
    const fileId = ok.json().id;
    const list = (await t.call('GET', ADA, `/api/events/${id}/files`)).json();
    expect(list.data).toEqual([
      expect.objectContaining({ id: fileId, name: 'agenda.pdf', contentType: 'application/pdf' }),
    ]);
    const download = await t.call('GET', ADA, `/api/events/${id}/files/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await t.call('GET', EVE, `/api/events/${id}/files/${fileId}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', ADA, `/api/events/${id}/files/${fileId}`)).statusCode).toBe(204);
    expect(await countRows('files')).toBe(before);
  });

  it('checks preferences', async () => {
    expect((await t.call('GET', MAX, '/api/calendar/preferences')).json()).toEqual({
      timeZone: 'UTC',
      weekStart: 0,
      slotMinutes: 30,
    });
    const bad = await t.call('PUT', MAX, '/api/calendar/preferences', {
      timeZone: 'Nowhere/City',
      weekStart: 1,
      slotMinutes: 15,
    });
    expect(bad.statusCode).toBe(400);
    const saved = { timeZone: 'Europe/Vienna', weekStart: 1, slotMinutes: 15 };
    expect((await t.call('PUT', MAX, '/api/calendar/preferences', saved)).json()).toEqual(saved);
    expect((await t.call('GET', MAX, '/api/calendar/preferences')).json()).toEqual(saved);
    expect((await t.call('GET', null, '/api/calendar/preferences')).statusCode).toBe(401);
  });
});

describe('reminders', () => {
  it('mails a reminder once per attendee and occurrence, with a notification', async () => {
    const start = new Date(Date.now() + 3 * 60_000);
    start.setUTCSeconds(0, 0);
    const res = await t.call('POST', ADA, '/api/events', {
      title: 'Quick sync',
      start: start.toISOString(),
      end: new Date(start.getTime() + 1_800_000).toISOString(),
      timeZone: 'UTC',
    });
    const id = res.json().id;
    expect(
      (
        await t.call('PUT', ADA, `/api/events/${id}/attendees/me`, {
          status: 'attending',
          reminderMinutes: 5,
        })
      ).statusCode,
    ).toBe(200);
    const first = await mailsTo(ADA, /^Reminder: Quick sync starts in 5 minutes/);
    expect(first).toHaveLength(1);
    // the sweep finds the same occurrence: its key is taken, nothing is sent again
    await t.app.jobs.runDueJobs();
    await t.app.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'calendar.reminder-sweep'`);
    await t.app.jobs.runDueJobs();
    expect(await mailsTo(ADA, /^Reminder: Quick sync/)).toHaveLength(1);
    const notes = await t.call('GET', ADA, '/api/notifications?kind=event_reminder');
    expect(notes.body).toContain('Quick sync starts in 5 minutes');
  });
});

describe('the demo calendar', () => {
  it('has weeks of events around today across organizations, weekly series and every attendee status', async () => {
    const from = inDays(-14, 0);
    const occurrences = (
      await t.call('GET', ADA, `/api/events?from=${from.toISOString()}&to=${inDays(28, 0).toISOString()}`)
    )
      .json()
      .data.filter(
        (o: { title: string }) =>
          !/portfolio review|Check|stand-up|town hall|open day|Quick sync/.test(o.title),
      );
    const titles = new Set(occurrences.map((o: { title: string }) => o.title));
    expect(titles).toContain('Acme investment committee');
    expect(titles).toContain('Parity community call');
    expect(titles).toContain('Cedar × Acme co-investment call');
    expect(titles).not.toContain('Cedar deal review'); // Cedar's own meeting
    expect(
      occurrences.filter((o: { title: string }) => o.title === 'Acme investment committee').length,
    ).toBeGreaterThan(3);
    const statuses = await t.app.db.execute(
      sql`SELECT DISTINCT a.status FROM event_attendees a JOIN events e ON e.id = a.event_id WHERE e.uid LIKE 'demo-%'`,
    );
    expect((statuses as unknown as { rows: { status: string }[] }).rows.map((r) => r.status).sort()).toEqual([
      'attending',
      'declined',
      'maybe',
      'no-answer',
    ]);
    const eveView = (
      await t.call('GET', EVE, `/api/events?from=${from.toISOString()}&to=${inDays(28, 0).toISOString()}`)
    )
      .json()
      .data.map((o: { title: string }) => o.title);
    expect(eveView).toContain('Cedar deal review');
    expect(eveView).not.toContain('Acme investment committee');
  });
});
