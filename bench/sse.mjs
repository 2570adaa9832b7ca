#!/usr/bin/env node
// `node bench/sse.mjs`: issue 17's live notifications under load. Starts the built API on a new
// PostgreSQL database (BENCH_POSTGRES_URL; created and dropped) with --users bench users signed in,
// opens --connections event streams (GET /api/notifications/stream, the users' open tabs in turn),
// then writes --rate notifications a second for --seconds, each as core/outbox's notify() writes
// it (the row and its pg_notify in one transaction, straight on the database: the producers are
// other modules), to one user at a time. It prints:
// - the latency from the write's COMMIT (sent) to the event read on each of that user's streams,
//   p50 / p99 / max (target: p99 under 1 s);
// - the server's RSS and JS heap after a full collection (bench/soak-probe.cjs) before the
//   streams, once they are open and every 10 s while the notifications flow (target: flat).
// PostgreSQL only: on PGlite nothing outside the API process can write to its database.
// Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --connections <n> (default 1000), --users <n> (default 250), --rate <n/s> (default 50),
// --seconds <s> (default 60)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { arg, ensureApiBuilt, printMachine, root, withServer } from './support.mjs';

const CONNECTIONS = Number(arg('connections', '1000'));
const USERS = Number(arg('users', '250'));
const RATE = Number(arg('rate', '50'));
const SECONDS = Number(arg('seconds', '60'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The server's RSS, and its JS heap after a full collection (soak-probe.cjs answers SIGUSR2). */
async function memoryOf(pid, file) {
  const asked = Date.now();
  let heap = null;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100 && heap === null; i++) {
    await sleep(50);
    try {
      const read = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (read.at >= asked) heap = read.heapUsed / 2 ** 20;
    } catch {}
  }
  return { rss: rssMb(pid), heap };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** One open stream: calls onNotification(title, receivedAt) for each notification event. */
function openStream(url, token, agent, onNotification) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${url}/api/notifications/stream`,
      { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.startsWith('event: notification')) continue;
            const data = block.slice(block.indexOf('data: ') + 6);
            onNotification(JSON.parse(data).notification.title, at);
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

ensureApiBuilt();
printMachine();
console.info(
  `${CONNECTIONS} streams of ${USERS} users; ${RATE} notifications/s for ${SECONDS} s, each to one user`,
);

const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-sse-'));
const probeFile = path.join(probeDir, 'memory.json');
try {
  await withServer(
    {
      label: 'sse',
      postgres: true,
      users: USERS,
      env: {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --require ${JSON.stringify(path.join(root, 'bench/soak-probe.cjs'))}`,
        SOAK_PROBE_FILE: probeFile,
      },
    },
    async (server) => {
      const db = new pg.Client({ connectionString: server.databaseUrl });
      await db.connect();
      const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
      const streams = [];
      try {
        const { rows } = await db.query(
          `SELECT id, substring(email from 'bench-(\\d+)@')::int AS g FROM users WHERE email LIKE 'bench-%@bench.test'`,
        );
        const userIds = new Map(rows.map((r) => [r.g, r.id]));
        const memory = [{ at: 'started', ...(await memoryOf(server.pid, probeFile)) }];

        // title -> write time, and the latencies of every event received
        const written = new Map();
        const latencies = [];
        const streamsOfUser = new Map();
        const onNotification = (title, at) => {
          const t0 = written.get(title);
          if (t0 !== undefined) latencies.push(at - t0);
        };
        const opening = performance.now();
        for (let c = 0; c < CONNECTIONS; c++) {
          const g = (c % USERS) + 1;
          streams.push(await openStream(server.url, server.tokens[g - 1], agent, onNotification));
          streamsOfUser.set(g, (streamsOfUser.get(g) ?? 0) + 1);
        }
        console.info(`${CONNECTIONS} streams open in ${((performance.now() - opening) / 1000).toFixed(1)} s`);
        await sleep(2000);
        memory.push({ at: `${CONNECTIONS} streams open`, ...(await memoryOf(server.pid, probeFile)) });

        let expected = 0;
        let seq = 0;
        const started = performance.now();
        let nextSample = started + 10_000;
        while (performance.now() - started < SECONDS * 1000) {
          const due = started + (seq * 1000) / RATE;
          if (due > performance.now()) await sleep(due - performance.now());
          const g = (seq % USERS) + 1;
          const title = `bench ${seq++}`;
          await db.query('BEGIN');
          await db.query(
            `WITH written AS (
               INSERT INTO notifications (user_id, kind, type, title, link, mail_status)
               VALUES ($1, 'pod_post', 'base', $2, '/pods', 'none') RETURNING id, user_id)
             SELECT pg_notify('parity_notifications', json_build_object('id', id, 'user_id', user_id, 'mail', false)::text)
             FROM written`,
            [userIds.get(g), title],
          );
          written.set(title, performance.now());
          await db.query('COMMIT');
          expected += streamsOfUser.get(g) ?? 0;
          if (performance.now() >= nextSample) {
            nextSample += 10_000;
            const sample = await memoryOf(server.pid, probeFile);
            memory.push({ at: `${Math.round((performance.now() - started) / 1000)} s`, ...sample });
          }
        }
        for (let i = 0; i < 100 && latencies.length < expected; i++) await sleep(50);
        memory.push({ at: 'end', ...(await memoryOf(server.pid, probeFile)) });

        const sorted = [...latencies].sort((a, b) => a - b);
        console.info(
          `\n${seq} notifications written, ${latencies.length} of ${expected} events received ` +
            `(${((100 * latencies.length) / Math.max(1, expected)).toFixed(1)}%)`,
        );
        console.info(
          `commit -> event: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
            `max ${sorted.at(-1).toFixed(1)} ms`,
        );
        console.info('\nserver memory (RSS, JS heap after a full GC):');
        for (const m of memory) {
          console.info(`  ${m.at.padEnd(22)} RSS ${m.rss?.toFixed(1)} MB, heap ${m.heap?.toFixed(1)} MB`);
        }
      } finally {
        for (const req of streams) req.destroy();
        agent.destroy();
        await db.end();
      }
    },
  );
} finally {
  fs.rmSync(probeDir, { recursive: true, force: true });
}
