import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/people';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';

let t: TestApp;
let ids: Map<string, number>;
const tokens = new Map<string, string>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-images-'));

const PENDING = 'pending@acme.test';
const MEMBER = 'max@acme.test';
const OTHER_ADMIN = 'eve@cedar.test';
const PLATFORM = 'admin@parity.test';

beforeAll(async () => {
  t = await createDemoTestApp({ dataDir });
  ids = demoOf(t).users;
  for (const email of ids.keys()) {
    tokens.set(email, await sessionToken(t, ids.get(email)!));
  }
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const id = (email: string) => ids.get(email)!;
const auth = (email: string) => ({ authorization: `Bearer ${tokens.get(email)}` });

// Smallest real images: a 1x1 PNG, a JPEG header and a WebP header.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(24),
]);

/** A real multipart/form-data body. */
function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----parity${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined)
      head += `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(email: string | null, body: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/image',
    payload: body.payload,
    headers: { ...body.headers, ...(email ? auth(email) : {}) },
  });
}

async function imageOf(email: string) {
  const [u] = await t.app.db
    .select({ image: users.image })
    .from(users)
    .where(eq(users.id, id(email)));
  return u!.image;
}
const fileCount = async () => (await t.app.db.select().from(files)).length;

describe('POST /api/users/image', () => {
  it('needs a signed-in caller', async () => {
    const res = await upload(
      null,
      multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]),
    );
    expect(res.statusCode).toBe(401);
  });

  it('stores a PNG under a generated name and serves it back inline', async () => {
    const res = await upload(
      MEMBER,
      multipart([{ name: 'file', filename: '../../etc/me.png', type: 'image/png', data: PNG }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { image, image_url } = res.json();
    expect(image_url).toBe(`/api/users/${id(MEMBER)}/image/1`);
    expect(await imageOf(MEMBER)).toBe(image);
    const [stored] = await t.app.db.select().from(files).where(eq(files.id, image));
    expect(stored).toMatchObject({
      owner_user_id: id(MEMBER),
      kind: 'user_image',
      content_type: 'image/png',
      size: PNG.length,
    });
    expect(stored!.storage_key).toMatch(new RegExp(`^users/${id(MEMBER)}/[0-9a-f-]{36}\\.png$`));
    expect(fs.readFileSync(path.join(dataDir, 'files', stored!.storage_key))).toEqual(PNG);

    const got = await t.app.inject({ method: 'GET', url: image_url, headers: auth(MEMBER) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload).toEqual(PNG);

    const account = (
      await t.app.inject({ method: 'GET', url: '/api/user-account', headers: auth(MEMBER) })
    ).json();
    expect(account).toMatchObject({ image, image_url });
    const health = (
      await t.app.inject({ method: 'GET', url: '/api/user/healthcheck', headers: auth(MEMBER) })
    ).json();
    expect(health.missing).not.toContain('image');
  });

  it('replaces the previous image (JPEG, then WebP) and deletes the old file', async () => {
    const first = await imageOf(MEMBER);
    const jpeg = await upload(
      MEMBER,
      multipart([{ name: 'file', filename: 'me.JPG', type: 'image/jpeg', data: JPEG }]),
    );
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect((await t.app.db.select().from(files).where(eq(files.id, first!))).length).toBe(0);
    const webp = await upload(
      MEMBER,
      multipart([{ name: 'file', filename: 'me.webp', type: 'image/webp', data: WEBP }]),
    );
    expect(webp.statusCode, webp.body).toBe(201);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/users/${id(MEMBER)}/image/1`,
      headers: auth(MEMBER),
    });
    expect(got.headers['content-type']).toBe('image/webp');
    expect(
      (
        await t.app.db
          .select()
          .from(files)
          .where(eq(files.owner_user_id, id(MEMBER)))
      ).length,
    ).toBe(1);
  });

  it.each([
    [
      'text with a .png name',
      { name: 'file', filename: 'evil.png', type: 'image/png', data: '<script>alert(1)</script>' },
      400,
    ],
    [
      'an HTML page with a .jpg name',
      { name: 'file', filename: 'x.jpg', type: 'image/jpeg', data: '<html></html>' },
      400,
    ],
    ['a PNG named .svg', { name: 'file', filename: 'x.svg', type: 'image/svg+xml', data: PNG }, 400],
    ['a PNG without extension', { name: 'file', filename: 'x', type: 'image/png', data: PNG }, 400],
    ['an empty file', { name: 'file', filename: 'x.png', type: 'image/png', data: Buffer.alloc(0) }, 400],
    ['another field name', { name: 'avatar', filename: 'x.png', type: 'image/png', data: PNG }, 400],
    ['a field, no file', { name: 'file', data: 'hello' }, 400],
    [
      'an image over 5 MB',
      {
        name: 'file',
        filename: 'big.png',
        type: 'image/png',
        data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      },
      413,
    ],
  ] as const)('refuses %s and changes nothing', async (_label, part, status) => {
    const before = await imageOf(OTHER_ADMIN);
    const count = await fileCount();
    const res = await upload(OTHER_ADMIN, multipart([part as Parameters<typeof multipart>[0][number]]));
    expect(res.statusCode, res.body).toBe(status);
    expect(typeof res.json().message).toBe('string');
    if (status === 400)
      expect(res.json().detail).toEqual([{ field: 'body.file', message: expect.any(String) }]);
    expect(await imageOf(OTHER_ADMIN)).toBe(before);
    expect(await fileCount()).toBe(count);
  });

  it('refuses JSON with 415 and two files with 413', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/image',
      payload: { file: 'x' },
      headers: auth(MEMBER),
    });
    expect(json.statusCode).toBe(415);
    const two = await upload(
      OTHER_ADMIN,
      multipart([
        { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
        { name: 'file', filename: 'b.png', type: 'image/png', data: PNG },
      ]),
    );
    expect(two.statusCode).toBeLessThan(500);
    expect(
      (
        await t.app.db
          .select()
          .from(files)
          .where(eq(files.owner_user_id, id(OTHER_ADMIN)))
      ).length,
    ).toBeLessThanOrEqual(1);
  });

  it('lets a pending user set their own image', async () => {
    const res = await upload(
      PENDING,
      multipart([{ name: 'file', filename: 'p.png', type: 'image/png', data: PNG }]),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('GET /api/users/{id}/image/1', () => {
  it('serves the image to allowed callers and the owner; 404 to a pending stranger and when none', async () => {
    const url = `/api/users/${id(MEMBER)}/image/1`;
    for (const email of [MEMBER, OTHER_ADMIN, PLATFORM]) {
      expect((await t.app.inject({ method: 'GET', url, headers: auth(email) })).statusCode, email).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url, headers: auth(PENDING) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const pendingOwn = `/api/users/${id(PENDING)}/image/1`;
    expect((await t.app.inject({ method: 'GET', url: pendingOwn, headers: auth(PENDING) })).statusCode).toBe(
      200,
    );
    const none = `/api/users/${id('ada@acme.test')}/image/1`;
    expect((await t.app.inject({ method: 'GET', url: none, headers: auth(MEMBER) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/999999/image/1', headers: auth(PLATFORM) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/account-attachments-detailed and /api/files/{id}', () => {
  it("lists only the caller's own files, each downloadable by its owner only", async () => {
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/account-attachments-detailed', headers: auth(MEMBER) })
    ).json();
    expect(mine.data).toEqual([
      {
        id: expect.any(String),
        name: 'me.webp',
        size: WEBP.length,
        content_type: 'image/webp',
        kind: 'user_image',
        created_at: expect.any(String),
        url: `/api/users/${id(MEMBER)}/image/1`,
      },
    ]);
    const eve = (
      await t.app.inject({
        method: 'GET',
        url: '/api/account-attachments-detailed',
        headers: auth(OTHER_ADMIN),
      })
    ).json();
    expect(eve.data.map((f: { id: string }) => f.id)).not.toContain(mine.data[0].id);
    for (const email of [PENDING, PLATFORM]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account-attachments-detailed',
        headers: auth(email),
      });
      expect(res.statusCode).toBe(200);
    }
    const fileUrl = `/api/files/${mine.data[0].id}`;
    const own = await t.app.inject({ method: 'GET', url: fileUrl, headers: auth(MEMBER) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: auth(OTHER_ADMIN) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: auth(PLATFORM) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/files/not-a-uuid', headers: auth(MEMBER) })).statusCode,
    ).toBe(400);
  });
});
