import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from './db/seed-demo';
import { signAccessToken } from './modules/auth/tokens';
import { createTestApp, type TestApp } from './test/app';

// The server never answers 500 to a client's mistake. Every route in the OpenAPI document gets
// a battery of bad requests, anonymous and signed in, and must answer each with a 4xx (or a
// success where the input happens to be acceptable), always with the error body's shape.

let t: TestApp;
let token: string;
type Route = { method: string; path: string };
let routes: Route[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { users } = await seedDemoData(t.app.db);
  token = await signAccessToken(t.app.config.jwtSecret!, {
    userId: users.get('ada@acme.test')!,
    clientId: 'parity-web',
  });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        routes.push({ method: method.toUpperCase(), path });
    }
  }
  routes = routes.filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/docs'));
});
afterAll(async () => {
  await t?.close();
});

const badParams = ['abc', '-1', '0', '99999999999999999999', '%00', 'null'];
const badBodies: { label: string; payload: string; contentType: string }[] = [
  { label: 'malformed JSON', payload: '{"a": ', contentType: 'application/json' },
  { label: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { label: 'a JSON string', payload: '"text"', contentType: 'application/json' },
  {
    label: 'wrong types',
    payload: JSON.stringify({ id: {}, email: 12, password: [], name: false, value: 'x', data: 'x' }),
    contentType: 'application/json',
  },
  {
    label: 'unknown fields',
    payload: JSON.stringify({ unexpected_field: 1, __proto__: { admin: true } }),
    contentType: 'application/json',
  },
  {
    label: 'a form with junk',
    payload: 'a[b][c]=1&&=&x=%ZZ',
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    label: 'a body over 1 MB',
    payload: JSON.stringify({ x: 'y'.repeat(1_100_000) }),
    contentType: 'application/json',
  },
];

function fill(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

function expectClientAnswer(status: number, body: string, what: string) {
  expect(status, `${what} answered ${status}: ${body.slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400) {
    const parsed = JSON.parse(body);
    expect(typeof parsed.message, what).toBe('string');
    expect(typeof parsed.error, what).toBe('string');
  }
}

describe('bad input on every route', () => {
  it('finds the routes to test in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers odd path parameters and query strings with a 4xx, never a 500', async () => {
    for (const route of routes) {
      for (const value of badParams) {
        for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
          const url = `${fill(route.path, value)}?limit=-5&offset=abc&search_query=%27%3B--&filter[]=1&id=${value}`;
          const res = await t.app.inject({ method: route.method as 'GET', url, headers });
          expectClientAnswer(res.statusCode, res.body, `${route.method} ${url}`);
        }
      }
    }
  });

  it('answers bad bodies with a 4xx, never a 500', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const body of badBodies) {
        for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
          const url = fill(route.path, '1');
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...headers, 'content-type': body.contentType },
            payload: body.payload,
          });
          expectClientAnswer(res.statusCode, res.body, `${route.method} ${url} with ${body.label}`);
        }
      }
    }
  });
});
