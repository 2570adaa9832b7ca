import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { diskStorage } from '../plugins/storage';
import { createSeededTestApp, type SeededTestApp } from '../test/app';
import { opsConfig, scratchPostgresDatabase } from '../test/data-dir';
import { backup, restore } from './backup';
import { sequencePositions, tableSums } from './tables';

async function contentsOf(url: string) {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    return { tables: await tableSums(database.db), sequences: await sequencePositions(database.db) };
  } finally {
    await database.close();
  }
}

describe('backup and restore on PostgreSQL (pg_dump, pg_restore)', () => {
  let t: SeededTestApp;
  let sourceUrl: string;
  let target: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
  const scratch: string[] = [];

  beforeAll(async () => {
    [t, target] = await Promise.all([createSeededTestApp(), scratchPostgresDatabase()]);
    const { database } = t.app.config;
    if (database.kind !== 'postgres') throw new Error('a PostgreSQL test');
    sourceUrl = database.url;
    await t.app.storage.put('pods/report.pdf', Buffer.from('%PDF-1.7 a report'), 'application/pdf');
  });
  afterAll(async () => {
    await t?.close();
    await target?.drop();
    for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a running server and restores it elsewhere with every row and file the same', async () => {
    const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parity-backup-')), 'backup');
    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-restored-'));
    scratch.push(path.dirname(archive), targetDir);

    // the server keeps running and answering during the backup
    const [made, read] = await Promise.all([
      backup(opsConfig({ DATA_DIR: t.dataDir, DATABASE_URL: sourceUrl }), archive),
      t.call('GET', 'ada@acme.test', '/api/user/status'),
    ]);
    expect(read.statusCode).toBe(200);
    expect(made.manifest.mode).toBe('postgres');
    expect(Object.keys(made.manifest.files)).toEqual(['pods/report.pdf']);

    const restored = await restore(
      opsConfig({ DATA_DIR: targetDir, DATABASE_URL: target.url }),
      archive,
      false,
    );
    expect(restored.differences).toEqual([]);
    const [before, after] = [await contentsOf(sourceUrl), await contentsOf(target.url)];
    expect(after.tables).toEqual(before.tables);
    expect(after.tables.find((s) => s.table === 'users')?.rows).toBe(8);
    expect(after.sequences).toEqual(before.sequences);
    const file = await diskStorage(path.join(targetDir, 'files')).get('pods/report.pdf');
    expect((await file!.toArray()).join('')).toBe('%PDF-1.7 a report');

    await expect(
      restore(opsConfig({ DATA_DIR: targetDir, DATABASE_URL: target.url }), archive, false),
    ).rejects.toThrow('The target database already holds data: give --replace to overwrite it.');
    const replaced = await restore(
      opsConfig({ DATA_DIR: targetDir, DATABASE_URL: target.url }),
      archive,
      true,
    );
    expect(replaced.differences).toEqual([]);
  });

  it('refuses a backup of the other kind', async () => {
    const archive = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-backup-'));
    scratch.push(archive);
    fs.writeFileSync(
      path.join(archive, 'manifest.json'),
      JSON.stringify({
        format: 1,
        mode: 'pglite',
        database: 'database.tar.gz',
        tables: [],
        sequences: {},
        files: {},
      }),
    );
    await expect(
      restore(opsConfig({ DATA_DIR: archive, DATABASE_URL: target.url }), archive, true),
    ).rejects.toThrow(/This is a pglite backup and the configured database is postgres/);
  });
});
