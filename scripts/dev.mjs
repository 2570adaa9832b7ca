#!/usr/bin/env node
// `npm run dev`: the API rebuilt and restarted on change (port 3000) and the Vite dev server with
// hot reload (port 5173, proxying /api to the API).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [];
const run = (cmd, args, cwd = root) => {
  const child = spawn(cmd, args, { cwd, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code) => {
    for (const c of children) c.kill('SIGTERM');
    process.exit(code ?? 0);
  });
};

const bundle = path.join(root, 'apps/api/dist/main.js');
run(process.execPath, [path.join(root, 'apps/api/build.mjs'), '--watch']);
while (!fs.existsSync(bundle)) await new Promise((r) => setTimeout(r, 200));
run(process.execPath, ['--enable-source-maps', '--watch', bundle]);
run('npx', ['vite'], path.join(root, 'apps/web'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const c of children) c.kill(signal);
  });
}
