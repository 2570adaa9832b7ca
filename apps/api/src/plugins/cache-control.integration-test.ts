import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../seed/demo';
import { DEI_SURVEY_2026 } from '../seed/surveys';
import { createSeededTestApp, type SeededTestApp } from '../test/app';
import { apiRoutes, type RouteOperation } from '../test/routes';

// Issue 38 point 10: a signed-in caller's JSON answers carry Cache-Control: private, no-store, on
// every route (the header is set in one place, the auth plugin), errors and 304s included; the
// ETag of a cached read still answers 304; public answers to anonymous callers keep their own.

const ADA = 'ada@acme.test';
let t: SeededTestApp;
let gets: RouteOperation[];
const isJson = (type: unknown) => /[/+]json\b/.test(String(type ?? ''));

beforeAll(async () => {
  t = await createSeededTestApp();
  gets = (await apiRoutes(t)).filter((route) => route.method === 'GET');
});

afterAll(async () => {
  await t?.close();
});

/** A path with its parameters pointing at Acme, the 2026 survey or max where the name says so. */
function urlOf(route: RouteOperation): string {
  const ids: Record<string, number | undefined> = {
    organization: t.demo.organizations.get(ACME),
    survey: t.demo.surveys.get(DEI_SURVEY_2026),
    user: t.demo.users.get('max@acme.test'),
  };
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const kind =
      /organi[sz]ation/i.test(name) || (name === 'id' && route.path.startsWith('/api/organizations/'))
        ? 'organization'
        : /survey/i.test(name) || (name === 'id' && route.path.startsWith('/api/surveys/'))
          ? 'survey'
          : /user|account/i.test(name) || (name === 'id' && /\/api\/(users|accounts)\//.test(route.path))
            ? 'user'
            : undefined;
    return String((kind && ids[kind]) ?? 1);
  });
}

describe('Cache-Control on signed-in answers', () => {
  it('is private, no-store on every JSON answer of every GET route to a signed-in caller', async () => {
    const missing: string[] = [];
    let okJson = 0;
    for (const route of gets) {
      const res = await t.call('GET', ADA, urlOf(route));
      if (!isJson(res.headers['content-type'])) continue;
      if (res.statusCode < 300) okJson++;
      if (res.headers['cache-control'] !== 'private, no-store') {
        missing.push(`${route.key} ${res.statusCode}: ${res.headers['cache-control'] ?? '(none)'}`);
      }
    }
    expect(missing).toEqual([]);
    // Most reads answered 200 with the caller's data: the check above is not about errors alone.
    expect(okJson).toBeGreaterThan(60);
  });

  it('is on refusals and on answers to writes too', async () => {
    const forbidden = await t.call('GET', 'max@acme.test', '/api/admin/users');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('private, no-store');
    const refused = await t.call('POST', ADA, '/api/pods', {});
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the ETag: a read kept by the server answers 304 to If-None-Match, not stored either', async () => {
    const from = new Date();
    const to = new Date(from.getTime() + 30 * 24 * 3600 * 1000);
    const url = `/api/events?from=${from.toISOString()}&to=${to.toISOString()}`;
    const first = await t.call('GET', ADA, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${t.tokenOf(ADA)}`, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves public answers to anonymous callers as their route sets them', async () => {
    const url = '/api/organization-legal-structures';
    const anonymous = await t.call('GET', null, url);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('private, max-age=86400');
    const signedIn = await t.call('GET', ADA, url);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
  });
});
