#!/usr/bin/env node
// `npm run bench:lighthouse -w @parity/bench`: Lighthouse 12.2.3's mobile performance score
// (its default: a mid-range phone, simulated slow 4G and 4x CPU slowdown) of /login and of the
// dashboard signed in as ada@acme.test, on the built product (PGlite, new data directory).
// Each page is measured --runs times (default 3) in a new Chromium; the median score is printed
// with its metrics and the audits that cost most (--save <prefix> writes each report's JSON). Figures for comparison on one machine only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { arg, DEMO, ensureBuilt, printMachine, startServer } from './support.mjs';

const RUNS = Number(arg('runs', '3'));
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p));
if (!chromiumPath) throw new Error('No Chromium: set CHROMIUM_PATH');

async function signIn(url) {
  const res = await fetch(`${url}/api/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'parity-web', ...DEMO }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.json();
}

/** One Lighthouse navigation in a new browser; `tokens` are put in localStorage first (signed in). */
async function measure(url, tokens) {
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
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!tokens },
      undefined,
      page,
    );
    const lhr = result.lhr;
    const save = arg('save', '');
    if (save) fs.writeFileSync(`${save}-${tokens ? 'dashboard' : 'login'}.json`, JSON.stringify(lhr));
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

ensureBuilt();
printMachine();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-lighthouse-'));
const server = await startServer({ env: { DATA_DIR: dataDir } });
const out = {};
try {
  const tokens = await signIn(server.url);
  for (const [name, pathname, auth] of [
    ['/login', '/login', null],
    ['dashboard (/ signed in)', '/', tokens],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(summary(await measure(`${server.url}${pathname}`, auth)));
    runs.sort((x, y) => x.score - y.score);
    const median = runs[Math.floor(runs.length / 2)];
    out[name] = { scores: runs.map((r) => r.score), median };
    console.info(
      `\n${name}: score ${median.score} (runs ${runs.map((r) => r.score).join(', ')}); FCP ${median.fcp} ms, ` +
        `LCP ${median.lcp} ms, TBT ${median.tbt} ms, SI ${median.si} ms, CLS ${median.cls}; ` +
        `${median.requests} requests, ${median.kb} KB transferred\n  costs most: ${median.costly.join('; ') || 'nothing'}`,
    );
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.info(JSON.stringify(out));
