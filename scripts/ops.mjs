#!/usr/bin/env node
// `npm run migrate-to-postgres`, `npm run backup`, `npm run restore`: builds the API when stale,
// then runs apps/api/src/ops/cli.ts (bundled as dist/ops.js) with the same environment as `npm start`.
import { spawnSync } from 'node:child_process';
import { ensureBuilt, rel, root } from './built.mjs';

ensureBuilt({ web: false });
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', rel('apps/api/dist/ops.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
