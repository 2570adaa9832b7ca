import {
  ALREADY_DELETED_MESSAGE,
  MERGE_DELETED_MESSAGE,
  MERGE_SELF_MESSAGE,
  type TAdminOrganization,
  type TAdminOrganizationList,
  type TAdminOrganizationMerged,
  type TAdminOrganizationSurveys,
} from '@parity/domain/admin-organizations';
import { and, eq, getTableColumns, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import * as schema from '../../../db/schema/index';
import { memberships, organizationCodes, organizations, users } from '../../../db/schema/people';
import { individuals } from '../../../db/schema/reporting';
import { ACME, CEDAR, NORTHWIND } from '../../../seed/demo';
import { createSeededTestApp, type SeededTestApp, sessionToken } from '../../../test/app';
import { MERGE_PLAN } from './merge';

const ADMIN = 'admin@parity.test';
let t: SeededTestApp;

beforeAll(async () => {
  t = await createSeededTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const org = (name: string) => t.demo.organizations.get(name)!;

async function newOrganization(name: string): Promise<number> {
  const [row] = await t.app.db.insert(organizations).values({ name }).returning({ id: organizations.id });
  return row!.id;
}

async function newMember(email: string, organizationId: number): Promise<number> {
  const [user] = await t.app.db
    .insert(users)
    .values({ email, name: 'Dup', lastname: 'Licate', password_hash: 'x' })
    .returning({ id: users.id });
  await t.app.db
    .insert(memberships)
    .values({ user_id: user!.id, organization_id: organizationId, status: 'approved' });
  return user!.id;
}

describe('who may call the admin organizations routes', () => {
  const routes = (): [string, string, unknown?][] => {
    const cedar = org(CEDAR);
    return [
      ['GET', '/api/admin/organizations'],
      ['GET', `/api/admin/organizations/${cedar}`],
      ['PUT', `/api/admin/organizations/${cedar}`, { name: 'Cedar Equity', legal_structure: 1 }],
      ['POST', `/api/admin/organizations/${cedar}/delete`],
      ['POST', `/api/admin/organizations/${cedar}/restore`],
      ['GET', `/api/admin/organizations/${cedar}/surveys`],
      ['POST', `/api/admin/organizations/${cedar}/merge`, { into: org(ACME) }],
    ];
  };

  it('refuses anonymous callers (401), members, organization admins and survey hosts (403)', async () => {
    for (const [method, url, payload] of routes()) {
      const m = method as 'GET' | 'POST' | 'PUT';
      expect((await t.call(m, null, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const email of ['max@acme.test', 'ada@acme.test', 'eve@cedar.test', 'host@northwind.test']) {
        const res = await t.call(m, email, url, payload);
        expect(res.statusCode, `${method} ${url} as ${email}`).toBe(403);
      }
    }
    const [cedar] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, org(CEDAR)));
    expect(cedar!.deleted_at).toBeNull();
  });

  it('answers bad input with 400 and a message naming the field', async () => {
    const bad: [string, string, unknown?][] = [
      ['GET', '/api/admin/organizations?sort_by=size'],
      ['GET', '/api/admin/organizations?state=gone'],
      ['GET', '/api/admin/organizations?limit=1000'],
      ['GET', '/api/admin/organizations/abc'],
      ['PUT', `/api/admin/organizations/${org(CEDAR)}`, { name: '' }],
      [
        'PUT',
        `/api/admin/organizations/${org(CEDAR)}`,
        { name: 'Cedar', legal_structure: 1, website: 'cedar' },
      ],
      ['PUT', `/api/admin/organizations/${org(CEDAR)}`, { name: 'Cedar', legal_structure: 1, owner: 'me' }],
      ['POST', `/api/admin/organizations/${org(CEDAR)}/merge`, {}],
      ['POST', `/api/admin/organizations/${org(CEDAR)}/merge`, { into: 'acme' }],
    ];
    for (const [method, url, payload] of bad) {
      const res = await t.call(method as 'GET' | 'PUT' | 'POST', ADMIN, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const res = await t.call('PUT', ADMIN, `/api/admin/organizations/${org(CEDAR)}`, {
      name: 'Cedar Equity',
      legal_structure: 3,
      is_publicly_traded: true,
    });
    expect(res.json().message).toContain('Publicly Traded can be selected only for a Corporation');
    expect((await t.call('GET', ADMIN, '/api/admin/organizations/999999')).statusCode).toBe(404);
  });
});

describe('the organizations list', () => {
  it('lists live organizations by name with members, LPI index and legal structure, paged', async () => {
    const res = await t.call('GET', ADMIN, '/api/admin/organizations?limit=2');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TAdminOrganizationList;
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const all = (
      await t.call('GET', ADMIN, '/api/admin/organizations?limit=100')
    ).json() as TAdminOrganizationList;
    const names = all.data.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const acme = all.data.find((o) => o.id === org(ACME))!;
    expect(acme.members).toBeGreaterThanOrEqual(2);
    expect(acme.deleted_at).toBeNull();
  });

  it('searches by name, filters by visibility and state, sorts by members', async () => {
    const found = (
      await t.call('GET', ADMIN, '/api/admin/organizations?search=ceDAR')
    ).json() as TAdminOrganizationList;
    expect(found.data.map((o) => o.name)).toEqual([CEDAR]);
    const visible = (
      await t.call('GET', ADMIN, '/api/admin/organizations?visibility=public&limit=100')
    ).json() as TAdminOrganizationList;
    expect(visible.data.every((o) => o.is_public)).toBe(true);
    const bySize = (
      await t.call('GET', ADMIN, '/api/admin/organizations?sort_by=members&sort_order=desc&limit=100')
    ).json() as TAdminOrganizationList;
    const counts = bySize.data.map((o) => o.members);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const gone = await newOrganization('Gone Ventures');
    await t.app.db.update(organizations).set({ deleted_at: new Date() }).where(eq(organizations.id, gone));
    const live = (
      await t.call('GET', ADMIN, '/api/admin/organizations?search=Gone')
    ).json() as TAdminOrganizationList;
    expect(live.total).toBe(0);
    const deleted = (
      await t.call('GET', ADMIN, '/api/admin/organizations?search=Gone&state=deleted')
    ).json() as TAdminOrganizationList;
    expect(deleted.data.map((o) => o.id)).toEqual([gone]);
    expect(deleted.data[0]!.deleted_at).not.toBeNull();
    const record = await t.call('GET', ADMIN, `/api/admin/organizations/${gone}`);
    expect(record.statusCode).toBe(200);
  });
});

describe('editing, deleting and restoring', () => {
  it('edits the record and audits what changed', async () => {
    const id = await newOrganization('Birch Partners');
    const res = await t.call('PUT', ADMIN, `/api/admin/organizations/${id}`, {
      name: 'Birch Partners LLC',
      about: 'A small fund',
      website: 'https://birch.example',
      legal_structure: 1,
      is_publicly_traded: true,
      ticker_symbol: 'BRCH',
      is_public: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as TAdminOrganization;
    expect(saved).toMatchObject({
      name: 'Birch Partners LLC',
      website: 'https://birch.example',
      is_publicly_traded: true,
      ticker_symbol: 'BRCH',
      is_public: true,
    });
    expect(saved.legal_structure?.id).toBe(1);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organization_id, id), eq(auditLog.action, 'update')));
    expect(entry!.before).toMatchObject({ name: 'Birch Partners' });
    expect(entry!.after).toMatchObject({ name: 'Birch Partners LLC', ticker_symbol: 'BRCH' });
    const unknown = await t.call('PUT', ADMIN, `/api/admin/organizations/${id}`, {
      name: 'Birch',
      legal_structure: 999,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('a deleted organization shuts its members out until it is restored', async () => {
    const id = await newOrganization('Elm Holdings');
    const member = await newMember('member@elm.test', id);
    const session = await sessionToken(t, member);
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/organizations/me/settings',
        headers: { authorization: `Bearer ${session}` },
      });
    expect((await me()).statusCode).toBe(200);

    const deleted = await t.call('POST', ADMIN, `/api/admin/organizations/${id}/delete`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().organization.deleted_at).not.toBeNull();
    expect((await t.call('POST', ADMIN, `/api/admin/organizations/${id}/delete`)).json().message).toBe(
      ALREADY_DELETED_MESSAGE,
    );
    expect((await me()).statusCode).toBe(404);

    const restored = await t.call('POST', ADMIN, `/api/admin/organizations/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().organization.deleted_at).toBeNull();
    expect((await t.call('POST', ADMIN, `/api/admin/organizations/${id}/restore`)).statusCode).toBe(409);
    expect((await me()).json().name).toBe('Elm Holdings');
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.organization_id, id));
    expect(actions.map((a) => a.action)).toEqual(['delete', 'restore']);
  });
});

describe("the Diversity tab's reads", () => {
  it("reads an organization's own LPI data, read only, through the LPI routes; outsiders get 404", async () => {
    const cedar = org(CEDAR);
    for (const url of [
      `/api/ownership?organization_id=${cedar}`,
      `/api/staff?organization_id=${cedar}`,
      `/api/policies/organization?organization_id=${cedar}`,
      `/api/organizations/${cedar}/lpi`,
    ]) {
      const res = await t.call('GET', ADMIN, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect((await t.call('GET', 'max@acme.test', url)).statusCode, url).toBe(404);
    }
    const ownership = (await t.call('GET', ADMIN, `/api/ownership?organization_id=${cedar}`)).json();
    expect(ownership.data.rows.length).toBeGreaterThan(0);
    expect(ownership.state.editable).toBe(false);
  });
});

describe("an organization's surveys", () => {
  it('lists what the host hosts and what a respondent was invited to, with statuses', async () => {
    const host = (
      await t.call('GET', ADMIN, `/api/admin/organizations/${org(NORTHWIND)}/surveys`)
    ).json() as TAdminOrganizationSurveys;
    expect(host.hosted.length).toBeGreaterThan(0);
    expect(host.hosted[0]).toHaveProperty('status');
    const acme = (
      await t.call('GET', ADMIN, `/api/admin/organizations/${org(ACME)}/surveys`)
    ).json() as TAdminOrganizationSurveys;
    expect(acme.invited.length).toBeGreaterThan(0);
    expect(acme.invited.every((s) => s.host.name === NORTHWIND)).toBe(true);
    expect(acme.invited.map((s) => s.status)).toEqual(
      expect.arrayContaining([expect.stringMatching(/invited|in_progress|submitted|declined/)]),
    );
  });
});

describe('merging organizations', () => {
  it('moves members, codes, contacts, files and LPI data in one go, deletes the source and audits both ids', async () => {
    const target = await newOrganization('Oak Capital');
    const source = await newOrganization('Oak Capital (duplicate)');
    const member = await newMember('joiner@oak.test', source);
    await t.app.db.insert(organizationCodes).values({ organization_id: source, code: 'OAKDUP01' });
    await t.app.db.execute(
      sql`INSERT INTO organization_contacts (organization_id, name, email) VALUES (${source}, 'Lee', 'lee@oak.test')`,
    );
    await t.app.db.execute(
      sql`INSERT INTO files (owner_user_id, organization_id, kind, original_name, content_type, size, storage_key)
          VALUES (${member}, ${source}, 'organization_document', 'deck.pdf', 'application/pdf', 10, ${`oak/${source}/deck`})`,
    );
    await t.app.db.insert(individuals).values({ organization_id: source, name: 'Ana Owner', is_owner: true });
    const client = await t.call('POST', ADMIN, '/api/admin/clients', {
      name: 'Oak BI',
      organization_id: source,
      scopes: ['read:surveys'],
    });
    expect(client.statusCode, client.body).toBe(201);

    const res = await t.call('POST', ADMIN, `/api/admin/organizations/${source}/merge`, { into: target });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json() as TAdminOrganizationMerged;
    expect(merged.moved).toMatchObject({
      memberships: 1,
      organization_codes: 1,
      organization_contacts: 1,
      files: 1,
      individuals: 1,
      oauth_clients: 1,
    });
    // The integration now reads as the organization that kept everything.
    const moved = await t.call('GET', ADMIN, `/api/admin/clients/${client.json().client.id}`);
    expect(moved.json().organization.id).toBe(target);
    const [membership] = await t.app.db.select().from(memberships).where(eq(memberships.user_id, member));
    expect(membership!.organization_id).toBe(target);
    const left = await t.app.db.execute(
      sql`SELECT (SELECT count(*) FROM individuals WHERE organization_id = ${source})
        + (SELECT count(*) FROM files WHERE organization_id = ${source})
        + (SELECT count(*) FROM organization_codes WHERE organization_id = ${source}) AS n`,
    );
    expect(Number((left as unknown as { rows: { n: unknown }[] }).rows[0]!.n)).toBe(0);
    const record = (
      await t.call('GET', ADMIN, `/api/admin/organizations/${source}`)
    ).json() as TAdminOrganization;
    expect(record.deleted_at).not.toBeNull();
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merge'), eq(auditLog.entity_id, String(source))));
    expect(entry!.organization_id).toBe(target);
    expect(entry!.before).toMatchObject({ source: { id: source }, target: { id: target } });
    expect(entry!.after).toMatchObject({ merged_into: target });
  });

  it('refuses a merge into itself, with a deleted organization, or of two LPI profiles (409), changing nothing', async () => {
    const self = await t.call('POST', ADMIN, `/api/admin/organizations/${org(CEDAR)}/merge`, {
      into: org(CEDAR),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toContain(MERGE_SELF_MESSAGE);

    const gone = await newOrganization('Willow (deleted)');
    await t.app.db.update(organizations).set({ deleted_at: new Date() }).where(eq(organizations.id, gone));
    const intoDeleted = await t.call('POST', ADMIN, `/api/admin/organizations/${org(CEDAR)}/merge`, {
      into: gone,
    });
    expect(intoDeleted.statusCode).toBe(409);
    expect(intoDeleted.json().message).toBe(MERGE_DELETED_MESSAGE);
    const missing = await t.call('POST', ADMIN, `/api/admin/organizations/${org(CEDAR)}/merge`, {
      into: 999999,
    });
    expect(missing.statusCode).toBe(400);

    const source = await newOrganization('Pine (duplicate)');
    const member = await newMember('joiner@pine.test', source);
    await t.app.db.insert(individuals).values({ organization_id: source, name: 'Bo Owner', is_owner: true });
    const collide = await t.call('POST', ADMIN, `/api/admin/organizations/${source}/merge`, {
      into: org(ACME),
    });
    expect(collide.statusCode, collide.body).toBe(409);
    expect(collide.json().message).toContain('both organizations have LPI profile data of their own');
    const [membership] = await t.app.db.select().from(memberships).where(eq(memberships.user_id, member));
    expect(membership!.organization_id).toBe(source);
    const [row] = await t.app.db.select().from(organizations).where(eq(organizations.id, source));
    expect(row!.deleted_at).toBeNull();
  });

  it('refuses to merge a respondent into the host of a survey it was invited to', async () => {
    const res = await t.call('POST', ADMIN, `/api/admin/organizations/${org(CEDAR)}/merge`, {
      into: org(NORTHWIND),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/invited to the survey ".+" the other hosts/);
    const [cedar] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, org(CEDAR)));
    expect(cedar!.deleted_at).toBeNull();
  });

  it('has a decision for every table that points at an organization', () => {
    const pointing = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .filter((table) => {
        const config = getTableConfig(table);
        const byName = Object.values(getTableColumns(table)).some((c) => c.name === 'organization_id');
        const byReference = config.foreignKeys.some(
          (fk) => getTableConfig(fk.reference().foreignTable).name === 'organizations',
        );
        return config.name !== 'organizations' && (byName || byReference);
      })
      .map((table) => getTableConfig(table).name)
      .sort();
    expect(pointing, 'add the new table to MERGE_PLAN in merge.ts').toEqual(Object.keys(MERGE_PLAN).sort());
  });
});
