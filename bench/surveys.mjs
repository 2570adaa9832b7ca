#!/usr/bin/env node
// `node bench/surveys.mjs`: load figures for the hosted survey's participants and response rates
// on PostgreSQL (issue #5 targets: with 5,000 invited organizations, a participants page sorted
// and filtered by label under 50 ms p50; response rates under 100 ms p50). Starts the built API
// against a new PostgreSQL database (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with the demo data, adds 5,000
// organizations invited to Northwind's 2026 survey in SQL (statuses, step completion, reminders and
// labels on a share of them), then reads as host@northwind.test with autocannon. Every request goes
// to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 50), --organizations <n> (5000)
import pg from 'pg';
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

const LOAD = loadOptions();
const ORGANIZATIONS = Number(arg('organizations', '5000'));
const HOST = { username: 'host@northwind.test', password: 'Parity-Demo-2026!' };

ensureApiBuilt();
printMachine();
printLoad(LOAD);

/**
 * The survey's respondents, in SQL: n organizations invited over 60 days; 30 % submitted (every
 * save unit complete), 20 % in progress (three units complete), 5 % declined, the rest not
 * started; a third of those not submitted reminded; 'Priority' on every fifth organization and
 * 'Private equity' on every third.
 */
async function generate(databaseUrl, n) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [survey],
    } = await client.query(`SELECT id, organization_id FROM surveys WHERE title = '2026 DEI Survey'`);
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO organizations (name) SELECT 'Bench Respondent ' || lpad(g::text, 5, '0') FROM generate_series(1, $1) g`,
      [n],
    );
    await client.query(
      `CREATE TEMP TABLE bench_orgs AS
         SELECT id, row_number() OVER (ORDER BY id) AS k FROM organizations WHERE name LIKE 'Bench Respondent %'`,
    );
    await client.query(
      `INSERT INTO survey_invitations (survey_id, organization_id, status, step, created_at, submitted_at,
                                       declined_at, decline_code, last_reminded_at, reminder_count)
       SELECT $1, id,
              CASE WHEN k % 20 < 6 THEN 'submitted' WHEN k % 20 < 10 THEN 'in_progress'
                   WHEN k % 20 = 10 THEN 'declined' ELSE 'invited' END,
              CASE WHEN k % 20 < 10 THEN 4 ELSE 1 END,
              now() - interval '60 days' + (k % 40) * interval '1 day',
              CASE WHEN k % 20 < 6 THEN now() - interval '20 days' + (k % 19) * interval '1 day' END,
              CASE WHEN k % 20 = 10 THEN now() - interval '10 days' END,
              CASE WHEN k % 20 = 10 THEN 'no_capacity' END,
              CASE WHEN k % 20 >= 6 AND k % 20 <> 10 AND k % 3 = 0 THEN now() - (k % 7) * interval '1 day' END,
              CASE WHEN k % 20 >= 6 AND k % 20 <> 10 AND k % 3 = 0 THEN 1 + k % 3 ELSE 0 END
         FROM bench_orgs`,
      [survey.id],
    );
    await client.query(
      `INSERT INTO tab_states (organization_id, survey_id, tab, completed)
       SELECT o.id, $1, t.tab, true
         FROM bench_orgs o
         CROSS JOIN unnest(ARRAY['overview','staff','us_staff','ownership','insights','investment','us_investment',
                                 'committee','us_committee','board','policies','practices','miscellaneous']) AS t(tab)
        WHERE o.k % 20 < 6 OR (o.k % 20 < 10 AND t.tab IN ('overview', 'staff', 'us_staff'))`,
      [survey.id],
    );
    await client.query(
      `INSERT INTO organization_labels (label_id, organization_id)
       SELECT l.id, o.id FROM bench_orgs o JOIN labels l ON l.owner_organization_id = $1
        WHERE (l.name = 'Priority' AND o.k % 5 = 0) OR (l.name = 'Private equity' AND o.k % 3 = 0)`,
      [survey.organization_id],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    const {
      rows: [labels],
    } = await client.query(
      `SELECT max(id) FILTER (WHERE name = 'Priority') AS priority,
              max(id) FILTER (WHERE name = 'Private equity') AS private_equity
         FROM labels WHERE owner_organization_id = $1`,
      [survey.organization_id],
    );
    return { surveyId: survey.id, labels };
  } finally {
    await client.end();
  }
}

const rows = [];
await withServer({ label: 'surveys', postgres: true }, async (server) => {
  const { surveyId, labels } = await generate(server.databaseUrl, ORGANIZATIONS);
  const access = await token(server.url, HOST);
  const auth = { authorization: `Bearer ${access}` };
  const base = `${server.url}/api/surveys/${surveyId}`;
  const rates = await call(`${base}/response-rates`, 'GET', access);
  const byLabel = await call(`${base}/participants?label_ids=${labels.priority}&sort_by=name`, 'GET', access);
  console.info(
    `\npostgres: ${rates.invited} invited (${rates.statuses.submitted.count} submitted, ` +
      `${rates.statuses.declined.count} declined), ${rates.series.length} days; ` +
      `${byLabel.total} carry the label Priority`,
  );
  rows.push(
    await load('postgres GET /api/user-account (reference)', LOAD, {
      url: `${server.url}/api/user-account`,
      headers: auth,
    }),
  );
  rows.push(
    await load('postgres participants, label Priority, sorted by name', LOAD, {
      url: `${base}/participants?label_ids=${labels.priority}&sort_by=name&sort_order=asc`,
      headers: auth,
    }),
  );
  rows.push(
    await load('postgres participants, label Private equity, sorted by progress desc', LOAD, {
      url: `${base}/participants?label_ids=${labels.private_equity}&sort_by=progress&sort_order=desc`,
      headers: auth,
    }),
  );
  rows.push(
    await load('postgres participants, all, sorted by last reminded, page 10', LOAD, {
      url: `${base}/participants?sort_by=last_reminded_at&sort_order=desc&offset=270`,
      headers: auth,
    }),
  );
  rows.push(await load('postgres response rates', LOAD, { url: `${base}/response-rates`, headers: auth }));
});
printSummary(rows);
