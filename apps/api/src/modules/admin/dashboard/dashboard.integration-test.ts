import { DASHBOARD_WEEKS, type TAdminDashboard } from '@parity/domain/admin-dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../../db/schema/people';
import { surveys } from '../../../db/schema/surveys';
import { createSeededTestApp, type SeededTestApp } from '../../../test/app';

let t: SeededTestApp;
beforeAll(async () => {
  t = await createSeededTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/dashboard', () => {
  it('refuses anonymous callers (401), members, hosts and organization admins (403)', async () => {
    expect((await t.call('GET', null, '/api/admin/dashboard')).statusCode).toBe(401);
    for (const email of ['max@acme.test', 'ada@acme.test', 'host@northwind.test', 'pending@acme.test']) {
      const res = await t.call('GET', email, '/api/admin/dashboard');
      expect(res.statusCode, email).toBe(403);
    }
  });

  it("gives a platform administrator the platform's figures", async () => {
    for (const value of [4, 9]) {
      const sent = await t.call('POST', 'max@acme.test', '/api/feedback', {
        url: 'http://localhost/',
        value,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const res = await t.call('GET', 'admin@parity.test', '/api/admin/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TAdminDashboard;

    const orgCount = (await t.app.db.select().from(organizations)).filter((o) => !o.deleted_at).length;
    expect(body.organizations.reduce((sum, row) => sum + row.public + row.private, 0)).toBe(orgCount);

    const userCount = (await t.app.db.select().from(users)).length;
    expect(body.users.map((row) => row.status)).toEqual([
      'pending',
      'approved',
      'declined',
      'archived',
      'no_organization',
    ]);
    expect(body.users.reduce((sum, row) => sum + row.count, 0)).toBe(userCount);
    expect(body.users.find((row) => row.status === 'pending')!.count).toBeGreaterThanOrEqual(1);

    const surveyCount = (await t.app.db.select().from(surveys)).filter((s) => !s.deleted_at).length;
    expect(body.surveys.map((row) => row.status)).toEqual(['Scheduled', 'Active', 'Past Due', 'Archived']);
    expect(body.surveys.reduce((sum, row) => sum + row.count, 0)).toBe(surveyCount);

    expect(body.submissions).toHaveLength(DASHBOARD_WEEKS);
    expect(body.feedback).toHaveLength(DASHBOARD_WEEKS);
    const thisWeek = body.feedback.at(-1)!;
    expect(new Date(`${thisWeek.week}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(thisWeek.count).toBeGreaterThanOrEqual(2);
    expect(thisWeek.average).not.toBeNull();
    expect(body.feedback.filter((week) => week.count === 0).every((week) => week.average === null)).toBe(
      true,
    );
  });
});
