#!/usr/bin/env node
// `npm run backup:round-trip`: backs up the configured Parity (DATA_DIR, or DATABASE_URL), restores
// the backup into a temporary DATA_DIR (PGlite) or into ROUND_TRIP_DATABASE_URL (PostgreSQL: an
// empty database), backs the restored copy up again and compares the two manifests: every table's
// count and checksum, every sequence and every file's sha256. Exits 1 on any difference.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, rel, root } from './built.mjs';

ensureBuilt({ web: false });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-round-trip-'));
const restoredEnv = { ...process.env, DATA_DIR: path.join(work, 'restored') };
if (process.env.DATABASE_URL) {
  if (!process.env.ROUND_TRIP_DATABASE_URL) {
    console.error('With DATABASE_URL set, ROUND_TRIP_DATABASE_URL names the empty database to restore into.');
    process.exit(1);
  }
  restoredEnv.DATABASE_URL = process.env.ROUND_TRIP_DATABASE_URL;
}

function ops(args, env) {
  const started = performance.now();
  console.info(`$ npm run ${args[0]} -- ${args.slice(1).join(' ')}`);
  const result = spawnSync(process.execPath, [rel('apps/api/dist/ops.js'), ...args], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return (performance.now() - started) / 1000;
}

const manifest = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
try {
  const times = {
    backup: ops(['backup', '--out', path.join(work, 'original')], process.env),
    restore: ops(['restore', path.join(work, 'original')], restoredEnv),
  };
  ops(['backup', '--out', path.join(work, 'again')], restoredEnv);
  const [a, b] = [manifest(path.join(work, 'original')), manifest(path.join(work, 'again'))];
  const differences = [];
  const tablesB = new Map(b.tables.map((t) => [t.table, t]));
  for (const t of a.tables) {
    const u = tablesB.get(t.table);
    if (!u || u.rows !== t.rows || u.checksum !== t.checksum) differences.push(`table ${t.table}`);
  }
  if (a.tables.length !== b.tables.length) differences.push('the list of tables');
  for (const [name, last] of Object.entries(a.sequences))
    if (b.sequences[name] !== last) differences.push(`sequence ${name}`);
  for (const [key, hash] of Object.entries(a.files))
    if (b.files[key] !== hash) differences.push(`file ${key}`);
  if (Object.keys(a.files).length !== Object.keys(b.files).length) differences.push('the list of files');
  const rows = a.tables.reduce((n, t) => n + t.rows, 0);
  console.info(
    `Round trip (${a.mode}): ${a.tables.length} tables, ${rows} rows, ${Object.keys(a.sequences).length} sequences, ` +
      `${Object.keys(a.files).length} files; backup ${times.backup.toFixed(1)} s, restore ${times.restore.toFixed(1)} s; ` +
      `${differences.length} differences.`,
  );
  for (const d of differences) console.error(`  DIFFERENT ${d}`);
  process.exitCode = differences.length ? 1 : 0;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
