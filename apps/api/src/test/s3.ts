import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's one account: it refuses any other access key id (403 InvalidAccessKeyId). */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** http://127.0.0.1:<port>/, for the app's S3_ENDPOINT (path-style). */
  endpoint: string;
  /**
   * Every request the server was sent, in order. s3rver checks a V4 request's access key id but
   * neither its signature nor its payload hash, so the tests read those here.
   */
  requests: { method: string; path: string; authorization: string; contentSha256: string }[];
  /** The bucket's objects by path ('/{bucket}/{key}'), read through the S3 API. */
  objects(): Promise<Map<string, { body: Buffer; type: string }>>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free loopback port over a temp directory, with `buckets` created. */
export async function startTestS3(...buckets: string[]): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'parity-s3-'));
  const s3rver = new S3rver({
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: TestS3['requests'] = [];
  // Requests from objects() carry this header and are left out of `requests`.
  const PROBE = 'x-parity-test-probe';
  const server = http.createServer((req, res) => {
    if (!req.headers[PROBE]) {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        contentSha256: String(req.headers['x-amz-content-sha256'] ?? ''),
      });
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const probe = (url: string) => fetch(new URL(url, endpoint), { headers: { [PROBE]: '1' } });
  return {
    endpoint,
    requests,
    async objects() {
      const objects = new Map<string, { body: Buffer; type: string }>();
      for (const bucket of buckets) {
        const list = await (await probe(`/${bucket}`)).text();
        for (const [, key] of list.matchAll(/<Key>([^<]*)<\/Key>/g)) {
          const res = await probe(`/${bucket}/${key}`);
          objects.set(`/${bucket}/${key}`, {
            body: Buffer.from(await res.arrayBuffer()),
            type: res.headers.get('content-type') ?? '',
          });
        }
      }
      return objects;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
