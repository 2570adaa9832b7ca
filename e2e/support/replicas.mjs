// Several API processes behind the round-robin proxy, as docs/operations.md "Several API
// processes" describes: one new PostgreSQL database (created here, dropped on stop), a Redis
// database index of their own for the rate-limit counters, an S3-compatible store (s3rver), the
// same JWT_SECRET and TRUST_PROXY=1 on every process, and the proxy serving the API and the web app.
// The replica journey (e2e/replicas.e2e.ts) and `npm run proof:replicas` (bench/replicas.mjs)
// start it. Plain JavaScript so that both can import it.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import { startRoundRobinProxy } from '../../scripts/round-robin-proxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The PostgreSQL server the topology's database is created on (its own database is left alone). */
export const POSTGRES_SERVER =
  process.env.REPLICAS_POSTGRES_URL ??
  process.env.CI_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
/** The Redis server; the topology uses database index REDIS_DB of it, never the default one. */
export const REDIS_SERVER =
  process.env.REPLICAS_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * A Redis database index apart from the default one, where the API's rate-limit integration test
 * clears the `parity-rl:` keys. Nothing is flushed: the journeys count on addresses and accounts
 * of their own, and the counters expire with their window.
 */
export const REDIS_DB = 9;
const BUCKET = 'parity';
const S3_KEY = 'S3RVER'; // s3rver's one account

/** Names what the topology needs and does not find (PostgreSQL, Redis), or null when both answer. */
export async function missingServices() {
  const missing = [];
  const postgres = new pg.Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await postgres.connect();
    await postgres.query('SELECT 1');
  } catch {
    missing.push(`PostgreSQL at ${POSTGRES_SERVER}`);
  } finally {
    await postgres.end().catch(() => {});
  }
  const redis = new Redis(REDIS_SERVER, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    missing.push(`Redis at ${REDIS_SERVER}`);
  } finally {
    redis.disconnect();
  }
  return missing.length ? missing.join(' and ') : null;
}

/**
 * A reader of a server-sent event stream's text: feed it the chunks as they come and it calls
 * `onEvent({ event, data })` for each event with a name and JSON data (comments and `retry:` skipped).
 *
 * @param {(event: { event: string, data: any }) => void} onEvent
 * @returns {(chunk: string) => void}
 */
export function readEventStream(onEvent) {
  let buffered = '';
  return (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) onEvent({ event, data: JSON.parse(data) });
    }
  };
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function databaseUrl(name) {
  const u = new URL(POSTGRES_SERVER);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer(statement) {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitHealthy(api, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) {
      throw new Error(`API process ${api.index} exited with ${api.child.exitCode}:\n${api.output()}`);
    }
    try {
      if ((await fetch(`${api.url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API process ${api.index} did not answer /api/health within ${timeoutMs} ms`);
}

/** Children still running when this process exits without stop() (a crash) are killed with it. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
function watch(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * @typedef {object} ApiProcess
 * @property {number} index
 * @property {string} url
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} output the end of its log
 */

/**
 * @typedef {object} Replicas
 * @property {string} url the proxy
 * @property {ApiProcess[]} apis
 * @property {{ url: string, pid: number | undefined }} proxy the process it runs in
 * @property {string} databaseUrl
 * @property {string} redisUrl
 * @property {string} s3Endpoint
 * @property {(text: string, params?: unknown[]) => Promise<any[]>} query
 * @property {() => Promise<void>} stop
 */

/**
 * Starts `replicas` built API processes (apps/api/dist/main.js; build first) together, each
 * seeding the demo data (SEED_DEMO=1: the seed's advisory lock lets one do it), and the proxy in
 * front of them. `smtpUrl` sends their mail to an SMTP server (else it stays in mail_outbox);
 * `env` adds to every process's environment; `onForward(request, n)` is the proxy's. The proxy
 * runs in this process, or with `proxyProcess` in one of its own (a load generator's figures
 * should not include the proxy's work; `onForward` is then not called).
 *
 * Answers { url (the proxy), apis: [{ index, url, child, output() }], proxy, databaseUrl,
 * redisUrl, s3Endpoint, query(sql, params) (on the topology's database), stop() }. stop() ends the
 * processes, the proxy and s3rver, drops the database and removes the directories, whatever failed.
 *
 * @param {{
 *   replicas?: number,
 *   label?: string,
 *   smtpUrl?: string,
 *   env?: Record<string, string>,
 *   onForward?: (request: import('node:http').IncomingMessage, upstream: number) => void,
 *   proxyProcess?: boolean,
 * }} [options]
 * @returns {Promise<Replicas>}
 */
export async function startReplicas({
  replicas = 2,
  label = 'replicas',
  smtpUrl,
  env = {},
  onForward,
  proxyProcess = false,
} = {}) {
  const name = `parity_${label}_${Date.now()}_${process.pid}`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `parity-${label}-`));
  const cleanups = [() => fs.rmSync(scratch, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.warn(`replicas: a clean-up step failed: ${error.message}`);
      }
    }
  };
  try {
    await onServer(`CREATE DATABASE ${name}`);
    cleanups.push(() => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const pool = new pg.Pool({ connectionString: databaseUrl(name), max: 2 });
    cleanups.push(() => pool.end());

    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(scratch, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    cleanups.push(() => s3.close());
    const s3Endpoint = `http://127.0.0.1:${s3Port}/`;

    const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
    const upstreams = ports.map((p) => `http://127.0.0.1:${p}`);
    let proxy;
    if (proxyProcess) {
      const child = spawn(
        process.execPath,
        [path.join(root, 'scripts/round-robin-proxy.mjs'), '--port', String(await freePort()), ...upstreams],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      watch(child);
      cleanups.push(() => stopProcess(child));
      const url = await new Promise((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          const found = /at (http:\/\/\S+)/.exec(String(chunk));
          if (found) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`the proxy exited with ${code}`)));
      });
      proxy = { url, pid: child.pid };
    } else {
      const inProcess = await startRoundRobinProxy({ upstreams, onForward });
      cleanups.push(() => inProcess.close());
      proxy = { url: inProcess.url, pid: process.pid };
    }

    const redisUrl = `${REDIS_SERVER.replace(/\/\d*$/, '')}/${REDIS_DB}`;
    const shared = {
      DATABASE_URL: databaseUrl(name),
      SEED_DEMO: '1',
      REDIS_URL: redisUrl,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
      TRUST_PROXY: '1',
      PUBLIC_URL: proxy.url,
      WEB_DIST: path.join(root, 'apps/web/dist'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtpUrl ?? '',
      ...env,
    };
    const apis = ports.map((port, index) => {
      let output = '';
      const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
        cwd: root,
        env: { ...process.env, ...shared, PORT: String(port), DATA_DIR: path.join(scratch, `api-${index}`) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      watch(child);
      const keep = (chunk) => {
        output = (output + chunk).slice(-20_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      return { index, url: `http://127.0.0.1:${port}`, child, output: () => output };
    });
    cleanups.push(() => Promise.all(apis.map((api) => stopProcess(api.child))));
    await Promise.all(apis.map((api) => waitHealthy(api, 180_000)));

    return {
      url: proxy.url,
      apis,
      proxy,
      databaseUrl: databaseUrl(name),
      redisUrl,
      s3Endpoint,
      query: async (text, params) => (await pool.query(text, params)).rows,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
