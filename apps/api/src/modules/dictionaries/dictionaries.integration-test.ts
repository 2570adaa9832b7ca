import {
  ATTRIBUTE_GROUPS,
  DICTIONARY_NAMES,
  DICTIONARY_SCHEMAS,
  GLOBAL_INDUSTRY_KEYS,
  type TDictionaries,
  type TDictionaryName,
} from '@parity/domain/dictionaries';
import { DICTIONARY_ENDPOINTS } from '@parity/domain/dictionary-endpoints';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagMatches } from '../../core/http/etag';
import { users } from '../../db/schema/people';
import { createTestApp, sessionToken, type TestApp } from '../../test/app';
import { DictionaryService } from './service';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  // Dictionaries need only a signed-in user, whatever their rights.
  const [user] = await t.app.db
    .insert(users)
    .values({ email: 'reader@dictionaries.test', name: 'Dee', lastname: 'Reader', password_hash: 'x' })
    .returning({ id: users.id });
  const token = await sessionToken(t, user!.id);
  auth = { authorization: `Bearer ${token}` };
});
afterAll(async () => {
  await t?.close();
});

async function fetchDictionary<K extends TDictionaryName>(name: K): Promise<TDictionaries[K]> {
  const res = await t.app.inject({ method: 'GET', url: DICTIONARY_ENDPOINTS[name].path, headers: auth });
  expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { data: unknown };
  return DICTIONARY_SCHEMAS[name].parse(body.data) as TDictionaries[K];
}

describe('authentication', () => {
  const signedInOnly = DICTIONARY_NAMES.filter((name) => !DICTIONARY_ENDPOINTS[name].public);
  it.each(signedInOnly)('%s answers 401 with the error body without a token', async (name) => {
    const res = await t.app.inject({ method: 'GET', url: DICTIONARY_ENDPOINTS[name].path });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.stringMatching(/\S/), error: 'unauthenticated' });
  });

  it('serves the legal structures without a sign-in: the sign-up’s create step reads them first', async () => {
    expect(signedInOnly).not.toContain('legalStructures');
    const res = await t.app.inject({ method: 'GET', url: DICTIONARY_ENDPOINTS.legalStructures.path });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBe(10);
  });

  it('refuses an invalid token, even with a matching If-None-Match', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/genders', headers: auth });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/genders',
      headers: { authorization: 'Bearer not-a-token', 'if-none-match': ok.headers.etag as string },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthenticated' });
  });
});

describe('shapes', () => {
  it.each(DICTIONARY_NAMES)('%s answers { data } matching its shared schema, not empty', async (name) => {
    const data = await fetchDictionary(name);
    if (Array.isArray(data)) expect(data.length).toBeGreaterThan(0);
  });

  it('genders carry order and a category_id of a real category; categories are ordered', async () => {
    const [genders, categories] = await Promise.all([
      fetchDictionary('genders'),
      fetchDictionary('genderCategories'),
    ]);
    const categoryIds = new Set(categories.map((c) => c.id));
    for (const g of genders) expect(categoryIds.has(g.category_id)).toBe(true);
    expect(genders[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      order: 1,
      category_id: 1,
    });
    expect(categories.map((c) => c.name)).toEqual(['Women', 'Men', 'Non-binary/other', 'Undisclosed']);
    expect(categories.map((c) => c.order)).toEqual([...categories.map((c) => c.order)].sort((a, b) => a - b));
    // Every category has at least one gender (grids group gender columns by category).
    for (const c of categories) expect(genders.some((g) => g.category_id === c.id)).toBe(true);
  });

  it('ethnicities: exactly one White and one undisclosed, booleans', async () => {
    const ethnicities = await fetchDictionary('ethnicities');
    expect(ethnicities.filter((e) => e.is_white).map((e) => e.name)).toEqual(['White']);
    expect(ethnicities.filter((e) => e.is_undisclosed)).toHaveLength(1);
    expect(ethnicities.length).toBeGreaterThanOrEqual(7);
  });

  it('legal structures are ids 1-10 in order', async () => {
    const structures = await fetchDictionary('legalStructures');
    expect(structures.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(structures.every((s) => s.name.length > 0)).toBe(true);
  });

  it('attribute options: every group, identification 17, 19, 20 individual, entities apart', async () => {
    const attributes = await fetchDictionary('attributeOptions');
    expect(Object.keys(attributes).sort()).toEqual([...ATTRIBUTE_GROUPS].sort());
    for (const group of ATTRIBUTE_GROUPS) expect(attributes[group].length).toBeGreaterThan(0);
    const identification = attributes.identification;
    const individuals = identification.filter((o) => o.category === 'individual').map((o) => o.id);
    expect(individuals.sort((a, b) => a - b)).toEqual([17, 19, 20]);
    expect(identification.find((o) => o.name === 'Entity/Fund')).toMatchObject({ category: 'entity' });
    // Other groups start at id 1 and carry only id and name.
    expect(attributes.us_citizen[0]).toEqual({ id: 1, name: 'Yes' });
  });

  it('global industry types are keyed like the organization identifiers', async () => {
    const types = await fetchDictionary('globalIndustryHierarchyTypes');
    expect(types.map((x) => x.key).sort()).toEqual([...GLOBAL_INDUSTRY_KEYS].sort());
  });

  it('global industry hierarchy: sectors -> industries -> sub-industries, flat lists for the rest', async () => {
    const [types, nodes] = await Promise.all([
      fetchDictionary('globalIndustryHierarchyTypes'),
      fetchDictionary('globalIndustryHierarchy'),
    ]);
    const typeOf = (key: string) => types.find((x) => x.key === key)!.id;
    const byId = new Map(nodes.map((n) => [n.id, n]));
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
    for (const key of GLOBAL_INDUSTRY_KEYS) {
      expect(
        nodes.some((n) => n.type_id === typeOf(key)),
        key,
      ).toBe(true);
    }
    for (const n of nodes) {
      const parent = n.parent_id === null ? undefined : byId.get(n.parent_id);
      if (n.type_id === typeOf('gi_industry_id')) expect(parent?.type_id).toBe(typeOf('gi_sector_id'));
      else if (n.type_id === typeOf('gi_sub_industry_id'))
        expect(parent?.type_id).toBe(typeOf('gi_industry_id'));
      else expect(n.parent_id).toBeNull();
    }
    const financials = nodes.find((n) => n.name === 'Financials' && n.type_id === typeOf('gi_sector_id'));
    expect(financials).toBeDefined();
    // AUM bands come in ascending order.
    const aum = nodes.filter((n) => n.type_id === typeOf('gi_aum')).map((n) => n.name);
    expect(aum[0]).toMatch(/^Under/);
    expect(aum.at(-1)).toMatch(/^Over/);
  });

  it('option lists carry id and name only; titles are realistic', async () => {
    const [corporate, functional, colors] = await Promise.all([
      fetchDictionary('corporateTitles'),
      fetchDictionary('functionalTitles'),
      fetchDictionary('colors'),
    ]);
    expect(Object.keys(corporate[0]!)).toEqual(['id', 'name']);
    expect(corporate.map((c) => c.name)).toEqual(expect.arrayContaining(['Managing Partner', 'Analyst']));
    expect(functional.map((c) => c.name)).toContain('Portfolio Manager');
    expect(colors[0]!.hex).toMatch(/^#[0-9A-F]{6}$/i);
  });
});

describe('caching', () => {
  it.each(DICTIONARY_NAMES)('%s: strong ETag, Cache-Control, 304 on If-None-Match', async (name) => {
    const url = DICTIONARY_ENDPOINTS[name].path;
    const first = await t.app.inject({ method: 'GET', url, headers: auth });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // A signed-in caller's answer is never stored (issue 38); the ETag still answers 304.
    expect(first.headers['cache-control']).toBe('private, no-store');

    const again = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const notModified = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...auth, 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
  });

  it('tags, interests and roles are not cached; the others are', () => {
    const volatile = DICTIONARY_NAMES.filter((n) => !DICTIONARY_ENDPOINTS[n].cacheable).sort();
    expect(volatile).toEqual(['interests', 'roles', 'tags']);
  });

  it('a stale or malformed If-None-Match gets the full body', async () => {
    for (const value of ['"stale"', 'garbage', 'W/', ',,,', '"a", "b"']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/colors',
        headers: { ...auth, 'if-none-match': value },
      });
      expect(res.statusCode, value).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
    }
  });

  it('If-None-Match matches weakly, in a list, and with *', async () => {
    const { etag } = (await t.app.inject({ method: 'GET', url: '/api/languages', headers: auth })).headers;
    for (const value of [`W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/languages',
        headers: { ...auth, 'if-none-match': value },
      });
      expect(res.statusCode, value).toBe(304);
    }
  });

  it('a volatile dictionary reflects a change at once, with a new ETag', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/tags', headers: auth });
    // Test-only change; removed again below so other tests see the seeded list.
    await t.database.db.execute(
      sql`INSERT INTO options ("group", id, name) VALUES ('tags', 9999, 'Zz test tag')`,
    );
    try {
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/tags',
        headers: { ...auth, 'if-none-match': before.headers.etag as string },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json().data).toContainEqual({ id: 9999, name: 'Zz test tag' });
    } finally {
      await t.database.db.execute(sql`DELETE FROM options WHERE "group" = 'tags' AND id = 9999`);
    }
  });

  it('etagMatches follows the weak comparison', () => {
    expect(etagMatches(undefined, '"x"')).toBe(false);
    expect(etagMatches('"x"', '"x"')).toBe(true);
    expect(etagMatches('W/"x"', '"x"')).toBe(true);
    expect(etagMatches(' "y" ,"x" ', '"x"')).toBe(true);
    expect(etagMatches('x', '"x"')).toBe(false);
    expect(etagMatches('"xx"', '"x"')).toBe(false);
  });
});

describe('bad input', () => {
  it.each(['/api/genderz', '/api/genders/nope', '/api/attributes', '/api/attributes/relation'])(
    '%s answers 404 JSON with a clear message',
    async (url) => {
      for (const headers of [auth, {}]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(404);
        const body = res.json();
        expect(body.error).toBe('not_found');
        expect(body.message).toContain(url);
      }
    },
  );

  it.each([
    '/api/genders?foo=bar',
    '/api/genders?id=1&id=2',
    '/api/ethnicities?%zz=%zz',
    '/api/colors?limit=-1&offset=abc',
    "/api/languages?q=' OR 1=1 --",
    `/api/tags?x=${'a'.repeat(4000)}`,
  ])('GET %s ignores the query string (200)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().data)).toBe(true);
  });

  it('other methods answer 404, never 500', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/genders', headers: auth, payload: { id: 1 } });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('HEAD answers headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/genders', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
    expect(res.body).toBe('');
  });
});

describe('DictionaryService', () => {
  /** The app's database, counting the queries started through it. */
  function countingDb() {
    const counter = { selects: 0 };
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === 'select') counter.selects++;
        return Reflect.get(target, prop, receiver);
      },
    });
    return { db, counter };
  }

  it('loads a static dictionary once: concurrent first calls share the load', async () => {
    const { db, counter } = countingDb();
    const service = new DictionaryService(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => service.get('globalIndustryHierarchy')),
    );
    expect(new Set(results).size).toBe(1);
    await service.get('globalIndustryHierarchy');
    await service.get('attributeOptions');
    await service.get('attributeOptions');
    expect(counter.selects).toBe(2);
  });

  it('reads tags, interests and roles on every call', async () => {
    const { db, counter } = countingDb();
    const service = new DictionaryService(db);
    for (const name of ['tags', 'tags', 'interests', 'roles'] as const) await service.get(name);
    expect(counter.selects).toBe(4);
  });

  it('forgets a failed load so the next call retries', async () => {
    let fail = true;
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === 'select' && fail) throw new Error('database down');
        return Reflect.get(target, prop, receiver);
      },
    });
    const service = new DictionaryService(db);
    await expect(service.get('colors')).rejects.toThrow('database down');
    fail = false;
    expect((await service.get('colors')).body.length).toBeGreaterThan(0);
  });
});

describe('OpenAPI', () => {
  it('lists every dictionary with its response schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, { get?: { tags?: string[]; responses?: Record<string, unknown> } }>;
    };
    for (const name of DICTIONARY_NAMES) {
      const op = doc.paths[DICTIONARY_ENDPOINTS[name].path]?.get;
      expect(op?.tags, name).toEqual(['dictionaries']);
      expect(op?.responses?.['200'], name).toBeDefined();
    }
  });
});
