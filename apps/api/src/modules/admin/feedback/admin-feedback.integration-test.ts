import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../../db/schema/feedback';
import { createSeededTestApp, type SeededTestApp } from '../../../test/app';

let t: SeededTestApp;
const ADMIN = 'admin@parity.test';
const page = 'https://parity.test/surveys/4';

beforeAll(async () => {
  t = await createSeededTestApp();
  const user = (email: string) => t.demo.users.get(email)!;
  const acme = t.demo.organizations.get('Acme Capital Partners')!;
  await t.app.db.insert(feedback).values([
    // Monday 2026-03-02 and the Wednesday of that week
    {
      user_id: user('max@acme.test'),
      organization_id: acme,
      url: page,
      value: 2,
      comment: '=HYPERLINK("x")',
      created_at: new Date('2026-03-02T09:00:00Z'),
    },
    {
      user_id: user('ada@acme.test'),
      organization_id: acme,
      url: page,
      value: 9,
      comment: 'Clear, quick',
      created_at: new Date('2026-03-04T09:00:00Z'),
    },
    // the next week, without an organization
    {
      user_id: user(ADMIN),
      organization_id: null,
      url: page,
      value: 10,
      comment: null,
      created_at: new Date('2026-03-10T23:30:00Z'),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/feedback', () => {
  it('lists every feedback, newest first, with sender and organization, to a platform admin', async () => {
    const res = await t.call('GET', ADMIN, '/api/admin/feedback');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.data.map((item: { value: number }) => item.value)).toEqual([10, 9, 2]);
    expect(body.data[1]).toMatchObject({
      url: page,
      comment: 'Clear, quick',
      created_at: '2026-03-04T09:00:00.000Z',
      user: { id: t.demo.users.get('ada@acme.test'), email: 'ada@acme.test' },
      organization: { id: t.demo.organizations.get('Acme Capital Partners'), name: 'Acme Capital Partners' },
    });
    expect(body.data[0].organization).toBeNull();
  });

  it('filters by rating band and by days, both ends included, and pages', async () => {
    const values = async (query: string) => {
      const res = await t.call('GET', ADMIN, `/api/admin/feedback${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return {
        total: res.json().total,
        values: res.json().data.map((item: { value: number }) => item.value),
      };
    };
    expect(await values('?band=1')).toEqual({ total: 1, values: [2] });
    expect(await values('?band=5')).toEqual({ total: 2, values: [10, 9] });
    expect(await values('?band=3')).toEqual({ total: 0, values: [] });
    expect(await values('?from=2026-03-04&to=2026-03-10')).toEqual({ total: 2, values: [10, 9] });
    expect(await values('?to=2026-03-02')).toEqual({ total: 1, values: [2] });
    expect(await values('?band=5&limit=1&offset=1')).toEqual({ total: 2, values: [9] });
  });

  it('answers bad filters with 400 and the field', async () => {
    const cases: [string, string][] = [
      ['?band=0', 'band'],
      ['?band=6', 'band'],
      ['?band=x', 'band'],
      ['?from=yesterday', 'from'],
      ['?from=2026-03-10&to=2026-03-01', 'to'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await t.call('GET', ADMIN, `/api/admin/feedback${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });
});

describe('GET /api/admin/feedback/over-time', () => {
  it('counts and averages each week (from Monday, UTC), with the filters', async () => {
    const res = await t.call('GET', ADMIN, '/api/admin/feedback/over-time');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { week: '2026-03-02', count: 2, average: 5.5 },
        { week: '2026-03-09', count: 1, average: 10 },
      ],
    });
    const banded = await t.call('GET', ADMIN, '/api/admin/feedback/over-time?band=5');
    expect(banded.json().data).toEqual([
      { week: '2026-03-02', count: 1, average: 9 },
      { week: '2026-03-09', count: 1, average: 10 },
    ]);
    expect((await t.call('GET', ADMIN, '/api/admin/feedback/over-time?to=nope')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/feedback.csv', () => {
  it('downloads the filtered list with formulas neutralised and commas quoted', async () => {
    const res = await t.call('GET', ADMIN, '/api/admin/feedback.csv?band=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="feedback.csv"');
    expect(res.body.split('\r\n')).toEqual([
      'Date,Rating,Comment,Page,User,Email,Organization',
      `2026-03-02T09:00:00.000Z,2,"'=HYPERLINK(""x"")",${page},Max Planck,max@acme.test,Acme Capital Partners`,
      '',
    ]);
    const all = await t.call('GET', ADMIN, '/api/admin/feedback.csv');
    expect(all.body).toContain('"Clear, quick"');
    expect(all.body.trim().split('\r\n')).toHaveLength(4);
    expect((await t.call('GET', ADMIN, '/api/admin/feedback.csv?band=9')).statusCode).toBe(400);
  });
});

describe('who may read feedback', () => {
  const urls = ['/api/admin/feedback', '/api/admin/feedback/over-time', '/api/admin/feedback.csv'];

  it('refuses anonymous with 401 and a member, an organization admin or another tenant with 403', async () => {
    for (const url of urls) {
      expect((await t.call('GET', null, url)).statusCode, url).toBe(401);
      for (const email of [
        'max@acme.test',
        'ada@acme.test',
        'pending@acme.test',
        'eve@cedar.test',
        'host@northwind.test',
      ]) {
        const res = await t.call('GET', email, url);
        expect(res.statusCode, `${email} ${url}`).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
    }
  });
});
