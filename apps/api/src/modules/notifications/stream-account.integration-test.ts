import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../core/outbox/notify';
import { memberships, users } from '../../db/schema/people';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { openStream, until } from '../../test/event-stream';
import { withFailingCommits } from '../../test/notifications-written';

// Issue 37 point 5: a change of a user's account (approval, rights, roles, removal from the
// organization) reaches their open pages through the notification stream, as an `account` event
// sent when the change commits; nobody else's stream gets it.

const MARKER = 'Written after the change';

let t: TestApp;
let base: string;
let acme: number;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createDemoTestApp();
  const people = demoOf(t);
  acme = people.organizations.get('Acme Capital Partners')!;
  for (const [email, id] of people.users) ids.set(email, id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function call(
  method: 'POST' | 'PUT' | 'DELETE',
  as: string,
  url: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await sessionToken(t, ids.get(as)!)}` },
    ...(payload ? { payload } : {}),
  });
}

let userCount = 0;
/** A new user of Acme with a membership of this status, straight in the database. */
async function newMember(status: 'pending' | 'approved'): Promise<number> {
  const email = `account-stream${++userCount}@newfirm.test`;
  const [row] = await t.app.db
    .insert(users)
    .values({ email, name: 'Pat', lastname: 'Member', password_hash: 'x' })
    .returning({ id: users.id });
  await t.app.db.insert(memberships).values({ user_id: row!.id, organization_id: acme, status });
  ids.set(email, row!.id);
  return row!.id;
}

type Stream = Awaited<ReturnType<typeof openStream>>;

/** A live stream of the user (listed by the hub once its first `unread` arrived). */
async function streamOf(userId: number): Promise<Stream> {
  const stream = await openStream(base, await sessionToken(t, userId));
  expect(stream.status).toBe(200);
  await stream.unread(1);
  return stream;
}

const accountEvents = (stream: Stream) => stream.events.filter((e) => e.event === 'account');

/**
 * Each stream got exactly `expected` account events (data `{}`): a notification written after the
 * change, which reaches every stream after any event of the change, is awaited first.
 */
async function accountEventsAre(streams: [Stream, number][], expected: number[]) {
  await t.app.db.transaction((tx) =>
    notify(tx, { userIds: streams.map(([, id]) => id), kind: 'event_invitation', title: MARKER, link: '/' }),
  );
  for (const [stream] of streams) await stream.notification(MARKER);
  expect(streams.map(([stream]) => accountEvents(stream).length)).toEqual(expected);
  for (const [stream] of streams) {
    for (const event of accountEvents(stream)) expect(JSON.parse(event.data)).toEqual({});
  }
}

/** The streams of the user, of the Acme admin who acts and of another Acme member. */
async function streamsAround(userId: number) {
  const ada = ids.get('ada@acme.test')!;
  const max = ids.get('max@acme.test')!;
  const [user, admin, other] = await Promise.all([streamOf(userId), streamOf(ada), streamOf(max)]);
  const all: [Stream, number][] = [
    [user, userId],
    [admin, ada],
    [other, max],
  ];
  return {
    user,
    expectAccountEvents: (expected: number[]) => accountEventsAre(all, expected),
    close: () => {
      for (const [stream] of all) stream.close();
    },
  };
}

describe('an account change reaches the open pages of that user', () => {
  it("approval by the organization's admin: the applicant's stream gets `account`; the admin's and another member's do not", async () => {
    const applicant = await newMember('pending');
    const streams = await streamsAround(applicant);
    const res = await call('POST', 'ada@acme.test', `/api/organizations/${acme}/users/${applicant}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    await until(() => accountEvents(streams.user).length === 1, 'the account event', 1000);
    await streams.expectAccountEvents([1, 0, 0]);
    streams.close();
  });

  it('approval or decline by a platform administrator reaches the applicant', async () => {
    for (const decision of ['approve', 'decline'] as const) {
      const applicant = await newMember('pending');
      const streams = await streamsAround(applicant);
      const res = await call('POST', 'admin@parity.test', `/api/admin/users/${applicant}/${decision}`);
      expect(res.statusCode, res.body).toBe(200);
      await streams.expectAccountEvents([1, 0, 0]);
      streams.close();
    }
  });

  it("a permission change by the organization's admin or a platform administrator reaches the member", async () => {
    const member = await newMember('approved');
    const streams = await streamsAround(member);
    const byAdmin = await call(
      'PUT',
      'ada@acme.test',
      `/api/organizations/me/members/${member}/permissions`,
      {
        survey_creation: true,
      },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const byPlatform = await call('PUT', 'admin@parity.test', `/api/admin/users/${member}/permissions`, {
      user_manage_surveys: true,
    });
    expect(byPlatform.statusCode, byPlatform.body).toBe(200);
    await streams.expectAccountEvents([2, 0, 0]);
    streams.close();
  });

  it('a role change by a platform administrator reaches the user', async () => {
    const member = await newMember('approved');
    const streams = await streamsAround(member);
    const res = await call('PUT', 'admin@parity.test', `/api/admin/users/${member}/roles`, { role_ids: [1] });
    expect(res.statusCode, res.body).toBe(200);
    await streams.expectAccountEvents([1, 0, 0]);
    streams.close();
  });

  it('removal from the organization reaches the removed user', async () => {
    const member = await newMember('approved');
    const streams = await streamsAround(member);
    const res = await call('DELETE', 'ada@acme.test', `/api/organizations/me/members/${member}`);
    expect(res.statusCode, res.body).toBe(200);
    await streams.expectAccountEvents([1, 0, 0]);
    streams.close();
  });

  it('sends nothing for a refused change, a change that changes nothing or one rolled back', async () => {
    const applicant = await newMember('pending');
    const member = await newMember('approved');
    const streams = await streamsAround(applicant);
    const memberStream = await streamOf(member);
    // A member who is not an admin may not decide; another organization's admin cannot see Acme.
    expect(
      (await call('POST', 'max@acme.test', `/api/organizations/${acme}/users/${applicant}/approve`))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', 'eve@cedar.test', `/api/organizations/${acme}/users/${applicant}/approve`))
        .statusCode,
    ).toBe(404);
    const rolledBack = await withFailingCommits(t.app.db, 'memberships', () =>
      call('POST', 'ada@acme.test', `/api/organizations/${acme}/users/${applicant}/approve`),
    );
    expect(rolledBack.statusCode).toBe(500);
    const unchanged = await call(
      'PUT',
      'ada@acme.test',
      `/api/organizations/me/members/${member}/permissions`,
      {
        survey_creation: false,
      },
    );
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    await streams.expectAccountEvents([0, 0, 0]);
    await accountEventsAre([[memberStream, member]], [0]);
    memberStream.close();
    streams.close();
  });
});
