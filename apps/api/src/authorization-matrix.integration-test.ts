import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, CEDAR, NORTHWIND } from './seed/demo';
import { DEI_SURVEY_2026 } from './seed/surveys';
import { createProbedTestApp, demoOf, sessionToken, type TestApp } from './test/app';
import { apiRoutes, callOrder, type RouteOperation } from './test/routes';

// Issue #20 point 9: every route of the OpenAPI route table, called as every kind of caller, must
// answer what authorization-matrix.tsv says. A route missing from the table, or a row whose route
// is gone, fails the test. AUTHZ_MATRIX_WRITE=1 rewrites the table from what the routes do; review
// the diff row by row before committing it (docs/reliability.md).

const TABLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'authorization-matrix.tsv');
const ROLES = [
  'anonymous',
  'pending',
  'member',
  'lpi-editor',
  'org-admin',
  'other-tenant',
  'other-host',
  'platform-admin',
] as const;
type Role = (typeof ROLES)[number];
// Calls run in this order per route: the roles that may change or delete the object come last.
const CALL_ORDER: Role[] = [
  'anonymous',
  'pending',
  'member',
  'other-tenant',
  'other-host',
  'lpi-editor',
  'platform-admin',
  'org-admin',
];
let t: TestApp;
let routes: RouteOperation[] = [];
const tokens = new Map<Role, string>();
const roleUsers = new Map<Role, number>();

/** A live session for each role: logout, a password change or deactivation end the one they are sent with. */
async function signInRoles() {
  for (const [role, userId] of roleUsers) tokens.set(role, await sessionToken(t, userId));
}
const params = new Map<string, string>();
let address = 0;

async function first(query: ReturnType<typeof sql>): Promise<string | undefined> {
  const rows = (await t.app.db.execute(query)) as unknown as { rows?: { id: unknown }[] } | { id: unknown }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list[0] === undefined ? undefined : String(list[0].id);
}

async function newUser(email: string, organizationId: number, flags: string): Promise<number> {
  const id = await first(
    sql`INSERT INTO users (email, name, lastname, password_hash) VALUES (${email}, 'Test', 'User', 'x') RETURNING id`,
  );
  await t.app.db.execute(
    sql.raw(
      `INSERT INTO memberships (user_id, organization_id, status, manage_settings, user_manage_surveys, survey_creation, average_lpi_score_access) VALUES (${id}, ${organizationId}, ${flags})`,
    ),
  );
  return Number(id);
}

beforeAll(async () => {
  // A BI tool is configured, so that GET /api/tableau/token answers by who calls it; metrics are
  // on, so that GET /api/metrics shows that no user's access token opens them (401). On
  // PostgreSQL with Redis rate limits and S3 storage too (test/app.ts).
  t = await createProbedTestApp({
    analyticsUrl: 'https://bi.example.test/trusted/{token}/views/Parity',
    metricsToken: 'matrix-metrics-token-that-no-caller-sends',
  });
  const people = demoOf(t);
  const acme = people.organizations.get(ACME)!;
  const cedar = people.organizations.get(CEDAR)!;
  const survey = people.surveys.get(DEI_SURVEY_2026)!;
  const user = (email: string) => people.users.get(email)!;

  // Callers the demo data lacks: an LPI editor who is not an admin, the host of another survey.
  const lpiEditor = await newUser('lpi@acme.test', acme, `'approved', false, false, false, true`);
  const westwind = Number(
    await first(
      sql`INSERT INTO organizations (name, is_public) VALUES ('Westwind Trust', true) RETURNING id`,
    ),
  );
  const otherHost = await newUser('host@westwind.test', westwind, `'approved', true, true, true, false`);
  await t.app.db.execute(
    sql`INSERT INTO surveys (organization_id, survey_type_id, title, start, due, created_by)
        VALUES (${westwind}, 2, 'Westwind 2026', '2026-09-01', '2026-12-31', ${otherHost})`,
  );
  // Targets of member management, so that no caller above is approved, declined or removed.
  const target = await newUser('target@acme.test', acme, `'approved', false, false, false, false`);
  const joiner = await newUser('joiner@acme.test', acme, `'pending', false, false, false, false`);

  const ids: Partial<Record<Role, number>> = {
    pending: user('pending@acme.test'),
    member: user('max@acme.test'),
    'lpi-editor': lpiEditor,
    'org-admin': user('ada@acme.test'),
    'other-tenant': user('eve@cedar.test'),
    'other-host': otherHost,
    'platform-admin': user('admin@parity.test'),
  };
  for (const [role, userId] of Object.entries(ids)) roleUsers.set(role as Role, userId);
  await signInRoles();

  // Path parameters point at real objects of Acme (or of the 2026 survey) where the demo has one.
  const or = (value: string | undefined) => value ?? '999999';
  params.set('organization_id', String(acme));
  params.set('organizationId', String(acme));
  params.set('surveyId', String(survey));
  params.set('survey:id', String(survey));
  params.set('organizations:id', String(acme));
  params.set('user_id', String(target));
  params.set('approve:user_id', String(joiner));
  params.set('userId', String(user('max@acme.test')));
  params.set('accounts:id', String(user('max@acme.test')));
  params.set('users:id', String(user('max@acme.test')));
  // The demo has no stored file (a uuid of none then: 404, not a 400 for its shape).
  params.set(
    'files:id',
    (await first(sql`SELECT id FROM files WHERE organization_id = ${acme} LIMIT 1`)) ??
      '00000000-0000-4000-8000-000000000001',
  );
  params.set(
    'contacts:id',
    (await first(
      sql`INSERT INTO organization_contacts (organization_id, name, email) VALUES (${acme}, 'Lee', 'lee@example.test') RETURNING id`,
    ))!,
  );
  params.set(
    'invitations:id',
    or(await first(sql`SELECT id FROM invitations WHERE organization_id = ${acme} LIMIT 1`)),
  );
  params.set(
    'policies:id',
    or(
      await first(
        sql`SELECT id FROM organization_policies WHERE organization_id = ${acme} AND survey_id IS NULL LIMIT 1`,
      ),
    ),
  );
  params.set('miscellaneous:id', or(await first(sql`SELECT id FROM miscellaneous_questions LIMIT 1`)));
  params.set(
    'versions:id',
    or(await first(sql`SELECT id FROM tab_versions WHERE organization_id = ${acme} ORDER BY id LIMIT 1`)),
  );
  params.set(
    'contactId',
    or(await first(sql`SELECT id FROM survey_contacts WHERE survey_id = ${survey} LIMIT 1`)),
  );
  params.set('labelId', or(await first(sql`SELECT id FROM labels LIMIT 1`)));
  params.set('formId', or(await first(sql`SELECT id FROM forms ORDER BY id LIMIT 1`)));
  params.set('tabId', or(await first(sql`SELECT id FROM forms ORDER BY id LIMIT 1`)));
  params.set('uuid', '00000000-0000-4000-8000-000000000000');
  params.set('placeId', 'ChIJOwg_06VPwokRYv534QaPC8g');
  params.set('cedar', String(cedar));
  // The admin organization routes act on an organization of their own (a delete would shut Acme out).
  params.set(
    'admin:organizationId',
    (await first(sql`INSERT INTO organizations (name) VALUES ('Matrix Duplicate') RETURNING id`))!,
  );
  // The first-party client: readable by platform admins, never rotated nor revoked (409).
  params.set('clientId', 'parity-web');
  // A notification of the member's: only they may mark it read.
  params.set(
    'notificationId',
    (await first(
      sql`INSERT INTO notifications (user_id, kind, type, title, link) VALUES (${user('max@acme.test')}, 'survey_invitation', 'alert', 'Invited', '/surveys/taking/1') RETURNING id`,
    ))!,
  );
  // An Acme organization event of ada's that max is invited to (a file and feed token of none: 404).
  const eventId = (await first(
    sql`INSERT INTO events (uid, title, start_at, end_at, time_zone, visibility, organization_id, organizer_id)
        VALUES ('matrix@parity', 'Matrix meeting', now() + interval '1 day', now() + interval '25 hours', 'UTC',
          'organization', ${acme}, ${user('ada@acme.test')}) RETURNING id`,
  ))!;
  await t.app.db.execute(
    sql`INSERT INTO event_attendees (event_id, user_id, status) VALUES (${Number(eventId)}, ${user('ada@acme.test')}, 'attending'),
        (${Number(eventId)}, ${user('max@acme.test')}, 'no-answer')`,
  );
  params.set('eventId', eventId);
  // An invite-only pod of ada's (admin) with eve as member and a post and an event of eve's; max
  // is in no pod. The pod delete acts on a pod of its own (a delete would empty the pod routes).
  const pod = async (name: string) =>
    (await first(sql`INSERT INTO pods (name, visibility) VALUES (${name}, 'invite-only') RETURNING id`))!;
  const podId = await pod('Matrix pod');
  await t.app.db.execute(
    sql`INSERT INTO pod_members (pod_id, user_id, status, role) VALUES (${Number(podId)}, ${user('ada@acme.test')}, 'active', 'admin'),
        (${Number(podId)}, ${user('eve@cedar.test')}, 'active', 'member')`,
  );
  params.set('podId', podId);
  params.set('delete:podId', await pod('Matrix pod to delete'));
  params.set(
    'postId',
    (await first(
      sql`INSERT INTO pod_posts (pod_id, author_id, body) VALUES (${Number(podId)}, ${user('eve@cedar.test')}, 'Hello') RETURNING id`,
    ))!,
  );
  params.set('invitationId', '999999');
  params.set(
    'pod:eventId',
    (await first(
      sql`INSERT INTO events (uid, title, start_at, end_at, time_zone, visibility, pod_id, organizer_id)
          VALUES ('matrix-pod@parity', 'Pod meeting', now() + interval '1 day', now() + interval '25 hours', 'UTC',
            'pod', ${Number(podId)}, ${user('eve@cedar.test')}) RETURNING id`,
    ))!,
  );
  // A fund of Cedar's in Acme's portfolio (Acme the investor).
  params.set(
    'investments:entryId',
    (await first(
      sql`INSERT INTO portfolio_entries (investor_organization_id, manager_organization_id, fund_name, vintage, commitment, asset_class)
          VALUES (${acme}, ${cedar}, 'Matrix Fund', 2020, 1000000, 'private_equity') RETURNING id`,
    ))!,
  );
  // Exchange: Acme shares with Cedar (eve reads Acme's profile) and with Northwind (the grant
  // revoked); Cedar's pending request to Acme is answered by Acme's admin.
  const shareAcme = (investor: number) =>
    first(sql`INSERT INTO exchange_grants (owner_organization_id, investor_organization_id, expires_at, granted_by)
      VALUES (${acme}, ${investor}, now() + interval '30 days', ${user('ada@acme.test')}) RETURNING id`);
  await shareAcme(cedar);
  params.set('grantId', (await shareAcme(people.organizations.get(NORTHWIND)!))!);
  params.set(
    'exchange:requestId',
    (await first(
      sql`INSERT INTO exchange_requests (owner_organization_id, investor_organization_id, requested_by)
          VALUES (${acme}, ${cedar}, ${user('eve@cedar.test')}) RETURNING id`,
    ))!,
  );
  params.set('fileId', '00000000-0000-4000-8000-000000000002');
  // The oldest demo announcement (community): platform administrators edit and delete it.
  params.set(
    'announcementId',
    or(await first(sql`SELECT id FROM community_announcements ORDER BY id LIMIT 1`)),
  );
  params.set('token', 'not-a-feed-token-of-anyone-0000000000000');
  // Support: max's demo request (no attachment), a demo help article and the first FAQ entry.
  params.set(
    'requestId',
    (await first(
      sql`SELECT id FROM support_requests WHERE requester_id = ${user('max@acme.test')} ORDER BY id LIMIT 1`,
    ))!,
  );
  params.set('slug', 'getting-started');
  params.set('entryId', (await first(sql`SELECT id FROM faq_entries ORDER BY id LIMIT 1`))!);
  routes = await apiRoutes(t);
  if (process.env.AUTHZ_MATRIX_WRITE) console.info('path parameters', Object.fromEntries(params));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function paramValue(route: RouteOperation, name: string): string {
  if (name === 'podId' && route.key === 'DELETE /api/pods/{podId}') return params.get('delete:podId')!;
  if (name === 'eventId' && route.path.startsWith('/api/pods/')) return params.get('pod:eventId')!;
  // Two modules name their path parameters alike: a portfolio entry and an FAQ entry, an exchange
  // request and a support request.
  if (name === 'entryId' && route.path.startsWith('/api/investments/'))
    return params.get('investments:entryId')!;
  if (name === 'requestId' && route.path.startsWith('/api/exchange/'))
    return params.get('exchange:requestId')!;
  if (name === 'user_id' && /\/(approve|decline)$/.test(route.path)) return params.get('approve:user_id')!;
  // The admin user routes act on the member-management target (an archive would end max's sign-in).
  if (name === 'userId' && route.path.startsWith('/api/admin/')) return params.get('user_id')!;
  if (name === 'organizationId' && route.path.startsWith('/api/admin/'))
    return params.get('admin:organizationId')!;
  if (name === 'id') {
    const p = route.path;
    const scope = p.startsWith('/api/surveys/')
      ? 'survey'
      : p.startsWith('/api/organizations/{id}')
        ? 'organizations'
        : p.startsWith('/api/accounts/') || p.startsWith('/api/user-account/')
          ? 'accounts'
          : p.startsWith('/api/users/')
            ? 'users'
            : p.includes('/contacts/')
              ? 'contacts'
              : p.includes('/invitations/')
                ? 'invitations'
                : p.includes('/files/') || p.includes('/media/')
                  ? 'files'
                  : p.includes('/policies/')
                    ? 'policies'
                    : p.includes('/miscellaneous-question/')
                      ? 'miscellaneous'
                      : p.includes('/lpi/versions/')
                        ? 'versions'
                        : 'files';
    return params.get(`${scope}:id`)!;
  }
  const value = params.get(name);
  if (value === undefined) throw new Error(`no value for path parameter ${name} of ${route.key}`);
  return value;
}

/** The outcome class a status falls in: the table's vocabulary. */
function outcome(status: number): string {
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 401 || status === 403 || status === 404) return String(status);
  if (status >= 500) return `5xx(${status})`;
  return '4xx-input';
}

async function callAs(route: RouteOperation, role: Role): Promise<{ status: number; body: string }> {
  const url = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(paramValue(route, name)),
  );
  const token = tokens.get(role);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  address++;
  const res = await t.app.inject({
    method: route.method,
    url,
    // A fresh client address per call: the per-address rate limits must not answer first.
    remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: '{}' } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

function readTable(): Map<string, Record<Role, string>> {
  const table = new Map<string, Record<Role, string>>();
  if (!fs.existsSync(TABLE)) return table;
  const [header, ...lines] = fs
    .readFileSync(TABLE, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  expect(header!.split('\t')).toEqual(['route', ...ROLES]);
  for (const line of lines) {
    const [key, ...cells] = line.split('\t');
    table.set(key!, Object.fromEntries(ROLES.map((r, i) => [r, cells[i]])) as Record<Role, string>);
  }
  return table;
}

describe('the authorization matrix', () => {
  it('has one row per route of the OpenAPI route table, no more', () => {
    if (process.env.AUTHZ_MATRIX_WRITE) return;
    const table = readTable();
    const keys = routes.map((r) => r.key);
    expect(
      keys.filter((k) => !table.has(k)),
      'routes missing from authorization-matrix.tsv',
    ).toEqual([]);
    expect(
      [...table.keys()].filter((k) => !keys.includes(k)),
      'rows of authorization-matrix.tsv whose route is gone',
    ).toEqual([]);
  });

  it('answers each route as each role what the table says', async () => {
    const table = readTable();
    const observed = new Map<string, Record<Role, string>>();
    const mismatches: string[] = [];
    let sessionsEnded = false;
    for (const route of callOrder(routes)) {
      // The routes that end sessions run last; every route after one starts from live sessions.
      if (sessionsEnded) await signInRoles();
      sessionsEnded ||= /logout|deactivate|passwords\/update/.test(route.key);
      const row = {} as Record<Role, string>;
      for (const role of CALL_ORDER) {
        const res = await callAs(route, role);
        row[role] = outcome(res.status);
        const want = table.get(route.key)?.[role];
        if (want !== undefined && want !== row[role]) {
          mismatches.push(
            `${route.key} as ${role}: table says ${want}, got ${res.status} ${res.body.slice(0, 160)}`,
          );
        }
      }
      observed.set(route.key, row);
    }
    if (process.env.AUTHZ_MATRIX_WRITE) {
      const lines = routes.map((r) => [r.key, ...ROLES.map((role) => observed.get(r.key)![role])].join('\t'));
      fs.writeFileSync(
        TABLE,
        `${[
          '# Expected outcome per route and caller (issue #20 point 9); see docs/reliability.md.',
          '# ok = 2xx, redirect = 3xx, 4xx-input = refused for its (empty) input after authorization.',
          ['route', ...ROLES].join('\t'),
          ...lines,
        ].join('\n')}\n`,
      );
      return;
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});
