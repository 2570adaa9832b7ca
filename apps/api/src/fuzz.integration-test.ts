import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ACME } from './seed/demo';
import { DEI_SURVEY_2026 } from './seed/surveys';
import { createProbedTestApp, demoOf, sessionToken, type TestApp } from './test/app';
import { apiRoutes, callOrder, type RouteOperation } from './test/routes';

// Issue #20 point 9: requests generated from each route's OpenAPI schema, valid-shaped and mutated
// (wrong types, overlong strings, NUL, lone surrogates, unicode, numbers out of range, missing and
// extra fields, bodies nested just to the depth limit and past it), sent as an organization admin
// and anonymously. Never a 5xx; and a request answered 4xx commits no write to any table (row count
// and newest row version). FUZZ_SEED reproduces a run, FUZZ_RUNS sets the cases per route
// (docs/reliability.md).

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_520);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

// biome-ignore lint/suspicious/noExplicitAny: a JSON schema of the OpenAPI document, read loosely
type Schema = any;

let t: TestApp;
let token: string;
let adaId: number;
let routes: RouteOperation[] = [];
let realIds: Record<string, string> = {};
let tablesQuery: ReturnType<typeof sql>;
let address = 0;

// Text PostgreSQL refuses (issue 38): NUL, and lone UTF-16 surrogates (high alone, low alone, a
// reversed pair, a pair cut short), in values and in object keys.
const unstorable = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udbffb',
  '\udc00',
  '\udfff!',
  '\udc00\ud800',
  'end \ud83d',
];

// An overlong string that does not compress: over PostgreSQL's 2,704-byte limit of a btree index
// entry, which a repeated character would stay under once compressed.
const incompressible = Array.from({ length: 4_000 }, (_, i) =>
  String.fromCharCode(33 + ((i * 7_919 + ((i * i) % 8_191)) % 94)),
).join('');

// JSON text of arrays and objects nested `depth` levels in all around `inner` (the server refuses
// more than 32): text, since JSON.stringify overflows the stack on thousands of levels.
function nestedJson(depth: number, inner = '1'): string {
  let text = inner;
  for (let i = 0; i < depth; i++) text = i % 2 ? `{"a":${text}}` : `[${text}]`;
  return text;
}

/** A body sent as this JSON text; shown short when fast-check reports a counterexample. */
class RawJson {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `RawJson(${this.text.length} characters: ${this.text.slice(0, 40)}...)`;
  }
}

// Values no schema asks for: the mutations.
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -2_147_483_649,
    2 ** 31,
    2 ** 53 + 2,
    2 ** 63,
    1e21,
    1e308,
    -1e308,
    0.5,
    Number.MIN_VALUE,
  ),
  fc.constantFrom(
    '',
    ' ',
    '😀',
    '\u202e\u0301',
    'x'.repeat(100_000),
    incompressible,
    "'; DROP TABLE users; --",
  ),
  fc.constantFrom(...unstorable),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    {},
    [],
    [null],
    { __proto__: { admin: true } },
    { constructor: { prototype: {} } },
    Object.fromEntries(unstorable.map((key) => [key, 1])),
    JSON.parse(nestedJson(40)),
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
);

// A whole body nested just to the limit (32) or past it (33, 12,000), in place of the shaped one.
const deepBody = fc.constantFrom(
  ...[nestedJson(32), nestedJson(31, '{"a":"\\ud800"}'), nestedJson(33), nestedJson(12_000)].map(
    (text) => new RawJson(text),
  ),
);

function shaped(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return fc.oneof(...variants.map((v: Schema) => value(v, depth + 1)));
  if (Array.isArray(schema.allOf)) return value(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 60, 300);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date')
        return fc.constantFrom('2026-01-31', '2026-02-30', '1900-01-01', '9999-12-31');
      if (schema.format === 'date-time')
        return fc.constantFrom('2026-01-31T10:00:00Z', '2026-13-01T00:00:00Z');
      return fc.string({ unit: 'grapheme', minLength, maxLength });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1, -2_147_483_648),
        max: Math.min(schema.maximum ?? 2_147_483_647, 2_147_483_647),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(value(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, s] of Object.entries(properties)) record[name] = value(s, depth + 1);
      const required: string[] = (schema.required ?? []).filter((k: string) => k in record);
      return fc
        .tuple(
          fc.oneof(
            { weight: 4, arbitrary: fc.record(record, { requiredKeys: required }) },
            // Missing fields: the required ones may go too.
            { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) },
          ),
          // Extra fields.
          fc.option(
            fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...unstorable)), junk, {
              maxKeys: 2,
            }),
            { freq: 4 },
          ),
        )
        .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
    }
    default:
      return junk;
  }
}

/**
 * Just past the schema's own bounds: a string one character over its maximum length, a number
 * just out of its range or of PostgreSQL's integer.
 */
function outOfRange(schema: Schema): fc.Arbitrary<unknown> | undefined {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'string' && schema.maxLength !== undefined)
    return fc.constant('x'.repeat(schema.maxLength + 1));
  if (type !== 'integer' && type !== 'number') return undefined;
  const values = [2_147_483_648, -2_147_483_649];
  if (schema.maximum !== undefined) values.push(schema.maximum + 1);
  if (schema.minimum !== undefined) values.push(schema.minimum - 1);
  return fc.constantFrom(...values);
}

/** A value of the schema's shape, now and then a mutation instead (the whole, or a part). */
function value(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const beyond = outOfRange(schema);
  return fc.oneof(
    { weight: depth === 0 ? 5 : 12, arbitrary: shaped(schema, depth) },
    { weight: 1, arbitrary: beyond ? fc.oneof(junk, beyond) : junk },
  );
}

/** A demo object the path parameter may name: Acme, the 2026 survey (Acme answers it), Max. */
function realId(route: RouteOperation, name: string): fc.Arbitrary<string> {
  if (name === 'surveyId' || (name === 'id' && route.path.startsWith('/api/surveys/'))) {
    return fc.constant(realIds.survey!);
  }
  if (/^organization_?[iI]d$/.test(name) || route.path.startsWith('/api/organizations/{id}')) {
    return fc.constant(realIds.organization!);
  }
  if (/^user_?[iI]d$/.test(name)) return fc.constant(realIds.user!);
  return fc.constantFrom(...Object.values(realIds));
}

/**
 * Percent-encoded as UTF-8, a lone surrogate as the three bytes a careless encoder writes for it
 * (%ED%A0%80: not UTF-8; encodeURIComponent would throw).
 */
function percentEncoded(text: string): string {
  if ((text as string & { isWellFormed(): boolean }).isWellFormed()) return encodeURIComponent(text);
  return Array.from(text, (c) => {
    const unit = c.charCodeAt(0);
    if (c.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(c);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  }).join('');
}

function asParam(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

/** A request for the route: path parameters (real ids now and then), query string and body. */
function requestFor(route: RouteOperation) {
  const parameters: Schema[] = route.operation.parameters ?? [];
  const pathParams: Record<string, fc.Arbitrary<string>> = {};
  const query: Record<string, fc.Arbitrary<string>> = {};
  for (const p of parameters) {
    const arb = value(p.schema).map(asParam);
    if (p.in === 'path') pathParams[p.name] = fc.oneof({ weight: 3, arbitrary: realId(route, p.name) }, arb);
    if (p.in === 'query') query[p.name] = arb;
  }
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  return fc.record({
    params: fc.record(pathParams),
    query: fc.record(query, { requiredKeys: [] }),
    // One body in twelve nested to the depth limit or past it; a route that takes no JSON body gets
    // one now and then, such a body or text PostgreSQL refuses.
    body: bodySchema
      ? fc.oneof({ weight: 11, arbitrary: value(bodySchema) }, deepBody)
      : route.method === 'GET'
        ? fc.constant(undefined)
        : fc.oneof(
            { weight: 7, arbitrary: fc.constant(undefined) },
            deepBody,
            fc.constantFrom(...unstorable),
          ),
    // Signed in as Acme's admin, one time in four anonymous.
    anonymous: fc.constantFrom(false, false, false, true),
  });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.app.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** One past the last finished transaction id: it moves with any transaction that wrote. */
async function nextXid(): Promise<string> {
  const [row] = await rows<{ x: string }>(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`);
  return row!.x;
}

// The state is read again only when a transaction wrote.
let known: { xid: string; state: string } | undefined;

/**
 * Per table: its row count and the id of the newest transaction that wrote one of its rows (xmin).
 * An insert or an update gives a row a newer xmin and a delete lowers the count, so any committed
 * write shows, even one that puts back the value it found. (A hash of every row's text read the
 * same, but took 15 times as long: most of the fuzzing's time.)
 */
async function tableState(): Promise<string> {
  const xid = await nextXid();
  if (known?.xid !== xid) known = { xid, state: JSON.stringify(await rows(tablesQuery)) };
  return known.state;
}

// Made while the file is collected: the routes, one test each, come from the app's OpenAPI document.
// On PostgreSQL with Redis rate limits and S3 storage too (test/app.ts).
t = await createProbedTestApp();
const people = demoOf(t);
adaId = people.users.get('ada@acme.test')!;
realIds = {
  organization: String(people.organizations.get(ACME)),
  survey: String(people.surveys.get(DEI_SURVEY_2026)),
  user: String(people.users.get('max@acme.test')),
  me: 'me',
};
const tables = (
  await rows<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
).map((r) => r.table_name);
// Ordered: PostgreSQL may run the branches as a parallel append, which returns them in any order.
tablesQuery = sql.raw(
  `SELECT * FROM (${tables
    .map((name) => `SELECT '${name}' AS t, count(*) AS n, max(x.xmin::text::bigint) AS v FROM "${name}" x`)
    .join(' UNION ALL ')}) state ORDER BY t`,
);
routes = callOrder(await apiRoutes(t));
afterAll(async () => {
  await t?.close();
});

describe('requests generated from the OpenAPI schemas', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(200);
  });

  it('notices every committed write in the table state, and nothing else', async () => {
    const start = await tableState();
    await t.app.db.execute(sql`SELECT count(*) FROM organizations`);
    expect(await tableState(), 'a read').toBe(start);
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE organizations SET about = about || '.' WHERE name = ${ACME}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await tableState(), 'a rolled-back update').toBe(start);
    await t.app.db.execute(sql`UPDATE organizations SET about = about || '.' WHERE name = ${ACME}`);
    const updated = await tableState();
    expect(updated, 'an update').not.toBe(start);
    await t.app.db.execute(sql`UPDATE organizations SET about = left(about, -1) WHERE name = ${ACME}`);
    expect(await tableState(), 'an update that puts the old value back').not.toBe(updated);
  });

  // Every route in turn, in call order (test/routes.ts: what ends the session or removes demo
  // objects last), each its own test so that every failing route is reported.
  describe('never answer 5xx nor write part of a refused request', () => {
    it.for(routes)('$key', async (route) => {
      // A fresh session per route: a logout fuzzed on an earlier route ends the one it was sent with.
      token = await sessionToken(t, adaId);
      const tally: Record<number, number> = {};
      const property = fc.asyncProperty(requestFor(route), async (request) => {
        const url = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          percentEncoded(request.params[name] ?? ''),
        );
        const search = Object.entries(request.query as Record<string, string>)
          .map(([name, v]) => `${encodeURIComponent(name)}=${percentEncoded(v)}`)
          .join('&');
        const before = await tableState();
        address++;
        const res = await t.app.inject({
          method: route.method,
          url: search ? `${url}?${search}` : url,
          remoteAddress: `10.7.${Math.floor(address / 250) % 250}.${address % 250}`,
          headers: {
            ...(request.anonymous ? {} : { authorization: `Bearer ${token}` }),
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(request.body === undefined
            ? {}
            : {
                payload: request.body instanceof RawJson ? request.body.text : JSON.stringify(request.body),
              }),
        });
        tally[Math.floor(res.statusCode / 100)] = (tally[Math.floor(res.statusCode / 100)] ?? 0) + 1;
        const what = `${route.key} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await tableState(), `${what}\nand changed a table`).toBe(before);
      });
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true }).catch((error: Error) => {
        throw new Error(`${route.key} (FUZZ_SEED=${SEED}): ${error.message}`);
      });
      if (process.env.FUZZ_VERBOSE) console.info(`${route.key}: ${JSON.stringify(tally)}`);
    });
  });
});
