import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { opsConfig, seededDataDir } from '../test/data-dir';
import { backup, restore } from './backup';
import { sequencePositions, tableSums } from './tables';

/** Every file under a directory: relative path -> bytes. */
function filesUnder(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(root, full), fs.readFileSync(full));
  }
  return out;
}

/** What a data directory's database holds, read by opening it (and closing it again). */
async function contentsOf(dataDir: string) {
  const database = await openDatabase(opsConfig({ DATA_DIR: dataDir }).database);
  try {
    return { tables: await tableSums(database.db), sequences: await sequencePositions(database.db) };
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const scratch: string[] = [];
  let source: string;
  let archive: string;

  beforeAll(async () => {
    source = await seededDataDir();
    archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parity-backup-')), 'backup');
    scratch.push(source, path.dirname(archive));
  });
  afterAll(() => {
    for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores a backup into a new DATA_DIR with every row and every file the same', async () => {
    const made = await backup(opsConfig({ DATA_DIR: source }), archive);
    expect(made.manifest.mode).toBe('pglite');
    expect(made.manifest.tables.find((t) => t.table === 'users')?.rows).toBe(8);
    expect(Object.keys(made.manifest.files)).toContain('uploads/2026/scan.bin');

    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-restored-'));
    scratch.push(target);
    const restored = await restore(opsConfig({ DATA_DIR: target }), archive, false);
    expect(restored.differences).toEqual([]);

    // compared with the source itself, not only with the manifest
    const [before, after] = [await contentsOf(source), await contentsOf(target)];
    expect(after.tables).toEqual(before.tables);
    expect(after.tables.reduce((n, t) => n + t.rows, 0)).toBeGreaterThan(5000);
    expect(after.sequences).toEqual(before.sequences);
    const [sourceFiles, targetFiles] = [
      filesUnder(path.join(source, 'files')),
      filesUnder(path.join(target, 'files')),
    ];
    expect(sourceFiles.size).toBeGreaterThanOrEqual(4);
    expect([...targetFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [key, bytes] of sourceFiles) expect(targetFiles.get(key)?.equals(bytes), key).toBe(true);
  });

  it('refuses a target that holds data unless told to replace it', async () => {
    await expect(restore(opsConfig({ DATA_DIR: source }), archive, false)).rejects.toThrow(
      'The target database already holds data: give --replace to overwrite it.',
    );
    const replaced = await restore(opsConfig({ DATA_DIR: source }), archive, true);
    expect(replaced.differences).toEqual([]);
  });

  it('reports a file of the backup whose bytes changed', async () => {
    const copy = path.join(path.dirname(archive), 'tampered');
    fs.cpSync(archive, copy, { recursive: true });
    fs.appendFileSync(path.join(copy, 'files', 'uploads', '2026', 'scan.bin'), 'x');
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-restored-'));
    scratch.push(target);
    const restored = await restore(opsConfig({ DATA_DIR: target }), copy, false);
    expect(restored.differences.map((d) => d.what)).toEqual(['file uploads/2026/scan.bin']);
  });

  it('refuses to back up a data directory that is open (a running server holds it)', async () => {
    const held = await openDatabase(opsConfig({ DATA_DIR: source }).database);
    try {
      await expect(backup(opsConfig({ DATA_DIR: source }), `${archive}-while-open`)).rejects.toThrow(
        /already open in this process/,
      );
    } finally {
      await held.close();
    }
    expect(fs.existsSync(`${archive}-while-open`)).toBe(false);
  });
});
