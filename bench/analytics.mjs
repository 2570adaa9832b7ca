#!/usr/bin/env node
// `node bench/analytics.mjs`: the survey analytics' cost as a survey grows (issue #6 targets: every
// survey analytics endpoint under 200 ms p50 with 2,000 submitted respondents, the same at 200, and
// the ratio of the two under 12; submitting one organization's profile, scores included, under
// 150 ms p50). Starts the built API against a new PostgreSQL database (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with the demo data, then writes
// straight to that database: 2,000 respondent organizations, two surveys hosted by Northwind (one
// with all of them, one with 200), each respondent's invitation (submitted) and submission, whose
// snapshot holds a full staff grid and about 40 individuals and whose scores the scoring library
// computed from that snapshot (bundled from its TypeScript sources with esbuild), and two of
// Northwind's labels. Acme is one of the respondents of both, so ada@acme.test reads its peer
// benchmark. Then it times, one request at a time, every survey analytics endpoint on both surveys
// (as host@northwind.test), and ada's submit of Acme's profile (40 individuals, full staff grid).
// The two surveys' requests alternate, so that the shared machine's load weighs on both alike.
// Every request goes to 127.0.0.1; every loop is bounded.
// Options: --respondents <n> (default 2000), --small <n> (default 200), --samples <n> (default 20),
//          --submits <n> (default 15)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { arg, call, ensureApiBuilt, printMachine, root, token, withServer } from './support.mjs';

const RESPONDENTS = Number(arg('respondents', '2000'));
const SMALL = Number(arg('small', '200'));
const SAMPLES = Number(arg('samples', '20'));
const SUBMITS = Number(arg('submits', '15'));
const WARMUP = 3;
const HOST = { username: 'host@northwind.test', password: 'Parity-Demo-2026!' };
const ADA = { username: 'ada@acme.test', password: 'Parity-Demo-2026!' };
const VARIANTS = [
  'prime',
  'prime-gender',
  'prime-racial',
  'ownership',
  'ownership-gender',
  'ownership-racial',
];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** The scoring library's scoresOfSnapshot, bundled from its sources (the API's own mapping). */
async function loadScoring() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-bench-scoring-'));
  const outfile = path.join(dir, 'scoring.mjs');
  await build({
    entryPoints: [path.join(root, 'packages/domain/src/scoring/snapshot.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
  });
  const module = await import(pathToFileURL(outfile).href);
  fs.rmSync(dir, { recursive: true, force: true });
  return module.scoresOfSnapshot;
}

/** A small deterministic generator (mulberry32), so every run writes the same data. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GENDERS = [1, 2, 3, 4, 5];
const ETHNICITIES = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * One respondent's snapshot, shaped as the tabs' reads answer (the parts the scores read, with
 * every field of an individual): a full staff grid (9 races/ethnicities x 5 genders, each cell
 * non-zero) and 36 to 44 individuals, some leaders, some owners.
 */
function snapshotOf(organizationId, rand) {
  const whiteBias = 1 + Math.floor(rand() * 6);
  const womenBias = rand();
  const rows = ETHNICITIES.map((ethnicity_id) => ({
    ethnicity_id,
    genders: GENDERS.map((id) => ({
      id,
      value:
        1 +
        Math.floor(
          rand() *
            6 *
            (ethnicity_id === 7 ? whiteBias : 1) *
            (id === 1 ? 0.5 + womenBias : id === 2 ? 1.5 - womenBias : 0.3),
        ),
    })),
  }));
  const staffTotal = rows.reduce((sum, r) => sum + r.genders.reduce((s, c) => s + c.value, 0), 0);
  const people = 36 + Math.floor(rand() * 9);
  const owners = [];
  const individuals = [];
  for (let i = 0; i < people; i++) {
    const owner = i < 6;
    if (owner) owners.push(i);
    individuals.push({
      id: organizationId * 100 + i,
      identification_id: 17,
      name: `Person ${organizationId}-${i}`,
      corporate_title_id: 1 + (i % 20),
      date_of_joining: '2015-04-01',
      gender_id: rand() < 0.45 * (0.5 + womenBias) ? 1 : rand() < 0.9 ? 2 : 3,
      ethnicity_id: rand() < 0.35 * whiteBias ? 7 : 1 + Math.floor(rand() * 9),
      immigration_id: 2,
      veteran_id: 2,
      lgbtq_id: 3,
      disabled_id: 2,
      us_citizen_id: 1,
      us_based_id: 1,
      is_senior_management: i < 12,
      date_of_promotion: i < 12 ? '2019-01-01' : null,
      is_owner: owner,
      ownership: null,
      initial_ownership_date: owner ? '2016-01-01' : null,
      organization_id: organizationId,
      survey_id: null,
      updated_at: '2026-11-01T10:00:00.000Z',
    });
  }
  // owners' percentages add up to 100
  let left = 100;
  owners.forEach((i, k) => {
    const share = k === owners.length - 1 ? left : Math.round(rand() * (left / 2) * 100) / 100;
    individuals[i].ownership = share;
    left = Math.round((left - share) * 100) / 100;
  });
  return {
    overview: { total_full_time_employees: staffTotal, total_leaders: 12, total_owners: owners.length },
    staff: { rows },
    ownership: {
      rows: individuals,
      totals: {
        ownership_sum: 100,
        owners: owners.length,
        leaders: 12,
        total_owners: owners.length,
        total_leaders: 12,
      },
    },
  };
}

/** Writes the respondents, both surveys, invitations, submissions (with scores) and labels. */
async function generate(databaseUrl, scoresOfSnapshot) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = performance.now();
  try {
    const one = async (text, values) => (await client.query(text, values)).rows[0];
    const { id: northwind } = await one(`SELECT id FROM organizations WHERE name = 'Northwind Pension Fund'`);
    const { id: acme } = await one(`SELECT id FROM organizations WHERE name = 'Acme Capital Partners'`);
    await client.query('BEGIN');
    const generated = (
      await client.query(
        `INSERT INTO organizations (name) SELECT 'Bench Respondent ' || lpad(g::text, 5, '0')
         FROM generate_series(1, $1) g RETURNING id`,
        [RESPONDENTS - 1],
      )
    ).rows.map((r) => r.id);
    const respondents = [acme, ...generated];
    const survey = async (title) =>
      (
        await one(
          `INSERT INTO surveys (organization_id, survey_type_id, title, start, due)
           VALUES ($1, 2, $2, CURRENT_DATE - 30, CURRENT_DATE + 60) RETURNING id`,
          [northwind, title],
        )
      ).id;
    const large = await survey(`Bench survey of ${RESPONDENTS}`);
    const small = await survey(`Bench survey of ${SMALL}`);
    const rand = random(2026);
    const batch = 250;
    for (const [surveyId, members] of [
      [large, respondents],
      [small, respondents.slice(0, SMALL)],
    ]) {
      await client.query(
        `INSERT INTO survey_invitations (survey_id, organization_id, status, step, submitted_at)
         SELECT $1, unnest($2::int[]), 'submitted', 12, now() - interval '1 day'`,
        [surveyId, members],
      );
      for (let i = 0; i < members.length; i += batch) {
        const rows = members.slice(i, i + batch).map((organization_id) => {
          const snapshot = snapshotOf(organization_id, rand);
          const scores = scoresOfSnapshot(snapshot);
          return { organization_id, snapshot, scores, scoring_version: scores.scoring_version };
        });
        await client.query(
          `INSERT INTO submissions (organization_id, survey_id, submitted_at, snapshot, scores, scoring_version)
           SELECT r.organization_id, $1, now() - interval '1 day', r.snapshot, r.scores, r.scoring_version
           FROM jsonb_to_recordset($2::jsonb)
             AS r(organization_id int, snapshot jsonb, scores jsonb, scoring_version text)`,
          [surveyId, JSON.stringify(rows)],
        );
      }
    }
    // Northwind's labels: A on every 4th respondent, B on every 3rd (both: every 12th).
    const label = async (name, every) => {
      const { id } = await one(
        `INSERT INTO labels (owner_organization_id, name) VALUES ($1, $2) RETURNING id`,
        [northwind, name],
      );
      await client.query(
        `INSERT INTO organization_labels (label_id, organization_id) SELECT $1, unnest($2::int[])`,
        [id, respondents.filter((_, i) => i % every === 0)],
      );
      return id;
    };
    const labelA = await label('Bench label A', 4);
    const labelB = await label('Bench label B', 3);
    await client.query('COMMIT');
    // as autovacuum would leave them: statistics, hint bits and the visibility map set
    await client.query(
      'VACUUM ANALYZE submissions, survey_invitations, organizations, organization_labels, labels',
    );
    // and written out, so that no checkpoint of the generated pages runs during the timings
    await client.query('CHECKPOINT');
    const size = await one(
      `SELECT pg_size_pretty(pg_total_relation_size('submissions')) AS total,
              round(avg(pg_column_size(snapshot))) AS snapshot, round(avg(pg_column_size(scores))) AS scores
       FROM submissions WHERE survey_id = $1`,
      [large],
    );
    console.info(
      `generated ${respondents.length} respondents, surveys ${large} (${respondents.length}) and ${small} (${SMALL}) ` +
        `in ${Math.round(performance.now() - t0)} ms; submissions ${size.total}, ` +
        `stored snapshot ${size.snapshot} B and scores ${size.scores} B on average (compressed)`,
    );
    await explain(client, large);
    return { acme, large, small, labelA, labelB };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** The LPI figures, top-level numbers of the stored scores but transparency (nested). */
const LPI_FIELDS = [
  'lpi',
  'lpi_prime',
  'lpi_prime_gender',
  'lpi_prime_racial',
  'lpi_ownership',
  'lpi_ownership_gender',
  'lpi_ownership_racial',
  'staff_score',
  'leadership_score',
  'ownership_score',
];

/**
 * The database's share of a survey read, timed by PostgreSQL itself (EXPLAIN ANALYZE, median of
 * 7): the repository's query (each respondent's latest scored submission, every figure read from
 * the stored scores in one jsonb_to_record per respondent) for the 11 LPI figures and for one, and
 * the earlier form that extracted each figure with its own `scores #>> path`.
 */
async function explain(client, surveyId) {
  const latest = `
    SELECT DISTINCT ON (s.organization_id) s.organization_id, s.id
    FROM submissions s
    JOIN survey_invitations i
      ON i.survey_id = s.survey_id AND i.organization_id = s.organization_id AND i.status = 'submitted'
    WHERE s.survey_id = ${Number(surveyId)} AND s.scores IS NOT NULL
    ORDER BY s.organization_id, s.submitted_at DESC, s.id DESC`;
  const record = (fields, transparency) => `
    SELECT latest.organization_id, o.name,
      ${[...fields.map((f) => `x.${f}`), ...(transparency ? [`(x.transparency #>> '{transparency}')::float8`] : [])].join(', ')}
    FROM (${latest}) latest
    JOIN submissions chosen ON chosen.id = latest.id
    CROSS JOIN LATERAL jsonb_to_record(chosen.scores)
      AS x(${[...fields.map((f) => `${f} float8`), ...(transparency ? ['transparency jsonb'] : [])].join(', ')})
    JOIN organizations o ON o.id = latest.organization_id
    ORDER BY o.name, latest.organization_id`;
  const paths = [...LPI_FIELDS.map((f) => `{${f}}`), '{transparency,transparency}'];
  const perPath = `
    SELECT latest.*, o.name FROM (
      SELECT DISTINCT ON (s.organization_id) s.organization_id,
        ${paths.map((p, i) => `(s.scores #>> '${p}'::text[])::float8 AS v${i}`).join(', ')}
      FROM submissions s
      JOIN survey_invitations i
        ON i.survey_id = s.survey_id AND i.organization_id = s.organization_id AND i.status = 'submitted'
      WHERE s.survey_id = ${Number(surveyId)} AND s.scores IS NOT NULL
      ORDER BY s.organization_id, s.submitted_at DESC, s.id DESC
    ) latest JOIN organizations o ON o.id = latest.organization_id
    ORDER BY o.name, latest.organization_id`;
  for (const [label, query] of [
    ['11 LPI figures', record(LPI_FIELDS, true)],
    ['1 figure', record(['lpi'], false)],
    ['11 LPI figures, one scores #>> path each (before)', perPath],
  ]) {
    const times = [];
    for (let i = 0; i < 7; i++) {
      const plan = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`)).rows[0]['QUERY PLAN'];
      times.push(plan[0]['Execution Time']);
    }
    console.info(
      `  in PostgreSQL, the survey's ${label}: ${percentile(times, 50).toFixed(1)} ms (median of 7)`,
    );
  }
}

/** One GET that must answer 200: its time (ms) and its body's size. */
async function get(url, access) {
  const start = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${access}` } });
  const body = await res.arrayBuffer();
  const elapsed = performance.now() - start;
  if (res.status !== 200)
    throw new Error(`GET ${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  return { elapsed, bytes: body.byteLength };
}

/**
 * p50 and p90 of `SAMPLES` sequential GETs of each URL after `WARMUP`, the URLs taken in turn
 * (large, small, large, ...) so that a change of load on the shared machine weighs on both alike.
 */
async function timeBoth(urls, access) {
  const times = urls.map(() => []);
  const bytes = urls.map(() => 0);
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    for (const [j, url] of urls.entries()) {
      const r = await get(url, access);
      bytes[j] = r.bytes;
      if (i >= WARMUP) times[j].push(r.elapsed);
    }
  }
  return times.map((t, j) => ({ p50: percentile(t, 50), p90: percentile(t, 90), bytes: bytes[j] }));
}

/** Every survey analytics endpoint of one survey: [label, path, who]. */
function endpoints(surveyId, ids) {
  const s = `/api/analytics/survey/${surveyId}`;
  return [
    ['GET /api/surveys/{id}/lpi', `/api/surveys/${surveyId}/lpi`, 'host'],
    ['GET /api/surveys/{id}/evenness', `/api/surveys/${surveyId}/evenness`, 'host'],
    [
      'GET /api/surveys/{id}/lpi?label_ids=A,B (either)',
      `/api/surveys/${surveyId}/lpi?label_ids=${ids.labelA},${ids.labelB}`,
      'host',
    ],
    ...VARIANTS.map((v) => [`GET .../survey/{id}/lpi/${v}`, `${s}/lpi/${v}`, 'host']),
    ...VARIANTS.map((v) => [`GET .../survey/{id}/evenness/${v}`, `${s}/evenness/${v}`, 'host']),
    ['GET .../survey/{id}/distribution?score=lpi', `${s}/distribution?score=lpi`, 'host'],
    [
      'GET .../survey/{id}/distribution?score=prime_combined',
      `${s}/distribution?score=prime_combined`,
      'host',
    ],
    [
      'GET .../survey/{id}/distribution?label_ids=A',
      `${s}/distribution?score=lpi&label_ids=${ids.labelA}`,
      'host',
    ],
    ['GET .../organization/{acme}/lpi (manager view)', `${s}/organization/${ids.acme}/lpi`, 'host'],
    ['GET .../organization/{acme}/evenness', `${s}/organization/${ids.acme}/evenness`, 'host'],
    ['GET .../organization/{acme}/lpi/prime', `${s}/organization/${ids.acme}/lpi/prime`, 'host'],
    [
      'GET .../organization/{acme}/evenness/ownership',
      `${s}/organization/${ids.acme}/evenness/ownership`,
      'host',
    ],
    ['GET .../survey/{id}/benchmark (ada)', `${s}/benchmark`, 'ada'],
  ];
}

/** Acme's profile as the submit benchmark wants it: a full staff grid and 40 individuals. */
async function fillAcme(url, access) {
  const staffUrl = `${url}/api/organization/me/staff`;
  const staff = await call(staffUrl, 'GET', access);
  await call(`${url}/api/staff/save`, 'PUT', access, {
    updated_at: staff.state.updated_at,
    data: staff.data.rows.map((row, i) => ({
      ethnicity_id: row.ethnicity_id,
      genders: row.genders.map((cell, j) => ({ id: cell.id, value: 1 + ((i * 7 + j * 3) % 40) })),
    })),
  });
  const ownership = await call(`${url}/api/organization/me/ownership`, 'GET', access);
  const create = Array.from({ length: 40 }, (_, i) => ({
    identification_id: 17,
    name: `Bench Person ${i}`,
    corporate_title_id: 1 + (i % 20),
    date_of_joining: '2015-04-01',
    gender_id: 1 + (i % 4),
    ethnicity_id: 1 + (i % 9),
    immigration_id: 2,
    veteran_id: 2,
    lgbtq_id: 3,
    disabled_id: 2,
    us_citizen_id: 1,
    us_based_id: 1,
    is_senior_management: i % 4 === 0,
    date_of_promotion: i % 4 === 0 ? '2019-01-01' : null,
    is_owner: i < 5,
    ownership: i < 5 ? 20 : null,
    initial_ownership_date: i < 5 ? '2016-01-01' : null,
  }));
  await call(`${url}/api/ownership/save`, 'PUT', access, {
    survey_id: null,
    updated_at: ownership.state.updated_at,
    create,
    update: [],
    delete: ownership.data.rows.map((r) => r.id),
  });
}

ensureApiBuilt();
printMachine();
console.info(
  `Respondents ${RESPONDENTS} and ${SMALL}; ${SAMPLES} sequential requests per endpoint after ${WARMUP} warm-up`,
);
const scoresOfSnapshot = await loadScoring();
const results = [];
let submit;
await withServer({ label: 'analytics', postgres: true }, async (server) => {
  const ids = await generate(server.databaseUrl, scoresOfSnapshot);
  const access = { host: await token(server.url, HOST), ada: await token(server.url, ADA) };
  const large = endpoints(ids.large, ids);
  const small = endpoints(ids.small, ids);
  // one pass over every endpoint first: the process's first calls of each code path are not timed
  for (const [i, [, largePath, who]] of large.entries()) {
    await get(`${server.url}${largePath}`, access[who]);
    await get(`${server.url}${small[i][1]}`, access[who]);
  }
  console.info('\nendpoint: p50 at the large survey / p50 at the small one (ratio); p90 large; body large');
  for (let i = 0; i < large.length; i++) {
    const [label, largePath, who] = large[i];
    const [a, b] = await timeBoth([`${server.url}${largePath}`, `${server.url}${small[i][1]}`], access[who]);
    const row = { label, large: a, small: b, ratio: a.p50 / b.p50 };
    results.push(row);
    console.info(
      `  ${label}: ${a.p50.toFixed(1)} ms / ${b.p50.toFixed(1)} ms (${row.ratio.toFixed(2)}); p90 ${a.p90.toFixed(1)} ms; ${Math.round(a.bytes / 1024)} KB`,
    );
  }

  await fillAcme(server.url, access.ada);
  const times = [];
  for (let i = 0; i < WARMUP + SUBMITS; i++) {
    const start = performance.now();
    await call(`${server.url}/api/organizations/${ids.acme}/lpi`, 'POST', access.ada);
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  submit = { p50: percentile(times, 50), p90: percentile(times, 90) };
  console.info(
    `\nPOST /api/organizations/{acme}/lpi (40 individuals, full staff grid), ${SUBMITS} runs: p50 ${submit.p50.toFixed(1)} ms, p90 ${submit.p90.toFixed(1)} ms`,
  );
});

const worst = results.reduce((w, r) => (r.large.p50 > w.large.p50 ? r : w), results[0]);
const worstRatio = results.reduce((w, r) => (r.ratio > w.ratio ? r : w), results[0]);
console.info('\nSummary');
console.info(
  `  slowest at ${RESPONDENTS}: ${worst.label} p50 ${worst.large.p50.toFixed(1)} ms (target under 200 ms): ${worst.large.p50 < 200 ? 'met' : 'MISSED'}`,
);
console.info(
  `  slowest at ${SMALL}: ${Math.max(...results.map((r) => r.small.p50)).toFixed(1)} ms (target under 200 ms)`,
);
console.info(
  `  largest ratio: ${worstRatio.label} ${worstRatio.ratio.toFixed(2)} (target under 12): ${worstRatio.ratio < 12 ? 'met' : 'MISSED'}`,
);
console.info(
  `  submit p50 ${submit.p50.toFixed(1)} ms (target under 150 ms): ${submit.p50 < 150 ? 'met' : 'MISSED'}`,
);
