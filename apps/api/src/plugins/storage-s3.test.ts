import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_CREDENTIALS, startTestS3, type TestS3 } from '../test/s3';
import { s3Storage } from './storage';

let server: TestS3;
let endpoint = '';
let seen: TestS3['requests'];
beforeAll(async () => {
  server = await startTestS3('parity-files');
  ({ endpoint, requests: seen } = server);
});
afterAll(() => server?.close());
// A well-formed Signature V4 of our key in our region, the payload's hash among the signed headers.
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/;

describe('s3Storage', () => {
  const store = () =>
    s3Storage({
      endpoint,
      bucket: 'parity-files',
      ...S3_CREDENTIALS,
      region: 'eu-test-1',
    });

  it('puts, gets and deletes objects path-style with signed requests', async () => {
    const s3 = store();
    expect(
      await s3.put('organizations/1/files/a.pdf', Buffer.from('%PDF-1.4 hello'), 'application/pdf'),
    ).toEqual({
      size: 14,
    });
    expect(await s3.put('b/two.txt', Readable.from(['str', 'eam']), 'text/plain')).toEqual({ size: 6 });
    expect((await server.objects()).get('/parity-files/organizations/1/files/a.pdf')).toEqual({
      body: Buffer.from('%PDF-1.4 hello'),
      type: 'application/pdf',
    });
    expect(await text((await s3.get('organizations/1/files/a.pdf'))!)).toBe('%PDF-1.4 hello');
    expect(await text((await s3.get('b/two.txt'))!)).toBe('stream');
    await s3.delete('b/two.txt');
    await s3.delete('b/two.txt');
    expect(await s3.get('b/two.txt')).toBeNull();
    expect(seen.map((r) => r.method)).toEqual(['PUT', 'PUT', 'GET', 'GET', 'DELETE', 'DELETE', 'GET']);
    expect(seen.every((r) => AUTH.test(r.authorization))).toBe(true);
    // The signed payload hash is the body's own.
    expect(seen[0]!.contentSha256).toBe(createHash('sha256').update('%PDF-1.4 hello').digest('hex'));
    // Different requests carry different signatures.
    expect(new Set(seen.map((r) => r.authorization)).size).toBeGreaterThan(1);
  });

  it('reports a refused request as an error and refuses unsafe keys before sending', async () => {
    const wrong = s3Storage({ endpoint, bucket: 'parity-files', accessKeyId: 'OTHER', secretAccessKey: 's' });
    await expect(wrong.put('x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /S3 PUT x.txt answered 403/,
    );
    await expect(wrong.get('x.txt')).rejects.toThrow(/403/);
    const before = seen.length;
    await expect(store().put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /invalid storage key/,
    );
    expect(seen.length).toBe(before);
  });
});
