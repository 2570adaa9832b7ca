#!/usr/bin/env node
// `node bench/admin-reports.mjs`: the admin users report (GET /api/admin/reports/users) streamed
// over 10,000 generated users (issue 14's target: a report of 10,000 rows streamed with flat
// memory, peak RSS reported). Starts the built API with the demo data on PGlite and on PostgreSQL
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres; a database it creates
// and drops), adds the admin benches' 10,000 users (support.mjs addAdminBenchUsers, as
// admin-users.mjs), then downloads the report as CSV and as .xlsx as admin@parity.test, one at a
// time: time to the first byte, total time, the bytes and rows, and the server process's resident
// memory (VmRSS sampled every 10 ms from /proc/<pid>/status: before, the peak during the download,
// and the growth; VmHWM is the process's peak since it started). Every request goes to 127.0.0.1.
// Options: --modes pglite,postgres (default both), --runs <n> (downloads per scenario, default 3)
import fs from 'node:fs';
import http from 'node:http';
import {
  addAdminBenchUsers,
  arg,
  DEMO,
  ensureApiBuilt,
  printMachine,
  token,
  withServer,
} from './support.mjs';

const MODES = arg('modes', 'pglite,postgres').split(',');
const RUNS = Number(arg('runs', '3'));
const SIZE = { users: 10_000, organizations: 200 };

ensureApiBuilt();
printMachine();
console.info(`Runs: ${RUNS} downloads per scenario, one at a time`);

/** A field of /proc/<pid>/status in MiB (VmRSS, VmHWM); null where /proc is not there. */
function memoryMiB(pid, field) {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** One download, read as fast as it comes, with the server's RSS sampled meanwhile. */
function download(url, access, pid) {
  const before = memoryMiB(pid, 'VmRSS');
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryMiB(pid, 'VmRSS') ?? 0);
  }, 10);
  const t0 = process.hrtime.bigint();
  const ms = () => Number(process.hrtime.bigint() - t0) / 1e6;
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${access}` } }, (res) => {
        let firstByte = null;
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk) => {
          firstByte ??= ms();
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines++;
        });
        res.on('end', () => {
          clearInterval(sampler);
          peak = Math.max(peak, memoryMiB(pid, 'VmRSS') ?? 0);
          if (res.statusCode !== 200 || !res.complete) {
            reject(new Error(`${url}: ${res.statusCode}, complete ${res.complete}`));
            return;
          }
          resolve({ firstByte, total: ms(), bytes, lines, before, peak, hwm: memoryMiB(pid, 'VmHWM') });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];

for (const mode of MODES) {
  await withServer(
    {
      label: 'admin_reports',
      postgres: mode === 'postgres',
      prepare: (exec) => addAdminBenchUsers(exec, SIZE),
    },
    async (server) => {
      const admin = await token(server.url, { ...DEMO, username: 'admin@parity.test' }, '127.0.0.3');
      const scenarios = [
        ['users CSV, every active user', '/api/admin/reports/users?format=csv'],
        ['users .xlsx, every active user', '/api/admin/reports/users?format=xlsx'],
        ['users CSV, approved only', '/api/admin/reports/users?format=csv&status=approved'],
        ['users CSV, search okafor', '/api/admin/reports/users?format=csv&search=okafor'],
      ];
      // One untimed download first: the first seconds of a new server (JIT, plans) are not the figure.
      await download(`${server.url}${scenarios[0][1]}`, admin, server.pid);
      for (const [title, path] of scenarios) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await download(`${server.url}${path}`, admin, server.pid));
        const last = runs[runs.length - 1];
        const row = {
          scenario: `${mode} ${title}`,
          'first byte ms': Math.round(median(runs.map((r) => r.firstByte))),
          'total ms': Math.round(median(runs.map((r) => r.total))),
          KiB: Math.round(last.bytes / 1024),
          lines: path.includes('csv') ? last.lines : null,
          'RSS before MiB': Math.round(runs[0].before),
          'RSS peak MiB': Math.round(Math.max(...runs.map((r) => r.peak))),
          'RSS growth MiB': Math.round(Math.max(...runs.map((r) => r.peak - r.before))),
          'VmHWM MiB': Math.round(last.hwm),
        };
        console.info(`  ${JSON.stringify(row)}`);
        rows.push(row);
      }
    },
  );
}

console.info(
  '\nSummary (GET /api/admin/reports/users as admin@parity.test, 10,000 generated users + the demo)',
);
for (const r of rows) {
  console.info(
    `  ${r.scenario}: first byte ${r['first byte ms']} ms, total ${r['total ms']} ms, ${r.KiB} KiB ` +
      `(${r.lines} lines), server RSS ${r['RSS before MiB']} -> peak ${r['RSS peak MiB']} MiB ` +
      `(+${r['RSS growth MiB']} MiB), VmHWM ${r['VmHWM MiB']} MiB`,
  );
}
