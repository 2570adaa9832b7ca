#!/usr/bin/env node
// `node bench/grids.mjs`: load figures for the LPI grid reads on PostgreSQL (issue
// #4 target: GET /api/organization/me/staff >= 2,000 req/s). Starts the built API against a new
// PostgreSQL database (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// created and dropped) with the demo data, fills ada@acme.test's staff grid, then reads it with
// autocannon. Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 50)
import {
  asUsers,
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

ensureApiBuilt();
printMachine();
printLoad(LOAD);

const rows = [];
// One signed-in user per connection (bench users of Acme, Cedar and the generated organizations,
// whose demo staff grids are full): the load of as many people at once.
await withServer({ label: 'grids', postgres: true, users: LOAD.connections }, async (server) => {
  const access = await token(server.url);
  const staffUrl = `${server.url}/api/organization/me/staff`;
  // A full grid: every race/ethnicity and gender has a count.
  const current = await call(staffUrl, 'GET', access);
  const data = current.data.rows.map((row, i) => ({
    ethnicity_id: row.ethnicity_id,
    genders: row.genders.map((cell, j) => ({ id: cell.id, value: 1 + ((i * 7 + j * 3) % 40) })),
  }));
  await call(`${server.url}/api/staff/save`, 'PUT', access, { updated_at: current.state.updated_at, data });
  const check = await call(staffUrl, 'GET', access);
  console.info(
    `\npostgres: staff grid of ${check.data.rows.length} rows, ${check.data.totals.all} employees`,
  );
  const users = asUsers(server.tokens);
  // The same run's one-query authenticated read, for comparison on a shared machine.
  rows.push(
    await load('postgres GET /api/user-account', LOAD, {
      url: `${server.url}/api/user-account`,
      ...users,
      serverPid: server.pid,
    }),
  );
  rows.push(
    await load('postgres GET /api/organization/me/staff', LOAD, {
      url: staffUrl,
      ...users,
      serverPid: server.pid,
    }),
  );
  rows.push(
    await load('postgres GET /api/organization/me/historical-insights', LOAD, {
      url: `${server.url}/api/organization/me/historical-insights`,
      ...users,
      serverPid: server.pid,
    }),
  );
});
printSummary(rows);
