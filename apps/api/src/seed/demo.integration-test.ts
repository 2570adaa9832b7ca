import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { seedDemoData } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every row of the seeded tables, to compare before and after a second run. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    'organizations',
    'users',
    'memberships',
    'organization_codes',
    'oauth_clients',
    'notifications',
  ]) {
    const res = await t.app.db.execute(sql.raw(`SELECT * FROM ${table} ORDER BY 1`));
    out[table] = (res as unknown as { rows: unknown[] }).rows;
  }
  return out;
}

describe('seedDemoData', () => {
  it('seeds the demo people once; a second run changes nothing', async () => {
    const first = await seedDemoData(t.app.db);
    const before = await snapshot();
    expect(before.organizations!.length).toBeGreaterThanOrEqual(28);
    expect(before.users).toHaveLength(8);
    expect(before.memberships).toHaveLength(7);
    expect(before.notifications).toHaveLength(7);
    expect((before.organization_codes as { code: string }[]).map((c) => c.code).sort()).toEqual([
      'ACME-2026',
      'CEDAR-2026',
      'KESTREL-2026',
      'LARKSPUR-2026',
      'NORTHWIND-2026',
      'OAKRIDGE-2026',
      'WESTBROOK-2026',
    ]);
    expect(before.oauth_clients).toContainEqual(
      expect.objectContaining({
        id: 'parity-web',
        secret_hash: null,
        grant_types: ['password', 'refresh_token'],
      }),
    );

    const second = await seedDemoData(t.app.db);
    expect(await snapshot()).toEqual(before);
    expect(second.users).toEqual(first.users);
    expect(second.organizations).toEqual(first.organizations);
  });

  it('hashes the demo password with argon2id at OWASP strength, once for every user', async () => {
    const res = await t.app.db.execute(sql`SELECT DISTINCT password_hash FROM users`);
    const rows = (res as unknown as { rows: { password_hash: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("keeps Northwind's 2026 survey open: due today or later, whenever the database is seeded", async () => {
    const res = await t.app.db.execute(
      sql`SELECT due::text AS due FROM surveys WHERE title = '2026 DEI Survey'`,
    );
    const rows = (res as unknown as { rows: { due: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.due >= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(rows[0]!.due >= '2026-12-31').toBe(true);
  });

  it('invites each organization when its survey opens, before it answers or is reminded', async () => {
    const res = await t.app.db.execute(sql`
      SELECT count(*)::int AS invitations,
             count(*) FILTER (WHERE i.created_at > coalesce(i.submitted_at, i.last_reminded_at, i.created_at)
                                 OR i.created_at::date <> s.start)::int AS out_of_order
      FROM survey_invitations i JOIN surveys s ON s.id = i.survey_id`);
    const [row] = (res as unknown as { rows: { invitations: number; out_of_order: number }[] }).rows;
    expect(row!.invitations).toBeGreaterThan(50);
    expect(row!.out_of_order).toBe(0);
  });

  it('gives the demo users notifications as the modules write them, some read', async () => {
    const res = await t.app.db.execute(sql`
      SELECT u.email, n.kind, n.type, n.title, n.link, n.read_at IS NOT NULL AS read
        FROM notifications n JOIN users u ON u.id = n.user_id
       ORDER BY u.email, n.created_at`);
    const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
    const surveyId = async (title: string) => {
      const r = await t.app.db.execute(sql`SELECT id FROM surveys WHERE title = ${title}`);
      return (r as unknown as { rows: { id: number }[] }).rows[0]!.id;
    };
    const [id2026, id2025] = [await surveyId('2026 DEI Survey'), await surveyId('2025 DEI Survey')];
    expect(rows.filter((r) => r.email !== 'host@northwind.test')).toEqual([
      {
        email: 'ada@acme.test',
        kind: 'survey_invitation',
        type: 'alert',
        title: 'Northwind Pension Fund invited Acme Capital Partners to 2025 DEI Survey',
        link: `/surveys/taking/${id2025}`,
        read: true,
      },
      {
        email: 'ada@acme.test',
        kind: 'survey_invitation',
        type: 'alert',
        title: 'Northwind Pension Fund invited Acme Capital Partners to 2026 DEI Survey',
        link: `/surveys/taking/${id2026}`,
        read: false,
      },
      {
        email: 'ada@acme.test',
        kind: 'survey_reminder',
        type: 'alert',
        title: 'Reminder: Northwind Pension Fund awaits your response to 2026 DEI Survey',
        link: `/surveys/taking/${id2026}`,
        read: false,
      },
      {
        email: 'ada@acme.test',
        kind: 'member_awaiting_approval',
        type: 'alert',
        title: 'Priya Patel asked to join Acme Capital Partners',
        link: '/organizations/private/members',
        read: false,
      },
      {
        email: 'eve@cedar.test',
        kind: 'survey_invitation',
        type: 'alert',
        title: 'Northwind Pension Fund invited Cedar Equity to 2026 DEI Survey',
        link: `/surveys/taking/${id2026}`,
        read: false,
      },
    ]);
    const host = rows.filter((r) => r.email === 'host@northwind.test');
    expect(host.map((r) => [r.kind, r.link, r.read])).toEqual([
      ['submission_received', `/surveys/hosting/${id2026}`, true],
      ['submission_received', `/surveys/hosting/${id2026}`, false],
    ]);
    for (const r of host) expect(r.title).toMatch(/^.+ submitted its response to 2026 DEI Survey$/);
    // A notification is dated as its cause: Priya's request to join is the pending membership (to
    // the millisecond: the date goes through JavaScript, PostgreSQL keeps microseconds).
    const request = await t.app.db.execute(sql`
      SELECT date_trunc('milliseconds', n.created_at) = date_trunc('milliseconds', m.created_at) AS same
        FROM notifications n JOIN users u ON u.email = 'pending@acme.test'
        JOIN memberships m ON m.user_id = u.id
       WHERE n.kind = 'member_awaiting_approval'`);
    expect((request as unknown as { rows: { same: boolean }[] }).rows).toEqual([{ same: true }]);
  });
});
