import type { TUserAccount } from '@parity/domain/account';
import type { TAdminUser, TAdminUserList } from '@parity/domain/admin-users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { userRoles } from '../../../db/schema/people';
import { createSeededTestApp, type SeededTestApp } from '../../../test/app';

// Spec 3 user_roles (the `roles` dictionary) and permission_sets on the admin user.

const ADMIN = 'admin@parity.test';
const MAX = 'max@acme.test';

let t: SeededTestApp;

beforeAll(async () => {
  t = await createSeededTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const id = (email: string) => t.demo.users.get(email)!;
const rolesUrl = (email: string) => `/api/admin/users/${id(email)}/roles`;
const adminUser = async (email: string) => {
  const res = await t.call('GET', ADMIN, `/api/admin/users/${id(email)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdminUser;
};
const rolesEntries = (email: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'user'),
        eq(auditLog.action, 'update_roles'),
        eq(auditLog.entity_id, String(id(email))),
      ),
    );

describe('PUT /api/admin/users/{userId}/roles', () => {
  it('refuses anonymous callers (401), members and organization admins (403), writing nothing', async () => {
    const body = { role_ids: [1] };
    expect((await t.call('PUT', null, rolesUrl(MAX), body)).statusCode).toBe(401);
    for (const email of [MAX, 'ada@acme.test', 'host@northwind.test', 'pending@acme.test']) {
      const res = await t.call('PUT', email, rolesUrl(MAX), body);
      expect(res.statusCode, `as ${email}`).toBe(403);
    }
    expect(
      await t.app.db
        .select()
        .from(userRoles)
        .where(eq(userRoles.user_id, id(MAX))),
    ).toEqual([]);
  });

  it('sets the roles for the platform administrator: answered, read back and audited', async () => {
    const res = await t.call('PUT', ADMIN, rolesUrl(MAX), { role_ids: [4, 2, 2] });
    expect(res.statusCode, res.body).toBe(200);
    // In the dictionary's order, once each.
    expect(res.json().user_roles).toEqual([
      { id: 2, name: 'Asset Manager' },
      { id: 4, name: 'Advisor' },
    ]);
    expect((await adminUser(MAX)).user_roles).toEqual([
      { id: 2, name: 'Asset Manager' },
      { id: 4, name: 'Advisor' },
    ]);
    const [entry] = await rolesEntries(MAX);
    expect(entry).toMatchObject({
      actor_user_id: id(ADMIN),
      before: { user_roles: [] },
      after: { user_roles: ['Asset Manager', 'Advisor'] },
    });

    const replaced = await t.call('PUT', ADMIN, rolesUrl(MAX), { role_ids: [5] });
    expect(replaced.json().user_roles).toEqual([{ id: 5, name: 'Board Member' }]);
    const entries = await rolesEntries(MAX);
    expect(entries.map((e) => e.after)).toContainEqual({
      user_roles: ['Board Member'],
      user_name: 'Max Planck',
    });
    expect(entries.map((e) => e.before)).toContainEqual({
      user_roles: ['Asset Manager', 'Advisor'],
      user_name: 'Max Planck',
    });

    // The same list again changes nothing and writes no entry; [] clears.
    await t.call('PUT', ADMIN, rolesUrl(MAX), { role_ids: [5] });
    expect(await rolesEntries(MAX)).toHaveLength(2);
    const cleared = await t.call('PUT', ADMIN, rolesUrl(MAX), { role_ids: [] });
    expect(cleared.json().user_roles).toEqual([]);
    expect(await rolesEntries(MAX)).toHaveLength(3);
  });

  it('answers 400 naming unknown role ids, and writes nothing', async () => {
    const host = 'host@northwind.test';
    const res = await t.call('PUT', ADMIN, rolesUrl(host), { role_ids: [1, 999, 4242] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown role ids: 999, 4242.');
    const one = await t.call('PUT', ADMIN, rolesUrl(host), { role_ids: [999] });
    expect(one.json().message).toBe('Unknown role id: 999.');
    expect((await adminUser(host)).user_roles).toEqual([]);
    expect(await rolesEntries(host)).toEqual([]);
  });

  it('answers 400 for bad input and 404 for an unknown user', async () => {
    for (const body of [
      {},
      { role_ids: 'Advisor' },
      { role_ids: [0] },
      { role_ids: [1.5] },
      { role_ids: [1], x: 1 },
    ]) {
      const res = await t.call('PUT', ADMIN, rolesUrl(MAX), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.call('PUT', ADMIN, '/api/admin/users/999999/roles', { role_ids: [1] })).statusCode).toBe(
      404,
    );
  });
});

describe('permission sets on the admin user', () => {
  it('names the set the organization flags match, or Custom; none without an organization', async () => {
    expect((await adminUser(MAX)).permission_sets).toEqual(['Member']);
    // ada holds manage settings and LPI access: no set has exactly these.
    expect((await adminUser('ada@acme.test')).permission_sets).toEqual(['Custom']);
    expect((await adminUser(ADMIN)).permission_sets).toEqual([]);
  });

  it('follows the flags written through the permissions route, in the user, the list and the account', async () => {
    const mfa = 'mfa@acme.test';
    const res = await t.call('PUT', ADMIN, `/api/admin/users/${id(mfa)}/permissions`, {
      manage_settings: false,
      user_manage_surveys: true,
      survey_creation: true,
      average_lpi_score_access: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TAdminUser).permission_sets).toEqual(['Survey host']);
    const listed = await t.call('GET', ADMIN, `/api/admin/users?search=${encodeURIComponent(mfa)}`);
    expect((listed.json() as TAdminUserList).data.map((u) => u.permission_sets)).toEqual([['Survey host']]);

    const all = await t.call('PUT', ADMIN, `/api/admin/users/${id(mfa)}/permissions`, {
      manage_settings: true,
      average_lpi_score_access: true,
    });
    expect((all.json() as TAdminUser).permission_sets).toEqual(['Organization administrator']);
    const account = await t.call('GET', mfa, '/api/user-account');
    expect((account.json() as TUserAccount).permission_sets).toEqual(['Organization administrator']);
  });

  it('filters the list by permission set, Custom included; 400 for an unknown set', async () => {
    const emails = async (set: string) => {
      const res = await t.call(
        'GET',
        ADMIN,
        `/api/admin/users?limit=100&permission_set=${encodeURIComponent(set)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TAdminUserList;
      for (const row of body.data) expect(row.permission_sets).toEqual([set]);
      return body.data.map((u) => u.email);
    };
    const members = await emails('Member');
    expect(members).toContain(MAX);
    expect(members).not.toContain(ADMIN);
    const custom = await emails('Custom');
    expect(custom).toEqual(
      expect.arrayContaining(['ada@acme.test', 'host@northwind.test', 'eve@cedar.test']),
    );
    expect(custom).not.toContain(MAX);
    const bad = await t.call('GET', ADMIN, '/api/admin/users?permission_set=Owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('permission_set must be one of');
  });
});
