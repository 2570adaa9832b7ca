#!/usr/bin/env node
// `npm run bench:lighthouse -w @parity/bench`: Lighthouse 12.2.3's mobile performance score
// (its default: a mid-range phone, simulated slow 4G and 4x CPU slowdown) of /login and of the
// dashboard signed in as ada@acme.test, on the built product (PGlite, new data directory).
// Each page is measured --runs times (default 3) in a new Chromium; the median score is printed
// with its metrics and the audits that cost most (--save <prefix> writes each report's JSON). Figures for comparison on one machine only.
// --accessibility: Lighthouse's accessibility score instead, once, of each page of issue #19's
// navigation journeys (e2e/navigation.e2e.ts), signed in as each role, with the failing audits;
// --pages /login,/users limits it to those paths.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { arg, DEMO, ensureBuilt, printMachine, startServer } from './support.mjs';

const RUNS = Number(arg('runs', '3'));
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p));
if (!chromiumPath) throw new Error('No Chromium: set CHROMIUM_PATH');

async function signIn(url, user = DEMO) {
  const res = await fetch(`${url}/api/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'parity-web', ...user }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.json();
}

/**
 * One Lighthouse navigation in a new browser; `tokens` are put in localStorage first (signed in).
 * `category`: performance (the default) or accessibility; `name` names the saved report; `retried`:
 * this is the second try of a run whose trace Lighthouse could not record (NO_NAVSTART).
 */
async function measure(
  url,
  tokens,
  category = 'performance',
  name = tokens ? 'dashboard' : 'login',
  retried = false,
) {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    if (tokens) {
      // A JSON response of the same origin: localStorage is set without loading (caching) the app.
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate(({ access_token, refresh_token }) => {
        localStorage.setItem('access_token', access_token);
        localStorage.setItem('refresh_token', refresh_token);
      }, tokens);
    }
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: [category], disableStorageReset: !!tokens },
      undefined,
      page,
    );
    const lhr = result.lhr;
    const save = arg('save', '');
    if (save) fs.writeFileSync(`${save}-${name}.json`, JSON.stringify(lhr));
    // Lighthouse's own advice for a trace it failed to record is to run it again: once more, then fail.
    if (lhr.runtimeError?.code === 'NO_NAVSTART' && !retried)
      return measure(url, tokens, category, name, true);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
    return lhr;
  } finally {
    await browser.close();
  }
}

function summary(lhr) {
  const a = lhr.audits;
  const ms = (id) => Math.round(a[id].numericValue);
  const requests = a['network-requests'].details.items;
  const bytes = requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const costly = Object.values(a)
    .filter((x) => x.details?.type === 'opportunity' && (x.details.overallSavingsMs ?? 0) > 0)
    .sort((x, y) => y.details.overallSavingsMs - x.details.overallSavingsMs)
    .slice(0, 5)
    .map((x) => `${x.id} ${Math.round(x.details.overallSavingsMs)} ms`);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    si: ms('speed-index'),
    cls: a['cumulative-layout-shift'].numericValue.toFixed(3),
    requests: requests.length,
    kb: Math.round(bytes / 1024),
    costly,
  };
}

/** The accessibility score of a report and its failing audits (id and the number of elements). */
function accessibility(lhr) {
  const failing = Object.values(lhr.categories.accessibility.auditRefs)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => `${audit.id} (${audit.details?.items?.length ?? 0})`);
  return { score: Math.round(lhr.categories.accessibility.score * 100), failing };
}

const ROLES = {
  'new sign-up': null,
  member: 'max@acme.test',
  'organization admin': 'ada@acme.test',
  'survey host': 'host@northwind.test',
  'pending user': 'pending@acme.test',
  'platform administrator': 'admin@parity.test',
};

/** Each role's pages of the navigation journeys; `ids` are the organization and hosted survey read first. */
function journeyPages(ids) {
  const own = [
    '/organizations/private/feed',
    '/organizations/private/members',
    '/organizations/private/files',
  ];
  const member = [
    '/',
    '/users',
    `/users/${ids.nora}`,
    '/organizations',
    `/organizations/${ids.acme}`,
    ...own,
    '/lpi/overview',
    '/surveys',
    '/surveys/archived',
    '/surveys/export',
    '/users/private',
    '/users/private/settings',
  ];
  return {
    'new sign-up': ['/login', '/signup'],
    member,
    'organization admin': [
      ...member,
      '/organizations/private/permissions',
      '/organizations/private/settings',
      '/organizations/private/invitations',
      '/organizations/private/code',
      '/organizations/private/audit-log',
    ],
    'survey host': [
      '/',
      `/surveys/hosting/${ids.hostedSurvey}`,
      '/surveys/hosting',
      '/surveys/hosting/accessing',
      '/surveys/hosting/create',
    ],
    'pending user': ['/', '/users/private', '/users/private/files', '/users/private/settings'],
    'platform administrator': ['/', '/users', '/organizations', '/users/private', '/users/private/settings'],
  };
}

async function readAs(url, tokens, pathname) {
  const res = await fetch(`${url}${pathname}`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
  return res.json();
}

async function accessibilityOfJourneys(url) {
  const only = arg('pages', '').split(',').filter(Boolean);
  const tokens = {};
  for (const [role, email] of Object.entries(ROLES)) {
    if (email) tokens[role] = await signIn(url, { username: email, password: DEMO.password });
  }
  const ada = await readAs(url, tokens['organization admin'], '/api/user/status');
  const hosted = await readAs(url, tokens['survey host'], '/api/surveys');
  const users = await readAs(url, tokens.member, '/api/users?search_query=Nora');
  const ids = {
    acme: ada.organization_id,
    hostedSurvey: hosted.data.find((survey) => survey.status === 'Active').id,
    nora: users.data[0].id,
  };
  const out = {};
  for (const [role, pages] of Object.entries(journeyPages(ids))) {
    for (const pathname of pages.filter((p) => only.length === 0 || only.includes(p))) {
      const name = `${role}: ${pathname}`;
      const slug = name.replace(/[^a-z0-9]+/gi, '-');
      const result = accessibility(await measure(`${url}${pathname}`, tokens[role], 'accessibility', slug));
      out[name] = result;
      console.info(
        `${name}: ${result.score}${result.failing.length ? `; failing: ${result.failing.join(', ')}` : ''}`,
      );
    }
  }
  return out;
}

async function performanceOfFirstPages(url) {
  const tokens = await signIn(url);
  const out = {};
  for (const [name, pathname, auth] of [
    ['/login', '/login', null],
    ['dashboard (/ signed in)', '/', tokens],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(summary(await measure(`${url}${pathname}`, auth)));
    runs.sort((x, y) => x.score - y.score);
    const median = runs[Math.floor(runs.length / 2)];
    out[name] = { scores: runs.map((r) => r.score), median };
    console.info(
      `\n${name}: score ${median.score} (runs ${runs.map((r) => r.score).join(', ')}); FCP ${median.fcp} ms, ` +
        `LCP ${median.lcp} ms, TBT ${median.tbt} ms, SI ${median.si} ms, CLS ${median.cls}; ` +
        `${median.requests} requests, ${median.kb} KB transferred\n  costs most: ${median.costly.join('; ') || 'nothing'}`,
    );
  }
  return out;
}

ensureBuilt();
printMachine();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-lighthouse-'));
const server = await startServer({ env: { DATA_DIR: dataDir } });
let out;
try {
  out = process.argv.includes('--accessibility')
    ? await accessibilityOfJourneys(server.url)
    : await performanceOfFirstPages(server.url);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.info(JSON.stringify(out));
