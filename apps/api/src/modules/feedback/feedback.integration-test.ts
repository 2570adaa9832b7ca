import { FEEDBACK_REQUIRED_MESSAGE } from '@parity/domain/feedback';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema/feedback';
import { organizations, users } from '../../db/schema/people';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, type TestApp } from '../../test/app';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createDemoTestApp();
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
async function tokenFor(email: string): Promise<string> {
  const cached = tokens.get(email);
  if (cached) return cached;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/token/',
    remoteAddress: `10.5.0.${++address}`,
    payload: { grant_type: 'password', username: email, password: DEMO_PASSWORD, client_id: 'parity-web' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().access_token as string;
  tokens.set(email, token);
  return token;
}

async function send(email: string | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: email ? { authorization: `Bearer ${await tokenFor(email)}` } : {},
    payload: payload as Record<string, unknown>,
  });
}

const page = 'http://localhost:3000/users/private';

describe('POST /api/feedback', () => {
  it('refuses an anonymous caller with 401', async () => {
    const res = await send(null, { url: page, value: 5 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.', error: 'unauthenticated' });
  });

  it("stores a member's rating with the sender and the organization", async () => {
    const res = await send('max@acme.test', { url: page, value: 8, comment: 'Clear and quick' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      url: page,
      value: 8,
      comment: 'Clear and quick',
      created_at: expect.any(String),
    });
    const [row] = await t.app.db.select().from(feedback).where(eq(feedback.id, body.id));
    const [max] = await t.app.db.select().from(users).where(eq(users.email, 'max@acme.test'));
    const [acme] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Acme Capital Partners'));
    expect(row).toMatchObject({ user_id: max!.id, organization_id: acme!.id, value: 8 });
  });

  it('accepts a pending member and a null or missing comment', async () => {
    expect((await send('pending@acme.test', { url: page, value: 1, comment: null })).statusCode).toBe(201);
    const res = await send('admin@parity.test', { url: page, value: 10 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().comment).toBeNull();
  });

  it("answers a missing rating with 400, the field and 'Thumbs is a required field'", async () => {
    const res = await send('max@acme.test', { url: page, comment: 'no rating' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      detail: [{ field: 'body.value', message: FEEDBACK_REQUIRED_MESSAGE }],
    });
  });

  it('refuses ratings outside 1-10, bad addresses, long comments and unknown fields', async () => {
    const cases: [unknown, string][] = [
      [{ url: page, value: 0 }, 'body.value'],
      [{ url: page, value: 11 }, 'body.value'],
      [{ url: page, value: '7' }, 'body.value'],
      [{ url: 'not a url', value: 5 }, 'body.url'],
      [{ url: 'javascript:alert(1)', value: 5 }, 'body.url'],
      [{ url: `${page}?q=${'a'.repeat(2048)}`, value: 5 }, 'body.url'],
      [{ url: page, value: 5, comment: 'x'.repeat(5001) }, 'body.comment'],
    ];
    for (const [payload, field] of cases) {
      const res = await send('max@acme.test', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().detail[0].field).toBe(field);
    }
    const extra = await send('max@acme.test', { url: page, value: 5, user_id: 1 });
    expect(extra.statusCode).toBe(400);
  });
});
