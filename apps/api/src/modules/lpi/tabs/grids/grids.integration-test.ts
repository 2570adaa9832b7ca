import type { TTabKey } from '@parity/domain/lpi/tabs';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridCells, individuals } from '../../../../db/schema/reporting';
import { ACME, CEDAR } from '../../../../seed/demo';
import { DEI_SURVEY_2026 } from '../../../../seed/surveys';
import { createSeededTestApp, type SeededTestApp } from '../../../../test/app';
import { whileSubmitted } from '../../../../test/survey-submit';

let t: SeededTestApp;
let acme: number;
let cedar: number;
let dei: number;

const ADA = 'ada@acme.test'; // Acme admin with LPI access
const MAX = 'max@acme.test'; // Acme member without LPI access
const EVE = 'eve@cedar.test'; // Cedar admin
const HOST = 'host@northwind.test'; // Northwind survey host
const PENDING = 'pending@acme.test';
const PLATFORM = 'admin@parity.test';

const ASIAN = 2;
const WOMAN = 1;
const YEAR = new Date().getUTCFullYear() - 1;

beforeAll(async () => {
  t = await createSeededTestApp();
  const seeded = t.demo;
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'PUT', email: string | null, url: string, payload?: unknown) {
  return t.call(method, email, url, payload);
}

type Data = Record<string, unknown>;
interface Row {
  ethnicity_id: number;
  name: string;
  total: number;
  genders: { id: number; value: number | null; min: number }[];
}
const cellOf = (rows: Row[], ethnicityId = ASIAN, genderId = WOMAN) =>
  rows.find((r) => r.ethnicity_id === ethnicityId)?.genders.find((g) => g.id === genderId)?.value;

/** One endpoint family, as the table-driven tests see it. */
interface Family {
  tab: TTabKey;
  grid: string;
  /** the "me" read */
  me: string;
  /** the scoped read, with `?` */
  scoped: string;
  save: string;
  /** a save body's data holding `value` in (Asian, Woman) */
  data(value: number | null, ethnicityId?: number, genderId?: number): unknown[];
  /** the grid of a read's data that the save's data goes to */
  pick(data: Data): {
    rows: Row[];
    totals: { all: number; reported: number; byCategory: { id: number; total: number }[] };
  };
  /** the readable path of that cell in a version diff */
  diffPath: string;
}

const grids = (data: Data) => data.grids as { year?: number; type: number; rows: Row[] }[];

const staff = (us: boolean): Family => ({
  tab: us ? 'us_staff' : 'staff',
  grid: us ? 'us_staff' : 'staff',
  me: `/api/organization/me/staff?us_based=${us}`,
  scoped: `/api/staff?us_based=${us}&`,
  save: us ? '/api/staff/save/us-based' : '/api/staff/save',
  data: (value, ethnicity_id = ASIAN, id = WOMAN) => [{ ethnicity_id, genders: [{ id, value }] }],
  pick: (data) => data as never,
  diffPath: 'Asian › Woman',
});

const typed = (family: 'investment' | 'committee', us: boolean): Family => {
  const base = family === 'investment' ? 'investment-staff' : 'investment-committee';
  return {
    tab: `${us ? 'us_' : ''}${family}`,
    grid: `${us ? 'us_' : ''}${family}`,
    me: `/api/organization/me/${base}?us_based=${us}`,
    scoped: `/api/${base}?us_based=${us}&`,
    save: `/api/${base}/save${us ? '/us-based' : ''}`,
    data: (value, ethnicity_id = ASIAN, id = WOMAN) => [
      { type_id: 2, ethnicity_id, genders: [{ id, value }] },
    ],
    pick: (data) => grids(data).find((g) => g.type === 2) as never,
    diffPath: 'Junior Investment Professional › Asian › Woman',
  };
};

const historical: Family = {
  tab: 'insights',
  grid: 'historical',
  me: '/api/organization/me/historical-insights',
  scoped: '/api/organization/historical-insights?',
  save: '/api/organization/historical-insights',
  data: (value, ethnicity_id = ASIAN, id = WOMAN) => [
    { year: YEAR, type: 2, data: { ethnicity_id, genders: [{ id, value }] } },
  ],
  pick: (data) => grids(data).find((g) => g.year === YEAR && g.type === 2) as never,
  diffPath: `${YEAR} Promotions › Asian › Woman`,
};

const FAMILIES: Family[] = [
  staff(false),
  staff(true),
  historical,
  typed('investment', false),
  typed('investment', true),
  typed('committee', false),
  typed('committee', true),
];

const cellValueOf = (f: Family, data: Data) => cellOf(f.pick(data).rows);
const withoutMin = (data: unknown) => JSON.parse(JSON.stringify(data).replace(/"min":\d+/g, '"min":0'));

const withSurvey = (url: string, surveyId: number) =>
  `${url}${url.includes('?') ? '&' : '?'}survey_id=${surveyId}`;

async function cellsIn(grid: string, organizationId: number, surveyId: number | null) {
  return t.app.db
    .select({ value: gridCells.value, survey_id: gridCells.survey_id })
    .from(gridCells)
    .where(
      and(
        eq(gridCells.organization_id, organizationId),
        eq(gridCells.grid, grid),
        surveyId === null ? isNull(gridCells.survey_id) : eq(gridCells.survey_id, surveyId),
      ),
    );
}

describe.each(FAMILIES.map((f) => [f.tab, f] as const))('%s grid', (_name, f) => {
  it('reads a grid: every race/ethnicity and gender, cells not reported as null, and the tab state', async () => {
    expect((await call('GET', null, f.me)).statusCode).toBe(401);
    const res = await call('GET', ADA, f.me);
    expect(res.statusCode, res.body).toBe(200);
    const { data, state } = res.json();
    expect(state).toMatchObject({ tab: f.tab, updated_at: null, version: 0, editable: true });
    expect(data.categories.map((c: { name: string }) => c.name)).toEqual([
      'Women',
      'Men',
      'Non-binary/other',
      'Undisclosed',
    ]);
    const grid = f.pick(data);
    expect(grid.rows).toHaveLength(9);
    expect(grid.rows[1]).toMatchObject({ ethnicity_id: ASIAN, name: 'Asian' });
    const values = grid.rows.flatMap((row) => row.genders.map((g) => g.value));
    for (const row of grid.rows) {
      expect(row.genders.map((g) => g.id)).toEqual([1, 2, 3, 4, 5]);
      expect(row.total).toBe(row.genders.reduce((sum, g) => sum + (g.value ?? 0), 0));
    }
    // A cell with no stored count is not reported: null, not 0; only reported cells count.
    expect(values).toContain(null);
    expect(grid.totals.reported).toBe(values.filter((v) => v !== null).length);
  });

  it('saves, reads back with totals, keeps a version per save, and refuses a stale save (409)', async () => {
    const first = await call('PUT', ADA, f.save, { updated_at: null, data: f.data(7) });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json();
    expect(cellValueOf(f, saved.data)).toBe(7);
    expect(saved.state).toMatchObject({ version: 1, updated_by: { name: 'Ada' } });
    const grid = f.pick(saved.data);
    expect(grid.totals.all).toBe(7);
    expect(grid.totals.byCategory[0]).toEqual({ id: 1, total: 7 });
    expect(grid.rows[1]?.total).toBe(7);

    const read = await call('GET', MAX, f.me);
    expect(cellValueOf(f, read.json().data)).toBe(7);
    expect(read.json().state.updated_at).toBe(saved.state.updated_at);

    const stale = await call('PUT', ADA, f.save, { updated_at: null, data: f.data(9) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_save',
      detail: { tab: f.tab, updated_at: saved.state.updated_at },
    });
    expect(cellValueOf(f, (await call('GET', ADA, f.me)).json().data)).toBe(7);

    const overwrite = await call('PUT', ADA, f.save, { updated_at: saved.state.updated_at, data: f.data(9) });
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    expect(cellValueOf(f, overwrite.json().data)).toBe(9);

    const versions = await call('GET', ADA, `/api/lpi/versions?tab=${f.tab}`);
    expect(versions.json().data).toHaveLength(2);
    expect(versions.json().data[0].changes).toEqual([
      { kind: 'changed', path: f.diffPath, before: 7, after: 9 },
    ]);
  });

  it('a save replaces the whole grid; a reported 0 is stored, a cell left out or null is not reported', async () => {
    const before = (await call('GET', ADA, f.me)).json().state.updated_at;
    const zero = await call('PUT', ADA, f.save, { updated_at: before, data: f.data(0) });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(cellValueOf(f, zero.json().data)).toBe(0);
    expect(f.pick(zero.json().data).totals).toMatchObject({ all: 0, reported: 1 });
    expect(await cellsIn(f.grid, acme, null)).toEqual([{ value: 0, survey_id: null }]);

    const emptied = await call('PUT', ADA, f.save, {
      updated_at: zero.json().state.updated_at,
      data: f.data(null),
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(cellValueOf(f, emptied.json().data)).toBeNull();
    expect(await cellsIn(f.grid, acme, null)).toEqual([]);

    const res = await call('PUT', ADA, f.save, {
      updated_at: emptied.json().state.updated_at,
      data: f.data(3, 7, 2),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(cellValueOf(f, res.json().data)).toBeNull();
    expect(f.pick(res.json().data).totals).toMatchObject({ all: 3, reported: 1 });
    expect(await cellsIn(f.grid, acme, null)).toEqual([{ value: 3, survey_id: null }]);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const updated_at = (await call('GET', ADA, f.me)).json().state.updated_at;
    const bad: [unknown[], string][] = [
      [f.data(1, 99), 'ethnicity_id'],
      [f.data(1, ASIAN, 42), 'genders.0.id'],
      [f.data(-1), 'genders.0.value'],
      [f.data(1.5), 'genders.0.value'],
      [f.data(1_000_001), 'genders.0.value'],
      [[...f.data(1), ...f.data(2)], 'ethnicity_id'],
    ];
    for (const [data, field] of bad) {
      const res = await call('PUT', ADA, f.save, { updated_at, data });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect((await call('PUT', ADA, f.save, { data: f.data(1) })).statusCode).toBe(400);
    expect(await cellsIn(f.grid, acme, null)).toEqual([{ value: 3, survey_id: null }]);
  });

  it('rights: members read, only LPI access saves; other organizations get 404', async () => {
    const cedarBefore = await cellsIn(f.grid, cedar, null);
    expect((await call('GET', PENDING, f.me)).statusCode).toBe(403);
    expect((await call('PUT', PENDING, f.save, { updated_at: null, data: [] })).statusCode).toBe(403);
    const maxRead = await call('GET', MAX, f.me);
    expect(maxRead.statusCode).toBe(200);
    expect(maxRead.json().state.editable).toBe(false);
    const updated_at = maxRead.json().state.updated_at;
    const maxSave = await call('PUT', MAX, f.save, { updated_at, data: f.data(5) });
    expect(maxSave.statusCode).toBe(403);

    const eve = await call('GET', EVE, `${f.scoped}organization_id=${acme}`);
    expect(eve.statusCode).toBe(404);
    expect(eve.body).not.toContain('"value":3');
    expect((await call('GET', EVE, `${f.scoped}organization_id=${acme}&survey_id=${dei}`)).statusCode).toBe(
      404,
    );
    const own = await call('GET', EVE, f.me);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).not.toEqual((await call('GET', ADA, f.me)).json().data);
    expect(await cellsIn(f.grid, cedar, null)).toEqual(cedarBefore);

    const platform = await call('GET', PLATFORM, `${f.scoped}organization_id=${acme}`);
    expect(platform.statusCode).toBe(200);
    expect(platform.json().state.editable).toBe(false);
    expect(await cellsIn(f.grid, acme, null)).toEqual([{ value: 3, survey_id: null }]);
  });

  it('survey scope: the first read copies the profile, later edits stay apart; hosts read the copy only', async () => {
    // #20: a host reads nothing of a respondent's survey copy before it is submitted
    expect(
      (await call('GET', HOST, `${f.scoped}organization_id=${acme}&survey_id=${dei}&report=true`)).statusCode,
    ).toBe(404);
    // a host's read never makes the copy
    expect(await cellsIn(f.grid, acme, dei)).toEqual([]);

    const first = await call('GET', ADA, withSurvey(f.me, dei));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().state).toMatchObject({ updated_at: null, version: 0 });
    const profile = (await call('GET', ADA, f.me)).json().data;
    // min counts the scope's senior leaders, whose survey copy the ownership tab makes
    expect(withoutMin(first.json().data)).toEqual(withoutMin(profile));
    expect(await cellsIn(f.grid, acme, dei)).toEqual([{ value: 3, survey_id: dei }]);

    const save = await call('PUT', ADA, f.save, { survey_id: dei, updated_at: null, data: f.data(11) });
    expect(save.statusCode, save.body).toBe(200);
    expect(cellValueOf(f, save.json().data)).toBe(11);
    expect(cellValueOf(f, (await call('GET', ADA, f.me)).json().data)).toBeNull();
    expect(await cellsIn(f.grid, acme, null)).toEqual([{ value: 3, survey_id: null }]);

    const orgState = (await call('GET', ADA, f.me)).json().state.updated_at;
    const orgSave = await call('PUT', ADA, f.save, { updated_at: orgState, data: f.data(4) });
    expect(orgSave.statusCode).toBe(200);
    expect(cellValueOf(f, (await call('GET', ADA, withSurvey(f.me, dei))).json().data)).toBe(11);

    const hostUrl = `${f.scoped}organization_id=${acme}&survey_id=${dei}`;
    expect((await call('GET', HOST, hostUrl)).statusCode).toBe(404);
    const host = await whileSubmitted(t.app.db, dei, acme, () => call('GET', HOST, hostUrl));
    expect(host.statusCode).toBe(200);
    expect(cellValueOf(f, host.json().data)).toBe(11);
    expect(host.json().state.editable).toBe(false);
    expect((await call('GET', HOST, `${f.scoped}organization_id=${acme}`)).statusCode).toBe(404);
    expect([403, 404]).toContain(
      (await call('PUT', HOST, f.save, { survey_id: dei, updated_at: null, data: f.data(1) })).statusCode,
    );
    expect(
      (await call('GET', ADA, `/api/lpi/versions?tab=${f.tab}&survey_id=${dei}`)).json().data,
    ).toHaveLength(1);
  });
});

describe('historical insights years', () => {
  it('answers the past 3 full years and refuses other years naming the field', async () => {
    const res = await call('GET', ADA, '/api/organization/me/historical-insights');
    expect(res.json().data.years).toEqual([YEAR - 2, YEAR - 1, YEAR]);
    expect(res.json().data.grids).toHaveLength(9);
    const updated_at = res.json().state.updated_at;
    for (const year of [YEAR + 1, YEAR - 3]) {
      const bad = await call('PUT', ADA, '/api/organization/historical-insights', {
        updated_at,
        data: [{ year, type: 1, data: { ethnicity_id: 1, genders: [] } }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('body.data.0.year');
    }
    const badType = await call('PUT', ADA, '/api/organization/historical-insights', {
      updated_at,
      data: [{ year: YEAR, type: 4, data: { ethnicity_id: 1, genders: [] } }],
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain('type');
  });
});

describe('investment rows naming their survey', () => {
  it('takes the scope from the rows, and refuses rows naming another survey', async () => {
    const updated_at = (
      await call('GET', ADA, withSurvey('/api/organization/me/investment-staff', dei))
    ).json().state.updated_at;
    const res = await call('PUT', ADA, '/api/investment-staff/save', {
      updated_at,
      data: [{ type_id: 1, ethnicity_id: ASIAN, genders: [{ id: WOMAN, value: 2 }], survey_id: dei }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state.version).toBe(2);
    const mismatch = await call('PUT', ADA, '/api/investment-staff/save', {
      survey_id: dei,
      updated_at: res.json().state.updated_at,
      data: [{ type_id: 1, ethnicity_id: ASIAN, genders: [], survey_id: dei + 1000 }],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain('body.data.0.survey_id');
  });
});

describe('staff minimums', () => {
  it('gives each staff cell the count of senior leaders listed with that race/ethnicity and gender as min', async () => {
    const before = (await call('GET', ADA, '/api/organization/me/staff')).json().data;
    const minOf = (data: { rows: Row[] }) =>
      data.rows.find((r) => r.ethnicity_id === 6)!.genders.find((g) => g.id === 5)!.min;
    const start = minOf(before);
    await t.app.db.insert(individuals).values(
      [1, 2, 3].map((i) => ({
        organization_id: acme,
        survey_id: null,
        name: `Leader ${i}`,
        ethnicity_id: 6,
        gender_id: 5,
        is_senior_management: i < 3,
      })),
    );
    const after = (await call('GET', ADA, '/api/organization/me/staff')).json().data;
    expect(minOf(after)).toBe(start + 2);
    const us = (await call('GET', ADA, '/api/organization/me/staff?us_based=true')).json().data;
    expect(us.rows.flatMap((r: Row) => r.genders).every((g: { min: number }) => g.min === 0)).toBe(true);
  });
});

describe('the own staff grid read in one round trip', () => {
  it('answers what the scoped read answers: cells, minimums, state and who may edit', async () => {
    const own = (await call('GET', ADA, '/api/organization/me/staff')).json();
    const saved = await call('PUT', ADA, '/api/staff/save', {
      updated_at: own.state.updated_at,
      data: [{ ethnicity_id: ASIAN, genders: [{ id: WOMAN, value: 17 }] }],
    });
    expect(saved.statusCode).toBe(200);
    for (const email of [ADA, MAX]) {
      const fast = await call('GET', email, '/api/organization/me/staff');
      const scoped = await call('GET', email, `/api/staff?organization_id=${acme}`);
      expect(fast.statusCode).toBe(200);
      expect(fast.json()).toEqual(scoped.json());
    }
    const read = (await call('GET', ADA, '/api/organization/me/staff')).json();
    expect(read.state).toMatchObject({ updated_by: { name: 'Ada' }, editable: true });
    expect(read.state.version).toBeGreaterThan(0);
    const asian = read.data.rows.find((r: Row) => r.ethnicity_id === ASIAN)!;
    expect(asian.genders.find((g: { id: number }) => g.id === WOMAN).value).toBe(17);
    expect((await call('GET', MAX, '/api/organization/me/staff')).json().state.editable).toBe(false);
  });

  it('leaves callers without an approved membership to the scope rules (pending 403, anonymous 401)', async () => {
    expect((await call('GET', PENDING, '/api/organization/me/staff')).statusCode).toBe(403);
    expect((await call('GET', null, '/api/organization/me/staff')).statusCode).toBe(401);
    // Eve reads her own organization's grid, never Acme's.
    const eve = await call('GET', EVE, '/api/organization/me/staff');
    const cedarGrid = await call('GET', EVE, `/api/staff?organization_id=${cedar}`);
    expect(eve.json()).toEqual(cedarGrid.json());
  });
});
