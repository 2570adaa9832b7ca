#!/usr/bin/env node
// `npm run proof:soak` (`node bench/soak.mjs`): a steady mixed workload for --minutes (default 10)
// with no error and a flat memory (issue #20 point 9). Not part of `npm test` nor of CI: it takes
// ten minutes per mode. Per mode (--modes, default pglite; pglite,postgres for both) it starts the
// built API on a new data directory (PGlite, demo seeded) or on a new PostgreSQL database
// (BENCH_POSTGRES_URL's server, created and dropped) with 20 bench users, then offers an
// open-loop rate (--rate requests per second, default 20): requests are scheduled on a clock, never
// one after another's answer, so a slow server shows as latency, not as a lower rate. Each tick
// takes the next kind of a fixed mix of 20:
// - 1 sign-in (POST /api/oauth/token of a demo or bench user, each from its own loopback address:
//   the token endpoint's per-address limit); the new token replaces the user's in the readers' pool;
// - 12 reads (account, invitations, dashboard LPI and history, organization, its admins; the host's
//   surveys, a survey's participants and its LPI figures), in turn, by the signed-in users in turn;
// - 3 LPI tab saves: six savers (ownership and staff tabs of Acme, Cedar and Northwind, by their
//   admins) each read the tab, then save it on the updated_at they read (PUT /api/ownership/save
//   renaming its owners and leaders, adding one person and deleting the last one added; PUT
//   /api/staff/save with the figures moved between cells, the total kept); a
//   tick takes the next idle saver's next step;
// - 4 survey steps: cycles of the host (host@northwind.test) creating a survey (POST /api/surveys)
//   and inviting Cedar by its admin's email (Acme's demo profile is partial), its admin marking every step
//   complete and submitting (POST /api/surveys/{id}/submit); a tick takes the next step of an idle
//   cycle (at most 4 at once; a new one starts when none is idle).
// A tick whose save or survey agents are all waiting for an answer sends a read instead (counted),
// so the offered rate stays the one asked for. Every answer is checked: any non-2xx or no answer
// within 10 s is an error, counted by route. Every 10 s a line: elapsed, requests answered, errors,
// p50/p99 of the window (from each request's scheduled time), the server's CPU share, its RSS
// (/proc/<pid>/status) and its JS heap after a full collection (bench/soak-probe.cjs, loaded into
// the server for the run, answers SIGUSR2). The summary: requests per kind and per route, errors,
// p50/p99, RSS and heap at minute 1 and at the end, the slope of a linear fit of each after the
// first minute, and 'memory flat' when both are under 1 MB/min. Exits 1 on any error or a slope
// over that. Every request goes to 127.0.0.1; every loop is bounded in time.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { arg, DEMO, ensureApiBuilt, printMachine, root, withServer } from './support.mjs';

const MINUTES = Number(arg('minutes', '10'));
const RATE = Number(arg('rate', '20'));
const MODES = arg('modes', 'pglite').split(',');
const BENCH_USERS = Number(arg('users', '20'));
const TIMEOUT_MS = 10_000;
const SAMPLE_MS = 10_000;
const WARMUP_S = Number(arg('warmup', '30'));
/**
 * The slope (MB per minute after the first minute, of RSS and of the heap after a full GC) under
 * which memory is called flat. At 20 requests per second 1 MB/min is 870 bytes per request (1,750
 * at 10): a per-request leak of anything a request holds (its body, a session, a closure, a
 * prepared statement, a rate-limit entry) keeps at least that much, so it shows above the line,
 * while a fixed cost reached once (JIT code, pools, caches filling up) flattens out after the
 * first minute. The heap is read after a full collection, so the collector's sawtooth (50 MB of
 * RSS up and down without it) does not move the fit; the fit's standard error is printed beside it.
 */
const FLAT_MB_PER_MIN = 1;
const MAX_CYCLES = 4;

const RESPONDENTS = ['ada@acme.test', 'eve@cedar.test'];
// Acme's demo profile is partial on purpose (work left for ada): its ownership step does not add
// up, so a survey step of Acme's could not be marked complete (422). Cedar's profile is whole.
const SURVEY_RESPONDENT = 'eve@cedar.test';
const HOST = 'host@northwind.test';
const ADMINS = [...RESPONDENTS, HOST];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- HTTP ---------------------------------------------------------------------------------------

/**
 * One keep-alive agent: a steady client reuses its connections, as browsers do. An idle
 * connection is closed by the client after 4 s, before any server's keep-alive timeout (Node's
 * default is 5 s, Fastify's 72 s): a request written on a connection the server is closing at that
 * moment is reset (ECONNRESET), which browsers retry and this client would count as an error.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });

/**
 * One request: resolves { status, body } or { status: 0, body: reason } on a timeout or a failed
 * connection; never rejects. `localAddress` for sign-ins (their own loopback address).
 */
function request(url, method, { access, body, localAddress } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent: localAddress ? undefined : agent,
        localAddress,
        timeout: TIMEOUT_MS,
        headers: {
          ...(access ? { authorization: `Bearer ${access}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode, body: parsed });
        });
        res.on('error', (e) => resolve({ status: 0, body: String(e) }));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (e) => resolve({ status: 0, body: String(e.message ?? e) }));
    req.end(payload);
  });
}

/** A set-up request that must succeed. */
async function must(url, method, access, body) {
  const r = await request(url, method, { access, body });
  if (r.status < 200 || r.status >= 300)
    throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

let addresses = 0;
/** The next unused loopback address (127.1.0.1 on): each sign-in from its own. */
function nextAddress() {
  addresses++;
  return `127.${1 + (addresses >> 16)}.${(addresses >> 8) & 255}.${addresses & 255 || 1}`;
}

async function signIn(url, email) {
  const r = await request(`${url}/api/oauth/token/`, 'POST', {
    body: { grant_type: 'password', client_id: 'parity-web', username: email, password: DEMO.password },
    localAddress: nextAddress(),
  });
  if (r.status !== 200) throw new Error(`sign-in ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.access_token;
}

// ---- figures ------------------------------------------------------------------------------------

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The server's memory after a full garbage collection: bench/soak-probe.cjs, loaded into it,
 * answers SIGUSR2 by collecting and writing process.memoryUsage() to `file`. Then its RSS.
 * Null fields when no answer came within 5 s.
 */
async function memoryOf(pid, file) {
  const asked = Date.now();
  let usage = null;
  try {
    process.kill(pid, 'SIGUSR2');
    for (let i = 0; i < 100 && !usage; i++) {
      await sleep(50);
      try {
        const read = JSON.parse(fs.readFileSync(file, 'utf8'));
        if (read.at >= asked) usage = read;
      } catch {}
    }
  } catch {}
  return { rss: rssMb(pid), heap: usage ? usage.heapUsed / 2 ** 20 : null };
}

/** CPU time (user + system) the server has used so far, in ms. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Least squares of y on x: slope and its standard error. */
function fit(points) {
  const n = points.length;
  if (n < 3) return { slope: 0, se: 0 };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  const slope = sxy / sxx;
  const residual = points.reduce((s, p) => s + (p.y - my - slope * (p.x - mx)) ** 2, 0);
  return { slope, se: Math.sqrt(residual / (n - 2) / sxx) };
}

// ---- one mode -----------------------------------------------------------------------------------

async function soak(mode) {
  const postgres = mode === 'postgres';
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-soak-'));
  const probeFile = path.join(probeDir, 'memory.json');
  const env = {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --require ${JSON.stringify(path.join(root, 'bench/soak-probe.cjs'))}`,
    SOAK_PROBE_FILE: probeFile,
  };
  try {
    return await soakOn(mode, postgres, env, probeFile);
  } finally {
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

async function soakOn(mode, postgres, env, probeFile) {
  return withServer({ label: `soak_${mode}`, postgres, users: BENCH_USERS, env }, async (server) => {
    const { url, pid } = server;
    const today = new Date().toISOString().slice(0, 10);
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

    // Set-up: every admin has LPI access (only Acme's has it in the demo); who is who.
    const tokens = new Map();
    const profile = new Map();
    for (const email of [...ADMINS, 'max@acme.test']) {
      const access = await signIn(url, email);
      tokens.set(email, access);
      profile.set(email, await must(`${url}/api/user-account`, 'GET', access));
    }
    for (const email of ADMINS) {
      const access = tokens.get(email);
      const list = await must(`${url}/api/organizations/me/permissions`, 'GET', access);
      const me = list.data.find((m) => m.email === email);
      if (!me.permissions.average_lpi_score_access)
        await must(`${url}/api/organizations/me/members/${me.id}/permissions`, 'PUT', access, {
          average_lpi_score_access: true,
        });
    }
    const benchEmails = server.tokens.map((_, i) => `bench-${i + 1}@bench.test`);
    for (const [i, t] of server.tokens.entries()) tokens.set(benchEmails[i], t);
    const host = profile.get(HOST);
    const hosted = await must(`${url}/api/surveys`, 'GET', tokens.get(HOST));
    const dei = hosted.data.find((s) => s.status === 'Active') ?? hosted.data[0];
    const orgOf = (email) => (profile.get(email) ?? profile.get('ada@acme.test')).organization.id;

    // ---- the figures of this run
    const kinds = { 'sign-in': 0, read: 0, 'tab save': 0, 'survey step': 0 };
    const routes = new Map(); // route -> { n, errors }
    const errors = [];
    let substituted = 0;
    let measuring = false;
    const warmUp = { timeouts: 0, errors: 0 };
    let submits = 0;
    let window = [];
    const all = [];
    let inFlight = 0;

    /** Sends one scheduled request and records its answer (latency from its scheduled time). */
    async function send(kind, route, scheduledAt, method, path, options) {
      const measured = measuring;
      if (measured) kinds[kind]++;
      inFlight++;
      const r = await request(`${url}${path}`, method, options);
      inFlight--;
      if (!measured) {
        if (r.status >= 200 && r.status < 300) return r.body;
        warmUp[r.status === 0 ? 'timeouts' : 'errors']++;
        console.error(`  warm-up ${route}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        return null;
      }
      const ms = performance.now() - scheduledAt;
      window.push(ms);
      all.push(ms);
      const entry = routes.get(route) ?? { n: 0, errors: 0, ms: [] };
      entry.n++;
      entry.ms.push(ms);
      routes.set(route, entry);
      if (r.status < 200 || r.status >= 300) {
        entry.errors++;
        errors.push({ route, status: r.status, body: JSON.stringify(r.body).slice(0, 200) });
        if (errors.length <= 10)
          console.error(`  ERROR ${route}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        return null;
      }
      return r.body;
    }

    // ---- sign-ins: the demo admins, max and the bench users in turn
    const signers = [...tokens.keys()];
    let nextSigner = 0;
    function signInTick(at) {
      const email = signers[nextSigner++ % signers.length];
      send('sign-in', 'POST /api/oauth/token', at, 'POST', '/api/oauth/token/', {
        body: { grant_type: 'password', client_id: 'parity-web', username: email, password: DEMO.password },
        localAddress: nextAddress(),
      }).then((body) => {
        if (body?.access_token) tokens.set(email, body.access_token);
      });
    }

    // ---- reads: [route, path, who] in turn; `member` is the next signed-in respondent user
    const members = [...RESPONDENTS, 'max@acme.test', ...benchEmails];
    let nextMember = 0;
    const READS = [
      ['GET /api/user-account', () => '/api/user-account', 'member'],
      ['GET /api/surveys/invitations', () => '/api/surveys/invitations', 'member'],
      ['GET /api/organizations/{id}/lpi', (e) => `/api/organizations/${orgOf(e)}/lpi`, 'admin'],
      ['GET /api/organizations/me/historical-lpi', () => '/api/organizations/me/historical-lpi', 'admin'],
      ['GET /api/organizations/{id}', (e) => `/api/organizations/${orgOf(e)}`, 'member'],
      ['GET /api/organizations/me/admins', () => '/api/organizations/me/admins', 'member'],
      ['GET /api/surveys', () => '/api/surveys', HOST],
      ['GET /api/surveys/{id}/participants', () => `/api/surveys/${dei.id}/participants`, HOST],
      ['GET /api/surveys/{id}/lpi', () => `/api/surveys/${dei.id}/lpi`, HOST],
    ];
    let nextRead = 0;
    function readTick(at) {
      const [route, path, who] = READS[nextRead++ % READS.length];
      const email =
        who === 'member'
          ? members[nextMember++ % members.length]
          : who === 'admin'
            ? RESPONDENTS[nextMember++ % RESPONDENTS.length]
            : who;
      send('read', route, at, 'GET', path(email), { access: tokens.get(email) });
    }

    // ---- tab saves: per admin, ownership and staff; each reads, then saves on what it read
    /**
     * New staff figures with the same total: the grid's cells shifted by `shift` places. The grid
     * must keep adding up to the Overview's full-time employees, or the survey cycles' steps could
     * not be marked complete (422: the step's data does not add up).
     */
    /**
     * A save of every owner and leader under a new name, plus one new person who is neither (an
     * employee with a title): the owners' count and percentages and the leaders' count stay what
     * the Overview declares, for the same reason as the staff grid's total. Then that person is
     * deleted by the next save.
     */
    function renamedOwnership(rows, seq) {
      // every column the save takes: the row as read, without what the API adds to it
      const fieldsOf = ({ id, name, organization_id, survey_id, updated_at, ...fields }) => fields;
      const kept = rows.filter((row) => row.is_owner || row.is_senior_management);
      return {
        create: [
          { identification_id: 18, name: `soak ${seq}`, is_owner: false, is_senior_management: false },
        ],
        update: kept.map((row) => ({
          id: row.id,
          name: `soak ${seq} ${row.id}`,
          ...fieldsOf(row),
        })),
        delete: rows.filter((row) => !row.is_owner && !row.is_senior_management).map((row) => row.id),
      };
    }

    function rotatedStaff(rows, shift) {
      const values = rows.flatMap((row) => row.genders.map((cell) => cell.value ?? 0));
      let i = 0;
      return rows.map((row) => ({
        ethnicity_id: row.ethnicity_id,
        genders: row.genders.map((cell) => ({ id: cell.id, value: values[(i++ + shift) % values.length] })),
      }));
    }
    let saveSeq = 0;
    const savers = ADMINS.flatMap((email) => [
      { email, tab: 'ownership', busy: false, current: null },
      { email, tab: 'staff', busy: false, current: null },
    ]);
    let nextSaver = 0;
    function saveTick(at) {
      for (let i = 0; i < savers.length; i++) {
        const s = savers[nextSaver++ % savers.length];
        if (s.busy) continue;
        s.busy = true;
        const access = tokens.get(s.email);
        const step = s.current
          ? s.tab === 'ownership'
            ? send('tab save', 'PUT /api/ownership/save', at, 'PUT', '/api/ownership/save', {
                access,
                body: {
                  updated_at: s.current.state.updated_at,
                  ...renamedOwnership(s.current.data.rows, ++saveSeq),
                },
              })
            : send('tab save', 'PUT /api/staff/save', at, 'PUT', '/api/staff/save', {
                access,
                body: {
                  updated_at: s.current.state.updated_at,
                  data: rotatedStaff(s.current.data.rows, ++saveSeq),
                },
              })
          : s.tab === 'ownership'
            ? send(
                'tab save',
                'GET /api/organization/me/ownership',
                at,
                'GET',
                '/api/organization/me/ownership',
                {
                  access,
                },
              )
            : send('tab save', 'GET /api/organization/me/staff', at, 'GET', '/api/organization/me/staff', {
                access,
              });
        const wasRead = !s.current;
        step.then((body) => {
          // After a save, read again (the next save needs the tab as it is now); after a read, save.
          s.current = wasRead ? body : null;
          s.busy = false;
        });
        return;
      }
      substituted++;
      readTick(at);
    }

    // ---- survey cycles: create, invite, mark each step complete, submit
    const cycles = [];
    let cycleSeq = 0;
    function surveyStep(c, at) {
      const hostAccess = tokens.get(HOST);
      const access = tokens.get(c.respondent);
      if (c.surveyId === null)
        return send('survey step', 'POST /api/surveys', at, 'POST', '/api/surveys', {
          access: hostAccess,
          body: {
            organization_id: host.organization.id,
            survey_type_id: 2,
            title: `Soak survey ${c.n}`,
            description: 'A survey of the soak test.',
            start: today,
            due,
            primary_contact_id: host.id,
            contact_email: HOST,
            support_email: HOST,
            contents: [2, 3, 4, 5, 7, 8, 10, 11].map((id) => ({
              content_type: 'lpi_tab',
              content_ref_id: id,
              enabled: true,
            })),
          },
        }).then((body) => {
          if (!body) return 'failed';
          c.surveyId = body.id;
          c.steps = body.steps.map((s) => s.id).filter((id) => id !== 12);
        });
      if (!c.invited)
        return send(
          'survey step',
          'POST /api/surveys/{id}/contacts/member/invite',
          at,
          'POST',
          `/api/surveys/${c.surveyId}/contacts/member/invite`,
          { access: hostAccess, body: { email: c.respondent } },
        ).then((body) => {
          if (!body) return 'failed';
          c.invited = true;
        });
      if (c.steps.length > 0) {
        const step = c.steps[0];
        return send(
          'survey step',
          'POST /api/surveys/{id}/mark-complete/{tab}',
          at,
          'POST',
          `/api/surveys/${c.surveyId}/mark-complete/${step}`,
          { access, body: { completed: true } },
        ).then((body) => {
          if (!body) return 'failed';
          c.steps.shift();
        });
      }
      return send(
        'survey step',
        'POST /api/surveys/{id}/submit',
        at,
        'POST',
        `/api/surveys/${c.surveyId}/submit`,
        {
          access,
          body: { accept_terms: true },
        },
      ).then((body) => {
        if (!body) return 'failed';
        submits++;
        return 'done';
      });
    }
    function surveyTick(at) {
      let c = cycles.find((x) => !x.busy);
      if (!c && cycles.length < MAX_CYCLES) {
        cycleSeq++;
        c = {
          n: cycleSeq,
          respondent: SURVEY_RESPONDENT,
          surveyId: null,
          invited: false,
          steps: [],
          busy: false,
        };
        cycles.push(c);
      }
      if (!c) {
        substituted++;
        readTick(at);
        return;
      }
      c.busy = true;
      surveyStep(c, at).then((outcome) => {
        c.busy = false;
        // A cycle ends with its submit, or at its first error (counted): the next starts anew.
        if (outcome === 'done' || outcome === 'failed') cycles.splice(cycles.indexOf(c), 1);
      });
    }

    // ---- the clock
    const MIX = [
      signInTick,
      ...Array(12).fill(readTick),
      ...Array(3).fill(saveTick),
      ...Array(4).fill(surveyTick),
    ];
    // Interleaved, so that each kind is spread over the 20 ticks.
    const ORDER = [0, 1, 13, 2, 16, 3, 4, 14, 5, 17, 6, 7, 15, 8, 18, 9, 10, 11, 19, 12].map((i) => MIX[i]);
    const interval = 1000 / RATE;
    const durationMs = MINUTES * 60_000;
    const samples = [];
    let sampling = Promise.resolve();
    // The warm-up: the same mix at the same rate, its answers checked but not in the figures (a
    // new server's first seconds: JIT, pools, plans); an answered non-2xx still fails the run.
    console.info(`\n${mode}: warm-up, ${RATE} requests/s for ${WARMUP_S} s`);
    const w0 = performance.now();
    for (let k = 0; performance.now() - w0 < WARMUP_S * 1000; ) {
      while (k * interval <= performance.now() - w0 && k * interval < WARMUP_S * 1000) {
        ORDER[k % ORDER.length](w0 + k * interval);
        k++;
      }
      await sleep(Math.max(0, w0 + k * interval - performance.now()));
    }
    measuring = true;
    submits = 0;
    const t0 = performance.now();
    let tick = 0;
    let nextSample = SAMPLE_MS;
    let windowErrors = 0;
    let windowCpu = cpuMs(pid);
    const cpu0 = windowCpu;
    console.info(
      `\n${mode}: ${RATE} requests/s for ${MINUTES} min (server pid ${pid}, RSS ${rssMb(pid)?.toFixed(1)} MB)`,
    );
    while (performance.now() - t0 < durationMs) {
      const now = performance.now() - t0;
      // Every tick due by now is sent (late ones at once: their latency counts from their time).
      while (tick * interval <= now && tick * interval < durationMs) {
        ORDER[tick % ORDER.length](t0 + tick * interval);
        tick++;
      }
      if (now >= nextSample) {
        // The window's figures now; the memory when the probe answers (the clock goes on meanwhile).
        window.sort((a, b) => a - b);
        const cpu = cpuMs(pid);
        const line = `  ${String(Math.round(nextSample / 1000)).padStart(4)} s: ${all.length} answered (${window.length} in 10 s), errors ${errors.length - windowErrors}, p50 ${percentile(window, 50).toFixed(1)} ms, p99 ${percentile(window, 99).toFixed(1)} ms, in flight ${inFlight}, server CPU ${Math.round(((cpu - windowCpu) / SAMPLE_MS) * 100)} %`;
        const x = nextSample / 60_000;
        sampling = sampling.then(async () => {
          const m = await memoryOf(pid, probeFile);
          samples.push({ x, ...m });
          console.info(`${line}, RSS ${m.rss?.toFixed(1)} MB, heap after GC ${m.heap?.toFixed(1)} MB`);
        });
        windowCpu = cpu;
        windowErrors = errors.length;
        window = [];
        nextSample += SAMPLE_MS;
      }
      await sleep(Math.max(0, Math.min(t0 + tick * interval, t0 + nextSample) - performance.now()));
    }
    // The last answers, bounded by the request timeout.
    const drainUntil = performance.now() + TIMEOUT_MS + 1000;
    while (inFlight > 0 && performance.now() < drainUntil) await sleep(50);
    await sampling;
    const last = await memoryOf(pid, probeFile);
    samples.push({ x: (performance.now() - t0) / 60_000, ...last });
    console.info(`  end: RSS ${last.rss?.toFixed(1)} MB, heap after GC ${last.heap?.toFixed(1)} MB`);

    all.sort((a, b) => a - b);
    const late = samples.filter((s) => s.x > 1);
    const memory = ['rss', 'heap'].map((key) => {
      const points = late.filter((s) => s[key] !== null).map((s) => ({ x: s.x, y: s[key] }));
      const ys = points.map((p) => p.y);
      return {
        key,
        ...fit(points),
        n: points.length,
        atMinute1: samples.find((s) => s.x >= 1)?.[key],
        atEnd: samples.at(-1)?.[key],
        min: Math.min(...ys),
        max: Math.max(...ys),
      };
    });
    const minutes = (performance.now() - t0) / 60_000;
    const flat = memory.every((m) => m.n >= 3 && m.slope < FLAT_MB_PER_MIN);
    console.info(`\n${mode} summary (${minutes.toFixed(1)} min)`);
    console.info(
      `  requests: ${tick} sent, ${all.length} answered (${(all.length / (durationMs / 1000)).toFixed(1)}/s); ` +
        Object.entries(kinds)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') +
        `; ${submits} surveys submitted; ${substituted} save/survey ticks sent as reads (their agents busy)`,
    );
    for (const [route, e] of [...routes].sort((a, b) => b[1].n - a[1].n)) {
      e.ms.sort((a, b) => a - b);
      console.info(
        `    ${route}: ${e.n}, p50 ${percentile(e.ms, 50).toFixed(1)} ms, p99 ${percentile(e.ms, 99).toFixed(1)} ms${e.errors ? `, ${e.errors} errors` : ''}`,
      );
    }
    const byCause = new Map();
    for (const e of errors) {
      const cause = `${e.route} ${e.status === 0 ? 'no answer' : e.status}`;
      byCause.set(cause, (byCause.get(cause) ?? 0) + 1);
    }
    for (const [cause, n] of byCause) console.info(`    error: ${cause}: ${n}`);
    console.info(
      `  errors: ${errors.length}${inFlight ? ` (${inFlight} still unanswered)` : ''}; in the ${WARMUP_S} s warm-up: ` +
        `${warmUp.errors} errors, ${warmUp.timeouts} timeouts`,
    );
    console.info(
      `  latency: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms; server CPU ${((cpuMs(pid) - cpu0) / Math.max(1, all.length)).toFixed(1)} ms per request`,
    );
    for (const m of memory)
      console.info(
        `  ${m.key === 'rss' ? 'RSS' : 'JS heap after a full GC'}: ${m.atMinute1?.toFixed(1)} MB at minute 1, ` +
          `${m.atEnd?.toFixed(1)} MB at the end; slope after minute 1 ${m.slope.toFixed(2)} MB/min ` +
          `(± ${m.se.toFixed(2)}, ${m.n} samples between ${m.min.toFixed(1)} and ${m.max.toFixed(1)} MB)`,
      );
    console.info(`  ${flat ? 'memory flat' : `memory NOT flat (limit ${FLAT_MB_PER_MIN} MB/min)`}`);
    return { mode, ok: errors.length === 0 && warmUp.errors === 0 && inFlight === 0 && flat };
  });
}

ensureApiBuilt();
printMachine();
const results = [];
for (const mode of MODES) results.push(await soak(mode));
agent.destroy();
const failed = results.filter((r) => !r.ok);
if (failed.length > 0) {
  console.error(`\nFAILED: ${failed.map((r) => r.mode).join(', ')}`);
  process.exit(1);
}
console.info('\nNo error, memory flat.');
