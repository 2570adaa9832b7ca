import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema/people';
import { createSeededTestApp, type SeededTestApp, sessionToken } from '../../test/app';

// Issue 38, point 5: GET /api/accounts/{id} no longer gives anyone every email and organization.
// A stranger reads the people the users directory shows them (approved members of organizations
// they may know) and those listed in the community, never an email; anyone else answers as a
// missing id does. Colleagues and platform admins keep the email.

const ADA = 'ada@acme.test'; // Acme's admin
const MAX = 'max@acme.test'; // Acme member
const PENDING = 'pending@acme.test'; // awaiting approval at Acme
const EVE = 'eve@cedar.test'; // Cedar's admin: a stranger to Acme's people
const HOST = 'host@northwind.test'; // Northwind: Oakridge shares its profile with it
const ADMIN = 'admin@parity.test';
const MISSING = 2_147_483_000;

let t: SeededTestApp;
let olive: number; // a member of Oakridge, a private organization, made here
let oliveToken: string;

const id = (email: string) => t.demo.users.get(email)!;
const profile = (caller: string, userId: number) => t.call('GET', caller, `/api/accounts/${userId}`);

beforeAll(async () => {
  t = await createSeededTestApp();
  const [row] = await t.app.db
    .insert(users)
    .values({ email: 'olive@oakridge.test', name: 'Olive', lastname: 'Quartermain', password_hash: 'x' })
    .returning({ id: users.id });
  olive = row!.id;
  await t.app.db.insert(memberships).values({
    user_id: olive,
    organization_id: t.demo.organizations.get('Oakridge Infrastructure Fund')!,
    status: 'approved',
  });
  oliveToken = await sessionToken(t, olive);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/accounts/{id} to a stranger (another organization)', () => {
  it('answers a pending user and a member of a private organization exactly as a missing id', async () => {
    const missing = await profile(EVE, MISSING);
    expect(missing.statusCode).toBe(404);
    for (const userId of [id(PENDING), olive]) {
      const res = await profile(EVE, userId);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
  });

  it('answers a platform admin who is not listed in the community as missing too', async () => {
    const res = await profile(EVE, id(ADMIN));
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe((await profile(EVE, MISSING)).body);
  });

  it('shows an approved member of a public organization without the email', async () => {
    const res = await profile(EVE, id(MAX));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: id(MAX), display_name: 'Max Planck', email: null });
    expect(res.json().organization).toMatchObject({ name: 'Acme Capital Partners' });
    expect(res.body).not.toContain('max@acme.test');
  });

  it('shows a member of a private organization to an organization it has dealt with, without the email', async () => {
    const res = await profile(HOST, olive);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: null, organization: { name: 'Oakridge Infrastructure Fund' } });
  });

  it('shows a member of a private organization who chose to be listed in the community, without the organization', async () => {
    const listed = await t.app.inject({
      method: 'PUT',
      url: '/api/community/me',
      headers: { authorization: `Bearer ${oliveToken}` },
      payload: { listed: true, interests: [] },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const res = await profile(EVE, olive);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ display_name: 'Olive Quartermain', email: null, organization: null });
    expect(res.body).not.toContain('Oakridge');
  });
});

describe('GET /api/users', () => {
  it('finds a person by their email for colleagues and platform admins only', async () => {
    const search = async (caller: string) =>
      (await t.call('GET', caller, '/api/users?search_query=max%40acme.test')).json();
    expect(await search(EVE)).toEqual({ data: [], total: 0 });
    for (const caller of [ADA, ADMIN]) {
      expect((await search(caller)).data.map((u: { id: number }) => u.id)).toEqual([id(MAX)]);
    }
  });
});

describe('GET /api/accounts/{id} to those who keep what they need', () => {
  it('gives colleagues the email; a pending colleague to the organization admin only', async () => {
    expect((await profile(MAX, id(ADA))).json().email).toBe(ADA);
    expect((await profile(ADA, id(PENDING))).json()).toMatchObject({ email: PENDING });
    expect((await profile(MAX, id(PENDING))).statusCode).toBe(404);
  });

  it('gives platform admins and the person themselves everything', async () => {
    expect((await profile(ADMIN, id(PENDING))).json().email).toBe(PENDING);
    expect((await profile(ADMIN, olive)).json().email).toBe('olive@oakridge.test');
    expect((await profile(PENDING, id(PENDING))).json().email).toBe(PENDING);
  });

  it('still answers a pending caller 404 for anyone but themselves', async () => {
    expect((await profile(PENDING, id(ADA))).statusCode).toBe(404);
  });
});
