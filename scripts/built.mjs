// Builds what is not built (or is older than its sources): shared by `npm start` and the ops commands.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runApprovedInstallScripts } from './install-scripts.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const rel = (...p) => path.join(root, ...p);

function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  let newest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds the web app (unless `web: false`) and the API when missing or stale. */
export function ensureBuilt({ web = true } = {}) {
  // `npm install` ran no install script (.npmrc): the approved ones run once, before any build.
  runApprovedInstallScripts();
  const domain = rel('packages/domain/src');
  if (
    web &&
    isStale(rel('apps/web/dist/index.html'), [rel('apps/web/src'), rel('apps/web/index.html'), domain])
  ) {
    console.info('Building the web app...');
    run(['run', 'build', '-w', '@parity/web']);
  }
  // ops.js came later than main.js: a build from before it lacks it
  const api = rel('apps/api/dist/main.js');
  if (isStale(api, [rel('apps/api/src'), domain]) || !fs.existsSync(rel('apps/api/dist/ops.js'))) {
    console.info('Building the API...');
    run(['run', 'build', '-w', '@parity/api']);
  }
}
