import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { diskStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('diskStorage', () => {
  const storage = diskStorage(root);

  it('puts buffers and streams, reads them back, deletes them', async () => {
    expect(await storage.put('a/one.txt', Buffer.from('hello'), 'text/plain')).toEqual({ size: 5 });
    expect(await storage.put('a/two.txt', Readable.from(['str', 'eam']), 'text/plain')).toEqual({ size: 6 });
    expect(await text((await storage.get('a/one.txt'))!)).toBe('hello');
    expect(await text((await storage.get('a/two.txt'))!)).toBe('stream');
    await storage.delete('a/one.txt');
    await storage.delete('a/one.txt');
    expect(await storage.get('a/one.txt')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'a'))).toEqual(['two.txt']);
  });

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden', 'a/b c', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /invalid storage key/,
      );
    }
  });
});
