import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_CREDENTIALS, startTestS3, type TestS3 } from '../../test/s3';
import { multipart, PDF_BYTES, type SpaceKit, startSpace, storedFiles } from '../../test/space-kit';

let k: SpaceKit;
let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3('parity');
  k = await startSpace({
    s3: {
      endpoint: s3.endpoint,
      bucket: 'parity',
      ...S3_CREDENTIALS,
      region: 'us-east-1',
    },
  });
});
afterAll(async () => {
  await k?.close();
  await s3?.close();
});

describe('organization files with S3_ENDPOINT and S3_BUCKET set', () => {
  it('stores, serves and deletes the bytes in the bucket, never on disk', async () => {
    const body = multipart('report.pdf', PDF_BYTES);
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/api/organizations/me/files',
      payload: body.payload,
      headers: { ...body.headers, ...k.as('ada@acme.test') },
    });
    expect(res.statusCode, res.body).toBe(201);
    const keys = [...(await s3.objects()).keys()];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^\/parity\/organizations\/\d+\/files\/[0-9a-f-]+\.pdf$/);
    expect(storedFiles(k.filesRoot)).toEqual([]);
    const dl = await k.call('GET', res.json().download_url, 'max@acme.test');
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(
      (await k.call('DELETE', `/api/organizations/me/files/${res.json().id}`, 'ada@acme.test')).statusCode,
    ).toBe(200);
    expect((await s3.objects()).size).toBe(0);
  });
});
