import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, users } from '../../db/schema/people';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, demoOf, type TestApp } from '../../test/app';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';

let t: TestApp;
let smtp: TestSmtp;
const tokens = new Map<string, string>();
let acme: number;
let cedar: number;

let address = 0;
const nextAddress = () => `10.8.${Math.floor(++address / 250)}.${address % 250}`;

async function tokenFor(email: string): Promise<string> {
  const cached = tokens.get(email);
  if (cached) return cached;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/token/',
    remoteAddress: nextAddress(),
    payload: { grant_type: 'password', username: email, password: DEMO_PASSWORD, client_id: 'parity-web' },
  });
  expect(res.statusCode, res.body).toBe(200);
  tokens.set(email, res.json().access_token);
  return res.json().access_token;
}

async function call(method: 'GET' | 'POST', url: string, as?: string) {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    headers: as ? { authorization: `Bearer ${await tokenFor(as)}` } : {},
  });
}

async function userId(email: string): Promise<number> {
  const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
  return row!.id;
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

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createDemoTestApp({ smtpUrl: smtp.url, publicUrl: 'http://parity.test' });
  const people = demoOf(t);
  acme = people.organizations.get('Acme Capital Partners')!;
  cedar = people.organizations.get('Cedar Equity')!;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('GET /api/organizations/{me|id}/members', () => {
  it("lists the organization's members with their flags, pending first", async () => {
    const res = await call('GET', '/api/organizations/me/members', 'max@acme.test');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(body.data.length);
    expect(body.data.map((m: { email: string }) => m.email).sort()).toEqual(
      ['ada@acme.test', 'expired@acme.test', 'max@acme.test', 'mfa@acme.test', 'pending@acme.test'].sort(),
    );
    expect(body.data[0]).toMatchObject({ email: 'pending@acme.test', status: 'pending' });
    expect(body.data.find((m: { email: string }) => m.email === 'ada@acme.test')).toEqual({
      id: await userId('ada@acme.test'),
      name: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@acme.test',
      image: null,
      status: 'approved',
      manage_settings: true,
      user_manage_surveys: false,
      survey_creation: false,
      average_lpi_score_access: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const byId = await call('GET', `/api/organizations/${acme}/members`, 'ada@acme.test');
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(body);
  });

  it('lets the platform admin read any organization by id, not "me" (no organization)', async () => {
    const res = await call('GET', `/api/organizations/${cedar}/members`, 'admin@parity.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { email: string }) => m.email)).toEqual(['eve@cedar.test']);
    expect((await call('GET', '/api/organizations/me/members', 'admin@parity.test')).statusCode).toBe(404);
  });

  it('answers 404 for another organization or a missing one, 403 for a pending member, 401 anonymous', async () => {
    expect((await call('GET', `/api/organizations/${acme}/members`, 'eve@cedar.test')).statusCode).toBe(404);
    expect((await call('GET', '/api/organizations/999999/members', 'ada@acme.test')).statusCode).toBe(404);
    const pending = await call('GET', '/api/organizations/me/members', 'pending@acme.test');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toMatch(/awaiting approval/);
    expect((await call('GET', `/api/organizations/${acme}/members`, 'pending@acme.test')).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/organizations/me/members')).statusCode).toBe(401);
    const bad = await call('GET', '/api/organizations/abc/members', 'ada@acme.test');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail[0].field).toMatch(/id/);
  });
});

describe('GET /api/organizations/me/admins', () => {
  it("lists the approved admins of the caller's organization, for pending members too", async () => {
    const expected = {
      data: [
        {
          id: await userId('ada@acme.test'),
          name: 'Ada',
          lastname: 'Lovelace',
          image: null,
          email: 'ada@acme.test',
        },
      ],
    };
    const pending = await call('GET', '/api/organizations/me/admins', 'pending@acme.test');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toEqual(expected);
    expect((await call('GET', '/api/organizations/me/admins', 'max@acme.test')).json()).toEqual(expected);
    const eve = await call('GET', '/api/organizations/me/admins', 'eve@cedar.test');
    expect(eve.json().data.map((a: { email: string }) => a.email)).toEqual(['eve@cedar.test']);
    expect((await call('GET', '/api/organizations/me/admins', 'admin@parity.test')).json()).toEqual({
      data: [],
    });
    expect((await call('GET', '/api/organizations/me/admins')).statusCode).toBe(401);
  });
});

describe('POST /api/organizations/{organization_id}/users/{user_id}/approve and /decline', () => {
  it('an admin approves a pending member, who is mailed; a second decision is refused', async () => {
    const id = await newPending('approve-me@newfirm.test', acme);
    const res = await call('POST', `/api/organizations/${acme}/users/${id}/approve`, 'ada@acme.test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      email: 'approve-me@newfirm.test',
      status: 'approved',
      manage_settings: false,
    });
    const [row] = await t.app.db.select().from(memberships).where(eq(memberships.user_id, id));
    expect(row).toMatchObject({ status: 'approved', decided_by: await userId('ada@acme.test') });
    expect(row!.decided_at).toBeInstanceOf(Date);
    const mail = await smtp.waitFor((m) => recipient(m) === 'approve-me@newfirm.test');
    expect(mail.subject).toBe('Your access to Acme Capital Partners on Parity was approved');
    expect(mail.text).toContain('http://parity.test/');

    const again = await call('POST', `/api/organizations/${acme}/users/${id}/decline`, 'ada@acme.test');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/not awaiting approval/);
  });

  it('an admin declines; the platform admin may decide in any organization', async () => {
    const id = await newPending('decline-me@newfirm.test', acme);
    const res = await call('POST', `/api/organizations/${acme}/users/${id}/decline`, 'ada@acme.test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('declined');
    const mail = await smtp.waitFor((m) => recipient(m) === 'decline-me@newfirm.test');
    expect(mail.subject).toBe('Your request to join Acme Capital Partners on Parity was declined');

    const other = await newPending('sadm-approves@newfirm.test', cedar);
    const bySadm = await call(
      'POST',
      `/api/organizations/${cedar}/users/${other}/approve`,
      'admin@parity.test',
    );
    expect(bySadm.statusCode, bySadm.body).toBe(200);
  });

  it('refuses other tenants (404), plain and pending members (403), anonymous (401); nothing changes', async () => {
    const id = await newPending('untouched@newfirm.test', acme);
    const url = `/api/organizations/${acme}/users/${id}/approve`;
    expect((await call('POST', url, 'eve@cedar.test')).statusCode).toBe(404);
    expect((await call('POST', url, 'max@acme.test')).statusCode).toBe(403);
    expect((await call('POST', url, 'pending@acme.test')).statusCode).toBe(403);
    expect((await call('POST', url)).statusCode).toBe(401);
    // Eve on her own organization's path, with an Acme user: not her member.
    expect(
      (await call('POST', `/api/organizations/${cedar}/users/${id}/approve`, 'eve@cedar.test')).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/organizations/${acme}/users/999999/approve`, 'ada@acme.test')).statusCode,
    ).toBe(404);
    const [row] = await t.app.db.select().from(memberships).where(eq(memberships.user_id, id));
    expect(row).toMatchObject({ status: 'pending', decided_at: null, decided_by: null });
    expect(smtp.messages.filter((m) => recipient(m) === 'untouched@newfirm.test')).toHaveLength(0);
  });

  it('refuses a deleted organization', async () => {
    const [gone] = await t.app.db
      .insert(organizations)
      .values({ name: 'Gone Partners', deleted_at: new Date() })
      .returning({ id: organizations.id });
    expect(
      (await call('GET', `/api/organizations/${gone!.id}/members`, 'admin@parity.test')).statusCode,
    ).toBe(404);
  });
});
