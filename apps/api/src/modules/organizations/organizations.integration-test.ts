import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sizeBand } from '@parity/domain/organization';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalIndustries } from '../../db/schema/dictionaries';
import { memberships, organizations, users } from '../../db/schema/people';
import { addresses } from '../../db/schema/reporting';
import { ACME, CEDAR } from '../../seed/demo';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';

let t: TestApp;
let orgIds: Map<string, number>;
const tokens = new Map<string, string>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-organizations-'));

const PENDING = 'pending@acme.test';
const MEMBER = 'max@acme.test';
const OTHER = 'eve@cedar.test';
const PLATFORM = 'admin@parity.test';

beforeAll(async () => {
  t = await createDemoTestApp({ dataDir });
  const seeded = demoOf(t);
  orgIds = seeded.organizations;
  for (const [email, userId] of seeded.users) {
    tokens.set(email, await sessionToken(t, userId));
  }
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function get(email: string | null, url: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: email ? { authorization: `Bearer ${tokens.get(email)}` } : {},
  });
}
async function setOrg(name: string, values: Partial<typeof organizations.$inferInsert>) {
  await t.app.db
    .update(organizations)
    .set(values)
    .where(eq(organizations.id, orgIds.get(name)!));
}

describe('rights', () => {
  it.each(['/api/organizations', '/api/organizations/1'])('anonymous GET %s answers 401', async (url) => {
    const res = await get(null, url);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthenticated');
  });

  it.each(['/api/organizations', '/api/organizations/1'])('a pending user gets 403 on %s', async (url) => {
    const res = await get(PENDING, url);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('awaiting_approval');
  });
});

describe('GET /api/organizations', () => {
  it('lists only public, live organizations with the directory fields', async () => {
    const res = await get(MEMBER, '/api/organizations?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const all = await t.app.db.select().from(organizations);
    const visible = all.filter((o) => o.is_public && !o.deleted_at);
    expect(visible.length).toBeLessThan(all.length);
    expect(body.total).toBe(visible.length);
    expect(body.data.map((o: { id: number }) => o.id).sort()).toEqual(visible.map((o) => o.id).sort());
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['about', 'aum', 'id', 'industry', 'legal_structure_id', 'logo', 'name', 'size_band', 'website'].sort(),
    );
    const names = body.data.map((o: { name: string }) => o.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('searches by name and filters by legal structure', async () => {
    const res = await get(OTHER, '/api/organizations?search_query=cedar');
    expect(res.json().data.map((o: { name: string }) => o.name)).toEqual([CEDAR]);
    const byStructure = (await get(OTHER, '/api/organizations?legal_structure_id=2&limit=100')).json();
    expect(byStructure.total).toBeGreaterThan(0);
    for (const o of byStructure.data) expect(o.legal_structure_id).toBe(2);
    expect((await get(OTHER, '/api/organizations?search_query=%25%25')).json().total).toBe(0);
  });

  it('pages with limit and offset and sorts both ways', async () => {
    const first = (await get(MEMBER, '/api/organizations?limit=5')).json();
    const second = (await get(MEMBER, '/api/organizations?limit=5&offset=5')).json();
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    expect(second.total).toBe(first.total);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    const beyond = (await get(MEMBER, '/api/organizations?offset=1000')).json();
    expect(beyond).toEqual({ data: [], total: first.total });
    const desc = (await get(MEMBER, '/api/organizations?limit=100&sort_order=desc')).json();
    const asc = (await get(MEMBER, '/api/organizations?limit=100')).json();
    expect(desc.data.map((o: { id: number }) => o.id)).toEqual(
      asc.data.map((o: { id: number }) => o.id).reverse(),
    );
    expect((await get(MEMBER, '/api/organizations?sort_by=created_at')).statusCode).toBe(200);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['sort_by=email', 'sort_by'],
    ['sort_order=up', 'sort_order'],
    ['legal_structure_id=abc', 'legal_structure_id'],
    ['industry_id=0', 'industry_id'],
    ['size=2-5', 'size'],
    ['aum_id=x', 'aum_id'],
  ])('?%s answers 400 naming the field', async (query, field) => {
    const res = await get(MEMBER, `/api/organizations?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_failed');
    expect(JSON.stringify(res.json().detail)).toContain(field);
  });
});

describe('GET /api/organizations/:id', () => {
  it('gives the public page of a public organization', async () => {
    const res = await get(MEMBER, `/api/organizations/${orgIds.get(CEDAR)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: orgIds.get(CEDAR),
      name: CEDAR,
      inception_date: '2012-09-01',
      legal_structure_id: 3,
      is_publicly_traded: false,
      is_public: true,
      publish_scores: false,
    });
  });

  it('carries every spec 3 Organization field that is not private', async () => {
    const [cedar] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, orgIds.get(CEDAR)!));
    const page = (await get(MEMBER, `/api/organizations/${cedar!.id}`)).json();
    expect(page).toMatchObject({
      color_id: cedar!.color_id,
      primary_phone: cedar!.primary_phone,
      total_full_time_employees: cedar!.total_full_time_employees,
      size_of_workforce: sizeBand(cedar!.total_full_time_employees),
      total_owners: cedar!.total_owners,
      total_leaders: cedar!.total_leaders,
      is_public: true,
      created_at: cedar!.created_at.toISOString(),
      updated_at: cedar!.updated_at.toISOString(),
      sections: ['about'],
    });
    for (const field of [
      'id',
      'name',
      'about',
      'website',
      'addresses',
      'color_id',
      'inception_date',
      'cover',
      'logo',
      'ticker_symbol',
      'aum',
      'primary_phone',
      'size_of_workforce',
      'legal_structure',
      'is_publicly_traded',
      'primary_contact',
      'identifiers',
      'total_owners',
      'total_leaders',
      'total_full_time_employees',
      'lpi_score',
      'evenness',
      'is_public',
      'created_at',
      'updated_at',
      'sections',
    ]) {
      expect(page, field).toHaveProperty(field);
    }
    expect(page).not.toHaveProperty('deleted_at');
  });

  it("tells another organization's member no private data: scores only when published, the private sections never", async () => {
    const acme = orgIds.get(ACME)!;
    const url = `/api/organizations/${acme}`;
    const own = (await get(MEMBER, url)).json();
    expect(own.lpi_score).toEqual(expect.any(Number));
    expect(own.sections).toEqual([
      'about',
      'feed',
      'members',
      'permissions',
      'files',
      'media',
      'settings',
      'invitations',
      'contacts',
      'lpi',
    ]);
    const admin = (await get(PLATFORM, url)).json();
    expect([admin.lpi_score, admin.evenness]).toEqual([own.lpi_score, own.evenness]);
    expect(admin.sections).toEqual(['about']);

    // Not published: another organization's member reads neither score nor the contact's email.
    const other = (await get(OTHER, url)).json();
    expect(other).toMatchObject({ lpi_score: null, evenness: null, sections: ['about'] });
    expect(own.primary_contact.email).toEqual(expect.stringContaining('@acme.test'));
    expect(other.primary_contact).toMatchObject({ id: own.primary_contact.id, email: null });
    expect(own.evenness).toEqual(expect.any(Number));

    await setOrg(ACME, { publish_scores: true });
    try {
      const published = (await get(OTHER, url)).json();
      const lpi = (await get(OTHER, `${url}/lpi`)).json();
      const evenness = (await get(OTHER, `${url}/evenness`)).json();
      expect(published.lpi_score).toBe(lpi.scores.lpi);
      expect(published.evenness).toBe(evenness.evenness.prime.combined.value);
      expect(published.sections).toEqual(['about']);
      // Published scores of an organization that went private are no one else's to read: Cedar
      // (Acme's expired grant) still knows Acme's page, without them.
      await setOrg(ACME, { is_public: false });
      expect((await get(OTHER, url)).json()).toMatchObject({ lpi_score: null, evenness: null });
      expect((await get(OTHER, `${url}/lpi`)).statusCode).toBe(404);
    } finally {
      await setOrg(ACME, { publish_scores: false, is_public: true });
    }
  });

  it('hides a private organization from others but not from its members, platform admins and who it has dealt with', async () => {
    await setOrg(ACME, { is_public: false });
    try {
      const url = `/api/organizations/${orgIds.get(ACME)}`;
      expect((await get(MEMBER, url)).statusCode).toBe(200);
      expect((await get(PLATFORM, url)).statusCode).toBe(200);
      // Cedar (Acme's grant) knows it, yet the directory lists public organizations only
      expect((await get(OTHER, url)).statusCode).toBe(200);
      const list = (await get(OTHER, '/api/organizations?search_query=acme')).json();
      expect(list.total).toBe(0);
    } finally {
      await setOrg(ACME, { is_public: true });
    }
    // Zenith answers Northwind's survey only: Cedar is a stranger to it
    await setOrg('Zenith Emerging Markets', { is_public: false });
    try {
      const url = `/api/organizations/${orgIds.get('Zenith Emerging Markets')}`;
      expect((await get(OTHER, url)).statusCode).toBe(404);
      expect((await get('host@northwind.test', url)).statusCode).toBe(200);
    } finally {
      await setOrg('Zenith Emerging Markets', { is_public: true });
    }
  });

  it('hides a deleted organization', async () => {
    await setOrg(CEDAR, { deleted_at: new Date() });
    try {
      expect((await get(MEMBER, `/api/organizations/${orgIds.get(CEDAR)}`)).statusCode).toBe(404);
      expect((await get(MEMBER, '/api/organizations?search_query=cedar')).json().total).toBe(0);
    } finally {
      await setOrg(CEDAR, { deleted_at: null });
    }
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await get(MEMBER, '/api/organizations/999999')).statusCode).toBe(404);
    expect((await get(MEMBER, '/api/organizations/abc')).statusCode).toBe(400);
  });
});

describe('directory filters and names', () => {
  async function pick(typeId: number, parentId?: number) {
    const rows = await t.app.db.select().from(globalIndustries).where(eq(globalIndustries.type_id, typeId));
    return rows.find((r) => parentId === undefined || r.parent_id === parentId)!;
  }

  it('filters by industry (sector or industry), size band and AUM and names them on each card', async () => {
    const sector = await pick(1);
    const industry = await pick(2, sector.id);
    const aum = await pick(4);
    const [saved] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, orgIds.get(CEDAR)!));
    await setOrg(CEDAR, {
      identifiers: { gi_sector_id: sector.id, gi_industry_id: industry.id, gi_aum: aum.id },
      total_full_time_employees: 45,
    });
    try {
      const all = await t.app.db.select().from(organizations);
      const ids = (key: string, id: number) =>
        all
          .filter(
            (o) => o.is_public && !o.deleted_at && (o.identifiers as Record<string, unknown>)[key] === id,
          )
          .map((o) => o.id);
      const names = (body: { data: { id: number; name: string }[] }) => body.data.map((o) => o.id).sort();
      const bySector = (await get(OTHER, `/api/organizations?industry_id=${sector.id}&limit=100`)).json();
      expect(names(bySector)).toEqual(
        [...new Set([...ids('gi_sector_id', sector.id), ...ids('gi_industry_id', sector.id)])].sort(),
      );
      expect(bySector.data.find((o: { name: string }) => o.name === CEDAR)).toMatchObject({
        industry: industry.name,
        aum: aum.name,
        size_band: '11-50',
      });
      const byIndustry = (await get(OTHER, `/api/organizations?industry_id=${industry.id}&limit=100`)).json();
      expect(names(byIndustry)).toEqual(ids('gi_industry_id', industry.id).sort());
      const byAum = (await get(OTHER, `/api/organizations?aum_id=${aum.id}&limit=100`)).json();
      expect(names(byAum)).toEqual(ids('gi_aum', aum.id).sort());
      for (const o of byAum.data) expect(o.aum).toBe(aum.name);
      const bySize = (await get(OTHER, '/api/organizations?size=11-50&limit=100')).json();
      expect(bySize.data.map((o: { name: string }) => o.name)).toContain(CEDAR);
      for (const o of bySize.data) expect(o.size_band).toBe('11-50');
      const big = (await get(OTHER, '/api/organizations?size=1000%2B&limit=100')).json();
      expect(big.data.map((o: { name: string }) => o.name)).not.toContain(CEDAR);
    } finally {
      await setOrg(CEDAR, {
        identifiers: saved!.identifiers,
        total_full_time_employees: saved!.total_full_time_employees,
      });
    }
  });

  it('shows the public page with addresses (primary first), primary contact and named identifiers', async () => {
    const aum = await pick(4);
    const cedar = orgIds.get(CEDAR)!;
    const [eve] = await t.app.db.select().from(users).where(eq(users.email, OTHER));
    const [saved] = await t.app.db.select().from(organizations).where(eq(organizations.id, cedar));
    await t.app.db.update(addresses).set({ is_primary: false }).where(eq(addresses.organization_id, cedar));
    await setOrg(CEDAR, { identifiers: { gi_aum: aum.id }, primary_contact_id: eve!.id });
    await t.app.db.update(users).set({ title: 'Managing Partner' }).where(eq(users.id, eve!.id));
    const mine = await t.app.db
      .insert(addresses)
      .values([
        { organization_id: cedar, address: '2 Side St', is_primary: false },
        { organization_id: cedar, address: '1 Main St', is_primary: true },
      ])
      .returning({ id: addresses.id });
    try {
      const page = (await get(MEMBER, `/api/organizations/${cedar}`)).json();
      expect(page.addresses[0]).toMatchObject({ address: '1 Main St', is_primary: true });
      expect(page.addresses.map((a: { address: string }) => a.address)).toContain('2 Side St');
      expect(page.addresses.filter((a: { is_primary: boolean }) => a.is_primary)).toHaveLength(1);
      expect(page.primary_contact).toEqual({
        id: eve!.id,
        name: 'Eve',
        lastname: 'Castillo',
        title: 'Managing Partner',
        email: null,
      });
      expect(page.identifiers).toEqual([{ key: 'gi_aum', id: aum.id, name: aum.name }]);
      expect(page).toMatchObject({ aum: aum.name, legal_structure: expect.any(String) });
      const own = (await get(OTHER, `/api/organizations/${cedar}`)).json();
      expect(own.primary_contact.email).toBe(OTHER);
      // A primary contact who left the organization is not shown.
      await t.app.db.update(memberships).set({ status: 'declined' }).where(eq(memberships.user_id, eve!.id));
      expect((await get(MEMBER, `/api/organizations/${cedar}`)).json().primary_contact).toBeNull();
      await t.app.db.update(memberships).set({ status: 'approved' }).where(eq(memberships.user_id, eve!.id));
    } finally {
      await setOrg(CEDAR, { identifiers: saved!.identifiers, primary_contact_id: saved!.primary_contact_id });
      await t.app.db.delete(addresses).where(
        inArray(
          addresses.id,
          mine.map((m) => m.id),
        ),
      );
    }
  });
});
