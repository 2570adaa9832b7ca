import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { organizationCodes } from '../../../db/schema/people';
import { createSeededTestApp, type SeededTestApp } from '../../../test/app';

let t: SeededTestApp;
const ADMIN = 'admin@parity.test';
const OTHERS = [
  'max@acme.test',
  'ada@acme.test',
  'pending@acme.test',
  'eve@cedar.test',
  'host@northwind.test',
];
let acme: number;
let cedar: number;

beforeAll(async () => {
  t = await createSeededTestApp();
  acme = t.demo.organizations.get('Acme Capital Partners')!;
  cedar = [...t.demo.organizations.entries()].find(([name]) => name.startsWith('Cedar'))![1];
});
afterAll(async () => {
  await t?.close();
});

const future = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

describe('POST /api/admin/codes', () => {
  it('creates a code for an organization, with an expiry, audited', async () => {
    const expires = future();
    const res = await t.call('POST', ADMIN, '/api/admin/codes', {
      organization_id: cedar,
      expires_at: expires,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      code: expect.stringMatching(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/),
      organization: { id: cedar },
      expires_at: new Date(expires).toISOString(),
      revoked_at: null,
      status: 'active',
    });
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'organization_code'), eq(auditLog.entity_id, String(body.id))));
    expect(entries).toMatchObject([{ action: 'create', organization_id: cedar }]);
    expect(JSON.stringify(entries[0]!.after)).not.toContain(body.code);
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'body.organization_id'],
      [{ organization_id: 'x' }, 'body.organization_id'],
      [{ organization_id: acme, expires_at: 'tomorrow' }, 'body.expires_at'],
      [{ organization_id: acme, expires_at: '2001-01-01T00:00:00Z' }, 'body.expires_at'],
      [{ organization_id: 999999 }, 'body.organization_id'],
      [{ organization_id: acme, code: 'MINE' }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call('POST', ADMIN, '/api/admin/codes', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(field);
    }
  });
});

describe('GET /api/admin/codes', () => {
  it("lists every organization's codes with status, searched by organization or code, paged", async () => {
    const created = (await t.call('POST', ADMIN, '/api/admin/codes', { organization_id: acme })).json();
    const res = await t.call('GET', ADMIN, '/api/admin/codes');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.data[0]).toMatchObject({
      id: created.id,
      organization: { id: acme, name: 'Acme Capital Partners' },
    });
    const byName = (await t.call('GET', ADMIN, '/api/admin/codes?search=acme%20capital')).json();
    expect(byName.data.every((code: { organization: { id: number } }) => code.organization.id === acme)).toBe(
      true,
    );
    const byCode = (
      await t.call('GET', ADMIN, `/api/admin/codes?search=${created.code.toLowerCase()}`)
    ).json();
    expect(byCode).toMatchObject({ total: 1, data: [{ id: created.id }] });
    const paged = (await t.call('GET', ADMIN, '/api/admin/codes?limit=1&offset=1')).json();
    expect(paged.data).toHaveLength(1);
    expect((await t.call('GET', ADMIN, '/api/admin/codes?limit=0')).statusCode).toBe(400);
  });

  it('shows an expired code as expired', async () => {
    const [row] = await t.app.db
      .insert(organizationCodes)
      .values({ organization_id: acme, code: 'OLDXX-CODE2', expires_at: new Date('2020-01-01T00:00:00Z') })
      .returning();
    const res = (await t.call('GET', ADMIN, '/api/admin/codes?search=OLDXX')).json();
    expect(res.data).toMatchObject([{ id: row!.id, status: 'expired' }]);
  });
});

describe('rotate and revoke', () => {
  it('rotates a code: a new value, the old one revoked, in one audited write', async () => {
    const old = (
      await t.call('POST', ADMIN, '/api/admin/codes', { organization_id: acme, expires_at: future() })
    ).json();
    const res = await t.call('POST', ADMIN, `/api/admin/codes/${old.id}/rotate`);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json();
    expect(fresh).toMatchObject({ organization: { id: acme }, status: 'active', expires_at: old.expires_at });
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.code).not.toBe(old.code);
    const [oldRow] = await t.app.db.select().from(organizationCodes).where(eq(organizationCodes.id, old.id));
    expect(oldRow!.revoked_at).not.toBeNull();
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'organization_code'),
          eq(auditLog.action, 'rotate'),
          eq(auditLog.entity_id, String(fresh.id)),
        ),
      );
    expect(entries).toMatchObject([{ before: { revoked_code_ids: [old.id] } }]);
    expect((await t.call('POST', ADMIN, `/api/admin/codes/${old.id}/rotate`)).statusCode).toBe(409);
  });

  it('revokes a code once (409 the second time), and 404 for an unknown one', async () => {
    const code = (await t.call('POST', ADMIN, '/api/admin/codes', { organization_id: cedar })).json();
    const res = await t.call('POST', ADMIN, `/api/admin/codes/${code.id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: code.id, status: 'revoked', revoked_at: expect.any(String) });
    const again = await t.call('POST', ADMIN, `/api/admin/codes/${code.id}/revoke`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This code is already revoked.');
    expect((await t.call('POST', ADMIN, '/api/admin/codes/999999/revoke')).statusCode).toBe(404);
    expect((await t.call('POST', ADMIN, '/api/admin/codes/abc/rotate')).statusCode).toBe(400);
  });
});

describe('who may manage codes', () => {
  it('refuses anonymous with 401 and anyone but a platform admin with 403, changing nothing', async () => {
    const code = (await t.call('POST', ADMIN, '/api/admin/codes', { organization_id: acme })).json();
    const requests: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/admin/codes'],
      ['POST', '/api/admin/codes', { organization_id: acme }],
      ['POST', `/api/admin/codes/${code.id}/rotate`],
      ['POST', `/api/admin/codes/${code.id}/revoke`],
    ];
    for (const [method, url, payload] of requests) {
      expect((await t.call(method, null, url, payload)).statusCode, url).toBe(401);
      for (const email of OTHERS) {
        const res = await t.call(method, email, url, payload);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
    const [row] = await t.app.db.select().from(organizationCodes).where(eq(organizationCodes.id, code.id));
    expect(row!.revoked_at).toBeNull();
  });
});
