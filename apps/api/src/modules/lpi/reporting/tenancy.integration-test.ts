import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../../seed/demo';
import { DEI_SURVEY_2026 } from '../../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../../test/app';

// Tenancy over every reporting route at once: the routes come from the OpenAPI document, so a new
// reporting endpoint is covered the day it is added. eve@cedar.test (another organization's admin)
// must get 404 from every read of Acme's profile or of Acme's survey copy, and no call of hers
// that names Acme may change a single row of Acme's.

let t: TestApp;
let eve: string;
let acmeId: number;
let surveyId: number;

interface Operation {
  method: string;
  path: string;
  query: { name: string; required: boolean }[];
}
let operations: Operation[] = [];

const REPORTING_TABLES = [
  'grid_cells',
  'individuals',
  'board_members',
  'organization_policies',
  'form_values',
  'miscellaneous_questions',
  'addresses',
  'survey_organization_meta',
  'tab_states',
  'tab_versions',
  'submissions',
];

/** Every reporting row of Acme's, as text, to compare before and after. */
async function acmeRows(): Promise<string> {
  const parts: string[] = [];
  for (const table of REPORTING_TABLES) {
    const result = (await t.app.db.execute(
      sql.raw(`SELECT * FROM ${table} WHERE organization_id = ${acmeId} ORDER BY 1`),
    )) as { rows: unknown[] };
    parts.push(`${table}:${JSON.stringify(result.rows)}`);
  }
  const org = (await t.app.db.execute(sql`SELECT * FROM organizations WHERE id = ${acmeId}`)) as {
    rows: unknown[];
  };
  parts.push(`organizations:${JSON.stringify(org.rows)}`);
  return parts.join('\n');
}

/** A plausible value for a required parameter, so that only the rights decide the answer. */
function valueFor(name: string): string {
  if (name === 'organization_id' || name === 'organizationId') return String(acmeId);
  if (name === 'survey_id' || name === 'surveyId') return String(surveyId);
  if (name === 'tab') return 'staff';
  if (name === 'us_based' || name === 'report') return 'false';
  if (name === 'formId') return '8';
  return '1';
}

beforeAll(async () => {
  t = await createDemoTestApp();
  const seeded = demoOf(t);
  acmeId = seeded.organizations.get(ACME)!;
  surveyId = seeded.surveys.get(DEI_SURVEY_2026)!;
  eve = await sessionToken(t, seeded.users.get('eve@cedar.test')!);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = ((op as { parameters?: { in: string; name: string; required?: boolean }[] })
        .parameters ?? []) as { in: string; name: string; required?: boolean }[];
      operations.push({
        method: method.toUpperCase(),
        path,
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: !!p.required })),
      });
    }
  }
  operations = operations.filter((o) => o.path.startsWith('/api/') && !o.path.startsWith('/api/docs'));
});
afterAll(async () => {
  await t?.close();
});

function url(op: Operation, withSurvey: boolean): string {
  const organizationPath = op.path.startsWith('/api/organizations/{id}');
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(name === 'id' && organizationPath ? String(acmeId) : valueFor(name)),
  );
  const params = new URLSearchParams();
  for (const q of op.query) {
    if (q.name === 'organization_id') params.set(q.name, String(acmeId));
    else if (q.name === 'survey_id') {
      if (withSurvey) params.set(q.name, String(surveyId));
    } else if (q.required) params.set(q.name, valueFor(q.name));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Directories that filter by organization but show only what any approved member may see. */
const DIRECTORIES = new Set(['/api/users']);

/** The admin console's reads refuse everyone but platform administrators (403; the admin tests). */
const isAdminConsole = (path: string) => path.startsWith('/api/admin/');

/** Reads that name an organization by organization_id: every reporting and analytics read. */
const scopedReads = () =>
  operations.filter(
    (o) =>
      o.method === 'GET' &&
      !DIRECTORIES.has(o.path) &&
      !isAdminConsole(o.path) &&
      o.query.some((q) => q.name === 'organization_id'),
  );
/** Calls that name the organization in the path ({organizationId}, or {id} under /api/organizations). */
const organizationPathCalls = () =>
  operations.filter(
    (o) => o.path.includes('{organizationId}') || o.path.startsWith('/api/organizations/{id}'),
  );

describe("another organization's admin and Acme's profile", () => {
  it('finds the reporting reads in the OpenAPI document', () => {
    expect(scopedReads().map((o) => o.path)).toEqual(
      expect.arrayContaining([
        '/api/lpi/versions',
        '/api/lpi/tab-states',
        '/api/lpi/tab-titles',
        '/api/organization/meta-v2',
        '/api/staff',
        '/api/organization/historical-insights',
        '/api/investment-staff',
        '/api/investment-committee',
        '/api/ownership',
        '/api/boards',
        '/api/policies/organization',
        '/api/form-generator/{formId}',
        '/api/miscellaneous-questions/{formId}',
        '/api/organization/transparency',
      ]),
    );
    expect(organizationPathCalls().map((o) => o.path)).toEqual(
      expect.arrayContaining([
        '/api/organizations/{organizationId}/lpi',
        '/api/organizations/{organizationId}/lpi',
        '/api/organizations/{organizationId}/evenness',
        '/api/organizations/{id}/members',
      ]),
    );
  });

  it("gets 404 from every read of Acme's own profile and of Acme's survey copy", async () => {
    const failures: string[] = [];
    for (const op of scopedReads()) {
      for (const withSurvey of [false, true]) {
        const target = url(op, withSurvey);
        const res = await t.app.inject({
          method: 'GET',
          url: target,
          headers: { authorization: `Bearer ${eve}` },
        });
        if (res.statusCode !== 404)
          failures.push(`${target} answered ${res.statusCode}: ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("changes nothing of Acme's with any call naming Acme in the path", async () => {
    const before = await acmeRows();
    const failures: string[] = [];
    for (const op of organizationPathCalls()) {
      const target = url(op, false);
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: target,
        headers: { authorization: `Bearer ${eve}`, 'content-type': 'application/json' },
        payload:
          op.method === 'GET' || op.method === 'DELETE'
            ? undefined
            : JSON.stringify({ updated_at: null, data: [] }),
      });
      // Acme is public: its public page and its logo and cover are the reads allowed to succeed.
      // Its scores are not published, so /lpi and /evenness must not be.
      const publicRead = /^\/api\/organizations\/\{id\}(\/logo|\/cover)?$/.test(op.path);
      // Following a public organization in the community writes the follower's row, not Acme's.
      const ownFollow = op.path === '/api/community/organizations/{organizationId}/follow';
      const allowed = (op.method === 'GET' && publicRead) || ownFollow;
      if (res.statusCode < 400 && !allowed)
        failures.push(`${op.method} ${target} answered ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await acmeRows()).toEqual(before);
  });
});
