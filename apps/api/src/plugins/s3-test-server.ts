import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_S3_AUTH =
  /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/(\d{8})\/[a-z0-9-]+\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/;

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
  seen: { method: string; path: string; authorization: string }[];
  close(): Promise<void>;
}

/**
 * A tiny S3 for tests: PUT, GET and DELETE of path-style objects; a request without a
 * well-formed Signature V4 (access key AKIDTEST) answers 403, a body whose SHA-256 differs from
 * x-amz-content-sha256 answers 400.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: FakeS3['seen'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const authorization = String(req.headers.authorization ?? '');
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      const match = FAKE_S3_AUTH.exec(authorization);
      const hash = createHash('sha256').update(body).digest('hex');
      seen.push({ method: req.method!, path: req.url!, authorization });
      if (!match || !/^\d{8}T\d{6}Z$/.test(amzDate) || match[1] !== amzDate.slice(0, 8)) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      if (req.headers['x-amz-content-sha256'] !== hash) {
        res.writeHead(400).end('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
        return;
      }
      const key = decodeURIComponent(req.url!);
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type']) });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': found.type }).end(found.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    objects,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
