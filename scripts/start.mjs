#!/usr/bin/env node
// `npm start`: builds what is not built (or is older than its sources), then starts the product.
// With no configuration that is PGlite under ./data with demo data, on http://localhost:3000.
import { spawn } from 'node:child_process';
import { ensureBuilt, rel, root } from './built.mjs';

ensureBuilt();

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
