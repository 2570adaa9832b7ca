import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';

let t: SeededTestApp;
const ADMIN = 'admin@parity.test';
const id = (email: string) => t.demo.users.get(email)!;
let acme: number;

interface Entry {
  id: number;
  at: string;
  actor: { id: number; name: string; email: string } | null;
  organization: { id: number; name: string } | null;
  entity: string;
  entity_id: string | null;
  entity_name: string | null;
  action: string;
  before: unknown;
  after: unknown;
}
const list = async (query = '') => {
  const res = await t.call('GET', ADMIN, `/api/admin/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Entry[]; total: number };
};

beforeAll(async () => {
  t = await createSeededTestApp();
  acme = t.demo.organizations.get('Acme Capital Partners')!;
  // a few admin writes, and two old entries dated in 2025
  await t.call('POST', ADMIN, `/api/admin/users/${id('pending@acme.test')}/approve`);
  await t.call('PUT', ADMIN, '/api/admin/maintenance', { enabled: true, message: 'Back soon' });
  await t.call('PUT', ADMIN, '/api/admin/maintenance', { enabled: false, message: '' });
  await t.app.db.insert(auditLog).values([
    {
      actor_user_id: id('ada@acme.test'),
      organization_id: acme,
      entity: 'contact',
      action: 'create',
      after: { name: 'Old contact' },
      at: new Date('2025-03-10T12:00:00Z'),
    },
    {
      actor_user_id: null,
      organization_id: null,
      entity: 'organization',
      action: 'update',
      at: new Date('2025-03-11T23:59:00Z'),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/audit', () => {
  it('refuses anonymous callers (401), members and organization admins (403)', async () => {
    expect((await t.call('GET', null, '/api/admin/audit')).statusCode).toBe(401);
    for (const email of ['max@acme.test', 'ada@acme.test', 'pending@acme.test', 'host@northwind.test']) {
      expect((await t.call('GET', email, '/api/admin/audit')).statusCode, email).toBe(403);
    }
  });

  it('lists every entry of the platform, newest first, with actor, organization and names', async () => {
    const body = await list();
    expect(body.total).toBeGreaterThanOrEqual(5);
    const ats = body.data.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const [off, on] = body.data.filter((e) => e.entity === 'setting');
    expect(off).toMatchObject({
      actor: { id: id(ADMIN), name: 'Grace Hopper', email: ADMIN },
      organization: null,
      action: 'update',
      entity_name: 'maintenance',
      before: { maintenance: true, message: 'Back soon' },
      after: { maintenance: false, message: null },
    });
    expect(on).toMatchObject({ after: { maintenance: true, message: 'Back soon' } });
    const approval = body.data.find((e) => e.entity === 'membership' && e.action === 'approve');
    expect(approval).toMatchObject({
      actor: { email: ADMIN },
      organization: { id: acme, name: 'Acme Capital Partners' },
      entity_id: String(id('pending@acme.test')),
      entity_name: 'Priya Patel',
    });
  });

  it('pages with limit and offset, the total unchanged', async () => {
    const all = await list();
    const page = await list('?limit=2&offset=1');
    expect(page.total).toBe(all.total);
    expect(page.data.map((e) => e.id)).toEqual(all.data.slice(1, 3).map((e) => e.id));
  });

  it('filters by actor id, and by a search on the actor name or email', async () => {
    const byId = await list(`?actor_id=${id('ada@acme.test')}`);
    expect(byId.data.length).toBeGreaterThan(0);
    expect(byId.data.every((e) => e.actor?.id === id('ada@acme.test'))).toBe(true);
    const byName = await list('?actor=grace%20hop');
    expect(byName.data.length).toBeGreaterThan(0);
    expect(byName.data.every((e) => e.actor?.email === ADMIN)).toBe(true);
    expect(byName.total).toBe((await list('?actor=PARITY.TEST')).total);
    expect((await list('?actor=nobody-like-this')).total).toBe(0);
  });

  it('filters by organization and by kind (entity and/or action)', async () => {
    const acmeOnly = await list(`?organization_id=${acme}&limit=100`);
    expect(acmeOnly.data.length).toBeGreaterThan(0);
    expect(acmeOnly.data.every((e) => e.organization?.id === acme)).toBe(true);
    const settings = await list('?entity=setting');
    expect(settings.total).toBe(2);
    const approvals = await list('?entity=membership&action=approve');
    expect(approvals.data.every((e) => e.entity === 'membership' && e.action === 'approve')).toBe(true);
    expect(approvals.total).toBeGreaterThanOrEqual(1);
    const creates = await list('?action=create&limit=100');
    expect(creates.data.every((e) => e.action === 'create')).toBe(true);
  });

  it('filters by a date range of days, both included (UTC)', async () => {
    const march = await list('?from=2025-03-10&to=2025-03-11');
    expect(march.data.map((e) => e.entity)).toEqual(['organization', 'contact']);
    expect(march.data[0]!.actor).toBeNull();
    expect((await list('?from=2025-03-11&to=2025-03-11')).total).toBe(1);
    expect((await list('?to=2025-03-10')).data.every((e) => e.at < '2025-03-11')).toBe(true);
  });

  it('answers bad input with 400 and a clear message', async () => {
    const cases: [string, string][] = [
      ['?from=2025-03-12&to=2025-03-11', 'The start date must be on or before the end date'],
      ['?from=yesterday', 'YYYY-MM-DD'],
      ['?actor_id=x', 'actor id'],
      ['?organization_id=-1', 'organization id'],
      ['?entity=spaceship', 'The entity is one of'],
      ['?action=DROP%20TABLE', 'The action is a word'],
      ['?limit=1000', 'limit'],
      ['?unknown=1', 'unknown'],
    ];
    for (const [query, message] of cases) {
      const res = await t.call('GET', ADMIN, `/api/admin/audit${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });
});
