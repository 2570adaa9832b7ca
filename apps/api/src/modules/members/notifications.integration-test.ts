import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema/people';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { lastNotificationId, notificationsSince, withFailingCommits } from '../../test/notifications-written';

// Issue 17: an approval decision is written to the applicant in the decision's transaction.
// Issue 37 point 5: it names the person who decided, not the organization.

let t: TestApp;
let acme: number;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createDemoTestApp();
  const people = demoOf(t);
  acme = people.organizations.get('Acme Capital Partners')!;
  for (const [email, id] of people.users) ids.set(email, id);
});
afterAll(async () => {
  await t?.close();
});

async function decide(as: string, organizationId: number, userId: number, decision: 'approve' | 'decline') {
  return t.app.inject({
    method: 'POST',
    url: `/api/organizations/${organizationId}/users/${userId}/${decision}`,
    headers: { authorization: `Bearer ${await sessionToken(t, ids.get(as)!)}` },
  });
}

/** A new pending member of an organization, straight in the database. */
async function newPending(email: string, organizationId: number): Promise<number> {
  const [row] = await t.app.db
    .insert(users)
    .values({ email, name: 'Pat', lastname: 'Pending', password_hash: 'x' })
    .returning({ id: users.id });
  await t.app.db.insert(memberships).values({ user_id: row!.id, organization_id: organizationId });
  return row!.id;
}

describe('approval decisions notify the applicant', () => {
  it('tells an approved applicant who approved, linking to the dashboard; not the admin, not other members', async () => {
    const applicant = await newPending('approved-applicant@newfirm.test', acme);
    const since = await lastNotificationId(t.app.db);
    const res = await decide('ada@acme.test', acme, applicant, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(await notificationsSince(t.app.db, since, 'approval_decision')).toEqual([
      {
        user_id: applicant,
        kind: 'approval_decision',
        type: 'base',
        title: 'Ada Lovelace approved your request to join Acme Capital Partners',
        body: 'You can now use Parity: start from your dashboard.',
        link: '/',
        read_at: null,
      },
    ]);
  });

  it('tells a declined applicant which platform admin declined; the admin is not told', async () => {
    const applicant = await newPending('declined-applicant@newfirm.test', acme);
    const since = await lastNotificationId(t.app.db);
    const res = await decide('admin@parity.test', acme, applicant, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    const written = await notificationsSince(t.app.db, since, 'approval_decision');
    expect(written.map((n) => [n.user_id, n.title, n.link])).toEqual([
      [applicant, 'Grace Hopper declined your request to join Acme Capital Partners', '/'],
    ]);
  });

  it('writes nothing for a refused decision: another organization’s admin, a second decision', async () => {
    const applicant = await newPending('refused-applicant@newfirm.test', acme);
    const since = await lastNotificationId(t.app.db);
    expect((await decide('eve@cedar.test', acme, applicant, 'approve')).statusCode).toBe(404);
    expect((await decide('max@acme.test', acme, applicant, 'approve')).statusCode).toBe(403);
    expect((await decide('ada@acme.test', acme, applicant, 'decline')).statusCode).toBe(200);
    expect((await decide('ada@acme.test', acme, applicant, 'approve')).statusCode).toBe(409);
    const written = await notificationsSince(t.app.db, since, 'approval_decision');
    expect(written.map((n) => n.title)).toEqual([
      'Ada Lovelace declined your request to join Acme Capital Partners',
    ]);
  });

  it('leaves no notification when the decision is rolled back', async () => {
    const applicant = await newPending('rolled-back-applicant@newfirm.test', acme);
    const since = await lastNotificationId(t.app.db);
    const res = await withFailingCommits(t.app.db, 'memberships', () =>
      decide('ada@acme.test', acme, applicant, 'approve'),
    );
    expect(res.statusCode).toBe(500);
    expect(await notificationsSince(t.app.db, since, 'approval_decision')).toEqual([]);
    const [membership] = await t.app.db
      .select({ status: memberships.status })
      .from(memberships)
      .where(eq(memberships.user_id, applicant));
    expect(membership?.status).toBe('pending');
  });
});
