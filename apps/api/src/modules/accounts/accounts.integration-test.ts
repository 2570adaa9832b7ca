import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, users } from '../../db/schema/people';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
async function tokenFor(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/token/',
    remoteAddress: `10.2.0.${++address}`,
    payload: { grant_type: 'password', username: email, password: DEMO_PASSWORD, client_id: 'parity-web' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}

async function statusOf(email: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/status',
    headers: { authorization: `Bearer ${await tokenFor(email)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const none = {
  isAllowed: false,
  isOrganizationAdministrator: false,
  isAdministrator: false,
  isSurveyHost: false,
  hasLpiAccess: false,
  hasSurveyCreation: false,
};

describe('GET /api/user/status', () => {
  it('describes an organization admin with LPI access (ada)', async () => {
    const [acme] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Acme Capital Partners'));
    expect(await statusOf('ada@acme.test')).toEqual({
      id: expect.any(Number),
      name: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@acme.test',
      organization_id: acme!.id,
      organization_name: 'Acme Capital Partners',
      organization_logo: null,
      ...none,
      isAllowed: true,
      isOrganizationAdministrator: true,
      hasLpiAccess: true,
      status: 'approved',
    });
  });

  it('describes an approved member (max), a pending one and a host', async () => {
    expect(await statusOf('max@acme.test')).toMatchObject({
      ...none,
      isAllowed: true,
      status: 'approved',
      organization_name: 'Acme Capital Partners',
    });
    expect(await statusOf('pending@acme.test')).toMatchObject({
      ...none,
      status: 'pending',
      organization_name: 'Acme Capital Partners',
    });
    expect(await statusOf('host@northwind.test')).toMatchObject({
      ...none,
      isAllowed: true,
      isOrganizationAdministrator: true,
      isSurveyHost: true,
      hasSurveyCreation: true,
      status: 'approved',
      organization_name: 'Northwind Pension Fund',
    });
    expect(await statusOf('eve@cedar.test')).toMatchObject({
      isOrganizationAdministrator: true,
      hasLpiAccess: false,
      organization_name: 'Cedar Equity',
    });
  });

  it('describes the platform administrator without an organization', async () => {
    expect(await statusOf('admin@parity.test')).toMatchObject({
      ...none,
      isAllowed: true,
      isAdministrator: true,
      organization_id: null,
      organization_name: null,
      organization_logo: null,
      status: 'none',
    });
  });

  it('gives a declined member no rights, even with flags set', async () => {
    const token = await tokenFor('max@acme.test');
    const [max] = await t.app.db.select().from(users).where(eq(users.email, 'max@acme.test'));
    await t.app.db
      .update(memberships)
      .set({ status: 'declined', manage_settings: true })
      .where(eq(memberships.user_id, max!.id));
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/status',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.json()).toMatchObject({ ...none, status: 'declined' });
    } finally {
      await t.app.db
        .update(memberships)
        .set({ status: 'approved', manage_settings: false })
        .where(eq(memberships.user_id, max!.id));
    }
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/status' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.', error: 'unauthenticated' });
  });
});
