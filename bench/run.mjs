#!/usr/bin/env node
// `npm run bench`: load figures for the built product in both database modes, its cold start and
// the JavaScript /login loads. Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 50), --modes pglite,postgres
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const MODES = arg('modes', 'pglite,postgres').split(',');
const PG_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEMO = { username: 'ada@acme.test', password: 'Parity-Demo-2026!' };

function ensureBuilt() {
  if (
    fs.existsSync(path.join(root, 'apps/api/dist/main.js')) &&
    fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
  )
    return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
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

async function waitForHealth(url, child, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return Date.now() - started;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('server did not become healthy');
}

/** Starts the product; `command` is 'server' (dist/main.js) or 'start' (npm start's script). */
async function startServer({ env, command = 'server' }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const script =
    command === 'start' ? path.join(root, 'scripts/start.mjs') : path.join(root, 'apps/api/dist/main.js');
  const t0 = Date.now();
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(url, child);
  return {
    url,
    startupMs: Date.now() - t0,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
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

async function benchMode(mode) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-bench-'));
  const env = { DATA_DIR: dataDir };
  let dropDb;
  if (mode === 'postgres') {
    const name = `parity_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_SERVER });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_SERVER);
    u.pathname = `/${name}`;
    Object.assign(env, { DATABASE_URL: u.toString(), SEED_DEMO: '1' });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_SERVER });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  console.info(`\n${mode}:`);
  const server = await startServer({ env });
  try {
    const access = await token(server.url);
    const rows = [];
    rows.push(await load(`${mode} GET /api/health`, { url: `${server.url}/api/health` }));
    rows.push(
      await load(`${mode} GET /api/genders (authenticated)`, {
        url: `${server.url}/api/genders`,
        headers: { authorization: `Bearer ${access}` },
      }),
    );
    // Issue 3 target on PostgreSQL: >= 3,000 req/s with p99 < 30 ms.
    rows.push(
      await load(`${mode} GET /api/user-account (authenticated)`, {
        url: `${server.url}/api/user-account`,
        headers: { authorization: `Bearer ${access}` },
      }),
    );
    return rows;
  } finally {
    await server.stop();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** npm start (already built) to the first 200 from /api/health: a new data directory, then an existing one. */
async function coldStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-cold-'));
  try {
    const first = await startServer({ env: { DATA_DIR: dataDir }, command: 'start' });
    await first.stop();
    const second = await startServer({ env: { DATA_DIR: dataDir }, command: 'start' });
    await second.stop();
    console.info(
      `\ncold start: new data directory ${first.startupMs} ms; existing data directory ${second.startupMs} ms`,
    );
    return { firstMs: first.startupMs, existingMs: second.startupMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Loads /login in Chromium and adds up the gzipped size of every script it fetched. */
async function loginScriptSize() {
  const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p));
  if (!chromiumPath) {
    console.info('\n/login JavaScript: skipped (no Chromium)');
    return null;
  }
  const { chromium } = await import('playwright-core');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-size-'));
  const server = await startServer({ env: { DATA_DIR: dataDir } });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(res.url(), res);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzipped = 0;
    for (const res of scripts.values()) {
      const body = await res.body();
      raw += body.length;
      gzipped += gzipSync(body, { level: 9 }).length;
    }
    const kb = (n) => Math.round(n / 102.4) / 10;
    console.info(`\n/login JavaScript: ${scripts.size} files, ${kb(raw)} KB raw, ${kb(gzipped)} KB gzipped`);
    return { files: scripts.size, rawKB: kb(raw), gzipKB: kb(gzipped) };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuilt();
console.info(
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.info(`Load: ${CONNECTIONS} connections for ${DURATION} s per scenario`);
const rows = [];
for (const mode of MODES) rows.push(...(await benchMode(mode)));
const cold = await coldStart();
const size = await loginScriptSize();
console.info('\nSummary');
for (const r of rows)
  console.info(`  ${r.scenario}: ${r['req/s']} req/s, p50 ${r['p50 ms']} ms, p99 ${r['p99 ms']} ms`);
console.info(JSON.stringify({ cold, loginScripts: size }));
