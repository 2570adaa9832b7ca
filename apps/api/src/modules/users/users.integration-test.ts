import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SENSITIVE_FIELDS } from '@parity/domain/account';
import { eq } from 'drizzle-orm';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../db/schema/people';
import { createDemoTestApp, createTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { analyticsToolUrl } from './service';

let t: TestApp;
let ids: Map<string, number>;
let orgIds: Map<string, number>;
const tokens = new Map<string, string>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-users-'));

const PENDING = 'pending@acme.test';
const MEMBER = 'max@acme.test';
const OTHER_ADMIN = 'eve@cedar.test';
const PLATFORM = 'admin@parity.test';
const HOST = 'host@northwind.test';
const ANALYTICS_URL = 'https://bi.example.test/trusted/{token}/views/Parity';
const CALLERS = [PENDING, MEMBER, OTHER_ADMIN, PLATFORM];

beforeAll(async () => {
  t = await createDemoTestApp({ dataDir, analyticsUrl: ANALYTICS_URL });
  const seeded = demoOf(t);
  ids = seeded.users;
  orgIds = seeded.organizations;
  for (const email of ids.keys()) {
    tokens.set(email, await sessionToken(t, ids.get(email)!));
  }
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const id = (email: string) => ids.get(email)!;
function call(
  email: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { ...(email ? { authorization: `Bearer ${tokens.get(email)}` } : {}), ...headers },
  });
}
async function row(email: string) {
  const [u] = await t.app.db
    .select()
    .from(users)
    .where(eq(users.id, id(email)));
  return u!;
}

describe('anonymous callers', () => {
  it.each([
    ['GET', '/api/user-account'],
    ['POST', '/api/user-account/1'],
    ['GET', '/api/accounts/1'],
    ['GET', '/api/users'],
    ['POST', '/api/acknowledgment'],
    ['GET', '/api/user-saved'],
    ['POST', '/api/user-saved'],
    ['DELETE', '/api/user-saved?kind=organization&ref_id=1'],
    ['GET', '/api/account-attachments-detailed'],
    ['GET', '/api/user/healthcheck'],
    ['GET', '/api/tableau/token'],
    ['POST', '/api/users/image'],
    ['GET', '/api/users/1/image/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthenticated');
  });
});

describe('GET /api/user-account', () => {
  it('gives the member every field, personal ones wrapped', async () => {
    const res = await call(MEMBER, 'GET', '/api/user-account');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: id(MEMBER),
      name: 'Max',
      lastname: 'Planck',
      email: MEMBER,
      title: null,
      image: null,
      image_url: null,
      organization: { id: orgIds.get('Acme Capital Partners'), name: 'Acme Capital Partners', logo: null },
      phone: { value: null, is_private: false },
      // Special-category fields start private (issue #19 point 9).
      veteran: { value: null, is_private: true },
      start_date: { value: null, is_private: false },
      languages: [],
      interests: [],
      private_fields: [...SENSITIVE_FIELDS],
      acknowledgements: [],
      two_fa_enabled: false,
      is_sadm: false,
      is_approved: true,
      organization_permissions: { status: 'approved', manage_settings: false },
      permissions: [],
      user_roles: ['member'],
    });
    expect(body).not.toHaveProperty('password_hash');
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        'created_at',
        'updated_at',
        'last_login',
        'resumes',
        'permission_sets',
        'sections',
      ]),
    );
  });

  it('describes the pending user, the other admin and the platform admin', async () => {
    expect((await call(PENDING, 'GET', '/api/user-account')).json()).toMatchObject({
      email: PENDING,
      is_approved: false,
      user_roles: ['pending'],
      organization_permissions: { status: 'pending' },
    });
    expect((await call(OTHER_ADMIN, 'GET', '/api/user-account')).json()).toMatchObject({
      email: OTHER_ADMIN,
      is_approved: true,
      permissions: ['manage_settings'],
      user_roles: ['organization_administrator', 'member'],
      organization: { name: 'Cedar Equity' },
    });
    expect((await call(PLATFORM, 'GET', '/api/user-account')).json()).toMatchObject({
      email: PLATFORM,
      is_sadm: true,
      is_approved: false,
      organization: null,
      organization_permissions: null,
      user_roles: ['administrator'],
    });
  });
});

describe('POST /api/user-account/{id}', () => {
  it('updates the own profile from JSON and answers the account', async () => {
    const res = await call(MEMBER, 'POST', `/api/user-account/${id(MEMBER)}`, {
      name: ' Max ',
      lastname: 'Planck',
      title: 'Principal',
      phone: '+1 212 555 0123',
      personal_email: 'max@home.example',
      veteran: true,
      gender_id: 2,
      corporate_title_id: 99999999999,
      functional_title_id: 1,
      languages: [1, 2, 2],
      start_date: '2019-04-01',
      private_fields: ['phone', 'veteran'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Max',
      title: 'Principal',
      phone: { value: '+1 212 555 0123', is_private: true },
      veteran: { value: true, is_private: true },
      gender_id: { value: 2, is_private: false },
      corporate_title_id: 99999999999,
      functional_title_id: 1,
      personal_email: { value: 'max@home.example', is_private: false },
      languages: [1, 2],
      start_date: { value: '2019-04-01', is_private: false },
      private_fields: ['phone', 'veteran'],
    });
  });

  it('reads form fields with booleans as 1/0 and arrays as name[]', async () => {
    const form =
      'name=Max&lastname=Planck&lgbt=0&is_disabled=1&interests[]=3&interests[]=4&languages[]=5&private_fields[]=bio&bio=Physicist';
    const res = await call(MEMBER, 'POST', `/api/user-account/${id(MEMBER)}`, form, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lgbt: { value: false },
      is_disabled: { value: true },
      interests: [3, 4],
      languages: [5],
      bio: { value: 'Physicist', is_private: true },
      private_fields: ['bio'],
    });
  });

  it('reads multipart fields', async () => {
    const boundary = '----parity-test';
    const parts = [
      ['name', 'Max'],
      ['lastname', 'Planck'],
      ['veteran', '1'],
      ['languages[]', '7'],
      ['private_fields[]', 'phone'],
    ];
    const payload = `${parts
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')}--${boundary}--\r\n`;
    const res = await call(MEMBER, 'POST', `/api/user-account/${id(MEMBER)}`, payload, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ veteran: { value: true }, languages: [7], private_fields: ['phone'] });
  });

  it('needs name and lastname for a profile save, and changes nothing', async () => {
    const before = await row(MEMBER);
    const res = await call(MEMBER, 'POST', `/api/user-account/${id(MEMBER)}`, {
      name: 'Max',
      title: 'Changed',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please, populate required data: lastname',
      error: 'validation_failed',
      detail: [{ field: 'body.lastname', message: 'Field is empty' }],
    });
    const both = await call(MEMBER, 'POST', `/api/user-account/${id(MEMBER)}`, {
      name: ' ',
      lastname: '',
      bio: 'x',
    });
    expect(both.json().message).toBe('Please, populate required data: name, lastname');
    expect((await row(MEMBER)).title).toBe(before.title);
  });

  it.each([
    [{ personal_email: 'not-an-email' }, 'body.personal_email', 'Value must be a valid email address'],
    [{ phone: '123' }, 'body.phone', 'Value must be a valid phone number'],
    [{ start_date: '2024-02-30' }, 'body.start_date', 'Value is not a valid date'],
    [{ start_date: '1800-01-01' }, 'body.start_date', 'Date must be after or equal to 1900-01-01'],
    [{ veteran: 'maybe' }, 'body.veteran', 'Value must be 1 or 0'],
    [{ gender_id: 'x' }, 'body.gender_id', 'Value must be a number'],
    [{ languages: 'x' }, 'body.languages', undefined],
    [{ private_fields: ['email'] }, 'body.private_fields.0', undefined],
    [{ is_admin: true }, 'body.is_admin', undefined],
    [{ is_sadm: true }, 'body.is_sadm', undefined],
    [{ title: 'x'.repeat(151) }, 'body.title', 'Value must be not more than 150 characters long'],
    [{ gender_id: 999 }, 'body.gender_id', 'Value is not an allowed option'],
    [{ ethnicity_id: 999 }, 'body.ethnicity_id', 'Value is not an allowed option'],
    [{ languages: [1, 9999] }, 'body.languages', 'Value is not an allowed option'],
    [{ interests: [99999999999] }, 'body.interests', 'Value is not an allowed option'],
    [{ corporate_title_id: 12345 }, 'body.corporate_title_id', 'Value is not an allowed option'],
  ])('refuses %j with the field and message', async (extra, field, message) => {
    const before = await row(MEMBER);
    const res = await call(MEMBER, 'POST', `/api/user-account/${id(MEMBER)}`, {
      name: 'Max',
      lastname: 'Planck',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(400);
    const issue = res.json().detail.find((d: { field: string }) => d.field === field);
    expect(issue, res.body).toBeDefined();
    if (message) expect(issue.message).toBe(message);
    expect(await row(MEMBER)).toEqual(before);
  });

  it("answers 404 for another user's profile, whoever asks except the platform admin", async () => {
    const before = await row(MEMBER);
    for (const email of [PENDING, OTHER_ADMIN, 'ada@acme.test']) {
      const res = await call(email, 'POST', `/api/user-account/${id(MEMBER)}`, { name: 'X', lastname: 'Y' });
      expect(res.statusCode, email).toBe(404);
    }
    expect(await row(MEMBER)).toEqual(before);
    const admin = await call(PLATFORM, 'POST', `/api/user-account/${id(PENDING)}`, {
      name: 'Priya',
      lastname: 'Patel',
      title: 'Analyst',
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ id: id(PENDING), title: 'Analyst' });
    expect(
      (await call(PLATFORM, 'POST', '/api/user-account/999999', { name: 'a', lastname: 'b' })).statusCode,
    ).toBe(404);
  });

  it('lets a pending user complete their own profile', async () => {
    const res = await call(PENDING, 'POST', `/api/user-account/${id(PENDING)}`, {
      name: 'Priya',
      lastname: 'Patel',
      title: 'Associate',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toBe('Associate');
  });

  it('toggles two-factor sign-in for the owner only', async () => {
    const on = await call(OTHER_ADMIN, 'POST', `/api/user-account/${id(OTHER_ADMIN)}`, 'two_fa_enabled=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().two_fa_enabled).toBe(true);
    const off = await call(OTHER_ADMIN, 'POST', `/api/user-account/${id(OTHER_ADMIN)}`, {
      two_fa_enabled: 0,
    });
    expect(off.json().two_fa_enabled).toBe(false);
    const admin = await call(PLATFORM, 'POST', `/api/user-account/${id(OTHER_ADMIN)}`, {
      two_fa_enabled: true,
    });
    expect(admin.statusCode).toBe(403);
    expect((await row(OTHER_ADMIN)).two_fa_enabled).toBe(false);
  });
});

describe('GET /api/accounts/{id}', () => {
  it("shows 'Private' for private fields, null for empty ones, and the display name rule", async () => {
    await call(MEMBER, 'POST', `/api/user-account/${id(MEMBER)}`, {
      name: 'Max',
      lastname: 'Planck',
      phone: '+1 212 555 0123',
      address: '',
      gender_id: '',
      bio: 'Physicist',
      private_fields: ['phone', 'lastname'],
    });
    const res = await call(OTHER_ADMIN, 'GET', `/api/accounts/${id(MEMBER)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: id(MEMBER),
      name: 'Max',
      lastname: 'Private',
      display_name: 'Max',
      phone: 'Private',
      address: null,
      bio: 'Physicist',
      gender_id: null,
      organization: { name: 'Acme Capital Partners' },
    });
    expect(body).not.toHaveProperty('private_fields');
    expect(JSON.stringify(body)).not.toContain('555');
    await call(MEMBER, 'POST', `/api/user-account/${id(MEMBER)}`, { private_fields: [] });
    const open = (await call(PLATFORM, 'GET', `/api/accounts/${id(MEMBER)}`)).json();
    expect(open).toMatchObject({ lastname: 'Planck', display_name: 'Max Planck', phone: '+1 212 555 0123' });
  });

  it('keeps special-category answers private from others until the owner chooses to show them', async () => {
    const OWNER = 'ada@acme.test';
    const answers = { veteran: true, lgbt: false, is_disabled: false, is_generation_immigrant: true };
    const saved = await call(OWNER, 'POST', `/api/user-account/${id(OWNER)}`, {
      name: 'Ada',
      lastname: 'Lovelace',
      gender_id: 2,
      ethnicity_id: 1,
      ...answers,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect([...saved.json().private_fields].sort()).toEqual([...SENSITIVE_FIELDS].sort());
    const hidden = (await call(MEMBER, 'GET', `/api/accounts/${id(OWNER)}`)).json();
    for (const field of SENSITIVE_FIELDS) expect(hidden[field], field).toBe('Private');

    await call(OWNER, 'POST', `/api/user-account/${id(OWNER)}`, { private_fields: ['veteran'] });
    const shown = (await call(MEMBER, 'GET', `/api/accounts/${id(OWNER)}`)).json();
    expect(shown).toMatchObject({
      gender_id: 2,
      ethnicity_id: 1,
      veteran: 'Private',
      is_generation_immigrant: true,
    });
  });

  it('lets a pending user read only their own profile, and shows them to their organization admins only', async () => {
    expect((await call(PENDING, 'GET', `/api/accounts/${id(PENDING)}`)).statusCode).toBe(200);
    expect((await call(PENDING, 'GET', `/api/accounts/${id(MEMBER)}`)).statusCode).toBe(404);
    expect((await call(MEMBER, 'GET', `/api/accounts/${id(PENDING)}`)).statusCode).toBe(404);
    expect((await call('ada@acme.test', 'GET', `/api/accounts/${id(PENDING)}`)).statusCode).toBe(200);
  });

  it('answers 404 for deleted and unknown users, 400 for a bad id', async () => {
    await t.app.db
      .update(users)
      .set({ deleted_at: new Date() })
      .where(eq(users.id, id('expired@acme.test')));
    expect((await call(MEMBER, 'GET', `/api/accounts/${id('expired@acme.test')}`)).statusCode).toBe(404);
    expect((await call(PLATFORM, 'GET', '/api/accounts/999999')).statusCode).toBe(404);
    expect((await call(MEMBER, 'GET', '/api/accounts/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/users', () => {
  it("refuses a pending caller with 403 'Your account is awaiting approval.'", async () => {
    const res = await call(PENDING, 'GET', '/api/users');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your account is awaiting approval.', error: 'awaiting_approval' });
  });

  it('lists approved users sorted by name with a total, for members, other admins and the platform admin', async () => {
    for (const email of [MEMBER, OTHER_ADMIN, PLATFORM]) {
      const res = await call(email, 'GET', '/api/users');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const names = body.data.map((u: { name: string }) => u.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(names).not.toContain('Priya'); // pending
      expect(names).not.toContain('Grace'); // no organization
      expect(body.total).toBe(body.data.length);
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        lastname: expect.any(String),
        title: null,
        image_url: null,
        organization: { id: expect.any(Number), name: expect.any(String) },
      });
    }
  });

  it("searches name, lastname, organization name and a colleague's email; paginates; filters by organization", async () => {
    const search = async (q: string) =>
      (await call(MEMBER, 'GET', `/api/users?search_query=${encodeURIComponent(q)}`)).json();
    expect((await search('lovelace')).data.map((u: { name: string }) => u.name)).toEqual(['Ada']);
    expect((await search('ada@acme')).data.map((u: { name: string }) => u.name)).toEqual(['Ada']);
    expect((await search('eve@cedar')).total).toBe(0);
    expect((await search('Northwind')).data.map((u: { name: string }) => u.name)).toEqual(['Nora']);
    expect((await search('Ada Love')).total).toBe(1);
    expect((await search('%')).total).toBe(0);
    const page = (await call(MEMBER, 'GET', '/api/users?limit=2&offset=1')).json();
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const past = (await call(MEMBER, 'GET', '/api/users?limit=2&offset=500')).json();
    expect(past).toEqual({ data: [], total: page.total });
    const acme = (
      await call(MEMBER, 'GET', `/api/users?organization_id=${orgIds.get('Acme Capital Partners')}`)
    ).json();
    expect(
      acme.data.every(
        (u: { organization: { name: string } }) => u.organization.name === 'Acme Capital Partners',
      ),
    ).toBe(true);
  });

  it('refuses a bad limit or an unknown parameter with 400', async () => {
    for (const q of ['limit=101', 'limit=0', 'offset=-1', 'role=admin', 'limit=abc']) {
      const res = await call(MEMBER, 'GET', `/api/users?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
  });
});

describe('acknowledgment, healthcheck, saved items, analytics token', () => {
  it('records getting_started once for any signed-in caller', async () => {
    for (const email of CALLERS) {
      for (let i = 0; i < 2; i++) {
        const res = await call(email, 'POST', '/api/acknowledgment', { type: 'getting_started' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ acknowledgements: ['getting_started'] });
      }
    }
    expect((await call(MEMBER, 'POST', '/api/acknowledgment', { type: 'other' })).statusCode).toBe(400);
    expect(
      (await call(MEMBER, 'POST', '/api/acknowledgment', { type: 'getting_started', x: 1 })).statusCode,
    ).toBe(400);
  });

  it('tells which of name, lastname, title, image are missing', async () => {
    const res = await call(OTHER_ADMIN, 'GET', '/api/user/healthcheck');
    expect(res.json()).toEqual({ complete: false, missing: ['title', 'image'] });
    for (const email of CALLERS)
      expect((await call(email, 'GET', '/api/user/healthcheck')).statusCode).toBe(200);
  });

  it('saves, lists and removes organizations for allowed callers', async () => {
    const cedar = orgIds.get('Cedar Equity')!;
    const add = await call(MEMBER, 'POST', '/api/user-saved', { kind: 'organization', ref_id: cedar });
    expect(add.statusCode, add.body).toBe(200);
    await call(MEMBER, 'POST', '/api/user-saved', { kind: 'organization', ref_id: cedar });
    const list = (await call(MEMBER, 'GET', '/api/user-saved')).json();
    expect(list.data).toEqual([
      {
        id: expect.any(Number),
        kind: 'organization',
        ref_id: cedar,
        name: 'Cedar Equity',
        created_at: expect.any(String),
      },
    ]);
    expect((await call(OTHER_ADMIN, 'GET', '/api/user-saved')).json()).toEqual({ data: [] });
    const del = await call(MEMBER, 'DELETE', `/api/user-saved?kind=organization&ref_id=${cedar}`);
    expect(del.statusCode).toBe(204);
    expect((await call(MEMBER, 'GET', '/api/user-saved')).json()).toEqual({ data: [] });
  });

  it('refuses pending callers, unknown or private organizations, and bad input', async () => {
    const cedar = orgIds.get('Cedar Equity')!;
    expect(
      (await call(PENDING, 'POST', '/api/user-saved', { kind: 'organization', ref_id: cedar })).statusCode,
    ).toBe(403);
    expect((await call(PENDING, 'GET', '/api/user-saved')).json()).toEqual({ data: [] });
    expect(
      (await call(MEMBER, 'POST', '/api/user-saved', { kind: 'organization', ref_id: 999999 })).statusCode,
    ).toBe(404);
    const [hidden] = await t.app.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.is_public, false))
      .limit(1);
    expect(
      (await call(MEMBER, 'POST', '/api/user-saved', { kind: 'organization', ref_id: hidden!.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(PLATFORM, 'POST', '/api/user-saved', { kind: 'organization', ref_id: hidden!.id }))
        .statusCode,
    ).toBe(200);
    for (const body of [
      { kind: 'user', ref_id: 1 },
      { kind: 'organization', ref_id: -1 },
      { kind: 'organization' },
    ]) {
      expect((await call(MEMBER, 'POST', '/api/user-saved', body)).statusCode).toBe(400);
    }
  });

  it("signs a 5-minute analytics token for survey hosts, with the BI tool's address carrying it", async () => {
    const res = await call(HOST, 'GET', '/api/tableau/token');
    expect(res.statusCode, res.body).toBe(200);
    const { token, expires_in, url } = res.json();
    expect(expires_in).toBe(300);
    expect(url).toBe(`https://bi.example.test/trusted/${token}/views/Parity`);
    const { payload } = await jwtVerify(token, new TextEncoder().encode(t.app.config.jwtSecret!), {
      audience: 'parity-analytics',
      issuer: 'parity',
    });
    expect(payload).toMatchObject({ sub: String(id(HOST)), org: orgIds.get('Northwind Pension Fund') });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(decodeJwt((await call(PLATFORM, 'GET', '/api/tableau/token')).json().token)).toMatchObject({
      org: null,
    });
    // It is no API access token.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user-account',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses the token to callers who host no survey: members, organization admins, pending users', async () => {
    for (const email of [MEMBER, OTHER_ADMIN, PENDING]) {
      const res = await call(email, 'GET', '/api/tableau/token');
      expect(res.statusCode, email).toBe(403);
    }
    expect((await call(MEMBER, 'GET', '/api/tableau/token')).json()).toMatchObject({
      error: 'forbidden',
      message: 'Only survey hosts may open the BI tool.',
    });
  });

  it('puts the token in a token query parameter when the address has no {token}', () => {
    expect(analyticsToolUrl('https://bi.example.test/views/Parity?embed=y', 'a.b-c')).toBe(
      'https://bi.example.test/views/Parity?embed=y&token=a.b-c',
    );
    expect(analyticsToolUrl('https://bi.example.test/t/{token}?again={token}', 'x/y')).toBe(
      'https://bi.example.test/t/x%2Fy?again=x%2Fy',
    );
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const p of [
      '/api/user-account',
      '/api/user-account/{id}',
      '/api/accounts/{id}',
      '/api/users',
      '/api/users/image',
      '/api/users/{id}/image/1',
      '/api/acknowledgment',
      '/api/user-saved',
      '/api/account-attachments-detailed',
      '/api/user/healthcheck',
      '/api/tableau/token',
    ])
      expect(doc.paths, p).toHaveProperty([p]);
    expect(JSON.stringify(doc.paths['/api/user-account'])).toContain('is_private');
  });
});

describe('analytics token without a BI tool configured', () => {
  it('answers 404 analytics_not_configured to a host', async () => {
    const bare = await createTestApp();
    try {
      const [admin] = await bare.app.db
        .insert(users)
        .values({ email: 'root@bare.test', name: 'R', lastname: 'T', password_hash: 'x', is_sadm: true })
        .returning({ id: users.id });
      const res = await bare.app.inject({
        method: 'GET',
        url: '/api/tableau/token',
        headers: { authorization: `Bearer ${await sessionToken(bare, admin!.id)}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'analytics_not_configured',
        message: 'No BI tool is configured on this server.',
      });
    } finally {
      await bare.close();
    }
  });
});
