#!/usr/bin/env node
// `npm test`: the whole suite. Type check, lint, build, then every Vitest project (domain unit,
// API integration on a real database, web components, Playwright journeys against the build).
// Ends with one line "Tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runApprovedInstallScripts } from './install-scripts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--tests-only` skips the static checks and the build (CI's second run on PostgreSQL uses it);
// any other argument goes to Vitest (for example `--project api`).
const testsOnly = process.argv.includes('--tests-only');
const extra = process.argv.slice(2).filter((a) => a !== '--tests-only');

function step(title, command, args, env = {}) {
  console.info(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** True when something listens on host:port (a local Redis for the shared rate-limit tests). */
function listening(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 500 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
if (!process.env.TEST_REDIS_URL && (await listening('127.0.0.1', 6379))) {
  process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';
}

// `npm install` ran no install script (.npmrc): the approved ones run once, before the build.
runApprovedInstallScripts();

const failures = [];
if (!testsOnly) {
  if (step('Type check', 'npx', ['tsc', '-b']) !== 0) failures.push('type check');
  if (step('Lint and format', 'npx', ['biome', 'check', '.']) !== 0) failures.push('lint');
  if (step('Build', 'npm', ['run', 'build']) !== 0) failures.push('build');
}

const report = path.join(os.tmpdir(), `parity-vitest-${process.pid}.json`);
const vitestStatus = step('Tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);
if (vitestStatus !== 0) failures.push('tests');

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(report)) {
  const results = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = results.numPassedTests ?? 0;
  failed = results.numFailedTests ?? 0;
  // A file that fails before its tests run (setup, import) counts as a failure too.
  if (vitestStatus !== 0 && failed === 0) failed = Math.max(1, results.numFailedTestSuites ?? 0);
  skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  fs.rmSync(report, { force: true });
}
if (failures.length) console.error(`\nFailed: ${failures.join(', ')}`);
console.info(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length ? 1 : 0);
