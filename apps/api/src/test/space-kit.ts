import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../config';
import { seedDemoData } from '../seed/demo';
import { sessionToken } from '../test/app';
import { createTestApp, type TestApp } from './app';

/** An app over a seeded database and a token per demo user, for the organization space tests. */
export interface SpaceKit {
  t: TestApp;
  orgs: Map<string, number>;
  users: Map<string, number>;
  as(email: string | null): { authorization?: string };
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** where the disk storage keeps the bytes */
  filesRoot: string;
  close(): Promise<void>;
}

export async function startSpace(overrides: Partial<Config> = {}): Promise<SpaceKit> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-space-'));
  const t = await createTestApp({ dataDir, ...overrides });
  const seeded = await seedDemoData(t.app.db);
  const tokens = new Map<string, string>();
  for (const [email, userId] of seeded.users) {
    tokens.set(email, await sessionToken(t, userId));
  }
  const as = (email: string | null) => (email ? { authorization: `Bearer ${tokens.get(email)}` } : {});
  let address = 0;
  return {
    t,
    orgs: seeded.organizations,
    users: seeded.users,
    as,
    call: (method, url, email, payload) =>
      t.app.inject({
        method,
        url,
        headers: as(email),
        remoteAddress: `10.9.${Math.floor(++address / 250)}.${address % 250}`,
        ...(payload !== undefined ? { payload: payload as object } : {}),
      }),
    filesRoot: path.join(dataDir, 'files'),
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body with one part `file` (or another name). */
export function multipart(
  filename: string,
  bytes: Buffer,
  field = 'file',
  contentType = 'application/octet-stream',
) {
  const boundary = `----parity${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
export const GIF_BYTES = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Every file under a directory (relative paths), to prove nothing was left behind. */
export function storedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}
