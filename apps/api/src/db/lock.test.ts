import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock } from './lock';

const dirs: string[] = [];
function tempDataDir() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-lock-'));
  dirs.push(parent);
  return path.join(parent, 'pglite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the PGlite data directory lock', () => {
  it('refuses a second opener while the first holds it, and frees it on release', () => {
    const dir = tempDataDir();
    const release = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(/already open in this process/);
    release();
    const again = acquireDirectoryLock(dir);
    again();
  });

  it('refuses a directory locked by another live process', () => {
    const dir = tempDataDir();
    // The parent of the test runner is alive for the whole test.
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => acquireDirectoryLock(dir)).toThrow(`in use by another Parity process (pid ${process.ppid})`);
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = tempDataDir();
    fs.writeFileSync(`${dir}.lock`, '999999999');
    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
