#!/usr/bin/env node
// `npm run bench`: load figures for the built product in both database modes, its cold start and
// the JavaScript /login loads. Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 50), --modes pglite,postgres
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  arg,
  asUsers,
  ensureBuilt,
  load,
  loadOptions,
  printLoad,
  printMachine,
  printSummary,
  startServer,
  withServer,
} from './support.mjs';

const LOAD = loadOptions();
const MODES = arg('modes', 'pglite,postgres').split(',');
const ACCOUNT_TARGET_RATE = 3_000;

async function benchMode(mode) {
  console.info(`\n${mode}:`);
  // One signed-in user per connection: the load of as many people at once.
  return withServer({ postgres: mode === 'postgres', users: LOAD.connections }, async (server) => {
    const users = asUsers(server.tokens);
    const rows = [];
    rows.push(
      await load(`${mode} GET /api/health`, LOAD, { url: `${server.url}/api/health`, serverPid: server.pid }),
    );
    rows.push(
      await load(`${mode} GET /api/genders (authenticated)`, LOAD, {
        url: `${server.url}/api/genders`,
        ...users,
        serverPid: server.pid,
      }),
    );
    const account = {
      url: `${server.url}/api/user-account`,
      ...users,
      serverPid: server.pid,
    };
    // Issue 3 target on PostgreSQL: >= 3,000 req/s with p99 < 30 ms. Closed-loop at 50 connections
    // gives the most the server serves (queueing included); then an offered load of exactly
    // 3,000 req/s gives the latency at the target's throughput (autocannon corrects for
    // coordinated omission, so a stalled server still shows in the p99).
    rows.push(await load(`${mode} GET /api/user-account (authenticated)`, LOAD, account));
    if (mode === 'postgres') {
      rows.push(
        await load(`${mode} GET /api/user-account at 3,000 req/s offered`, LOAD, {
          ...account,
          overallRate: ACCOUNT_TARGET_RATE,
        }),
      );
    }
    return rows;
  });
}

/** npm start (already built) to the first 200 from /api/health: a new data directory, then an existing one. */
async function coldStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-cold-'));
  try {
    const first = await startServer({ env: { DATA_DIR: dataDir }, command: 'start' });
    await first.stop();
    const second = await startServer({ env: { DATA_DIR: dataDir }, command: 'start' });
    await second.stop();
    console.info(
      `\ncold start: new data directory ${first.startupMs} ms; existing data directory ${second.startupMs} ms`,
    );
    return { firstMs: first.startupMs, existingMs: second.startupMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Loads /login in Chromium and adds up the gzipped size of every script it fetched. */
async function loginScriptSize() {
  const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p));
  if (!chromiumPath) {
    console.info('\n/login JavaScript: skipped (no Chromium)');
    return null;
  }
  const { chromium } = await import('playwright-core');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-size-'));
  const server = await startServer({ env: { DATA_DIR: dataDir } });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(res.url(), res);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzipped = 0;
    for (const res of scripts.values()) {
      const body = await res.body();
      raw += body.length;
      gzipped += gzipSync(body, { level: 9 }).length;
    }
    const kb = (n) => Math.round(n / 102.4) / 10;
    console.info(`\n/login JavaScript: ${scripts.size} files, ${kb(raw)} KB raw, ${kb(gzipped)} KB gzipped`);
    return { files: scripts.size, rawKB: kb(raw), gzipKB: kb(gzipped) };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuilt();
printMachine();
printLoad(LOAD);
const rows = [];
for (const mode of MODES) rows.push(...(await benchMode(mode)));
const cold = await coldStart();
const size = await loginScriptSize();
printSummary(rows);
console.info(JSON.stringify({ cold, loginScripts: size }));
