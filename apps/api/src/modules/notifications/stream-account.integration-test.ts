import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../core/outbox/notify';
import { memberships, organizations, users } from '../../db/schema/people';
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
/** A new user with a membership of this status (of Acme unless said), straight in the database. */
async function newMember(status: 'pending' | 'approved', organizationId = acme): Promise<number> {
  const email = `account-stream${++userCount}@newfirm.test`;
  const [row] = await t.app.db
    .insert(users)
    .values({ email, name: 'Pat', lastname: 'Member', password_hash: 'x' })
    .returning({ id: users.id });
  await t.app.db.insert(memberships).values({ user_id: row!.id, organization_id: organizationId, status });
  ids.set(email, row!.id);
  return row!.id;
}

async function newOrganization(): Promise<number> {
  const [row] = await t.app.db
    .insert(organizations)
    .values({ name: `Account Stream Firm ${++userCount}` })
    .returning({ id: organizations.id });
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
 * The streams of these users got these numbers of account events (data `{}`): a notification
 * written after the changes, which reaches each stream after any event of theirs, is awaited first.
 */
async function accountEventsAre(streams: Stream[], userIds: number[], expected: number[]) {
  await t.app.db.transaction((tx) =>
    notify(tx, { userIds, kind: 'event_invitation', title: MARKER, link: '/' }),
  );
  for (const stream of streams) await stream.notification(MARKER);
  expect(streams.map((stream) => accountEvents(stream).length)).toEqual(expected);
  for (const event of streams.flatMap(accountEvents)) expect(JSON.parse(event.data)).toEqual({});
}

type Change = Parameters<typeof call>;

/**
 * Makes the changes (each answered 200) while the user, Ada (Acme's admin, who acts) and Max
 * (another Acme member) have a page open: within a second the user's stream gets an `account`
 * event per change; the others get none.
 */
async function onlyTheUserIsTold(userId: number, ...changes: Change[]) {
  const userIds = [userId, ids.get('ada@acme.test')!, ids.get('max@acme.test')!];
  const streams = await Promise.all(userIds.map(streamOf));
  for (const change of changes) {
    const res = await call(...change);
    expect(res.statusCode, res.body).toBe(200);
  }
  await until(() => accountEvents(streams[0]!).length === changes.length, 'the account events', 1000);
  await accountEventsAre(streams, userIds, [changes.length, 0, 0]);
  for (const stream of streams) stream.close();
}

describe('an account change reaches the open pages of that user, and nobody else', () => {
  it("approval by the organization's admin", async () => {
    const applicant = await newMember('pending');
    await onlyTheUserIsTold(applicant, [
      'POST',
      'ada@acme.test',
      `/api/organizations/${acme}/users/${applicant}/approve`,
    ]);
  });

  it('approval or decline by a platform administrator', async () => {
    for (const decision of ['approve', 'decline'] as const) {
      const applicant = await newMember('pending');
      await onlyTheUserIsTold(applicant, [
        'POST',
        'admin@parity.test',
        `/api/admin/users/${applicant}/${decision}`,
      ]);
    }
  });

  it("permission changes by the organization's admin and by a platform administrator", async () => {
    const member = await newMember('approved');
    await onlyTheUserIsTold(
      member,
      [
        'PUT',
        'ada@acme.test',
        `/api/organizations/me/members/${member}/permissions`,
        { survey_creation: true },
      ],
      ['PUT', 'admin@parity.test', `/api/admin/users/${member}/permissions`, { user_manage_surveys: true }],
    );
  });

  it('a role change by a platform administrator', async () => {
    const member = await newMember('approved');
    await onlyTheUserIsTold(member, [
      'PUT',
      'admin@parity.test',
      `/api/admin/users/${member}/roles`,
      { role_ids: [1] },
    ]);
  });

  it('removal from the organization', async () => {
    const member = await newMember('approved');
    await onlyTheUserIsTold(member, ['DELETE', 'ada@acme.test', `/api/organizations/me/members/${member}`]);
  });

  it("an organization's deletion, restore and merge by a platform administrator reach its members", async () => {
    const firm = await newOrganization();
    const into = await newOrganization();
    const member = await newMember('approved', firm);
    const admin = `/api/admin/organizations/${firm}`;
    await onlyTheUserIsTold(
      member,
      ['POST', 'admin@parity.test', `${admin}/delete`],
      ['POST', 'admin@parity.test', `${admin}/restore`],
      ['POST', 'admin@parity.test', `${admin}/merge`, { into }],
    );
  });

  it('nothing for a refused change, a change that changes nothing or one rolled back', async () => {
    const applicant = await newMember('pending');
    const member = await newMember('approved');
    const streams = await Promise.all([streamOf(applicant), streamOf(member)]);
    const approve = `/api/organizations/${acme}/users/${applicant}/approve`;
    // A member who is not an admin may not decide; another organization's admin cannot see Acme.
    expect((await call('POST', 'max@acme.test', approve)).statusCode).toBe(403);
    expect((await call('POST', 'eve@cedar.test', approve)).statusCode).toBe(404);
    const rolledBack = await withFailingCommits(t.app.db, 'memberships', () =>
      call('POST', 'ada@acme.test', approve),
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
    await accountEventsAre(streams, [applicant, member], [0, 0]);
    for (const stream of streams) stream.close();
  });
});
