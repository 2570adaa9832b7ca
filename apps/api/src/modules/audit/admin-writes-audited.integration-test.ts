import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { memberships, organizations, users } from '../../db/schema/people';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';

/**
 * Every admin write (a route under /api/admin/ whose method is not GET, read from the OpenAPI
 * document) writes an audit entry by the administrator, with the values before and/or after.
 * A new admin write route fails `every admin write route has a case` until its case is added to
 * AUDITED_WRITES: the route as the OpenAPI document spells it, a call that performs it, and the
 * audit entity and action it must record.
 */
let t: SeededTestApp;
const ADMIN = 'admin@parity.test';
const id = (email: string) => t.demo.users.get(email)!;

interface AuditedWrite {
  /** performs the write as admin@parity.test; answers the HTTP response */
  call: (t: SeededTestApp) => Promise<{ statusCode: number; body: string }>;
  entity: string;
  action: string;
}

let codeId = 0;
let clientId = '';
/** An organization of the cases' own (deleting or merging Acme would shut its members out). */
async function scratchOrganization(t: SeededTestApp, name: string): Promise<number> {
  const [row] = await t.app.db.insert(organizations).values({ name }).returning({ id: organizations.id });
  return row!.id;
}
let scratch = 0;
const AUDITED_WRITES: Record<string, AuditedWrite> = {
  'POST /api/admin/codes': {
    call: async (t) => {
      const res = await t.call('POST', ADMIN, '/api/admin/codes', {
        organization_id: t.demo.organizations.get('Acme Capital Partners')!,
      });
      codeId = res.json().id;
      return res;
    },
    entity: 'organization_code',
    action: 'create',
  },
  'POST /api/admin/codes/{id}/rotate': {
    call: async (t) => {
      const res = await t.call('POST', ADMIN, `/api/admin/codes/${codeId}/rotate`);
      // the rotation revokes the old code and answers the new one
      codeId = res.json().id;
      return res;
    },
    entity: 'organization_code',
    action: 'rotate',
  },
  'POST /api/admin/codes/{id}/revoke': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/codes/${codeId}/revoke`),
    entity: 'organization_code',
    action: 'revoke',
  },
  'PUT /api/admin/users/{userId}': {
    call: (t) =>
      t.call('PUT', ADMIN, `/api/admin/users/${id('max@acme.test')}`, {
        name: 'Maximilian',
        lastname: 'Planck',
        title: 'Analyst',
        email: 'max@acme.test',
      }),
    entity: 'user',
    action: 'update',
  },
  'POST /api/admin/users/{userId}/approve': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/users/${id('pending@acme.test')}/approve`),
    entity: 'membership',
    action: 'approve',
  },
  'POST /api/admin/users/{userId}/decline': {
    call: async (t) => {
      // the approve case decided pending@acme.test: pending again, to be declined
      await t.app.db
        .update(memberships)
        .set({ status: 'pending' })
        .where(eq(memberships.user_id, id('pending@acme.test')));
      return t.call('POST', ADMIN, `/api/admin/users/${id('pending@acme.test')}/decline`);
    },
    entity: 'membership',
    action: 'decline',
  },
  'POST /api/admin/users/{userId}/password-reset': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/users/${id('max@acme.test')}/password-reset`),
    entity: 'user',
    action: 'password_reset',
  },
  'POST /api/admin/users/{userId}/two-factor/disable': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/users/${id('mfa@acme.test')}/two-factor/disable`),
    entity: 'user',
    action: 'disable_two_factor',
  },
  'PUT /api/admin/users/{userId}/permissions': {
    call: (t) =>
      t.call('PUT', ADMIN, `/api/admin/users/${id('max@acme.test')}/permissions`, {
        survey_creation: true,
      }),
    entity: 'permissions',
    action: 'update',
  },
  'POST /api/admin/users/{userId}/archive': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/users/${id('expired@acme.test')}/archive`),
    entity: 'user',
    action: 'archive',
  },
  'POST /api/admin/archived-users/{userId}/restore': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/archived-users/${id('expired@acme.test')}/restore`),
    entity: 'user',
    action: 'restore',
  },
  'PUT /api/admin/organizations/{organizationId}': {
    call: async (t) => {
      scratch = await scratchOrganization(t, 'Audit Scratch');
      return t.call('PUT', ADMIN, `/api/admin/organizations/${scratch}`, {
        name: 'Audit Scratch Renamed',
        legal_structure: 1,
      });
    },
    entity: 'organization',
    action: 'update',
  },
  'POST /api/admin/organizations/{organizationId}/delete': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/organizations/${scratch}/delete`),
    entity: 'organization',
    action: 'delete',
  },
  'POST /api/admin/organizations/{organizationId}/restore': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/organizations/${scratch}/restore`),
    entity: 'organization',
    action: 'restore',
  },
  'POST /api/admin/organizations/{organizationId}/merge': {
    call: async (t) => {
      const duplicate = await scratchOrganization(t, 'Audit Scratch (duplicate)');
      return t.call('POST', ADMIN, `/api/admin/organizations/${duplicate}/merge`, { into: scratch });
    },
    entity: 'organization',
    action: 'merge',
  },
  'POST /api/admin/clients': {
    call: async (t) => {
      const res = await t.call('POST', ADMIN, '/api/admin/clients', {
        name: 'Audit BI',
        organization_id: t.demo.organizations.get('Acme Capital Partners')!,
        scopes: ['read:surveys'],
      });
      clientId = res.json().client.id;
      return res;
    },
    entity: 'oauth_client',
    action: 'create',
  },
  'PUT /api/admin/clients/{clientId}': {
    call: (t) =>
      t.call('PUT', ADMIN, `/api/admin/clients/${clientId}`, {
        name: 'Audit BI (renamed)',
        scopes: ['read:surveys', 'read:analytics'],
      }),
    entity: 'oauth_client',
    action: 'update',
  },
  'POST /api/admin/clients/{clientId}/rotate': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/clients/${clientId}/rotate`),
    entity: 'oauth_client',
    action: 'rotate',
  },
  'POST /api/admin/clients/{clientId}/revoke': {
    call: (t) => t.call('POST', ADMIN, `/api/admin/clients/${clientId}/revoke`),
    entity: 'oauth_client',
    action: 'revoke',
  },
  'PUT /api/admin/users/{userId}/roles': {
    call: (t) => t.call('PUT', ADMIN, `/api/admin/users/${id('max@acme.test')}/roles`, { role_ids: [2, 4] }),
    entity: 'user',
    action: 'update_roles',
  },
  'PUT /api/admin/maintenance': {
    call: (t) => t.call('PUT', ADMIN, '/api/admin/maintenance', { enabled: false, message: '' }),
    entity: 'setting',
    action: 'update',
  },
};

beforeAll(async () => {
  t = await createSeededTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function adminWriteRoutes(): Promise<string[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  const routes: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    if (!path.startsWith('/api/admin/')) continue;
    for (const method of Object.keys(item)) {
      if (['get', 'head', 'options'].includes(method)) continue;
      routes.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes.sort();
}

describe('admin writes are audited', () => {
  it('every admin write route has a case (a new admin write without one fails here)', async () => {
    const routes = await adminWriteRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    expect(routes.filter((r) => !(r in AUDITED_WRITES))).toEqual([]);
    // and no case for a route that no longer exists
    expect(Object.keys(AUDITED_WRITES).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.entries(AUDITED_WRITES))(
    '%s writes an audit entry by the administrator',
    async (_, write) => {
      const [last] = await t.app.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      const res = await write.call(t);
      expect(res.statusCode, res.body).toBeLessThan(300);
      const entries = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, write.entity), eq(auditLog.action, write.action)))
        .orderBy(desc(auditLog.id));
      const entry = entries.find((e) => e.id > (last?.id ?? 0));
      expect(entry, `${write.entity}.${write.action}`).toBeDefined();
      expect(entry!.actor_user_id).toBe(id(ADMIN));
      expect(entry!.before !== null || entry!.after !== null).toBe(true);
    },
  );

  it('maintenance on and off are both audited with the values before and after', async () => {
    const message = 'Back at 18:00 UTC';
    await t.call('PUT', ADMIN, '/api/admin/maintenance', { enabled: true, message });
    await t.call('PUT', ADMIN, '/api/admin/maintenance', { enabled: false, message: '' });
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'setting'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [
        { maintenance: true, message },
        { maintenance: false, message: null },
      ],
      [
        { maintenance: false, message: null },
        { maintenance: true, message },
      ],
    ]);
    const [admin] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, id(ADMIN)));
    expect(entries.every((e) => e.actor_user_id === admin!.id)).toBe(true);
  });
});
