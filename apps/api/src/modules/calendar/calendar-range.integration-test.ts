import { ZOccurrenceList } from '@parity/domain/calendar/events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { ACME } from '../../seed/demo';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { inDays } from '../../test/days';

// The range read (GET /api/events?from&to) answers from bytes each process keeps per caller and
// range under the calendar version: these tests prove that no write, through whichever route or
// process, leaves a kept answer behind, and that no caller ever gets another's.

const ADA = 'ada@acme.test'; // Acme admin
const MAX = 'max@acme.test'; // Acme member
const EVE = 'eve@cedar.test'; // Cedar admin
const PENDING = 'pending@acme.test';
const ADMIN = 'admin@parity.test'; // platform admin
const HOST = 'host@northwind.test';

let t: SeededTestApp;

beforeAll(async () => {
  t = await createSeededTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userId = (email: string) => t.demo.users.get(email)!;
const RANGE = `from=${inDays(-1, 0).toISOString()}&to=${inDays(20, 0).toISOString()}`;

interface Occurrence {
  eventId: number;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  canEdit: boolean;
  occurrenceStart?: string;
  myStatus?: string;
}

function readAs(email: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) {
  return app.inject({
    method: 'GET',
    url: `/api/events?${RANGE}`,
    headers: { authorization: `Bearer ${t.tokenOf(email)}`, ...headers },
  });
}

/** The caller's occurrences in the range (checked against the documented schema, nothing more). */
async function rangeOf(email: string, app?: FastifyInstance): Promise<Occurrence[]> {
  const res = await readAs(email, {}, app);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const body = res.json();
  expect(ZOccurrenceList.strict().safeParse(body).success).toBe(true);
  for (const occurrence of body.data) {
    expect(
      Object.keys(occurrence).every((key) =>
        ['eventId', 'title', 'start', 'end', 'allDay', 'canEdit', 'occurrenceStart', 'myStatus'].includes(
          key,
        ),
      ),
    ).toBe(true);
  }
  return body.data;
}
const ofEvent = async (email: string, eventId: number, app?: FastifyInstance) =>
  (await rangeOf(email, app)).filter((o) => o.eventId === eventId);

async function create(email: string, fields: Record<string, unknown>) {
  const res = await t.call('POST', email, '/api/events', {
    title: 'Range check',
    start: inDays(3).toISOString(),
    end: inDays(3, 10).toISOString(),
    timeZone: 'UTC',
    visibility: 'private',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function ok(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', email: string, url: string, body?: unknown) {
  const res = await t.call(method, email, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

describe('every calendar write shows in the next read, though the answer is kept between', () => {
  it('keeps the answer: the same bytes and ETag until something changes', async () => {
    const first = await readAs(ADA);
    const second = await readAs(ADA);
    expect(first.statusCode).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-store');
  });

  it('create, change, move and delete a single event', async () => {
    await rangeOf(ADA);
    const id = await create(ADA, {});
    expect(await ofEvent(ADA, id)).toEqual([
      {
        eventId: id,
        title: 'Range check',
        start: inDays(3).toISOString(),
        end: inDays(3, 10).toISOString(),
        allDay: false,
        canEdit: true,
        myStatus: 'attending',
      },
    ]);
    await ok('PATCH', ADA, `/api/events/${id}`, { title: 'Range check (renamed)' });
    expect((await ofEvent(ADA, id))[0]?.title).toBe('Range check (renamed)');
    const moved = { start: inDays(4, 14).toISOString(), end: inDays(4, 15).toISOString() };
    await ok('PATCH', ADA, `/api/events/${id}`, moved);
    expect(await ofEvent(ADA, id)).toEqual([expect.objectContaining(moved)]);
    await ok('DELETE', ADA, `/api/events/${id}`);
    expect(await ofEvent(ADA, id)).toEqual([]);
  });

  it('a series: its occurrences, one moved, one cancelled, then the whole series deleted', async () => {
    const start = inDays(1, 8);
    const id = await create(ADA, {
      title: 'Range weekly',
      start: start.toISOString(),
      end: inDays(1, 9).toISOString(),
      recurrence: { freq: 'weekly', interval: 1 },
    });
    const occurrences = await ofEvent(ADA, id);
    expect(occurrences.length).toBe(3);
    expect(occurrences.every((o) => o.occurrenceStart !== undefined)).toBe(true);
    const second = occurrences[1]!.occurrenceStart!;
    const later = new Date(new Date(second).getTime() + 3 * 3_600_000);
    await ok('PATCH', ADA, `/api/events/${id}`, {
      scope: 'occurrence',
      occurrenceStart: second,
      start: later.toISOString(),
      end: new Date(later.getTime() + 3_600_000).toISOString(),
    });
    expect(await ofEvent(ADA, id)).toContainEqual(
      expect.objectContaining({ occurrenceStart: second, start: later.toISOString() }),
    );
    const third = occurrences[2]!.occurrenceStart!;
    await ok('DELETE', ADA, `/api/events/${id}?scope=occurrence&occurrenceStart=${third}`);
    expect((await ofEvent(ADA, id)).map((o) => o.occurrenceStart)).toEqual([
      occurrences[0]!.occurrenceStart,
      second,
    ]);
    await ok('PATCH', ADA, `/api/events/${id}`, { title: 'Range weekly (renamed)' });
    expect((await ofEvent(ADA, id)).every((o) => o.title === 'Range weekly (renamed)')).toBe(true);
    await ok('DELETE', ADA, `/api/events/${id}`);
    expect(await ofEvent(ADA, id)).toEqual([]);
  });

  it('attendees: an invitation, an answer and a removal change the invited person’s read', async () => {
    const id = await create(ADA, { title: 'Range invitation' });
    expect(await ofEvent(MAX, id)).toEqual([]);
    await ok('POST', ADA, `/api/events/${id}/attendees`, { userIds: [userId(MAX)] });
    expect(await ofEvent(MAX, id)).toEqual([
      expect.objectContaining({ myStatus: 'no-answer', canEdit: false }),
    ]);
    await ok('PUT', MAX, `/api/events/${id}/attendees/me`, { status: 'declined' });
    expect((await ofEvent(MAX, id))[0]?.myStatus).toBe('declined');
    await ok('DELETE', ADA, `/api/events/${id}/attendees/${userId(MAX)}`);
    expect(await ofEvent(MAX, id)).toEqual([]);
    // the organizer's own read followed each change too
    expect(await ofEvent(ADA, id)).toHaveLength(1);
  });

  it('a write by any other path (SQL, as another module or an operator writes) shows at once', async () => {
    const id = await create(ADA, { title: 'Range by SQL' });
    await rangeOf(ADA);
    await t.app.db.execute(sql`UPDATE events SET title = 'Range by SQL (changed)' WHERE id = ${id}`);
    expect((await ofEvent(ADA, id))[0]?.title).toBe('Range by SQL (changed)');
    await t.app.db.execute(
      sql`UPDATE event_attendees SET status = 'maybe' WHERE event_id = ${id} AND user_id = ${userId(ADA)}`,
    );
    expect((await ofEvent(ADA, id))[0]?.myStatus).toBe('maybe');
    // a rolled-back write changes nothing, and the answer is still right after it
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM events WHERE id = ${id}`);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await ofEvent(ADA, id)).toHaveLength(1);
    await t.app.db.execute(sql`DELETE FROM events WHERE id = ${id}`);
    expect(await ofEvent(ADA, id)).toEqual([]);
  });

  it('pods: joining, becoming admin and leaving change the pod’s events in the member’s read', async () => {
    const pod = await ok('POST', ADA, '/api/pods', { name: 'Range pod', visibility: 'open' });
    const podId = pod.json().id as number;
    const event = await ok('POST', ADA, `/api/pods/${podId}/events`, {
      title: 'Range pod meeting',
      start: inDays(5).toISOString(),
      end: inDays(5, 10).toISOString(),
      timeZone: 'UTC',
      visibility: 'private',
    });
    const id = event.json().id as number;
    expect(await ofEvent(MAX, id)).toEqual([]);
    await ok('POST', MAX, `/api/pods/${podId}/join`);
    expect(await ofEvent(MAX, id)).toEqual([expect.objectContaining({ canEdit: false })]);
    await ok('PATCH', ADA, `/api/pods/${podId}/members/${userId(MAX)}`, { role: 'admin' });
    expect(await ofEvent(MAX, id)).toEqual([expect.objectContaining({ canEdit: true })]);
    await ok('POST', MAX, `/api/pods/${podId}/leave`, {});
    expect(await ofEvent(MAX, id)).toEqual([]);
  });
});

describe('each caller gets their own answer, never one kept for another', () => {
  let privateId: number;
  let organizationId: number;
  let publicId: number;

  beforeAll(async () => {
    privateId = await create(ADA, { title: 'Range private' });
    organizationId = await create(ADA, { title: 'Range Acme', visibility: 'organization' });
    publicId = await create(EVE, { title: 'Range public', visibility: 'public' });
  });

  const seen = async (email: string) => {
    const ids = new Set((await rangeOf(email)).map((o) => o.eventId));
    return [privateId, organizationId, publicId].filter((id) => ids.has(id));
  };

  it('by visibility: private, organization and public, read one after another', async () => {
    expect(await seen(ADA)).toEqual([privateId, organizationId, publicId]);
    expect(await seen(MAX)).toEqual([organizationId, publicId]);
    expect(await seen(EVE)).toEqual([publicId]);
    expect(await seen(HOST)).toEqual([publicId]);
    expect(await seen(ADMIN)).toEqual([publicId]);
    expect(await seen(PENDING)).toEqual([]);
    // and again, from what is kept
    expect(await seen(MAX)).toEqual([organizationId, publicId]);
    expect(await seen(ADA)).toEqual([privateId, organizationId, publicId]);
  });

  it("another caller's ETag gets a full answer of their own", async () => {
    const ada = await readAs(ADA);
    const max = await readAs(MAX, { 'if-none-match': ada.headers.etag as string });
    expect(max.statusCode).toBe(200);
    expect(max.headers.etag).not.toBe(ada.headers.etag);
    expect(max.json().data.some((o: Occurrence) => o.eventId === privateId)).toBe(false);
  });

  it('a new organization admin may edit its events at once, and no longer once revoked', async () => {
    const canEdit = async () => (await ofEvent(MAX, organizationId))[0]?.canEdit;
    expect(await canEdit()).toBe(false);
    const permissions = `/api/organizations/me/members/${userId(MAX)}/permissions`;
    await ok('PUT', ADA, permissions, { manage_settings: true });
    expect(await canEdit()).toBe(true);
    await ok('PUT', ADA, permissions, { manage_settings: false });
    expect(await canEdit()).toBe(false);
  });

  it('an approved member sees the organization’s and public events at once', async () => {
    expect(await seen(PENDING)).toEqual([]);
    await ok(
      'POST',
      ADA,
      `/api/organizations/${t.demo.organizations.get(ACME)}/users/${userId(PENDING)}/approve`,
    );
    expect(await seen(PENDING)).toEqual([organizationId, publicId]);
  });

  it('a member removed from the organization loses its events at once', async () => {
    expect(await seen(MAX)).toEqual([organizationId, publicId]);
    await ok('DELETE', ADA, `/api/organizations/me/members/${userId(MAX)}`);
    // no organization: neither its events nor (no longer approved) the public ones
    expect(await seen(MAX)).toEqual([]);
  });

  it('a deactivated account’s token gets 401, never its kept answer', async () => {
    await rangeOf(HOST);
    const res = await t.call('PUT', HOST, '/api/user-account/deactivate');
    expect(res.statusCode, res.body).toBe(204);
    expect((await readAs(HOST)).statusCode).toBe(401);
  });
});

describe('conditional reads and bad input', () => {
  it('answers 304 to the current ETag, and 200 with a new one once the answer changes', async () => {
    const first = await readAs(ADA);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await readAs(ADA, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await readAs(ADA, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    // a change ada cannot see draws a new version: the answer is built again, the same bytes
    await create(EVE, { title: 'Range Cedar only' });
    expect((await readAs(ADA, { 'if-none-match': etag })).statusCode).toBe(304);
    // a change of hers: a full answer with a new ETag
    await create(ADA, { title: 'Range conditional' });
    const changed = await readAs(ADA, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.some((o: Occurrence) => o.title === 'Range conditional')).toBe(true);
  });

  it('still refuses bad ranges with a 400 naming the field, and anonymous callers with a 401', async () => {
    await rangeOf(ADA);
    const from = inDays(0).toISOString();
    const cases: [string, string, RegExp][] = [
      [`from=${from}&to=${inDays(70).toISOString()}`, 'querystring.to', /62 days/],
      [`from=${from}&to=${inDays(-2).toISOString()}`, 'querystring.to', /after "from"/],
      [`from=yesterday&to=${from}`, 'querystring.from', /ISO 8601/],
      [`from=${from}`, 'querystring.to', /./],
      [`from=${from}&to=${inDays(5).toISOString()}&extra=1`, 'querystring', /./],
    ];
    for (const [query, field, message] of cases) {
      const res = await t.call('GET', ADA, `/api/events?${query}`);
      expect(res.statusCode, query).toBe(400);
      const issue = res.json().detail.find((d: { field: string }) => d.field.startsWith(field));
      expect(issue?.message, `${query}: ${res.body}`).toMatch(message);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/events?${RANGE}` })).statusCode).toBe(401);
  });
});

describe('two API processes on one database', () => {
  let other: FastifyInstance;
  let otherDatabase: Database | undefined;

  beforeAll(async () => {
    // PostgreSQL: a pool of its own, as another process has; PGlite is one connection per directory.
    if (t.database.kind === 'postgres') otherDatabase = await openDatabase(t.app.config.database);
    other = await buildApp(t.app.config, otherDatabase ?? t.database);
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
  });

  it('concurrent writes through both all commit, and every one shows in both', async () => {
    await rangeOf(ADA);
    await rangeOf(ADA, other);
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/events',
          headers: { authorization: `Bearer ${t.tokenOf(ADA)}` },
          payload: {
            title: `Range concurrent ${i}`,
            start: inDays(6).toISOString(),
            end: inDays(6, 10).toISOString(),
            timeZone: 'UTC',
            visibility: 'private',
          },
        }),
      ),
    );
    expect(created.map((res) => res.statusCode)).toEqual(Array(8).fill(201));
    const titles = (occurrences: Occurrence[]) =>
      occurrences.filter((o) => o.title.startsWith('Range concurrent')).length;
    expect(titles(await rangeOf(ADA))).toBe(8);
    expect(titles(await rangeOf(ADA, other))).toBe(8);
  });

  it('a write through one shows in the other’s next read, both ways', async () => {
    const id = await create(ADA, { title: 'Range two processes' });
    expect(await ofEvent(ADA, id, other)).toHaveLength(1);
    await ok('PATCH', ADA, `/api/events/${id}`, { title: 'Range two processes (renamed)' });
    expect((await ofEvent(ADA, id, other))[0]?.title).toBe('Range two processes (renamed)');
    expect(await ofEvent(ADA, id)).toHaveLength(1);
    const res = await other.inject({
      method: 'DELETE',
      url: `/api/events/${id}`,
      headers: { authorization: `Bearer ${t.tokenOf(ADA)}` },
    });
    expect(res.statusCode).toBe(204);
    expect(await ofEvent(ADA, id)).toEqual([]);
    expect(await ofEvent(ADA, id, other)).toEqual([]);
  });
});
