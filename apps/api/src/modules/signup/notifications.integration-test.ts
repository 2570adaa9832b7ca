import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema/people';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { lastNotificationId, notificationsSince, withFailingCommits } from '../../test/notifications-written';

// Issue 17: a sign-up into an existing organization tells its admins, in the join's transaction.

let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createDemoTestApp();
  const people = demoOf(t);
  for (const [email, id] of people.users) ids.set(email, id);
});
afterAll(async () => {
  await t?.close();
});

/** A verified account without an organization, straight in the database. */
async function newAccount(email: string): Promise<number> {
  const [row] = await t.app.db
    .insert(users)
    .values({ email, name: 'Nia', lastname: 'Okafor', password_hash: 'x', email_verified_at: new Date() })
    .returning({ id: users.id });
  return row!.id;
}

async function join(userId: number, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/signup/organization/join',
    payload: { code },
    headers: { authorization: `Bearer ${await sessionToken(t, userId)}` },
  });
}

describe('joining an organization by its code notifies its admins', () => {
  it('tells every approved admin of that organization, linking to the members page; nobody else', async () => {
    const joiner = await newAccount('joiner@newfirm.test');
    const since = await lastNotificationId(t.app.db);
    const res = await join(joiner, 'ACME-2026');
    expect(res.statusCode, res.body).toBe(200);
    // Ada is Acme's only admin: not max (a plain member), not pending@acme.test, not the joiner,
    // not Cedar's or Northwind's admins.
    expect(await notificationsSince(t.app.db, since, 'member_awaiting_approval')).toEqual([
      {
        user_id: ids.get('ada@acme.test'),
        kind: 'member_awaiting_approval',
        type: 'alert',
        title: 'Nia Okafor asked to join Acme Capital Partners',
        body: 'Approve or decline joiner@newfirm.test on the members page.',
        link: '/organizations/private/members',
        read_at: null,
      },
    ]);
  });

  it('writes nothing for a refused join: an unknown code, or a caller already waiting', async () => {
    const joiner = await newAccount('refused-joiner@newfirm.test');
    expect((await join(joiner, 'CEDAR-2026')).statusCode).toBe(200);
    const since = await lastNotificationId(t.app.db);
    expect((await join(joiner, 'ACME-2026')).statusCode).toBe(409);
    const other = await newAccount('unknown-code@newfirm.test');
    expect((await join(other, 'NOPE-2026')).statusCode).toBe(400);
    expect(await notificationsSince(t.app.db, since, 'member_awaiting_approval')).toEqual([]);
  });

  it('leaves no notification when the join is rolled back', async () => {
    const joiner = await newAccount('rolled-back-joiner@newfirm.test');
    const since = await lastNotificationId(t.app.db);
    const res = await withFailingCommits(t.app.db, 'memberships', () => join(joiner, 'ACME-2026'));
    expect(res.statusCode).toBe(500);
    expect(await notificationsSince(t.app.db, since, 'member_awaiting_approval')).toEqual([]);
    expect(await t.app.db.select().from(memberships).where(eq(memberships.user_id, joiner))).toEqual([]);
  });
});
