#!/usr/bin/env node
// `npm start`: builds what is not built (or is older than its sources), then starts the product.
// With no configuration that is PGlite under ./data with demo data, on http://localhost:3000.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (...p) => path.join(root, ...p);

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

const domain = rel('packages/domain/src');
if (isStale(rel('apps/web/dist/index.html'), [rel('apps/web/src'), rel('apps/web/index.html'), domain])) {
  console.info('Building the web app...');
  run(['run', 'build', '-w', '@parity/web']);
}
if (isStale(rel('apps/api/dist/main.js'), [rel('apps/api/src'), domain])) {
  console.info('Building the API...');
  run(['run', 'build', '-w', '@parity/api']);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', rel('apps/api/dist/main.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { WEB_DIST: rel('apps/web/dist'), ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
