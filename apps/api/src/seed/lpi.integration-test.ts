import { ZBoardMember } from '@parity/domain/lpi/board';
import { formValueError } from '@parity/domain/lpi/forms';
import { ZIndividualRow } from '@parity/domain/lpi/individuals';
import { TAB_KEYS } from '@parity/domain/lpi/tabs';
import { countError } from '@parity/domain/organization-form';
import { isStepComplete, lockedStep, SURVEY_STEPS } from '@parity/domain/surveys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../db/schema/people';
import { boardMembers, formFields, formValues, individuals } from '../db/schema/reporting';
import { TABS } from '../modules/lpi/tabs.registry';
import { createTestApp, sessionToken, type TestApp } from '../test/app';
import { ACME, CEDAR, type DemoPeople, NORTHWIND, seedDemoData } from './demo';
import { OWNERSHIP_NOT_100 } from './lpi';
import { DEI_SURVEY_2025, DEI_SURVEY_2026 } from './surveys';

let t: TestApp;
let people: DemoPeople;
let seedMs: number;

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  people = await seedDemoData(t.app.db);
  seedMs = performance.now() - started;
});
afterAll(async () => {
  await t?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await t.app.db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

const TABLES = [
  'organizations',
  'survey_organization_meta',
  'addresses',
  'grid_cells',
  'individuals',
  'board_members',
  'organization_policies',
  'form_values',
  'tab_states',
  'tab_versions',
  'submissions',
  'survey_invitations',
];

async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    out[table] = Number(row!.n);
  }
  return out;
}

const generatedIds = () =>
  [...people.organizations].filter(([name]) => ![NORTHWIND, ACME, CEDAR].includes(name)).map(([, id]) => id);

describe('seedLpi (through seedDemoData)', () => {
  it('seeds quickly, and a second run changes nothing', async () => {
    console.info(`demo seeding took ${Math.round(seedMs)} ms`, await counts());
    const before = await counts();
    const organizationsBefore = await rows(sql`SELECT * FROM organizations ORDER BY id`);
    expect(before.grid_cells).toBeGreaterThan(1000);
    await seedDemoData(t.app.db);
    expect(await counts()).toEqual(before);
    expect(await rows(sql`SELECT * FROM organizations ORDER BY id`)).toEqual(organizationsBefore);
  });

  it('gives every generated organization and Cedar a complete profile; staff cells sum to the FTE', async () => {
    const ids = [...generatedIds(), people.organizations.get(CEDAR)!];
    expect(ids).toHaveLength(26);
    const profiles = await rows<{
      id: number;
      fte: number;
      staff: number;
      us_staff: number;
      phone: string;
      identifiers: Record<string, number>;
      leaders: number;
      total_leaders: number;
      owners: number;
      total_owners: number;
      primary_addresses: number;
      historical_types: number;
      policies: number;
      practices: number;
    }>(sql`
      SELECT o.id, o.total_full_time_employees AS fte, o.primary_phone AS phone, o.identifiers,
        o.total_leaders, o.total_owners,
        (SELECT COALESCE(SUM(value), 0)::int FROM grid_cells g WHERE g.organization_id = o.id AND g.survey_id IS NULL AND grid = 'staff') AS staff,
        (SELECT COALESCE(SUM(value), 0)::int FROM grid_cells g WHERE g.organization_id = o.id AND g.survey_id IS NULL AND grid = 'us_staff') AS us_staff,
        (SELECT count(*)::int FROM individuals i WHERE i.organization_id = o.id AND i.survey_id IS NULL AND is_senior_management) AS leaders,
        (SELECT count(*)::int FROM individuals i WHERE i.organization_id = o.id AND i.survey_id IS NULL AND is_owner) AS owners,
        (SELECT count(*)::int FROM addresses a WHERE a.organization_id = o.id AND a.survey_id IS NULL AND is_primary) AS primary_addresses,
        (SELECT count(DISTINCT (year, type))::int FROM grid_cells g WHERE g.organization_id = o.id AND g.survey_id IS NULL AND grid = 'historical') AS historical_types,
        (SELECT count(*)::int FROM organization_policies p WHERE p.organization_id = o.id AND p.survey_id IS NULL) AS policies,
        (SELECT count(*)::int FROM form_values f WHERE f.organization_id = o.id AND f.survey_id IS NULL AND form_id = 8) AS practices
      FROM organizations o WHERE o.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    expect(profiles).toHaveLength(26);
    for (const p of profiles) {
      expect(p.fte).toBeGreaterThanOrEqual(1);
      expect(p.staff).toBe(p.fte);
      expect(p.us_staff).toBeLessThanOrEqual(p.fte);
      expect(p.phone).toMatch(/^\+[1-9]\d{7,14}$/);
      expect(p.identifiers.gi_industry_id).toBe(Math.floor(p.identifiers.gi_sub_industry_id! / 100));
      expect(p.identifiers.gi_sector_id).toBe(Math.floor(p.identifiers.gi_industry_id! / 100));
      expect(p.leaders).toBe(p.total_leaders);
      expect(p.owners).toBe(p.total_owners);
      expect(p.primary_addresses).toBe(1);
      expect(p.policies).toBeGreaterThan(0);
      expect(p.practices).toBeGreaterThan(0);
      if (p.fte > 1) expect(p.historical_types).toBe(9);
    }
    // Diversity varies widely: the share of women and of non-white staff spans a wide range.
    const shares = await rows<{ women: number; non_white: number }>(sql`
      SELECT SUM(CASE WHEN gender_id = 1 THEN value ELSE 0 END)::float / SUM(value) AS women,
        SUM(CASE WHEN ethnicity_id NOT IN (7, 9) THEN value ELSE 0 END)::float / SUM(value) AS non_white
      FROM grid_cells WHERE survey_id IS NULL AND grid = 'staff' GROUP BY organization_id
      HAVING SUM(value) > 1`);
    const nonWhite = shares.map((s) => s.non_white);
    expect(Math.max(...nonWhite) - Math.min(...nonWhite)).toBeGreaterThan(0.35);
    const undisclosed = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM individuals WHERE survey_id IS NULL AND (gender_id = 5 OR ethnicity_id = 9)`,
    );
    expect(undisclosed[0]!.n).toBeGreaterThan(0);
    // No profile for the host; generated organizations have no primary contact.
    const northwind = people.organizations.get(NORTHWIND)!;
    expect(
      await rows(sql`SELECT 1 FROM grid_cells WHERE organization_id = ${northwind}
        UNION ALL SELECT 1 FROM individuals WHERE organization_id = ${northwind}`),
    ).toHaveLength(0);
    const contacts = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM organizations
      WHERE primary_contact_id IS NOT NULL AND id IN (${sql.join(
        generatedIds().map((id) => sql`${id}`),
        sql`, `,
      )})`);
    expect(contacts[0]!.n).toBe(0);
  });

  it('passes the rules the LPI forms apply to the same data (spec 5)', async () => {
    const db = t.app.db;
    const strip = <T extends Record<string, unknown>>(row: T) => {
      const { id: _i, organization_id: _o, survey_id: _s, created_at: _c, updated_at: _u, ...rest } = row;
      return rest;
    };
    const people = await db.select().from(individuals);
    expect(people.length).toBeGreaterThan(300);
    for (const row of people) {
      const result = ZIndividualRow.safeParse(strip(row));
      expect(result.error?.issues ?? [], row.name).toEqual([]);
    }
    for (const row of await db.select().from(boardMembers)) {
      const result = ZBoardMember.safeParse(strip(row));
      expect(result.error?.issues ?? [], row.name).toEqual([]);
    }
    const fields = new Map((await db.select().from(formFields)).map((f) => [f.id, f]));
    for (const v of await db.select().from(formValues)) {
      const field = fields.get(v.field_id)!;
      expect(formValueError(field as Parameters<typeof formValueError>[0], v.value), field.label).toBeNull();
    }
    for (const o of await db.select().from(organizations)) {
      if (o.total_full_time_employees === 0) continue; // Northwind: no profile
      for (const field of ['total_full_time_employees', 'total_leaders', 'total_owners'] as const) {
        expect(
          countError(field, o[field], o.legal_structure_id, o.is_publicly_traded),
          `${o.name} ${field}`,
        ).toBeNull();
      }
    }
  });

  it('owners hold exactly 100.00 percent, except the two deliberate organizations', async () => {
    const sums = await rows<{ name: string; cents: number; owners: number; min: number }>(sql`
      SELECT o.name, SUM(ROUND(i.ownership * 100))::int AS cents, count(*)::int AS owners,
        MIN(i.ownership)::float AS min
      FROM individuals i JOIN organizations o ON o.id = i.organization_id
      WHERE i.survey_id IS NULL AND i.is_owner AND o.name <> ${ACME}
      GROUP BY o.name`);
    expect(sums.length).toBeGreaterThan(15);
    for (const s of sums) {
      expect(s.min).toBeGreaterThan(0);
      if ((OWNERSHIP_NOT_100 as readonly string[]).includes(s.name)) expect(s.cents).not.toBe(10000);
      else expect(s.cents, s.name).toBe(10000);
    }
    expect(
      sums
        .filter((s) => s.cents !== 10000)
        .map((s) => s.name)
        .sort(),
    ).toEqual([...OWNERSHIP_NOT_100].sort());
  });

  it('answers the 2026 survey: 12 submitted with every defined tab, 6 in progress, the rest invited', async () => {
    const survey = people.surveys.get(DEI_SURVEY_2026)!;
    const statuses = await rows<{ status: string; n: number }>(sql`
      SELECT status, count(*)::int AS n FROM survey_invitations WHERE survey_id = ${survey} GROUP BY status`);
    expect(Object.fromEntries(statuses.map((s) => [s.status, s.n]))).toEqual({
      submitted: 12,
      in_progress: 6,
      invited: 9, // 7 generated organizations, Acme and Cedar
    });
    const defined = Object.values(TABS)
      .map((d) => d.tab)
      .sort();
    const submitted = await rows<{
      organization_id: number;
      submitted_at: string;
      snapshot: Record<string, unknown>;
      subs: number;
    }>(sql`
      SELECT i.organization_id, i.submitted_at, s.snapshot,
        (SELECT count(*)::int FROM submissions x WHERE x.organization_id = i.organization_id AND x.survey_id = i.survey_id) AS subs
      FROM survey_invitations i
      JOIN submissions s ON s.organization_id = i.organization_id AND s.survey_id = i.survey_id
      WHERE i.survey_id = ${survey} AND i.status = 'submitted'`);
    expect(submitted).toHaveLength(12);
    for (const s of submitted) {
      expect(s.subs).toBe(1);
      expect(Object.keys(s.snapshot).sort()).toEqual(defined);
      const at = new Date(s.submitted_at).toISOString();
      expect(at >= '2026-10-01' && at < '2026-12-01').toBe(true);
    }
    // The survey copy equals the organization's own rows; every tab completed.
    const copy = await rows<{ own: number; copied: number; completed: number }>(sql`
      SELECT
        (SELECT count(*)::int FROM grid_cells g JOIN survey_invitations i ON i.organization_id = g.organization_id
          WHERE i.survey_id = ${survey} AND i.status = 'submitted' AND g.survey_id IS NULL) AS own,
        (SELECT count(*)::int FROM grid_cells WHERE survey_id = ${survey}
          AND organization_id IN (SELECT organization_id FROM survey_invitations WHERE survey_id = ${survey} AND status = 'submitted')) AS copied,
        (SELECT count(*)::int FROM tab_states WHERE survey_id = ${survey} AND completed) AS completed`);
    expect(copy[0]!.copied).toBe(copy[0]!.own);
    expect(copy[0]!.completed).toBeGreaterThanOrEqual(12 * TAB_KEYS.length);
    const meta = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM survey_organization_meta m JOIN organizations o ON o.id = m.organization_id
      WHERE m.survey_id = ${survey} AND m.total_full_time_employees = o.total_full_time_employees
        AND m.identifiers = o.identifiers`);
    expect(meta[0]!.n).toBeGreaterThanOrEqual(12);
    // In progress: some tabs copied, some completed, never all.
    const progress = await rows<{ organization_id: number; tabs: number; completed: number }>(sql`
      SELECT t.organization_id, count(*)::int AS tabs, count(*) FILTER (WHERE t.completed)::int AS completed
      FROM tab_states t JOIN survey_invitations i ON i.organization_id = t.organization_id AND i.survey_id = t.survey_id
      WHERE t.survey_id = ${survey} AND i.status = 'in_progress' GROUP BY t.organization_id`);
    expect(progress).toHaveLength(6);
    for (const p of progress) {
      expect(p.completed).toBeGreaterThan(0);
      expect(p.completed).toBeLessThan(p.tabs);
      expect(p.tabs).toBeLessThan(TAB_KEYS.length);
    }
  });

  it('continues each in-progress response at the step after the steps it completed (its locked step)', async () => {
    const survey = people.surveys.get(DEI_SURVEY_2026)!;
    const invitations = await rows<{ organization_id: number; step: number; completed: string[] }>(sql`
      SELECT i.organization_id, i.step,
        coalesce(array_agg(t.tab) FILTER (WHERE t.completed), '{}') AS completed
      FROM survey_invitations i
      LEFT JOIN tab_states t ON t.organization_id = i.organization_id AND t.survey_id = i.survey_id
      WHERE i.survey_id = ${survey} AND i.status = 'in_progress' GROUP BY i.organization_id, i.step`);
    expect(invitations).toHaveLength(6);
    for (const invitation of invitations) {
      const completed = new Set(invitation.completed);
      const firstOpen = SURVEY_STEPS.findIndex((step) => !isStepComplete(step.id, completed, false)) + 1;
      expect(invitation.step).toBeGreaterThan(0);
      expect(lockedStep(invitation.step, SURVEY_STEPS.length)).toBe(firstOpen);
    }
  });

  it("lets the host read a submitted response through the tab GETs, equal to the submission's snapshot", async () => {
    const survey = people.surveys.get(DEI_SURVEY_2026)!;
    const [row] = await rows<{ organization_id: number; snapshot: Record<string, unknown> }>(sql`
      SELECT s.organization_id, s.snapshot FROM submissions s WHERE s.survey_id = ${survey}
      ORDER BY s.organization_id LIMIT 1`);
    const token = await sessionToken(t, people.users.get('host@northwind.test')!);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff?organization_id=${row!.organization_id}&survey_id=${survey}&report=true`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: unknown; state: { completed: boolean } };
    expect(body.state.completed).toBe(true);
    expect(body.data).toEqual(row!.snapshot.staff);
  });

  it('answers the archived 2025 survey with older data', async () => {
    const survey = people.surveys.get(DEI_SURVEY_2025)!;
    const submitted = await rows<{ organization_id: number; fte_2025: number; fte_now: number }>(sql`
      SELECT i.organization_id, m.total_full_time_employees AS fte_2025, o.total_full_time_employees AS fte_now
      FROM survey_invitations i
      JOIN submissions s ON s.organization_id = i.organization_id AND s.survey_id = i.survey_id
      JOIN survey_organization_meta m ON m.organization_id = i.organization_id AND m.survey_id = i.survey_id
      JOIN organizations o ON o.id = i.organization_id
      WHERE i.survey_id = ${survey} AND i.status = 'submitted' AND i.submitted_at < '2026-01-01'`);
    // Ten generated respondents and Acme.
    expect(submitted).toHaveLength(11);
    expect(submitted.some((s) => s.fte_2025 !== s.fte_now)).toBe(true);
    const staff = await rows<{ bad: number }>(sql`
      SELECT count(*)::int AS bad FROM survey_organization_meta m
      WHERE m.survey_id = ${survey} AND m.total_full_time_employees <> (SELECT COALESCE(SUM(value), 0) FROM grid_cells g
        WHERE g.organization_id = m.organization_id AND g.survey_id = ${survey} AND g.grid = 'staff')`);
    expect(staff[0]!.bad).toBe(0);
  });

  it('leaves Acme a partial profile (overview, staff, three people) and Northwind none', async () => {
    // Acme's own profile (its 2025 survey response is complete: see the next test).
    const acme = people.organizations.get(ACME)!;
    const [org] = await rows<{ fte: number; contact: number; phone: string }>(sql`
      SELECT total_full_time_employees AS fte, primary_contact_id AS contact, primary_phone AS phone
      FROM organizations WHERE id = ${acme}`);
    expect(org!.contact).toBe(people.users.get('ada@acme.test'));
    expect(org!.phone).toMatch(/^\+1\d{10}$/);
    const grids = await rows<{ grid: string; total: number }>(sql`
      SELECT grid, SUM(value)::int AS total FROM grid_cells
      WHERE organization_id = ${acme} AND survey_id IS NULL GROUP BY grid`);
    expect(grids).toEqual([{ grid: 'staff', total: org!.fte }]);
    const [counts] = await rows<Record<string, number>>(sql`
      SELECT (SELECT count(*)::int FROM individuals WHERE organization_id = ${acme} AND survey_id IS NULL) AS individuals,
        (SELECT count(*)::int FROM board_members WHERE organization_id = ${acme} AND survey_id IS NULL) AS board,
        (SELECT count(*)::int FROM organization_policies WHERE organization_id = ${acme} AND survey_id IS NULL) AS policies,
        (SELECT count(*)::int FROM form_values WHERE organization_id = ${acme} AND survey_id IS NULL) AS forms,
        (SELECT count(*)::int FROM tab_states WHERE organization_id = ${acme} AND survey_id IS NULL) AS states`);
    expect(counts).toEqual({ individuals: 3, board: 0, policies: 0, forms: 0, states: 0 });
  });

  it("gives Acme a submitted 2025 response and the same data as its own profile's submission, without versions", async () => {
    const acme = people.organizations.get(ACME)!;
    const survey = people.surveys.get(DEI_SURVEY_2025)!;
    const found = await rows<{ survey_id: number | null; lpi: number | null; submitted_at: string }>(sql`
      SELECT survey_id, (scores->>'lpi')::float AS lpi, submitted_at::text FROM submissions
      WHERE organization_id = ${acme} ORDER BY submitted_at`);
    expect(found.map((r) => r.survey_id)).toEqual([null, survey]);
    expect(found[0]!.lpi).not.toBeNull();
    expect(found[0]!.lpi).toBe(found[1]!.lpi);
    const [versions] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM tab_versions WHERE organization_id = ${acme} AND survey_id IS NULL`);
    expect(versions!.n).toBe(0);
  });
});
