import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { storageFor } from '../plugins/storage';
import { compareFiles, copyFilesTo, diskFileHashes } from './files';
import {
  compareSequences,
  compareSums,
  type Difference,
  holdsAppData,
  rowsOf,
  sequencePositions,
  type TableSum,
  tableSums,
} from './tables';

const run = promisify(execFile);

/** What a backup holds, written last: a directory without it is no backup. */
export interface Manifest {
  format: 1;
  created_at: string;
  mode: 'pglite' | 'postgres';
  /** the database's file in the backup: a PGlite data directory tarball or a pg_dump custom archive */
  database: string;
  tables: TableSum[];
  sequences: Record<string, string | null>;
  /** uploaded files by storage key -> sha256; none when they live in S3 (the bucket keeps them) */
  files: Record<string, string>;
  files_in_s3: boolean;
}

export const MANIFEST = 'manifest.json';

export interface BackupReport {
  dir: string;
  manifest: Manifest;
  seconds: number;
}

/**
 * Backs the configured database and the uploaded files on disk up into a new directory. PGlite:
 * its data directory dumped while this process holds it (the server must be stopped: it holds the
 * lock). PostgreSQL: `pg_dump -Fc` of the snapshot the checksums were read in, while it runs.
 */
export async function backup(config: Config, outDir: string): Promise<BackupReport> {
  const started = performance.now();
  const dir = path.resolve(outDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${dir} exists and is not empty.`);
  const database = await openDatabase(config.database);
  fs.mkdirSync(dir, { recursive: true });
  let tables: TableSum[];
  let sequences: Record<string, string | null>;
  let file: string;
  try {
    if (config.database.kind === 'pglite') {
      file = 'database.tar.gz';
      tables = await tableSums(database.db);
      sequences = await sequencePositions(database.db);
      const dump = await database.dumpTemplate!();
      // a tenth of the size: most of a data directory is empty pages
      fs.writeFileSync(path.join(dir, file), gzipSync(Buffer.from(await dump.arrayBuffer()), { level: 1 }));
    } else {
      file = 'database.dump';
      const url = config.database.url;
      [tables, sequences] = await database.db.transaction(
        async (tx) => {
          const [{ snapshot }] = (await rowsOf<{ snapshot: string }>(
            tx,
            sql`SELECT pg_export_snapshot() AS snapshot`,
          )) as [{ snapshot: string }];
          const sums = await tableSums(tx);
          const positions = await sequencePositions(tx);
          await run('pg_dump', [
            '-Fc',
            '--no-owner',
            `--snapshot=${snapshot}`,
            '-f',
            path.join(dir, file),
            url,
          ]);
          return [sums, positions] as const;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    }
  } finally {
    await database.close();
  }
  let files: Record<string, string> = {};
  if (!config.s3) {
    const source = path.join(config.dataDir, 'files');
    if (fs.existsSync(source)) {
      fs.cpSync(source, path.join(dir, 'files'), { recursive: true, filter: (f) => !f.endsWith('.part') });
    }
    files = await diskFileHashes(path.join(dir, 'files'));
  }
  const manifest: Manifest = {
    format: 1,
    created_at: new Date().toISOString(),
    mode: config.database.kind,
    database: file,
    tables,
    sequences,
    files,
    files_in_s3: Boolean(config.s3),
  };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, manifest, seconds: (performance.now() - started) / 1000 };
}

export interface RestoreReport {
  manifest: Manifest;
  differences: Difference[];
  seconds: number;
}

/**
 * Restores a backup into the configured database (of the backup's kind) and file storage, then
 * compares every table, sequence and file with the manifest. A target holding people or
 * organizations is refused unless `replace`.
 */
export async function restore(config: Config, fromDir: string, replace: boolean): Promise<RestoreReport> {
  const started = performance.now();
  const dir = path.resolve(fromDir);
  const manifestFile = path.join(dir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${dir} is not a Parity backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${manifest.format}.`);
  if (manifest.mode !== config.database.kind) {
    throw new Error(
      `This is a ${manifest.mode} backup and the configured database is ${config.database.kind}: ` +
        'restore it into its own kind (npm run migrate-to-postgres moves an embedded database to PostgreSQL).',
    );
  }
  const refuse = () => {
    throw new Error('The target database already holds data: give --replace to overwrite it.');
  };
  let dump = path.join(dir, manifest.database);
  if (config.database.kind === 'pglite') {
    const dataDir = config.database.dataDir;
    if (!dataDir) throw new Error('Restoring needs a DATA_DIR.');
    if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      const existing = await openDatabase(config.database);
      const occupied = await holdsAppData(existing.db).finally(() => existing.close());
      if (occupied && !replace) refuse();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const tar = path.join(os.tmpdir(), `parity-restore-${process.pid}.tar`);
    fs.writeFileSync(tar, gunzipSync(fs.readFileSync(dump)));
    dump = tar;
  } else {
    const existing = await openDatabase(config.database);
    const occupied = await holdsAppData(existing.db).finally(() => existing.close());
    if (occupied && !replace) refuse();
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '-d',
      config.database.url,
      dump,
    ]);
  }

  const filesDir = path.join(config.dataDir, 'files');
  if (replace && !config.s3) fs.rmSync(filesDir, { recursive: true, force: true });
  const storage = storageFor(config, filesDir);
  await copyFilesTo(path.join(dir, 'files'), Object.keys(manifest.files), storage);

  // PGlite starts from the dumped data directory as from a template.
  const database = await openDatabase(config.database, { templateFile: dump }).finally(() => {
    if (config.database.kind === 'pglite') fs.rmSync(dump, { force: true });
  });
  try {
    const differences = [
      ...compareSums(manifest.tables, await tableSums(database.db)),
      ...compareSequences(manifest.sequences, await sequencePositions(database.db)),
      ...(await compareFiles(manifest.files, storage)),
    ];
    return { manifest, differences, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
