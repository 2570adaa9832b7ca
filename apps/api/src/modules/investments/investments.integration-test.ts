import { INVESTMENT_MESSAGES, type TPortfolioEntry, type TRollup } from '@parity/domain/investments';
import { scoresOfSnapshot } from '@parity/domain/scoring/snapshot';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';

const HOST = 'host@northwind.test'; // Northwind admin: the demo investor
const ADA = 'ada@acme.test'; // Acme admin
const MAX = 'max@acme.test'; // Acme member, not an admin
const EVE = 'eve@cedar.test'; // Cedar admin: the investor these tests build a portfolio for
const PENDING = 'pending@acme.test';
const ADMIN = 'admin@parity.test'; // platform administrator, no organization

let t: SeededTestApp;

beforeAll(async () => {
  t = await createSeededTestApp();
});
afterAll(async () => {
  await t?.close();
});

const org = (name: string) => t.demo.organizations.get(name)!;

async function rows<R>(query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await t.app.db.execute(query)) as unknown as { rows: R[] }).rows;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.app.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

const entriesOf = (organization: string) =>
  count(
    sql`SELECT count(*)::int AS n FROM portfolio_entries WHERE investor_organization_id = ${org(organization)}`,
  );

/** [ethnicity id, gender id, people] cells of a staff grid */
type Cells = [number, number, number][];

/** A profile submission of the organization's own, submitted now, with that staff grid. */
async function submitStaff(organization: string, cells: Cells) {
  const byEthnicity = new Map<number, { id: number; value: number }[]>();
  for (const [ethnicity, gender, people] of cells)
    byEthnicity.set(ethnicity, [...(byEthnicity.get(ethnicity) ?? []), { id: gender, value: people }]);
  const snapshot = {
    staff: { rows: [...byEthnicity].map(([ethnicity_id, genders]) => ({ ethnicity_id, genders })) },
  };
  const scores = scoresOfSnapshot(snapshot);
  await t.app.db.execute(sql`INSERT INTO submissions (organization_id, survey_id, submitted_at, snapshot, scores, scoring_version)
    VALUES (${org(organization)}, NULL, now(), ${JSON.stringify(snapshot)}::jsonb, ${JSON.stringify(scores)}::jsonb,
      ${scores.scoring_version})`);
}

async function grant(
  owner: string,
  investor: string,
  state: 'live' | 'expired' | 'revoked' = 'live',
  tabs: string[] | null = null,
) {
  const expires = state === 'expired' ? sql`now() - interval '1 day'` : sql`now() + interval '30 days'`;
  const revoked = state === 'revoked' ? sql`now()` : sql`NULL`;
  const shared = tabs === null ? sql`NULL` : sql`${`{${tabs.join(',')}}`}::text[]`;
  await t.app.db.execute(sql`INSERT INTO exchange_grants (owner_organization_id, investor_organization_id, expires_at, revoked_at, tabs)
    VALUES (${org(owner)}, ${org(investor)}, ${expires}, ${revoked}, ${shared})`);
}

const fund = (manager: string, overrides: Record<string, unknown> = {}) => ({
  manager_organization_id: org(manager),
  fund_name: `${manager} Fund I`,
  vintage: 2020,
  commitment: 1_000_000,
  asset_class: 'private_equity',
  ...overrides,
});

async function add(email: string, body: Record<string, unknown>): Promise<TPortfolioEntry> {
  const res = await t.call('POST', email, '/api/investments', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const list = async (email: string, query = '') => {
  const res = await t.call('GET', email, `/api/investments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: TPortfolioEntry[]; total: number };
};

describe("Northwind's demo portfolio", () => {
  it('lists Acme, which does not share, without scores, and the sharing managers with theirs', async () => {
    const { data, total } = await list(HOST, '?limit=100');
    expect(total).toBe(12);
    const acme = data.find((e) => e.manager.name === 'Acme Capital Partners')!;
    expect(acme).toMatchObject({ shared: false, scores: null, commitment: 50_000_000, currency: 'USD' });
    const harborview = data.find((e) => e.manager.name === 'Harborview Capital')!;
    expect(harborview.shared).toBe(true);
    expect(harborview.scores?.submitted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(typeof harborview.scores?.lpi).toBe('number');
  });

  it('shows Acme’s latest profile scores once Acme shares with Northwind, and hides them once revoked', async () => {
    await grant('Acme Capital Partners', 'Northwind Pension Fund');
    const [latest] = await rows<{
      submitted_at: Date;
      lpi: number;
    }>(sql`SELECT submitted_at, (scores->>'lpi')::float8 AS lpi
      FROM submissions WHERE organization_id = ${org('Acme Capital Partners')} AND survey_id IS NULL
      ORDER BY submitted_at DESC LIMIT 1`);
    const acme = (await list(HOST, '?q=Acme')).data[0]!;
    expect(acme.shared).toBe(true);
    expect(acme.scores).toMatchObject({
      submitted_at: new Date(latest!.submitted_at).toISOString(),
      lpi: latest!.lpi,
    });
    await t.app.db.execute(sql`UPDATE exchange_grants SET revoked_at = now()
      WHERE owner_organization_id = ${org('Acme Capital Partners')} AND investor_organization_id = ${org('Northwind Pension Fund')}`);
    expect((await list(HOST, '?q=Acme')).data[0]).toMatchObject({ shared: false, scores: null });
  });

  it('sorts and filters: by commitment, asset class, vintage and sharing', async () => {
    const byCommitment = await list(HOST, '?sort=commitment&order=desc&limit=3');
    expect(byCommitment.data.map((e) => e.commitment)).toEqual([100_000_000, 80_000_000, 75_000_000]);
    expect(byCommitment.total).toBe(12);
    const venture = await list(HOST, '?asset_class=venture_capital');
    expect(venture.data.map((e) => e.fund_name).sort()).toEqual([
      'Kestrel Ventures VI',
      'Kestrel Ventures VII',
      'Silverline Climate Seed I',
    ]);
    expect((await list(HOST, '?vintage=2022')).total).toBe(2);
    const notShared = await list(HOST, '?shared=no&limit=100');
    expect(notShared.data.every((e) => !e.shared && e.scores === null)).toBe(true);
    expect(notShared.total + (await list(HOST, '?shared=yes')).total).toBe(12);
    const byLpi = (await list(HOST, '?sort=lpi&order=desc&limit=100')).data;
    const lpis = byLpi.map((e) => e.scores?.lpi ?? null);
    const scored = lpis.filter((v): v is number => v !== null);
    expect(scored).toEqual([...scored].sort((a, b) => b - a));
    expect(lpis.slice(scored.length).every((v) => v === null)).toBe(true);
  });

  it('pages with page and limit', async () => {
    const first = await list(HOST, '?limit=5&page=1');
    const third = await list(HOST, '?limit=5&page=3');
    expect(first.data).toHaveLength(5);
    expect(third.data).toHaveLength(2);
    expect(third.total).toBe(12);
  });
});

describe('who may', () => {
  it('lets members read and refuses the others', async () => {
    expect((await t.call('GET', null, '/api/investments')).statusCode).toBe(401);
    expect((await t.call('GET', PENDING, '/api/investments')).statusCode).toBe(403);
    expect((await t.call('GET', ADMIN, '/api/investments')).statusCode).toBe(404);
    expect(await list(MAX)).toEqual({ data: [], total: 0 });
    expect((await t.call('GET', MAX, '/api/investments/rollup')).statusCode).toBe(200);
  });

  it('lets only admins add, edit, remove, search managers and export', async () => {
    const before = await entriesOf('Acme Capital Partners');
    const res = await t.call('POST', MAX, '/api/investments', fund('Harborview Capital'));
    expect(res.statusCode).toBe(403);
    expect(await entriesOf('Acme Capital Partners')).toBe(before);
    expect((await t.call('GET', MAX, '/api/investments/managers')).statusCode).toBe(403);
    expect((await t.call('GET', MAX, '/api/investments/export.xlsx')).statusCode).toBe(403);
    const entry = await add(ADA, fund('Harborview Capital'));
    expect((await t.call('PATCH', MAX, `/api/investments/${entry.id}`, { vintage: 2021 })).statusCode).toBe(
      403,
    );
    expect((await t.call('DELETE', MAX, `/api/investments/${entry.id}`)).statusCode).toBe(403);
    expect((await t.call('DELETE', ADA, `/api/investments/${entry.id}`)).statusCode).toBe(204);
  });

  it('answers 404 for another organization’s entry and changes nothing', async () => {
    const [northwindEntry] = (await list(HOST, '?limit=1')).data;
    const id = northwindEntry!.id;
    expect((await t.call('PATCH', EVE, `/api/investments/${id}`, { commitment: 1 })).statusCode).toBe(404);
    expect((await t.call('DELETE', EVE, `/api/investments/${id}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', HOST, '/api/investments/2147483647')).statusCode).toBe(404);
    expect((await list(HOST, '?limit=1')).data[0]).toEqual(northwindEntry);
  });
});

describe('adding, editing and removing', () => {
  it('adds a fund, edits it, records both in the audit log, and removes it', async () => {
    const entry = await add(ADA, fund('Cedar Equity', { commitment: 12_500_000.5, currency: 'EUR' }));
    expect(entry).toMatchObject({
      manager: { id: org('Cedar Equity'), name: 'Cedar Equity' },
      commitment: 12_500_000.5,
      currency: 'EUR',
      shared: false,
      scores: null,
    });
    const res = await t.call('PATCH', ADA, `/api/investments/${entry.id}`, {
      fund_name: 'Cedar II',
      vintage: 2024,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fund_name: 'Cedar II', vintage: 2024, commitment: 12_500_000.5 });
    const actions = await rows<{ action: string }>(sql`SELECT action FROM audit_log
      WHERE entity = 'portfolio_entry' AND entity_id = ${String(entry.id)} ORDER BY id`);
    expect(actions.map((a) => a.action)).toEqual(['create', 'update']);
    expect((await t.call('DELETE', ADA, `/api/investments/${entry.id}`)).statusCode).toBe(204);
    expect((await t.call('DELETE', ADA, `/api/investments/${entry.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['a commitment below 0', { commitment: -1 }, 'body.commitment', INVESTMENT_MESSAGES.commitmentNegative],
    ['a vintage out of range', { vintage: 1800 }, 'body.vintage', INVESTMENT_MESSAGES.vintage],
    ['an unknown asset class', { asset_class: 'crypto' }, 'body.asset_class', INVESTMENT_MESSAGES.assetClass],
    ['an unknown currency', { currency: 'XYZ' }, 'body.currency', INVESTMENT_MESSAGES.currency],
    ['an empty fund name', { fund_name: '  ' }, 'body.fund_name', INVESTMENT_MESSAGES.fundNameRequired],
    [
      'no manager',
      { manager_organization_id: undefined },
      'body.manager_organization_id',
      INVESTMENT_MESSAGES.managerRequired,
    ],
    [
      'a manager and a code',
      { organization_code: 'CEDAR-2026' },
      'body.organization_code',
      INVESTMENT_MESSAGES.managerOrCode,
    ],
  ])('refuses %s with 400 and writes nothing', async (_, overrides, field, message) => {
    const before = await entriesOf('Acme Capital Partners');
    const res = await t.call('POST', ADA, '/api/investments', fund('Cedar Equity', overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toContainEqual({ field, message });
    expect(await entriesOf('Acme Capital Partners')).toBe(before);
  });

  it('refuses a negative commitment on edit with 400 and keeps the stored one', async () => {
    const entry = await add(ADA, fund('Cedar Equity'));
    const res = await t.call('PATCH', ADA, `/api/investments/${entry.id}`, { commitment: -5, vintage: 2021 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContainEqual({
      field: 'body.commitment',
      message: INVESTMENT_MESSAGES.commitmentNegative,
    });
    const [stored] = await rows<{ commitment: string; vintage: number }>(
      sql`SELECT commitment, vintage FROM portfolio_entries WHERE id = ${entry.id}`,
    );
    expect(stored).toEqual({ commitment: '1000000.00', vintage: 2020 });
    await t.call('DELETE', ADA, `/api/investments/${entry.id}`);
  });

  it('links only public organizations, those sharing with the investor, or one named by its code', async () => {
    const before = await entriesOf('Cedar Equity');
    // Oakridge is private and shares with Northwind, not with Cedar.
    const hidden = await t.call('POST', EVE, '/api/investments', fund('Oakridge Infrastructure Fund'));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(INVESTMENT_MESSAGES.managerNotFound);
    const unknown = await t.call(
      'POST',
      EVE,
      '/api/investments',
      fund('Cedar Equity', { manager_organization_id: 2_000_000 }),
    );
    expect(unknown.statusCode).toBe(404);
    const badCode = await t.call('POST', EVE, '/api/investments', {
      ...fund('Cedar Equity', { manager_organization_id: undefined }),
      organization_code: 'NO-SUCH-CODE',
    });
    expect(badCode.statusCode).toBe(404);
    const self = await t.call('POST', EVE, '/api/investments', fund('Cedar Equity'));
    expect(self.statusCode).toBe(400);
    expect(await entriesOf('Cedar Equity')).toBe(before);

    const search = await t.call('GET', EVE, '/api/investments/managers?q=o');
    const names = (search.json() as { data: { name: string }[] }).data.map((o) => o.name);
    expect(names).not.toContain('Oakridge Infrastructure Fund');
    expect(names).not.toContain('Cedar Equity');
    expect(names).toContain('Northwind Pension Fund');

    const byCode = await add(EVE, {
      ...fund('Oakridge Infrastructure Fund', { manager_organization_id: undefined }),
      organization_code: 'oakridge-2026',
    });
    expect(byCode.manager.name).toBe('Oakridge Infrastructure Fund');
    await t.call('DELETE', EVE, `/api/investments/${byCode.id}`);
  });
});

describe('the roll-up', () => {
  // Cedar's own portfolio: three sharing managers with known staff grids, one that shares no more,
  // one whose grant expired. Woman 1, Man 2, Non-binary 3; Asian 2, Black 3, White 7.
  beforeAll(async () => {
    await submitStaff('Granite Peak Partners', [
      [2, 1, 3],
      [7, 2, 1],
    ]);
    await submitStaff('Meridian Growth Equity', [
      [2, 1, 1],
      [7, 2, 3],
    ]);
    await submitStaff('Lumen Impact Investors', [
      [7, 1, 2],
      [3, 2, 2],
    ]);
    await submitStaff('Bluestem Asset Management', [[3, 3, 50]]);
    await submitStaff('Zenith Emerging Markets', [[3, 3, 50]]);
    for (const manager of ['Granite Peak Partners', 'Meridian Growth Equity', 'Lumen Impact Investors'])
      await grant(manager, 'Cedar Equity');
    await grant('Bluestem Asset Management', 'Cedar Equity', 'revoked');
    await grant('Zenith Emerging Markets', 'Cedar Equity', 'expired');
    // Granite's commitment is two funds (60 + 40).
    await add(EVE, fund('Granite Peak Partners', { commitment: 60 }));
    await add(EVE, fund('Granite Peak Partners', { fund_name: 'Granite II', commitment: 40 }));
    await add(EVE, fund('Meridian Growth Equity', { commitment: 300 }));
    await add(EVE, fund('Lumen Impact Investors', { commitment: 100 }));
    await add(EVE, fund('Bluestem Asset Management', { commitment: 1_000 }));
    await add(EVE, fund('Zenith Emerging Markets', { commitment: 1_000 }));
  });

  const rollup = async (query = '') => {
    const res = await t.call('GET', EVE, `/api/investments/rollup${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TRollup;
  };
  const group = (groups: TRollup['gender'], name: string) => groups.find((g) => g.name === name)!;

  it('lists the managers that stopped sharing without scores', async () => {
    const { data } = await list(EVE, '?shared=no');
    expect(data.map((e) => e.manager.name).sort()).toEqual([
      'Bluestem Asset Management',
      'Zenith Emerging Markets',
    ]);
    expect(data.every((e) => e.scores === null)).toBe(true);
  });

  it('counts people by gender and ethnicity over the sharing managers, suppressing groups of fewer than 3', async () => {
    const r = await rollup();
    expect(r).toMatchObject({
      weighted: false,
      unit: 'people',
      managers: 5,
      shared: 3,
      reporting: 3,
      people: 12,
    });
    expect(group(r.gender, 'Woman')).toMatchObject({ managers: 3, value: 6, suppressed: false });
    expect(group(r.gender, 'Man')).toMatchObject({ managers: 3, value: 6, suppressed: false });
    // Bluestem and Zenith report 100 non-binary people, but share no more: nobody is counted.
    expect(group(r.gender, 'Non-binary')).toMatchObject({ managers: 0, value: null, suppressed: true });
    expect(group(r.ethnicity, 'White')).toMatchObject({ managers: 3, value: 6, suppressed: false });
    const asian = group(r.ethnicity, 'Asian');
    expect(asian).toMatchObject({ managers: 2, value: null, suppressed: true });
    expect(asian.reason).toContain('fewer than 3 managers (2)');
    expect(group(r.ethnicity, 'Black or African American')).toMatchObject({ managers: 1, value: null });
  });

  it('weights each manager’s shares by its commitment (percent)', async () => {
    const r = await rollup('?weighted=yes');
    expect(r).toMatchObject({ weighted: true, unit: 'percent', currency: 'USD' });
    // (100 x 3/4 + 300 x 1/4 + 100 x 2/4) / 500
    expect(group(r.gender, 'Woman').value).toBe(40);
    expect(group(r.gender, 'Man').value).toBe(60);
    expect(group(r.ethnicity, 'White').value).toBe(60);
    expect(group(r.ethnicity, 'Asian').value).toBeNull();
  });

  it('refuses to weigh commitments in several currencies (409)', async () => {
    const euro = await add(EVE, fund('Lumen Impact Investors', { fund_name: 'Lumen Euro', currency: 'EUR' }));
    const res = await t.call('GET', EVE, '/api/investments/rollup?weighted=yes');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INVESTMENT_MESSAGES.mixedCurrencies);
    expect((await rollup()).gender).toEqual((await rollup()).gender);
    await t.call('DELETE', EVE, `/api/investments/${euro.id}`);
  });

  it('counts no one of a manager whose grant leaves out the staff tab, though its scores show', async () => {
    await submitStaff('Prairie Wind Energy Fund', [[3, 3, 50]]);
    await grant('Prairie Wind Energy Fund', 'Cedar Equity', 'live', ['overview', 'ownership']);
    const entry = await add(EVE, fund('Prairie Wind Energy Fund', { commitment: 10 }));
    const { data } = await list(EVE, '?q=Prairie');
    expect(data[0]?.scores).not.toBeNull();
    const r = await rollup();
    expect(r).toMatchObject({ managers: 6, shared: 4, reporting: 3, people: 12 });
    expect(group(r.gender, 'Non-binary')).toMatchObject({ managers: 0, value: null });
    await t.call('DELETE', EVE, `/api/investments/${entry.id}`);
  });

  it('refuses a bad weighted switch with 400', async () => {
    expect((await t.call('GET', EVE, '/api/investments/rollup?weighted=maybe')).statusCode).toBe(400);
  });

  it('exports the portfolio and the roll-up as an .xlsx with neutralised cells', async () => {
    const risky = await add(
      EVE,
      fund('Lumen Impact Investors', { fund_name: '=HYPERLINK("http://x")', commitment: 0 }),
    );
    const res = await t.call('GET', EVE, '/api/investments/export.xlsx?weighted=yes');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="parity-investments-\d{4}-\d\d-\d\d\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const portfolio = workbook.getWorksheet('Portfolio')!;
    expect(portfolio.getRow(1).getCell(5).value).toBe('Commitment');
    const values = portfolio.getSheetValues().slice(2) as unknown[][];
    expect(values).toHaveLength(7);
    const riskyRow = values.find(
      (row) => row[1] === 'Lumen Impact Investors' && String(row[2]).includes('HYPERLINK'),
    )!;
    expect(riskyRow[2]).toBe('\'=HYPERLINK("http://x")');
    const bluestem = values.find((row) => row[1] === 'Bluestem Asset Management')!;
    expect(bluestem[7]).toBe('Not shared');
    const rollupSheet = workbook.getWorksheet('Roll-up')!;
    const rollupRows = rollupSheet.getSheetValues() as unknown[][];
    expect(rollupRows.find((row) => row?.[2] === 'Woman')?.slice(3, 5)).toEqual([3, 40]);
    await t.call('DELETE', EVE, `/api/investments/${risky.id}`);
  });
});
