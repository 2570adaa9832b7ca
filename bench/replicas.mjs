#!/usr/bin/env node
// `npm run proof:replicas` (`node bench/replicas.mjs`): the replica journey under load, on one API
// process and then on two behind the round-robin proxy (docs/operations.md, "Several API
// processes"). Each phase starts the topology afresh (e2e/support/replicas.mjs: a new PostgreSQL
// database on REPLICAS_POSTGRES_URL's server, created and dropped, Redis database index 9 of
// REPLICAS_REDIS_URL's, s3rver, the proxy in a process of its own), adds bench users, then runs
// --connections (default 16) virtual users for --warmup (default 10) plus --duration (default 60)
// seconds; only what finishes after the warm-up counts. Each virtual user runs journeys one after another, each from
// a new loopback address (the proxy forwards it as the client's; the token endpoint allows 20
// sign-ins a minute per address) and with new connections, as a new visitor would:
//
//   the page (GET /), sign in, open the notification stream (its first event), the account, the
//   notifications, the LPI staff tab read, saved on what was read, saved again on the same base
//   (409 stale_save expected), a file uploaded, downloaded (same bytes) and deleted, a second
//   user (the journey's buddy, signed in once per phase) unfollows and follows the first: the
//   notification must arrive on the open stream; read all (the stream's unread event), log out,
//   and the logged-out token answers 401.
//
// Every answer is checked (status, and bytes or events where named); a failed step or no answer
// within 10 s is an error and ends that journey. Prints per phase: journeys/s, requests/s, errors,
// request latency p50/p99 (a stream's: until its first event), journey p50/p99, the delay from the
// follow's answer to its notification on the stream, the CPU time of the API processes (per
// journey), the proxy, this process and PostgreSQL's backends (/proc), and the load average.
// --replicas 1,2 (default) names the phases (1,2,1,2 alternates them on a busy machine).
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { readEventStream, startReplicas } from '../e2e/support/replicas.mjs';
import { addBenchUsers, arg, cpuMs, DEMO, ensureBuilt, printMachine } from './support.mjs';

const CONNECTIONS = Number(arg('connections', '16'));
const DURATION_S = Number(arg('duration', '60'));
const WARMUP_S = Number(arg('warmup', '10'));
const PHASES = arg('replicas', '1,2').split(',').map(Number);
const TIMEOUT_MS = 10_000;
/** The demo organizations bench users are spread over (Northwind aside): one each, no two saving one tab. */
const ORGANIZATIONS = 27;
if (CONNECTIONS > ORGANIZATIONS) throw new Error(`--connections is at most ${ORGANIZATIONS}`);

class StepError extends Error {}

let addresses = 0;
/** A loopback address not used before in this run (127.1.0.1 on). */
function nextAddress() {
  const n = addresses++;
  return `127.${1 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One phase's figures; `counting` is on between the warm-up's end and the duration's. */
function newFigures() {
  return { counting: false, journeys: 0, requests: 0, errors: [], latencies: [], journeyMs: [], liveMs: [] };
}

/**
 * A visitor's client: one keep-alive agent bound to one new loopback address. `request` resolves
 * { status, body (Buffer), json } or throws StepError on no answer within TIMEOUT_MS; each answered
 * request counts with its latency.
 */
function client(base, figures) {
  const localAddress = nextAddress();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const request = (method, path, { token, json, raw } = {}) => {
    const body = raw?.body ?? (json === undefined ? undefined : JSON.stringify(json));
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) {
      headers['content-type'] = raw?.type ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers, agent, localAddress }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          if (figures.counting) {
            figures.requests++;
            figures.latencies.push(performance.now() - started);
          }
          const buffer = Buffer.concat(chunks);
          let parsed;
          try {
            parsed = JSON.parse(buffer.toString());
          } catch {}
          resolve({ status: res.statusCode, body: buffer, json: parsed });
        });
      });
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(new StepError(`${method} ${path}: ${error.message}`));
      });
      req.end(body);
    });
  };

  /** The notification stream: `next(match)` waits (TIMEOUT_MS at most) for an event that matches. */
  const stream = (token) => {
    const events = [];
    const waiting = [];
    let req;
    const started = performance.now();
    const opened = new Promise((resolve, reject) => {
      req = http.get(
        `${base}/api/notifications/stream`,
        { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, agent, localAddress },
        (res) => {
          if (res.statusCode !== 200)
            reject(new StepError(`GET /api/notifications/stream: ${res.statusCode}`));
          res.setEncoding('utf8');
          res.on(
            'data',
            readEventStream((event) => {
              const found = { ...event, at: performance.now() };
              events.push(found);
              for (const w of waiting.splice(0)) {
                if (w.match(found)) w.resolve(found);
                else waiting.push(w);
              }
            }),
          );
          resolve();
        },
      );
      req.on('error', (error) => reject(new StepError(`GET /api/notifications/stream: ${error.message}`)));
    });
    const next = (what, match) =>
      new Promise((resolve, reject) => {
        const seen = events.find(match);
        if (seen) return resolve(seen);
        const timer = setTimeout(
          () => reject(new StepError(`no ${what} on the stream within ${TIMEOUT_MS} ms`)),
          TIMEOUT_MS,
        );
        waiting.push({
          match,
          resolve: (found) => {
            clearTimeout(timer);
            resolve(found);
          },
        });
      });
    return {
      opened,
      async first() {
        await opened;
        const found = await next('first event', () => true);
        if (figures.counting) {
          figures.requests++;
          figures.latencies.push(found.at - started);
        }
      },
      next,
      close: () => req?.destroy(),
    };
  };
  return { request, stream, close: () => agent.destroy() };
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) {
    throw new StepError(
      `${what}: ${answer.status} (expected ${status}) ${answer.body.toString().slice(0, 200)}`,
    );
  }
  return answer;
}

/** Uploads `text` as an organization document of the token's user; answers {id, download_url}. */
async function upload(c, token, text) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), 'replica-bench.txt');
  const encoded = new Response(form);
  const answer = await c.request('POST', '/api/organizations/me/files', {
    token,
    raw: { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') },
  });
  return expectStatus(answer, 201, 'upload').json;
}

/** One visitor's journey as `user` (email, id) with `buddy` (a signed-in second user). */
async function journey(base, figures, user, buddy) {
  const started = performance.now();
  const c = client(base, figures);
  let stream;
  try {
    expectStatus(await c.request('GET', '/'), 200, 'GET /');
    const signedIn = expectStatus(
      await c.request('POST', '/api/oauth/token/', {
        json: {
          grant_type: 'password',
          client_id: 'parity-web',
          username: user.email,
          password: DEMO.password,
        },
      }),
      200,
      'sign in',
    );
    const { access_token: token, refresh_token: refresh } = signedIn.json;
    stream = c.stream(token);
    await stream.first();
    expectStatus(await c.request('GET', '/api/user-account', { token }), 200, 'account');
    expectStatus(await c.request('GET', '/api/notifications?limit=5', { token }), 200, 'notifications');

    const tab = expectStatus(
      await c.request('GET', '/api/organization/me/staff', { token }),
      200,
      'staff read',
    );
    const base_ = tab.json.state.updated_at;
    const figuresOf = (shift) =>
      tab.json.data.rows.map((row, r) => ({
        ethnicity_id: row.ethnicity_id,
        genders: row.genders.map((cell, k) => ({ id: cell.id, value: (r + k + shift) % 7 })),
      }));
    const shift = Math.floor(Math.random() * 1000);
    expectStatus(
      await c.request('PUT', '/api/staff/save', {
        token,
        json: { updated_at: base_, data: figuresOf(shift) },
      }),
      200,
      'staff save',
    );
    const stale = expectStatus(
      await c.request('PUT', '/api/staff/save', {
        token,
        json: { updated_at: base_, data: figuresOf(shift + 1) },
      }),
      409,
      'stale staff save',
    );
    if (stale.json?.error !== 'stale_save') throw new StepError(`stale save: ${stale.body}`);

    const bytes = crypto.randomBytes(1536).toString('base64');
    const uploaded = await upload(c, token, bytes);
    const downloaded = expectStatus(
      await c.request('GET', uploaded.download_url, { token }),
      200,
      'download',
    );
    if (downloaded.body.toString() !== bytes) throw new StepError('download: other bytes than uploaded');
    expectStatus(
      await c.request('DELETE', `/api/organizations/me/files/${uploaded.id}`, { token }),
      200,
      'delete file',
    );

    // Only a new follow notifies: the buddy unfollows first (a no-op after the first journey's end).
    expectStatus(
      await c.request('DELETE', `/api/community/people/${user.id}/follow`, { token: buddy.token }),
      204,
      'unfollow',
    );
    expectStatus(
      await c.request('PUT', `/api/community/people/${user.id}/follow`, { token: buddy.token }),
      200,
      'follow',
    );
    const answeredAt = performance.now();
    const live = await stream.next('follow notification', (e) => e.event === 'notification');
    if (figures.counting) figures.liveMs.push(Math.max(0, live.at - answeredAt));
    expectStatus(await c.request('POST', '/api/notifications/read-all', { token }), 200, 'read all');
    await stream.next('unread count', (e) => e.event === 'unread' && e.data.unread === 0 && e.at > live.at);

    expectStatus(
      await c.request('POST', '/api/oauth/logout', { json: { refresh_token: refresh } }),
      204,
      'logout',
    );
    expectStatus(await c.request('GET', '/api/user-account', { token }), 401, 'after logout');
    if (figures.counting) {
      figures.journeys++;
      figures.journeyMs.push(performance.now() - started);
    }
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    if (figures.counting) figures.errors.push(error.message);
  } finally {
    stream?.close();
    c.close();
  }
}

async function phase(replicas) {
  const topology = await startReplicas({ replicas, label: 'proof_replicas', proxyProcess: true });
  try {
    const exec = (text, params) => topology.query(text, params);
    await addBenchUsers(exec, CONNECTIONS * 2);
    // The first CONNECTIONS bench users run the journeys (each in an organization of its own);
    // they are listed in the community so that their buddies may follow them.
    const users = await exec(
      `SELECT id, email FROM users WHERE email LIKE 'bench-%@bench.test' ORDER BY id LIMIT $1`,
      [CONNECTIONS * 2],
    );
    const visitors = users.slice(0, CONNECTIONS);
    await exec(`INSERT INTO community_people (user_id, listed_at) SELECT unnest($1::int[]), now()`, [
      visitors.map((u) => u.id),
    ]);
    const setup = newFigures();
    const signedIn = [];
    for (const u of users) {
      const c = client(topology.url, setup);
      const answer = await c.request('POST', '/api/oauth/token/', {
        json: { grant_type: 'password', client_id: 'parity-web', username: u.email, password: DEMO.password },
      });
      if (answer.status !== 200) throw new Error(`sign-in of ${u.email}: ${answer.status} ${answer.body}`);
      signedIn.push({ ...u, token: answer.json.access_token });
      // s3rver removes a directory that a delete empties, racing with the writes and deletes under
      // it (a 500, or its process stopped): each visitor's organization keeps one file throughout.
      if (signedIn.length <= CONNECTIONS) await upload(c, answer.json.access_token, 'keep');
      c.close();
    }
    const buddies = signedIn.slice(CONNECTIONS);

    const figures = newFigures();
    const pids = [...topology.apis.map((api) => api.child.pid), topology.proxy.pid];
    const load = os.loadavg();
    let cpuBefore = [];
    const startedAt = Date.now();
    const endAt = startedAt + (WARMUP_S + DURATION_S) * 1000;
    let ownBefore = process.cpuUsage();
    // PostgreSQL's backends serving the topology's database (the pools keep theirs under load).
    const backends = async () =>
      (await exec('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).map((r) => r.pid);
    let postgresBefore = new Map();
    const warm = setTimeout(async () => {
      figures.counting = true;
      cpuBefore = pids.map(cpuMs);
      ownBefore = process.cpuUsage();
      postgresBefore = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]));
    }, WARMUP_S * 1000);
    const stop = setTimeout(() => {
      figures.counting = false;
    }, endAt - startedAt);
    const cpuAtEnd = new Promise((resolve) =>
      setTimeout(async () => {
        const own = process.cpuUsage(ownBefore);
        const api = pids.map(cpuMs);
        let postgres = 0;
        for (const pid of await backends()) {
          const now = cpuMs(pid);
          const before = postgresBefore.get(pid);
          if (now !== null && before != null) postgres += now - before;
        }
        resolve([...api, postgres, own]);
      }, endAt - startedAt),
    );
    await Promise.all(
      visitors.map(async (user, i) => {
        while (Date.now() < endAt) await journey(topology.url, figures, user, buddies[i]);
      }),
    );
    clearTimeout(warm);
    clearTimeout(stop);
    const cpuAfter = await cpuAtEnd;
    const own = cpuAfter.pop();
    const postgresCpuMs = cpuAfter.pop();
    const used = cpuAfter.map((ms, i) => ms - (cpuBefore[i] ?? ms));
    return {
      replicas,
      figures,
      ownCpuMs: (own.user + own.system) / 1000,
      postgresCpuMs,
      apiCpuMs: used.slice(0, -1),
      proxyCpuMs: used.at(-1),
      load,
      loadAfter: os.loadavg(),
    };
  } finally {
    await topology.stop();
  }
}

function report({ replicas, figures, apiCpuMs, proxyCpuMs, ownCpuMs, postgresCpuMs, load, loadAfter }) {
  const cpu = apiCpuMs.reduce((sum, ms) => sum + ms, 0);
  const sorted = (list) => [...list].sort((a, b) => a - b);
  const lat = sorted(figures.latencies);
  const jour = sorted(figures.journeyMs);
  const live = sorted(figures.liveMs);
  const ms = (v) => `${Math.round(v)} ms`;
  const label = replicas === 1 ? '1 process' : `${replicas} processes`;
  console.info(
    `${label}: ${(figures.journeys / DURATION_S).toFixed(1)} journeys/s (${figures.journeys}), ` +
      `${Math.round(figures.requests / DURATION_S)} requests/s (${figures.requests}), errors ${figures.errors.length}; ` +
      `request p50 ${ms(percentile(lat, 50))}, p99 ${ms(percentile(lat, 99))}; ` +
      `journey p50 ${ms(percentile(jour, 50))}, p99 ${ms(percentile(jour, 99))}; ` +
      `notification on the stream p50 ${ms(percentile(live, 50))}, p99 ${ms(percentile(live, 99))}; ` +
      `API CPU ${figures.journeys ? Math.round(cpu / figures.journeys) : '-'} ms per journey ` +
      `(${apiCpuMs.map((v) => `${(v / 1000).toFixed(1)} s`).join(' + ')}; the proxy ${(proxyCpuMs / 1000).toFixed(1)} s, ` +
      `this load generator with s3rver ${(ownCpuMs / 1000).toFixed(1)} s, ` +
      `PostgreSQL's backends ${(postgresCpuMs / 1000).toFixed(1)} s); ` +
      `load average ${load.map((v) => v.toFixed(2)).join(' ')} before, ${loadAfter.map((v) => v.toFixed(2)).join(' ')} after`,
  );
  const kinds = new Map();
  for (const e of figures.errors) {
    const kind = e.replace(/\d+/g, 'N').slice(0, 120);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  for (const [kind, n] of kinds) console.info(`  ${n} x ${kind}`);
}

ensureBuilt();
printMachine();
console.info(
  `Load: ${CONNECTIONS} visitors, each journey after journey, ${WARMUP_S} s warm-up + ${DURATION_S} s measured per phase`,
);
const results = [];
for (const replicas of PHASES) {
  const result = await phase(replicas);
  report(result);
  results.push(result);
}
const failed = results.some((r) => r.figures.errors.length > 0);
process.exit(failed ? 1 : 0);
