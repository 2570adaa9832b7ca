#!/usr/bin/env node
// `node bench/investments.mjs`: GET /api/investments and its roll-up on PostgreSQL (issue 18's
// target: /investments of an investor with 300 managers answers under 100 ms p50, the roll-up in
// one SQL query). Starts the built API on a new PostgreSQL database (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with the demo data; replaces
// Northwind's portfolio with 300 generated managers (`--managers`), every fourth with a second fund,
// two in three sharing with Northwind (a live exchange grant), each with two profile submissions
// (an older one and the latest: a 9 x 5 staff grid and its scores). Then measures, signed in as
// Northwind's host: the first page by manager, the page sorted by LPI score, and the roll-up as head
// counts and commitment-weighted. Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 10), --managers <n> (default 300)
import {
  arg,
  call,
  ensureApiBuilt,
  load,
  loadOptions,
  printLoad,
  printMachine,
  printSummary,
  token,
  withServer,
} from './support.mjs';

const LOAD = { ...loadOptions(), connections: Number(arg('connections', '10')) };
const MANAGERS = Number(arg('managers', '300'));
const HOST = { username: 'host@northwind.test', password: 'Parity-Demo-2026!' };

ensureApiBuilt();
printMachine();
printLoad(LOAD);

/** A staff grid of 9 ethnicities x 5 genders, 0 to 5 people a cell, for manager `k`. */
const staffGrid = `jsonb_build_object('staff', jsonb_build_object('rows', (
  SELECT jsonb_agg(jsonb_build_object('ethnicity_id', e, 'genders', (
    SELECT jsonb_agg(jsonb_build_object('id', g, 'value', floor(random() * 6 + 0 * m.k + 0 * e)::int))
    FROM generate_series(1, 5) g)))
  FROM generate_series(1, 9) e)))`;
const scores = `jsonb_build_object('scoring_version', '1.0.0', 'lpi', round((random() * 10)::numeric, 2),
  'staff_score', round((random() * 100)::numeric, 2),
  'transparency', jsonb_build_object('transparency', round((random() * 100)::numeric, 2)),
  'evenness', jsonb_build_object('prime', jsonb_build_object('combined', jsonb_build_object('value', random()))))`;

/** Northwind's 300 managers, in SQL: the same on every run (setseed). */
async function generate(exec) {
  await exec('SELECT setseed(0.18)');
  await exec(
    `CREATE TEMP TABLE bench_investor AS SELECT id FROM organizations WHERE name = 'Northwind Pension Fund'`,
  );
  await exec(
    'DELETE FROM portfolio_entries WHERE investor_organization_id = (SELECT id FROM bench_investor)',
  );
  await exec(
    `INSERT INTO organizations (name, is_public) SELECT 'Bench Manager ' || g, g % 5 <> 0 FROM generate_series(1, $1::int) g`,
    [MANAGERS],
  );
  await exec(`CREATE TEMP TABLE bench_managers AS
    SELECT id, row_number() OVER (ORDER BY id) AS k FROM organizations WHERE name LIKE 'Bench Manager %'`);
  await exec(`INSERT INTO portfolio_entries (investor_organization_id, manager_organization_id, fund_name, vintage,
      commitment, currency, asset_class)
    SELECT (SELECT id FROM bench_investor), m.id, 'Bench Fund ' || m.k || CASE WHEN f = 2 THEN ' II' ELSE '' END,
      2005 + (m.k + f) % 20, (1 + floor(random() * 100)) * 1000000, 'USD',
      (ARRAY['private_equity', 'venture_capital', 'private_credit', 'real_estate', 'infrastructure',
        'hedge_funds', 'public_equity', 'fixed_income'])[1 + (m.k % 8)]
    FROM bench_managers m, generate_series(1, 2) f WHERE f = 1 OR m.k % 4 = 0`);
  await exec(`INSERT INTO exchange_grants (owner_organization_id, investor_organization_id, expires_at)
    SELECT m.id, (SELECT id FROM bench_investor), now() + interval '365 days' FROM bench_managers m WHERE m.k % 3 <> 0`);
  for (const age of ['400 days', '10 days'])
    await exec(`INSERT INTO submissions (organization_id, survey_id, submitted_at, snapshot, scores, scoring_version)
      SELECT m.id, NULL, now() - interval '${age}' - random() * interval '5 days', ${staffGrid}, ${scores}, '1.0.0'
      FROM bench_managers m`);
  await exec('ANALYZE');
}

const rows = [];
await withServer({ label: 'investments', postgres: true, prepare: generate }, async (server) => {
  const access = await token(server.url, HOST);
  const headers = { authorization: `Bearer ${access}` };
  const base = `${server.url}/api/investments`;
  const first = await call(base, 'GET', access);
  const rollup = await call(`${base}/rollup`, 'GET', access);
  console.info(
    `\n  Northwind's portfolio: ${first.total} funds of ${rollup.managers} managers, ${rollup.shared} sharing, ` +
      `${rollup.people} people in the roll-up`,
  );
  await load('warm-up', { ...LOAD, duration: 3 }, { url: base, headers });
  const scenarios = [
    ['GET /api/investments (page 1 by manager)', base],
    ['GET /api/investments?sort=lpi&order=desc', `${base}?sort=lpi&order=desc`],
    ['GET /api/investments/rollup (head counts)', `${base}/rollup`],
    ['GET /api/investments/rollup?weighted=yes', `${base}/rollup?weighted=yes`],
  ];
  for (const connections of [1, LOAD.connections])
    for (const [title, url] of scenarios)
      rows.push(
        await load(
          `PostgreSQL ${title}, ${connections} connection(s)`,
          { ...LOAD, connections },
          {
            url,
            headers,
            serverPid: server.pid,
          },
        ),
      );
});
printSummary(rows);
