import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from './test/app';

// The server never answers 500 to a client's mistake. Every route in the OpenAPI document gets
// a battery of bad requests, anonymous and signed in, and must answer each with a 4xx (or a
// success where the input happens to be acceptable), always with the error body's shape.

let t: TestApp;
let eveId: number;
let token: string;
type Route = { method: string; path: string };
let routes: Route[] = [];

beforeAll(async () => {
  t = await createDemoTestApp();
  const { users } = demoOf(t);
  eveId = users.get('eve@cedar.test')!;
  token = await sessionToken(t, users.get('ada@acme.test')!);
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
    label: 'a multipart body cut short',
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    contentType: 'multipart/form-data; boundary=x',
  },
  { label: 'a multipart body without a boundary', payload: 'abc', contentType: 'multipart/form-data' },
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

// Each battery makes about 2,000 requests one after another: a few seconds on an idle machine,
// over 30 s (the default) on two cores shared with the rest of the suite.
const BATTERY_TIMEOUT_MS = 180_000;

describe('bad input on every route', () => {
  it('finds the routes to test in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it(
    'answers odd path parameters and query strings with a 4xx, never a 500',
    async () => {
      for (const route of routes) {
        for (const value of badParams) {
          for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
            const url = `${fill(route.path, value)}?limit=-5&offset=abc&search_query=%27%3B--&filter[]=1&id=${value}`;
            const res = await t.app.inject({ method: route.method as 'GET', url, headers });
            expectClientAnswer(res.statusCode, res.body, `${route.method} ${url}`);
          }
        }
      }
    },
    BATTERY_TIMEOUT_MS,
  );

  it(
    'answers bad bodies with a 4xx, never a 500',
    async () => {
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
    },
    BATTERY_TIMEOUT_MS,
  );
});

// PostgreSQL refuses the NUL character in text, so it is refused at the door, named, with a 400.
describe('the NUL character (U+0000) in any input', () => {
  // The batteries above call every route with ada's token, logout and deactivation among them,
  // which end her session: the NUL checks are made as eve (Cedar's admin, whom they leave alone), each from a live session.
  beforeEach(async () => {
    token = await sessionToken(t, eveId);
  });
  let ip = 0;
  // A fresh client address per request: the per-address rate limits must not answer first.
  const send = (options: { method: string; url: string; payload?: string; contentType?: string }) =>
    t.app.inject({
      method: options.method as 'POST',
      url: options.url,
      remoteAddress: `10.0.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(options.contentType ? { 'content-type': options.contentType } : {}),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });

  async function rowCounts(): Promise<Record<string, number>> {
    const rowsOf = async <R>(query: ReturnType<typeof sql>) =>
      ((await t.app.db.execute(query)) as { rows: R[] }).rows;
    const tables = await rowsOf<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`);
      counts[name] = row!.n;
    }
    return counts;
  }

  function expectRefused(res: { statusCode: number; body: string }, field: string, what: string) {
    expect(res.statusCode, `${what} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBe(400);
    const body = JSON.parse(res.body);
    expect(body.error, what).toBe('bad_request');
    expect(body.message, what).toBe(`${field}: must not contain the NUL character (U+0000)`);
  }

  it('answers 400 naming the field on every route, in the query, a JSON body, a form body and a path parameter, and writes nothing', async () => {
    const before = await rowCounts();
    for (const route of routes) {
      const url = fill(route.path, '1');
      const query = await send({ method: route.method, url: `${url}?search=a%00b` });
      expectRefused(query, 'query.search', `${route.method} ${url} with NUL in the query`);
      if (/\{[^}]+\}/.test(route.path)) {
        const name = /\{([^}]+)\}/.exec(route.path)![1];
        // Only the first parameter gets the NUL; it is the one named.
        const first = route.path.replace(`{${name}}`, '1%00').replace(/\{[^}]+\}/g, '1');
        const res = await send({ method: route.method, url: first });
        expectRefused(res, `params.${name}`, `${route.method} ${first}`);
      }
      if (route.method === 'GET') continue;
      const json = await send({
        method: route.method,
        url,
        contentType: 'application/json',
        payload: JSON.stringify({ email: 'ada@acme.test', items: [{ name: 'x\u0000y' }] }),
      });
      expectRefused(json, 'body.items.0.name', `${route.method} ${url} with NUL in a JSON body`);
      const form = await send({
        method: route.method,
        url,
        contentType: 'application/x-www-form-urlencoded',
        payload: 'grant_type=password&username=ada%00%40acme.test&password=x',
      });
      expectRefused(form, 'body.username', `${route.method} ${url} with NUL in a form body`);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses it on the token endpoint, JSON or form-encoded', async () => {
    for (const url of ['/api/oauth/token/', '/api/oauth/token']) {
      const form = await send({
        method: 'POST',
        url,
        contentType: 'application/x-www-form-urlencoded',
        payload: 'grant_type=password&client_id=parity-web&username=ada%40acme.test&password=pass%00word',
      });
      expectRefused(form, 'body.password', `form POST ${url}`);
      const json = await send({
        method: 'POST',
        url,
        contentType: 'application/json',
        payload: JSON.stringify({ grant_type: 'password', username: 'ada\u0000@acme.test', password: 'x' }),
      });
      expectRefused(json, 'body.username', `JSON POST ${url}`);
    }
  });

  it('refuses it in a multipart text field', async () => {
    const boundary = 'nulboundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="name"',
      '',
      'a\u0000b',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'hello',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    // Logout and deactivation take no body: sent one, they end the caller's session or account.
    const multipartRoutes = routes.filter((r) => r.method !== 'GET' && !/logout|deactivate/.test(r.path));
    let refused = 0;
    for (const route of multipartRoutes) {
      const url = fill(route.path, '1');
      const res = await send({
        method: route.method,
        url,
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload,
      });
      expect(res.statusCode, `${route.method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      if (res.statusCode === 400 && JSON.parse(res.body).message.startsWith('body.name: must not contain'))
        refused++;
    }
    // The routes that read multipart (the uploads) refuse it; the others answer 4xx without reading it.
    expect(refused).toBeGreaterThan(0);
  });
});
