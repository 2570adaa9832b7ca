#!/usr/bin/env node
// `node bench/ownership.mjs`: the ownership tab's write costs on PostgreSQL (issue #4 targets:
// saving an ownership tab of 500 rows p50 < 300 ms; a 5,000-row bulk upload < 3 s). Starts the
// built API against a new PostgreSQL database (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with the demo data, signs in as
// ada@acme.test, then times, one request at a time: saves creating 500 rows, saves updating those
// 500 rows, and uploads of a 5,000-row filled template (mode=replace). Every request goes to
// 127.0.0.1; every loop is bounded.
// Options: --saves <n> (default 15), --uploads <n> (default 3)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
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

const SAVES = Number(arg('saves', '15'));
const UPLOADS = Number(arg('uploads', '3'));

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (start) => Math.round(performance.now() - start);

function individual(i, ownership) {
  const employee = i % 3 !== 2;
  return employee
    ? {
        identification_id: 17,
        name: `Person ${i}`,
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
        is_senior_management: i % 5 === 0,
        date_of_promotion: i % 5 === 0 ? '2019-01-01' : null,
        is_owner: true,
        ownership,
        initial_ownership_date: '2016-01-01',
      }
    : {
        identification_id: 18,
        name: `Fund ${i}`,
        is_owner: true,
        ownership,
        initial_ownership_date: '2018-06-30',
      };
}

async function timedSave(url, access, body) {
  const start = performance.now();
  const res = await call(`${url}/api/ownership/save`, 'PUT', access, body);
  return { time: ms(start), res };
}

/** The template filled with n rows (from row 3), as a person would in Excel. */
async function filledTemplate(url, access, n) {
  const res = await fetch(`${url}/api/ownerships/template/download`, {
    headers: { authorization: `Bearer ${access}` },
  });
  if (!res.ok) throw new Error(`template: ${res.status}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()));
  const sheet = workbook.getWorksheet('Individuals');
  const titles = ['Founder', 'Partner', 'Principal', 'Director', 'Associate'];
  const genders = ['Woman', 'Man', 'Non-binary'];
  const ethnicities = ['Asian', 'White', 'Hispanic or Latino', 'Black or African American'];
  for (let i = 0; i < n; i++) {
    const r = i + 3;
    const values =
      i % 4 === 3
        ? [
            'Entity/Fund',
            `Upload Fund ${i}`,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            'No',
            null,
            'Yes',
            0.01,
            '2018-06-30',
          ]
        : [
            'Employee',
            `Upload Person ${i}`,
            titles[i % 5],
            '2014-02-01',
            genders[i % 3],
            ethnicities[i % 4],
            'No',
            'No',
            'Prefer not to say',
            'No',
            'Yes',
            'Yes',
            i % 7 === 0 ? 'Yes' : 'No',
            i % 7 === 0 ? '2020-01-01' : null,
            'Yes',
            0.01,
            '2016-01-01',
          ];
    values.forEach((value, c) => {
      if (value !== null) sheet.getCell(r, c + 1).value = value;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function timedUpload(url, access, file, updatedAt) {
  const form = new FormData();
  form.append('updated_at', updatedAt ?? '');
  form.append('mode', 'replace');
  form.append('file', new Blob([file]), 'owners.xlsx');
  const start = performance.now();
  const res = await fetch(`${url}/api/process-excel-ownership`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  const time = ms(start);
  if (!res.ok) throw new Error(`upload: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return { time, res: await res.json() };
}

ensureApiBuilt();
console.info(
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);

const name = `parity_bench_ownership_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_SERVER });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const dbUrl = new URL(PG_SERVER);
dbUrl.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-bench-ownership-'));
try {
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), SEED_DEMO: '1' });
  try {
    const access = await token(server.url);
    const url = server.url;
    let current = await call(`${url}/api/organization/me/ownership`, 'GET', access);

    // Saves that replace the tab with 500 new rows (delete the previous ones, create 500).
    const creates = [];
    for (let n = 0; n < SAVES; n++) {
      const body = {
        updated_at: current.state.updated_at,
        create: Array.from({ length: 500 }, (_, i) => individual(i, 0.2)),
        update: [],
        delete: current.data.rows.map((row) => row.id),
      };
      const { time, res } = await timedSave(url, access, body);
      creates.push(time);
      current = res;
    }
    // Saves that change all 500 rows.
    const updates = [];
    for (let n = 0; n < SAVES; n++) {
      const body = {
        updated_at: current.state.updated_at,
        create: [],
        update: current.data.rows.map((row, i) => ({ ...individual(i, n % 2 ? 0.2 : 0.1), id: row.id })),
        delete: [],
      };
      const { time, res } = await timedSave(url, access, body);
      updates.push(time);
      current = res;
    }
    console.info(
      `\nownership save, 500 rows created (+500 deleted): p50 ${percentile(creates, 50)} ms, p90 ${percentile(creates, 90)} ms, max ${Math.max(...creates)} ms (n=${SAVES})`,
    );
    console.info(
      `ownership save, 500 rows updated: p50 ${percentile(updates, 50)} ms, p90 ${percentile(updates, 90)} ms, max ${Math.max(...updates)} ms (n=${SAVES})`,
    );

    const file = await filledTemplate(url, access, 5000);
    console.info(`\n5,000-row upload file: ${(file.length / 1e6).toFixed(2)} MB`);
    const uploads = [];
    for (let n = 0; n < UPLOADS; n++) {
      const { time, res } = await timedUpload(url, access, file, current.state.updated_at);
      if (res.created !== 5000) throw new Error(`created ${res.created}`);
      uploads.push(time);
      current = { data: res.data, state: res.state };
    }
    console.info(
      `bulk upload of 5,000 rows (mode=replace): ${uploads.join(' ms, ')} ms; p50 ${percentile(uploads, 50)} ms`,
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
