import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, users } from '../../db/schema/people';
import { surveyInvitations, surveys } from '../../db/schema/surveys';
import { ACME, CEDAR } from '../../seed/demo';
import { DEI_SURVEY_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { lastNotificationId, notificationsSince, withFailingCommits } from '../../test/notifications-written';

// Issue 17: a survey invitation and a reminder are written, in the invitation's (the reminder's)
// transaction, to the people who answer for each organization: its approved admins and members
// with LPI access.

let t: TestApp;
let dei: number;
let acme: number;
let cedar: number;
let due: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createDemoTestApp({ publicUrl: 'http://parity.test' });
  const seeded = demoOf(t);
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  for (const [email, id] of seeded.users) ids.set(email, id);
  const [survey] = await t.app.db.select({ due: surveys.due }).from(surveys).where(eq(surveys.id, dei));
  due = new Date(`${survey!.due}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
});
afterAll(async () => {
  await t?.close();
});

/**
 * A public organization not invited yet, with an admin (no LPI access), a member with LPI access,
 * a plain member and a pending one.
 */
async function newRespondent(name: string) {
  const slug = name.split(' ')[0]!.toLowerCase();
  const [organization] = await t.app.db
    .insert(organizations)
    .values({ name, is_public: true })
    .returning({ id: organizations.id });
  const people = await t.app.db
    .insert(users)
    .values(
      ['admin', 'lpi', 'plain', 'pending'].map((role) => ({
        email: `${role}@${slug}.test`,
        name: role,
        lastname: slug,
        password_hash: 'x',
      })),
    )
    .returning({ id: users.id });
  const [admin, lpi, plain, pending] = people.map((p) => p.id);
  const organizationId = organization!.id;
  await t.app.db.insert(memberships).values([
    { user_id: admin!, organization_id: organizationId, status: 'approved', manage_settings: true },
    { user_id: lpi!, organization_id: organizationId, status: 'approved', average_lpi_score_access: true },
    { user_id: plain!, organization_id: organizationId, status: 'approved' },
    { user_id: pending!, organization_id: organizationId, status: 'pending', average_lpi_score_access: true },
  ]);
  return { id: organizationId, admin: admin!, lpi: lpi!, plain: plain!, pending: pending! };
}

async function post(url: string, payload: unknown, as = 'host@northwind.test') {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${await sessionToken(t, ids.get(as)!)}` },
  });
}

async function isInvited(organizationId: number) {
  const rows = await t.app.db
    .select({ id: surveyInvitations.id })
    .from(surveyInvitations)
    .where(and(eq(surveyInvitations.survey_id, dei), eq(surveyInvitations.organization_id, organizationId)));
  return rows.length > 0;
}

describe('survey invitations', () => {
  it('tells the invited organization’s admins and members with LPI access, once', async () => {
    const juniper = await newRespondent('Juniper Ventures');
    const since = await lastNotificationId(t.app.db);
    const res = await post(`/api/surveys/${dei}/contacts/member/invite`, { organization_ids: [juniper.id] });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      kind: 'survey_invitation',
      type: 'alert',
      title: `Northwind Pension Fund invited Juniper Ventures to ${DEI_SURVEY_2026}`,
      body: `Fill in and submit your organization's response by ${due}.`,
      link: `/surveys/taking/${dei}`,
      read_at: null,
    };
    // Not the plain member, the pending one, the host who invited, nor another organization's people.
    expect(await notificationsSince(t.app.db, since, 'survey_invitation')).toEqual([
      { user_id: juniper.admin, ...expected },
      { user_id: juniper.lpi, ...expected },
    ]);

    // Invited already: a second invitation is no news.
    const again = await post(`/api/surveys/${dei}/contacts/member/invite`, {
      organization_ids: [juniper.id],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await notificationsSince(t.app.db, since, 'survey_invitation')).toHaveLength(2);
  });

  it('tells a contact’s organization when the host invites the contact', async () => {
    const linden = await newRespondent('Linden Partners');
    const added = await post(`/api/surveys/${dei}/contacts`, {
      organization_id: linden.id,
      name: 'Lin',
      lastname: 'Den',
      email: 'lin@linden.example',
    });
    expect(added.statusCode, added.body).toBe(200);
    const since = await lastNotificationId(t.app.db);
    const res = await post(`/api/surveys/${dei}/contacts/invite`, { contact_ids: added.json().ids });
    expect(res.statusCode, res.body).toBe(200);
    const written = await notificationsSince(t.app.db, since, 'survey_invitation');
    expect(written.map((n) => [n.user_id, n.title, n.link])).toEqual([
      [
        linden.admin,
        `Northwind Pension Fund invited Linden Partners to ${DEI_SURVEY_2026}`,
        `/surveys/taking/${dei}`,
      ],
      [
        linden.lpi,
        `Northwind Pension Fund invited Linden Partners to ${DEI_SURVEY_2026}`,
        `/surveys/taking/${dei}`,
      ],
    ]);
  });

  it('writes nothing when the invitation is refused or rolled back', async () => {
    const quince = await newRespondent('Quince Holdings');
    const since = await lastNotificationId(t.app.db);
    // Another organization's admin may not invite (404), nor may the host invite itself (400).
    const refused = await post(
      `/api/surveys/${dei}/contacts/member/invite`,
      { organization_ids: [quince.id] },
      'eve@cedar.test',
    );
    expect(refused.statusCode).toBe(404);
    const self = await post(`/api/surveys/${dei}/contacts/member/invite`, {
      organization_ids: [quince.id],
      code: 'NORTHWIND-2026',
    });
    expect(self.statusCode).toBe(400);
    const rolledBack = await withFailingCommits(t.app.db, 'survey_invitations', () =>
      post(`/api/surveys/${dei}/contacts/member/invite`, { organization_ids: [quince.id] }),
    );
    expect(rolledBack.statusCode).toBe(500);
    expect(await isInvited(quince.id)).toBe(false);
    expect(await notificationsSince(t.app.db, since, 'survey_invitation')).toEqual([]);
  });
});

describe('survey reminders', () => {
  it('tells the reminded organizations’ admins and members with LPI access; not others', async () => {
    const since = await lastNotificationId(t.app.db);
    const res = await post(`/api/surveys/${dei}/reminders`, { organization_ids: [acme] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reminded).toBe(1);
    // Ada is Acme's admin with LPI access; max, mfa and expired are plain members, pending waits;
    // Cedar was not reminded.
    expect(await notificationsSince(t.app.db, since, 'survey_reminder')).toEqual([
      {
        user_id: ids.get('ada@acme.test'),
        kind: 'survey_reminder',
        type: 'alert',
        title: `Reminder: Northwind Pension Fund awaits your response to ${DEI_SURVEY_2026}`,
        body: `Submit your organization's response by ${due}.`,
        link: `/surveys/taking/${dei}`,
        read_at: null,
      },
    ]);
  });

  it('writes nothing when the reminder is refused or rolled back', async () => {
    const since = await lastNotificationId(t.app.db);
    // An organization not invited: 400 for the whole reminder.
    const [stranger] = await t.app.db
      .insert(organizations)
      .values({ name: 'Rowan Capital', is_public: true })
      .returning({ id: organizations.id });
    const refused = await post(`/api/surveys/${dei}/reminders`, { organization_ids: [cedar, stranger!.id] });
    expect(refused.statusCode).toBe(400);
    const notHost = await post(
      `/api/surveys/${dei}/reminders`,
      { organization_ids: [cedar] },
      'ada@acme.test',
    );
    expect(notHost.statusCode).toBe(404);
    const rolledBack = await withFailingCommits(t.app.db, 'survey_invitations', () =>
      post(`/api/surveys/${dei}/reminders`, { organization_ids: [cedar] }),
    );
    expect(rolledBack.statusCode).toBe(500);
    expect(await notificationsSince(t.app.db, since, 'survey_reminder')).toEqual([]);
  });
});
