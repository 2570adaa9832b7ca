#!/usr/bin/env node
// `node bench/grids.mjs`: load figures for the LPI grid reads on PostgreSQL (issue
// #4 target: GET /api/organization/me/staff >= 2,000 req/s). Starts the built API against a new
// PostgreSQL database (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// created and dropped) with the demo data, fills ada@acme.test's staff grid, then reads it with
// autocannon. Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 50)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const PG_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEMO = { username: 'ada@acme.test', password: 'Parity-Demo-2026!' };

/** Newest modification time of the files under a directory. */
function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

/** The API bundle, rebuilt when the API's or the domain's sources are newer (reads need no web build). */
function ensureApiBuilt() {
  const main = path.join(root, 'apps/api/dist/main.js');
  const sources = Math.max(
    newest(path.join(root, 'apps/api/src')),
    newest(path.join(root, 'packages/domain/src')),
  );
  if (fs.existsSync(main) && fs.statSync(main).mtimeMs >= sources) return;
  const r = spawnSync('npm', ['run', 'build', '-w', '@parity/api'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not become healthy');
}

async function startServer(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(url, child);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function call(url, method, access, body) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${access}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function token(url) {
  const res = await fetch(`${url}/api/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'parity-web', ...DEMO }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

async function load(title, opts) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const row = {
    scenario: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.info(
    `  ${title}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, errors ${row.errors}`,
  );
  return row;
}

ensureApiBuilt();
console.info(
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.info(`Load: ${CONNECTIONS} connections for ${DURATION} s per scenario`);

const name = `parity_bench_grids_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_SERVER });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const dbUrl = new URL(PG_SERVER);
dbUrl.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-bench-grids-'));
const rows = [];
try {
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), SEED_DEMO: '1' });
  try {
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
    const auth = { authorization: `Bearer ${access}` };
    // The same run's one-query authenticated read, for comparison on a shared machine.
    rows.push(
      await load('postgres GET /api/user-account', { url: `${server.url}/api/user-account`, headers: auth }),
    );
    rows.push(await load('postgres GET /api/organization/me/staff', { url: staffUrl, headers: auth }));
    rows.push(
      await load('postgres GET /api/organization/me/historical-insights', {
        url: `${server.url}/api/organization/me/historical-insights`,
        headers: auth,
      }),
    );
  } finally {
    await server.stop();
  }
} finally {
  const c = new pg.Client({ connectionString: PG_SERVER });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.info('\nSummary');
for (const r of rows)
  console.info(`  ${r.scenario}: ${r['req/s']} req/s, p50 ${r['p50 ms']} ms, p99 ${r['p99 ms']} ms`);
