#!/usr/bin/env node
// `npm run proof:crash` (`node bench/crash.mjs`): no acknowledged write is lost and no tab is
// half-written when the process dies (issue #20 point 9). Not part of `npm test`: it kills
// processes. Two modes, N cycles each:
// - PGlite: the built API on a new data directory (demo seeded); a few seconds of writes from
//   several signed-in demo users; the API killed with SIGKILL mid-load; started again on the same
//   directory; every acknowledged write read back through the API.
// - PostgreSQL: a throwaway cluster (Debian's initdb/pg_ctl, a temp directory, a free port of
//   127.0.0.1; the machine's own PostgreSQL is never touched) under the API; the same load;
//   `pg_ctl stop -m immediate` mid-load; the cluster started again, then the API; the same check.
//   The cluster is removed at the end.
// The writes: each of three organization admins saves its organization's ownership tab over and
// over (PUT /api/ownership/save with the updated_at it read: delete the previous save's rows,
// create 1-12 new rows named after the save), every client sends feedback (POST /api/feedback with
// a unique comment). The ledger keeps every 2xx. The checks after each restart: every
// acknowledged feedback is in the admin's feedback list; each tab holds exactly the rows of one
// save, all of them (else half-written), and that save is the last acknowledged one or one that
// was in flight when the process died (older: lost); when it is the last acknowledged one, the
// tab's updated_at is the one that save answered.
// Options: --cycles <n> (default 3), --seconds <s> (longest load per cycle, default 4),
// --modes pglite,postgres. Exits 1 on any loss or half-written tab. Only 127.0.0.1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { arg, DEMO, ensureApiBuilt, printMachine, startServer, token } from './support.mjs';

const CYCLES = Number(arg('cycles', '3'));
const SECONDS = Number(arg('seconds', '4'));
const MODES = arg('modes', 'pglite,postgres').split(',');
const PG_BIN = '/usr/lib/postgresql/15/bin';

const SAVERS = ['ada@acme.test', 'eve@cedar.test', 'host@northwind.test'];
const FEEDBACK_ONLY = ['max@acme.test'];
const ADMIN = 'admin@parity.test';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** One request; `null` when the connection failed (the process died): the write's fate is unknown. */
async function send(url, method, access, body) {
  try {
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${access}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: res.ok ? await res.json() : await res.text() };
  } catch {
    return null;
  }
}

async function must(url, method, access, body) {
  const r = await send(url, method, access, body);
  if (!r || r.status >= 300)
    throw new Error(`${method} ${url}: ${r ? `${r.status} ${r.body}` : 'no answer'}`);
  return r.body;
}

// ---- the ledger ---------------------------------------------------------------------------------

const figures = { acknowledged: 0, saves: 0, feedback: 0, failedOther: 0, apiDied: 0, restarts: [] };
/** Acknowledged feedback comments, checked after every restart (all cycles so far). */
const feedbackAcked = new Set();
/** Per saver: seq counter, last acknowledged save, saves in flight when the process died. */
const tabs = new Map(SAVERS.map((email) => [email, { seq: 0, acked: [], lastAcked: null, inFlight: [] }]));

function rowsOf(tag, n) {
  return Array.from({ length: n }, (_, i) => ({
    identification_id: 18,
    name: `crash ${tag} ${i + 1}/${n}`,
    is_owner: true,
    ownership: 0.01,
    initial_ownership_date: '2018-06-30',
  }));
}

/** A saver's loop: reads its tab, then saves on the updated_at the previous save answered. */
async function saver(url, email, access, until, mode, cycle) {
  const t = tabs.get(email);
  let current = await must(`${url}/api/organization/me/ownership`, 'GET', access);
  while (Date.now() < until.at) {
    const seq = ++t.seq;
    const n = 1 + (seq % 12);
    const tag = `${mode}-${cycle}-${email.split('@')[0]}-${seq}`;
    const body = {
      updated_at: current.state.updated_at,
      create: rowsOf(tag, n),
      update: [],
      delete: current.data.rows.map((row) => row.id),
    };
    const r = await send(`${url}/api/ownership/save`, 'PUT', access, body);
    if (r === null) {
      t.inFlight.push(tag);
      return;
    }
    if (r.status >= 300) {
      figures.failedOther++;
      console.warn(`  ${email} save answered ${r.status}: ${String(r.body).slice(0, 200)}`);
      return;
    }
    figures.acknowledged++;
    figures.saves++;
    t.acked.push(tag);
    t.lastAcked = { tag, n, updatedAt: r.body.state.updated_at };
    t.inFlight = []; // only a save made after the last acknowledged one may stand in for it
    current = r.body;
  }
}

async function feedbacker(url, email, access, until, mode, cycle) {
  let k = 0;
  while (Date.now() < until.at) {
    const comment = `crash ${mode}-${cycle}-${email.split('@')[0]}-${++k}`;
    const r = await send(`${url}/api/feedback`, 'POST', access, {
      url: 'http://127.0.0.1/crash',
      value: 1 + (k % 10),
      comment,
    });
    if (r === null) return;
    if (r.status >= 300) {
      figures.failedOther++;
      console.warn(`  ${email} feedback answered ${r.status}`);
      return;
    }
    figures.acknowledged++;
    figures.feedback++;
    feedbackAcked.add(comment);
  }
}

let signIns = 0;
/** Fresh sign-ins (each from its own loopback address: the token endpoint's per-address limit). */
async function signIn(url, email) {
  signIns++;
  return token(
    url,
    { username: email, password: DEMO.password },
    `127.0.${20 + (signIns >> 8)}.${signIns & 255}`,
  );
}

/** Each saver, its organization's admin, grants itself LPI access (only Acme's admin has it in the demo). */
async function grantLpiAccess(url) {
  for (const email of SAVERS) {
    const access = await signIn(url, email);
    const list = await must(`${url}/api/organizations/me/permissions`, 'GET', access);
    const me = list.data.find((m) => m.email === email);
    if (!me.permissions.average_lpi_score_access) {
      await must(`${url}/api/organizations/me/members/${me.id}/permissions`, 'PUT', access, {
        average_lpi_score_access: true,
      });
    }
  }
}

/** The load: every client until `kill()` is called (at a random moment) or SECONDS pass. */
async function load(url, mode, cycle, kill) {
  const until = { at: Date.now() + SECONDS * 1000 };
  const clients = [];
  for (const email of SAVERS) {
    const access = await signIn(url, email);
    clients.push(
      saver(url, email, access, until, mode, cycle),
      feedbacker(url, email, access, until, mode, cycle),
    );
  }
  for (const email of FEEDBACK_ONLY) {
    clients.push(feedbacker(url, email, await signIn(url, email), until, mode, cycle));
  }
  const killAt = 1000 + Math.random() * (SECONDS * 1000 - 1500);
  await sleep(killAt);
  await kill();
  until.at = 0;
  await Promise.all(clients);
}

/** After a restart: every acknowledged write is there, no tab is half-written. */
async function verify(url) {
  let lost = 0;
  let verified = 0;
  let half = 0;
  // Feedback: the platform admin's list, page by page.
  const admin = await signIn(url, ADMIN);
  const seen = new Set();
  for (let offset = 0; ; offset += 100) {
    const page = await must(`${url}/api/admin/feedback?limit=100&offset=${offset}`, 'GET', admin);
    for (const f of page.data) if (f.comment) seen.add(f.comment);
    if (page.data.length < 100) break;
  }
  for (const c of feedbackAcked) {
    if (seen.has(c)) verified++;
    else lost++;
  }
  // Tabs: one save's rows, all of them; the last acknowledged save or one in flight.
  for (const email of SAVERS) {
    const t = tabs.get(email);
    const access = await signIn(url, email);
    const tab = await must(`${url}/api/organization/me/ownership`, 'GET', access);
    const tags = new Set();
    const seenRows = new Map();
    let malformed = false;
    for (const row of tab.data.rows) {
      const m = /^crash (\S+) (\d+)\/(\d+)$/.exec(row.name ?? '');
      if (!m) {
        malformed = true;
        continue;
      }
      tags.add(m[1]);
      seenRows.set(m[2], Number(m[3]));
    }
    const [tag] = tags;
    const n = tag ? [...seenRows.values()][0] : 0;
    const whole =
      !malformed && tags.size === 1 && seenRows.size === n && [...seenRows.values()].every((v) => v === n);
    if (t.lastAcked === null && tags.size === 0 && t.inFlight.length === 0) continue; // nothing written yet
    if (tags.size === 0) {
      // None of the saves' rows: every acknowledged save of this tab is lost.
      lost += t.acked.length;
      console.error(`  LOST ${email}: none of its saves (${tab.data.rows.length} other rows)`);
      continue;
    }
    if (!whole) {
      half++;
      console.error(`  HALF-WRITTEN ${email}: ${tab.data.rows.length} rows, saves ${[...tags].join(', ')}`);
      continue;
    }
    const position = t.acked.indexOf(tag);
    const last = t.lastAcked;
    if (last && tag === last.tag) {
      if (new Date(tab.state.updated_at).getTime() !== new Date(last.updatedAt).getTime()) {
        half++;
        console.error(
          `  ${email}: rows of ${tag} but updated_at ${tab.state.updated_at}, acknowledged ${last.updatedAt}`,
        );
        continue;
      }
      verified += t.acked.length;
    } else if (t.inFlight.includes(tag)) {
      verified += t.acked.length; // a save made on the last acknowledged one: all of them are in it
    } else {
      // An older save than the last acknowledged one: every acknowledged save after it is lost.
      lost += position < 0 ? t.acked.length : t.acked.length - position - 1;
      verified += position < 0 ? 0 : position + 1;
      console.error(`  LOST ${email}: holds ${tag}, last acknowledged ${last?.tag}`);
    }
  }
  return { lost, verified, half };
}

function report(mode, cycle, check, restartMs) {
  console.info(
    `  ${mode} cycle ${cycle}: acknowledged so far ${figures.saves} tab saves + ${figures.feedback} feedback, verified ${check.verified}, lost ${check.lost}, half-written tabs ${check.half}, restart ${restartMs} ms`,
  );
  figures.restarts.push({ mode, restartMs });
  return check;
}

// ---- PGlite -------------------------------------------------------------------------------------

async function pgliteProof() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-crash-'));
  const env = { DATA_DIR: dataDir };
  let server = await startServer({ env });
  await grantLpiAccess(server.url);
  let last;
  try {
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const victim = server;
      await load(victim.url, 'pglite', cycle, async () => {
        process.kill(victim.pid, 'SIGKILL');
        await victim.stop(); // resolves on its exit
      });
      server = await startServer({ env });
      last = report('pglite', cycle, await verify(server.url), server.startupMs);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return last;
}

// ---- PostgreSQL ---------------------------------------------------------------------------------

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb refuses root). */
function pgRun(bin, args) {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args]]
    : [`${PG_BIN}/${bin}`, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')}: ${r.status} ${r.stderr}`);
}

async function postgresProof() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-crash-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dir]);
  const start = () =>
    pgRun('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`,
      'start',
    ]);
  const apiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-crash-api-'));
  const env = { DATA_DIR: apiDir, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` };
  let server;
  let clusterUp = false;
  let last;
  try {
    pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust']);
    start();
    clusterUp = true;
    server = await startServer({ env: { ...env, SEED_DEMO: '1' } });
    await grantLpiAccess(server.url);
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      await load(server.url, 'postgres', cycle, async () => {
        pgRun('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
        clusterUp = false;
      });
      // The API outlived its database (or died with it): stop it (killed if it does not stop within 5 s).
      const old = server;
      try {
        process.kill(old.pid, 0);
      } catch {
        figures.apiDied++;
      }
      const stopped = old.stop();
      if ((await Promise.race([stopped.then(() => true), sleep(5000)])) !== true) {
        process.kill(old.pid, 'SIGKILL');
        await stopped;
      }
      server = undefined;
      const t0 = Date.now();
      start();
      clusterUp = true;
      server = await startServer({ env });
      last = report('postgres', cycle, await verify(server.url), Date.now() - t0);
    }
  } finally {
    if (server) await server.stop();
    if (clusterUp) pgRun('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(apiDir, { recursive: true, force: true });
  }
  return last;
}

// ---- main ---------------------------------------------------------------------------------------

ensureApiBuilt();
printMachine();
console.info(
  `Crash proof: ${CYCLES} cycles per mode, load up to ${SECONDS} s per cycle, modes ${MODES.join(', ')}`,
);
const results = {};
for (const mode of MODES) {
  // Each mode starts its ledger afresh: its own database.
  feedbackAcked.clear();
  for (const t of tabs.values()) Object.assign(t, { acked: [], lastAcked: null, inFlight: [] });
  Object.assign(figures, { saves: 0, feedback: 0 });
  const before = figures.acknowledged;
  console.info(`\n${mode}`);
  const check = mode === 'postgres' ? await postgresProof() : await pgliteProof();
  results[mode] = {
    acknowledged: figures.acknowledged - before,
    saves: figures.saves,
    feedback: figures.feedback,
    ...check,
  };
}

console.info('\nSummary');
let failed = false;
for (const [mode, r] of Object.entries(results)) {
  const restarts = figures.restarts.filter((x) => x.mode === mode).map((x) => x.restartMs);
  console.info(
    `  ${mode}: writes acknowledged ${r.acknowledged} (${r.saves} tab saves, ${r.feedback} feedback), verified ${r.verified}, lost ${r.lost}, half-written tabs ${r.half}, restart ${Math.min(...restarts)}-${Math.max(...restarts)} ms`,
  );
  if (r.lost > 0 || r.half > 0 || r.verified !== r.acknowledged) failed = true;
}
if (MODES.includes('postgres'))
  console.info(
    `  the API process died with PostgreSQL (unhandled pg client error) in ${figures.apiDied} of ${CYCLES} cycles`,
  );
if (figures.failedOther > 0)
  console.info(`  writes refused (not acknowledged, not counted): ${figures.failedOther}`);
process.exit(failed ? 1 : 0);
