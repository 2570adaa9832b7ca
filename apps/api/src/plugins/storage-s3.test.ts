import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_S3_AUTH, type FakeS3, startFakeS3 } from './s3-test-server';
import { s3Storage } from './storage';

let fake: FakeS3;
let endpoint = '';
let objects: FakeS3['objects'];
let seen: FakeS3['seen'];
beforeAll(async () => {
  fake = await startFakeS3();
  ({ endpoint, objects, seen } = fake);
});
afterAll(() => fake?.close());
const AUTH = FAKE_S3_AUTH;

describe('s3Storage', () => {
  const store = () =>
    s3Storage({
      endpoint,
      bucket: 'parity-files',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
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
    expect(objects.get('/parity-files/organizations/1/files/a.pdf')).toEqual({
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
