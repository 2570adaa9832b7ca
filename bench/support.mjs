// What every benchmark script shares: options, building, starting the built API on 127.0.0.1
// (optionally on a new PostgreSQL database that is always dropped), signing in, and the autocannon
// wrapper whose figures the scripts print. Kept here so the scripts measure the same way.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

/** The repository root, so scripts work from any working directory. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `--name value` from the command line, or the fallback (a string, like the command line). */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/** The PostgreSQL server the benchmark databases are created on (its own database is left alone). */
export const PG_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The demo data's signed-in user (SEED_DEMO=1 creates it). */
export const DEMO = { username: 'ada@acme.test', password: 'Parity-Demo-2026!' };

/** Newest modification time of the files under a directory. */
function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

/** The whole product (API and web), built once when either bundle is missing (`npm run bench`). */
export function ensureBuilt() {
  if (
    fs.existsSync(path.join(root, 'apps/api/dist/main.js')) &&
    fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
  )
    return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** The API bundle, rebuilt when the API's or the domain's sources are newer (reads need no web build). */
export function ensureApiBuilt() {
  const main = path.join(root, 'apps/api/dist/main.js');
  const sources = Math.max(
    newest(path.join(root, 'apps/api/src')),
    newest(path.join(root, 'packages/domain/src')),
  );
  if (fs.existsSync(main) && fs.statSync(main).mtimeMs >= sources) return;
  const r = spawnSync('npm', ['run', 'build', '-w', '@parity/api'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build -w @parity/api failed');
}

/** The machine line every script prints first, so figures can be compared with their hardware. */
export function printMachine() {
  console.info(
    `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// Polls often (25 ms) because the cold start figure is measured with it; waits long (180 s) because
// a first start on the shared machine can be slow, and fails at once if the server exits.
async function waitForHealth(url, child, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('server did not become healthy');
}

/**
 * Starts the built product on a free port of 127.0.0.1 and waits for /api/health; `command` is
 * 'server' (apps/api/dist/main.js) or 'start' (npm start's script). `startupMs` is spawn to health.
 */
export async function startServer({ env, command = 'server' }) {
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
    pid: child.pid,
    startupMs: Date.now() - t0,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function createDatabase(name) {
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_SERVER);
  u.pathname = `/${name}`;
  return u.toString();
}

// FORCE: a server that did not stop cleanly must not leave a parity_bench_* database behind.
async function dropDatabase(name) {
  const c = new pg.Client({ connectionString: PG_SERVER });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}

/**
 * `count` more demo users, each an approved member (with ada@acme.test's rights, password and
 * profile) of one of the demo organizations in turn, Northwind aside: bench-1@bench.test and on.
 * Load on many accounts, as many people signed in at once make it, not one account read over
 * and over. `exec(sql, params)` runs a statement on the bench's database.
 */
export async function addBenchUsers(exec, count) {
  await exec(
    `WITH ada AS (
       SELECT u.*, m.manage_settings, m.user_manage_surveys, m.survey_creation, m.average_lpi_score_access
       FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.email = 'ada@acme.test'),
     orgs AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n
       FROM organizations WHERE deleted_at IS NULL AND name <> 'Northwind Pension Fund'),
     made AS (
       INSERT INTO users (email, name, lastname, password_hash, title, bio, gender_id, ethnicity_id,
                          languages, interests, private_fields)
       SELECT 'bench-' || g || '@bench.test', 'Bench', 'User ' || g, ada.password_hash, ada.title, ada.bio,
              ada.gender_id, ada.ethnicity_id, ada.languages, ada.interests, ada.private_fields
       FROM generate_series(1, $1::int) g, ada
       RETURNING id)
     INSERT INTO memberships (user_id, organization_id, status, manage_settings, user_manage_surveys,
                              survey_creation, average_lpi_score_access)
     SELECT made.id, orgs.id, 'approved', ada.manage_settings, ada.user_manage_surveys, ada.survey_creation,
            ada.average_lpi_score_access
     FROM made JOIN orgs ON orgs.k = made.id % orgs.n, ada`,
    [count],
  );
}

/**
 * The admin benches' population: `size.organizations` organizations (Bench Fund 1...) and
 * `size.users` users (person-1@bench.test...) with memberships of them, pseudo-random but the same
 * on every run (setseed): 60% approved, 20% pending, 20% declined, 5% organization admins, 10%
 * survey hosts. `exec(sql, params)` runs a statement on the bench's database (PostgreSQL or PGlite).
 */
export async function addAdminBenchUsers(exec, size) {
  await exec('SELECT setseed(0.14)');
  await exec(
    `INSERT INTO organizations (name, website)
     SELECT 'Bench Fund ' || g, 'https://org' || g || '.bench.test' FROM generate_series(1, $1::int) g`,
    [size.organizations],
  );
  await exec(
    `WITH made AS (
       INSERT INTO users (email, name, lastname, password_hash, title, last_login_at, created_at)
       SELECT 'person-' || g || '@bench.test',
              (ARRAY['Ada','Ben','Chloe','Dev','Elena','Farid','Grace','Hiro','Ines','Jonas','Kemi','Luca'])[1 + g % 12],
              (ARRAY['Lovelace','Okafor','Nguyen','Schmidt','Garcia','Kowalski','Haddad','Tanaka','Moreau','Silva'])[1 + (g / 12) % 10] || g,
              'x', 'Analyst',
              CASE WHEN g % 3 = 0 THEN NULL ELSE now() - (random() * interval '300 days') END,
              now() - (random() * interval '900 days')
       FROM generate_series(1, $1::int) g
       RETURNING id)
     INSERT INTO memberships (user_id, organization_id, status, manage_settings, user_manage_surveys)
     SELECT made.id, o.first_id + floor(random() * $2)::int,
            (ARRAY['approved','approved','approved','pending','declined'])[1 + floor(random() * 5)::int]::membership_status,
            random() < 0.05, random() < 0.1
     FROM made, (SELECT min(id) AS first_id FROM organizations WHERE website LIKE '%.bench.test') o`,
    [size.users, size.organizations],
  );
  await exec('ANALYZE');
}

/** The bench users' sign-ins, each from its own loopback address (the token endpoint's per-address limit). */
async function benchTokens(url, count) {
  const tokens = [];
  for (let g = 1; g <= count; g++) {
    tokens.push(
      await token(
        url,
        { username: `bench-${g}@bench.test`, password: DEMO.password },
        `127.0.${1 + (g >> 8)}.${g & 255}`,
      ),
    );
  }
  return tokens;
}

/**
 * Runs `fn(server)` against the built API on a new data directory and, with `postgres`, a new
 * PostgreSQL database (parity_bench[_label]_<time>) with the demo data; PGlite seeds the demo data
 * itself. With `users: n`, n bench users are added (addBenchUsers) and `server.tokens` holds their
 * access tokens (on PGlite the server is stopped for that and started again: the database is
 * the server's own). `prepare(exec)` likewise adds data of the script's own (exec(sql, params)). `env` adds to the server's environment. `server.databaseUrl` names the PostgreSQL database (for scripts that generate
 * data in SQL). Stops the server, drops the database and removes the directory whatever happens.
 */
export async function withServer({ label, postgres, users = 0, prepare, env: extraEnv = {} }, fn) {
  const suffix = label ? `${label}_` : '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parity-bench-${label ? `${label}-` : ''}`));
  const name = `parity_bench_${suffix}${Date.now()}`;
  const env = { ...extraEnv, DATA_DIR: dataDir };
  let created = false;
  try {
    if (postgres) {
      Object.assign(env, { DATABASE_URL: await createDatabase(name), SEED_DEMO: '1' });
      created = true;
    }
    let server = await startServer({ env });
    try {
      const setUp = async (exec) => {
        if (users > 0) await addBenchUsers(exec, users);
        if (prepare) await prepare(exec);
      };
      if ((users > 0 || prepare) && postgres) {
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        try {
          await setUp((text, params) => client.query(text, params));
        } finally {
          await client.end();
        }
      } else if (users > 0 || prepare) {
        await server.stop();
        const { PGlite } = await import('@electric-sql/pglite');
        const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
        const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
        const embedded = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm, btree_gin } });
        try {
          await setUp((text, params) => embedded.query(text, params));
        } finally {
          await embedded.close();
        }
        server = await startServer({ env });
      }
      const tokens = users > 0 ? await benchTokens(server.url, users) : [];
      return await fn({ ...server, databaseUrl: env.DATABASE_URL, tokens });
    } finally {
      await server.stop();
    }
  } finally {
    if (created) await dropDatabase(name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * An access token for the demo user (or another demo account), signed in the way the web app does,
 * from `localAddress` (a loopback address) when given.
 */
export function token(url, user = DEMO, localAddress = undefined) {
  const body = JSON.stringify({ grant_type: 'password', client_id: 'parity-web', ...user });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/oauth/token/`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200) reject(new Error(`sign-in failed: ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text).access_token);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * autocannon options that give each connection its own signed-in user's token, in turn: load
 * from many people at once.
 */
export function asUsers(tokens) {
  let next = 0;
  return {
    setupClient(client) {
      client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` });
    },
  };
}

/** One authenticated JSON request that must succeed (setting data up, or a timed write). */
export async function call(url, method, access, body) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${access}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** autocannon's load, from --duration <s> (default 10) and --connections <n> (default 50). */
export function loadOptions() {
  return { duration: Number(arg('duration', '10')), connections: Number(arg('connections', '50')) };
}

/** Prints the load line under the machine line, so each run's figures say how they were made. */
export function printLoad({ duration, connections }) {
  console.info(`Load: ${connections} connections for ${duration} s per scenario`);
}

/** CPU time (user + system) a process has used so far, in ms; null where /proc is not there. */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * One autocannon scenario (`options` from loadOptions(), `opts` autocannon's url/headers...);
 * prints and returns its row. With `opts.serverPid` it also gives the server process's CPU time
 * per request: on two cores shared with autocannon and PostgreSQL, a steadier figure than req/s.
 */
export async function load(title, options, { serverPid, ...opts }) {
  const before = serverPid ? cpuMs(serverPid) : null;
  const result = await autocannon({ ...options, ...opts });
  const after = serverPid ? cpuMs(serverPid) : null;
  const row = {
    scenario: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
    'CPU µs/req':
      before !== null && after !== null && result.requests.total > 0
        ? Math.round(((after - before) * 1000) / result.requests.total)
        : null,
  };
  const cpu = row['CPU µs/req'] === null ? '' : `, server CPU ${row['CPU µs/req']} µs/request`;
  console.info(
    `  ${title}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, errors ${row.errors}${cpu}`,
  );
  return row;
}

/** The summary block that ends a load run, one line per scenario. */
export function printSummary(rows) {
  console.info('\nSummary');
  for (const r of rows) {
    const cpu = r['CPU µs/req'] == null ? '' : `, server CPU ${r['CPU µs/req']} µs/request`;
    console.info(`  ${r.scenario}: ${r['req/s']} req/s, p50 ${r['p50 ms']} ms, p99 ${r['p99 ms']} ms${cpu}`);
  }
}
