import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema/people';
import { surveyInvitations } from '../../db/schema/surveys';
import { ACME, NORTHWIND } from '../../seed/demo';
import { DEI_SURVEY_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { lastNotificationId, notificationsSince, withFailingCommits } from '../../test/notifications-written';
import { readyToSubmit } from '../../test/survey-submit';

// Issue 17: a submitted response is written to the survey's hosts in the submit's transaction.

let t: TestApp;
let dei: number;
let acme: number;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createDemoTestApp();
  const seeded = demoOf(t);
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  acme = seeded.organizations.get(ACME)!;
  const northwind = seeded.organizations.get(NORTHWIND)!;
  for (const [email, id] of seeded.users) ids.set(email, id);
  // Two plain members of the host organization; one of them is made the survey's administrator.
  const [plain, administrator] = await t.app.db
    .insert(users)
    .values([
      { email: 'plain@northwind.test', name: 'Pia', lastname: 'Plain', password_hash: 'x' },
      { email: 'admin-of-survey@northwind.test', name: 'Sam', lastname: 'Survey', password_hash: 'x' },
    ])
    .returning({ id: users.id });
  ids.set('plain@northwind.test', plain!.id);
  ids.set('admin-of-survey@northwind.test', administrator!.id);
  await t.app.db.insert(memberships).values([
    { user_id: plain!.id, organization_id: northwind, status: 'approved' },
    { user_id: administrator!.id, organization_id: northwind, status: 'approved' },
  ]);
  const granted = await post(`/api/surveys/${dei}/grant-administrator-access`, 'host@northwind.test', {
    user_id: administrator!.id,
  });
  expect(granted.statusCode, granted.body).toBe(200);
  await readyToSubmit(t.app.db, acme, dei);
});
afterAll(async () => {
  await t?.close();
});

async function post(url: string, as: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${await sessionToken(t, ids.get(as)!)}` },
  });
}

const submit = (as: string, acceptTerms = true) =>
  post(`/api/surveys/${dei}/submit`, as, { accept_terms: acceptTerms });

async function acmeStatus() {
  const [row] = await t.app.db
    .select({ status: surveyInvitations.status })
    .from(surveyInvitations)
    .where(and(eq(surveyInvitations.survey_id, dei), eq(surveyInvitations.organization_id, acme)));
  return row?.status;
}

describe('a submitted response notifies the survey’s hosts', () => {
  it('writes nothing for a refused submit or a rolled-back one', async () => {
    const since = await lastNotificationId(t.app.db);
    expect((await submit('ada@acme.test', false)).statusCode).toBe(400);
    expect((await submit('max@acme.test')).statusCode).toBe(403);
    const rolledBack = await withFailingCommits(t.app.db, 'submissions', () => submit('ada@acme.test'));
    expect(rolledBack.statusCode).toBe(500);
    expect(await acmeStatus()).not.toBe('submitted');
    expect(await notificationsSince(t.app.db, since, 'submission_received')).toEqual([]);
  });

  it('tells the host organization’s survey hosts and the survey’s administrators, not the respondent', async () => {
    const since = await lastNotificationId(t.app.db);
    const res = await submit('ada@acme.test');
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      kind: 'submission_received',
      type: 'base',
      title: `Acme Capital Partners submitted its response to ${DEI_SURVEY_2026}`,
      body: "Read it in the survey's responses and analytics.",
      link: `/surveys/hosting/${dei}`,
      read_at: null,
    };
    // Not ada (who submitted), Acme's other members, Northwind's plain member, nor Cedar's people.
    expect(await notificationsSince(t.app.db, since, 'submission_received')).toEqual(
      [ids.get('host@northwind.test')!, ids.get('admin-of-survey@northwind.test')!]
        .sort((a, b) => a - b)
        .map((user_id) => ({ user_id, ...expected })),
    );

    // A second submit is a conflict: no news.
    const again = await submit('ada@acme.test');
    expect(again.statusCode).toBe(409);
    expect(await notificationsSince(t.app.db, since, 'submission_received')).toHaveLength(2);
  });
});
