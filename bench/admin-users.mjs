#!/usr/bin/env node
// `node bench/admin-users.mjs`: latency of the admin console's user list (GET /api/admin/users) on
// PostgreSQL over 10,000 generated users (issue 14's target: filtered and sorted, p50 under 50 ms).
// Starts the built API on a new PostgreSQL database (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with the demo data, adds the
// users with generate_series (memberships of 200 generated organizations, every status, some
// organization admins and survey hosts), then measures a few lists as admin@parity.test with
// autocannon. Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 10)
import autocannon from 'autocannon';
import pg from 'pg';
import {
  addAdminBenchUsers,
  arg,
  call,
  DEMO,
  ensureApiBuilt,
  printLoad,
  printMachine,
  token,
  withServer,
} from './support.mjs';

const LOAD = { duration: Number(arg('duration', '10')), connections: Number(arg('connections', '10')) };
const SIZE = { users: 10_000, organizations: 200 };

ensureApiBuilt();
printMachine();
printLoad(LOAD);

/** The bench's users, in SQL: pseudo-random but the same on every run (setseed). */
async function generate(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = Date.now();
  try {
    await addAdminBenchUsers((text, params) => client.query(text, params), SIZE);
    const counts = await client.query(
      `SELECT (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS users,
              (SELECT count(*) FROM memberships WHERE status = 'pending') AS pending`,
    );
    console.info(
      `\nGenerated in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts.rows[0])}`,
    );
  } finally {
    await client.end();
  }
}

async function measure(title, url, access) {
  const result = await autocannon({ ...LOAD, url, headers: { authorization: `Bearer ${access}` } });
  const row = {
    scenario: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.info(
    `  ${title}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p97.5 ${row['p97.5 ms']} ms, p99 ${row['p99 ms']} ms, errors ${row.errors}`,
  );
  return row;
}

const rows = [];
await withServer({ label: 'admin_users', postgres: true }, async (server) => {
  await generate(server.databaseUrl);
  const admin = await token(server.url, { ...DEMO, username: 'admin@parity.test' }, '127.0.0.3');
  const scenarios = [
    ['first page, newest first', 'limit=25'],
    ['approved, sorted by name', 'status=approved&sort_by=name&sort_order=asc&limit=25'],
    ['search (okafor), sorted by email', 'search=okafor&sort_by=email&sort_order=asc&limit=25'],
    [
      'survey hosts, last login, page 5',
      'role=survey_host&sort_by=last_login_at&sort_order=desc&limit=25&offset=100',
    ],
  ];
  for (const [title, query] of scenarios) {
    const answer = await call(`${server.url}/api/admin/users?${query}`, 'GET', admin);
    console.info(`  ${title}: ${answer.total} matching, ${answer.data.length} on the page`);
  }
  // An untimed pass first: the first seconds of a new server (JIT, pool, plans) are not the figure.
  await autocannon({
    ...LOAD,
    duration: 3,
    url: `${server.url}/api/admin/users?limit=25`,
    headers: { authorization: `Bearer ${admin}` },
  });
  for (const [title, query] of scenarios) {
    rows.push(await measure(title, `${server.url}/api/admin/users?${query}`, admin));
  }
});

console.info('\nSummary (GET /api/admin/users, 10,000 users, platform admin)');
for (const r of rows) {
  console.info(
    `  ${r.scenario}: ${r['req/s']} req/s, p50 ${r['p50 ms']} ms, p97.5 ${r['p97.5 ms']} ms, p99 ${r['p99 ms']} ms`,
  );
}
