import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Storage } from '../plugins/storage';
import type { Difference } from './tables';

/** Uploaded files under a root directory: storage key -> sha256 (half-written `.part` files left out). */
export async function diskFileHashes(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(root)) return out;
  const walk = async (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.part')) {
        out[path.relative(root, full).split(path.sep).join('/')] = await sha256(fs.createReadStream(full));
      }
    }
  };
  await walk(root);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes every file under root into the storage by its key. */
export async function copyFilesTo(root: string, keys: string[], storage: Storage): Promise<void> {
  for (const key of keys) {
    await storage.put(
      key,
      fs.createReadStream(path.join(root, ...key.split('/'))),
      'application/octet-stream',
    );
  }
}

/** Files missing from the storage or whose bytes differ from the expected sha256. */
export async function compareFiles(
  expected: Record<string, string>,
  storage: Storage,
): Promise<Difference[]> {
  const out: Difference[] = [];
  for (const [key, hash] of Object.entries(expected)) {
    const stream = await storage.get(key);
    const found = stream ? await sha256(stream) : 'missing';
    if (found !== hash) out.push({ what: `file ${key}`, expected: hash, found });
  }
  return out;
}
