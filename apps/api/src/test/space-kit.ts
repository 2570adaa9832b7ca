import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../config';
import { createSeededTestApp, type SeededTestApp } from './app';

/** The seeded test app as the organization space tests call it (a client address per request). */
export interface SpaceKit {
  t: SeededTestApp;
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
  const t = await createSeededTestApp(overrides);
  const as = (email: string | null) => (email ? { authorization: `Bearer ${t.tokenOf(email)}` } : {});
  let address = 0;
  return {
    t,
    orgs: t.demo.organizations,
    users: t.demo.users,
    as,
    call: (method, url, email, payload) =>
      t.app.inject({
        method,
        url,
        headers: as(email),
        // a client address per request, so the per-address rate limits never stop a test
        remoteAddress: `10.9.${Math.floor(++address / 250)}.${address % 250}`,
        ...(payload !== undefined ? { payload: payload as object } : {}),
      }),
    filesRoot: path.join(t.dataDir, 'files'),
    close: () => t.close(),
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
