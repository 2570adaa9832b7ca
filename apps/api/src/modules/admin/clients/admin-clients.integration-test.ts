import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMayCall } from '../../../core/access/client-principal';
import { auditLog } from '../../../db/schema/audit';
import { oauthClients, organizations } from '../../../db/schema/people';
import { surveys } from '../../../db/schema/surveys';
import { ACME, NORTHWIND } from '../../../seed/demo';
import { DEI_SURVEY_2026 } from '../../../seed/surveys';
import { createSeededTestApp, type SeededTestApp } from '../../../test/app';

let t: SeededTestApp;
const ADMIN = 'admin@parity.test';
const NOT_ADMINS = ['max@acme.test', 'ada@acme.test', 'pending@acme.test', 'host@northwind.test'];
let northwind: number;
let acme: number;
let northwindSurvey: number;
let westwindSurvey: number;
let address = 0;

beforeAll(async () => {
  t = await createSeededTestApp();
  northwind = t.demo.organizations.get(NORTHWIND)!;
  acme = t.demo.organizations.get(ACME)!;
  northwindSurvey = t.demo.surveys.get(DEI_SURVEY_2026)!;
  // Another host and its survey: a Northwind client must not read it.
  const [westwind] = await t.app.db
    .insert(organizations)
    .values({ name: 'Westwind Trust', is_public: true })
    .returning({ id: organizations.id });
  const [survey] = await t.app.db
    .insert(surveys)
    .values({
      organization_id: westwind!.id,
      survey_type_id: 2,
      title: 'Westwind 2026',
      start: '2026-09-01',
      due: '2026-12-31',
      created_by: t.demo.users.get(ADMIN)!,
    })
    .returning({ id: surveys.id });
  westwindSurvey = survey!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A fresh client address per token call: the token endpoint's per-address limit must not answer. */
function tokenCall(fields: Record<string, string>) {
  address++;
  return t.app.inject({
    method: 'POST',
    url: '/api/oauth/token/',
    remoteAddress: `10.44.${Math.floor(address / 250)}.${address % 250}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function withToken(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

/** The audit entries of an admin's writes to this client (of one action when named). */
function clientEntries(clientId: string, action?: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'oauth_client'),
        eq(auditLog.entity_id, clientId),
        action ? eq(auditLog.action, action) : undefined,
      ),
    );
}

async function newClient(scopes = ['read:analytics', 'read:surveys'], organizationId = northwind) {
  const res = await t.call('POST', ADMIN, '/api/admin/clients', {
    name: 'Northwind BI',
    organization_id: organizationId,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { client: { id: string }; client_secret: string };
}

async function clientToken(clientId: string, secret: string, scope?: string) {
  const res = await tokenCall({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: secret,
    ...(scope ? { scope } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

describe('the admin clients routes: who may call them', () => {
  const routes: [string, 'GET' | 'POST' | 'PUT', string, object?][] = [
    ['list', 'GET', '/api/admin/clients'],
    ['one', 'GET', '/api/admin/clients/parity-web'],
    ['create', 'POST', '/api/admin/clients', { name: 'X', organization_id: 1, scopes: ['read:surveys'] }],
    ['edit', 'PUT', '/api/admin/clients/parity-web', { name: 'X', scopes: ['read:surveys'] }],
    ['rotate', 'POST', '/api/admin/clients/parity-web/rotate'],
    ['revoke', 'POST', '/api/admin/clients/parity-web/revoke'],
  ];
  it.each(routes)(
    '%s: 401 anonymous, 403 members, org admins and hosts',
    async (_name, method, url, body) => {
      expect((await t.call(method, null, url, body)).statusCode).toBe(401);
      for (const email of NOT_ADMINS) {
        const res = await t.call(method, email, url, body);
        expect(res.statusCode, `${email} ${res.body}`).toBe(403);
      }
    },
  );

  it('the first-party web client is listed and cannot be edited, rotated or revoked (409)', async () => {
    const one = await t.call('GET', ADMIN, '/api/admin/clients/parity-web');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: 'parity-web',
      first_party: true,
      status: 'active',
      organization: null,
    });
    for (const action of ['rotate', 'revoke']) {
      const res = await t.call('POST', ADMIN, `/api/admin/clients/parity-web/${action}`);
      expect(res.statusCode, res.body).toBe(409);
    }
    const edit = await t.call('PUT', ADMIN, '/api/admin/clients/parity-web', {
      name: 'Mine',
      scopes: ['read:surveys'],
    });
    expect(edit.statusCode).toBe(409);
    expect((await t.call('GET', ADMIN, '/api/admin/clients/nobody')).statusCode).toBe(404);
    expect((await t.call('POST', ADMIN, '/api/admin/clients/nobody/rotate')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/clients', () => {
  it('creates a client of an organization, answers its secret once and stores only an argon2id hash, audited', async () => {
    const { client, client_secret } = await newClient();
    expect(client).toMatchObject({
      name: 'Northwind BI',
      organization: { id: northwind, name: NORTHWIND },
      scopes: ['read:analytics', 'read:surveys'],
      grant_types: ['client_credentials'],
      status: 'active',
      first_party: false,
      created_by: { id: t.demo.users.get(ADMIN) },
    });
    expect(client_secret.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.app.db.select().from(oauthClients).where(eq(oauthClients.id, client.id));
    expect(row!.secret_hash).toMatch(/^\$argon2id\$/);
    expect(row!.secret_hash).not.toContain(client_secret);
    // Read again: never the secret.
    const again = await t.call('GET', ADMIN, `/api/admin/clients/${client.id}`);
    expect(again.body).not.toContain(client_secret);
    const entries = await clientEntries(client.id);
    expect(entries).toMatchObject([{ action: 'create', organization_id: northwind }]);
    expect(JSON.stringify(entries)).not.toContain(client_secret);
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'body.name'],
      [{ name: ' ', organization_id: acme, scopes: ['read:surveys'] }, 'body.name'],
      [{ name: 'x'.repeat(121), organization_id: acme, scopes: ['read:surveys'] }, 'body.name'],
      [{ name: 'BI', organization_id: 'x', scopes: ['read:surveys'] }, 'body.organization_id'],
      [{ name: 'BI', organization_id: 999999, scopes: ['read:surveys'] }, 'body.organization_id'],
      [{ name: 'BI', organization_id: acme, scopes: [] }, 'body.scopes'],
      [{ name: 'BI', organization_id: acme, scopes: ['write:surveys'] }, 'body.scopes'],
      [{ name: 'BI', organization_id: acme, scopes: ['read:surveys', 'read:surveys'] }, 'body.scopes'],
      [{ name: 'BI', organization_id: acme, scopes: ['read:surveys'], secret: 'mine' }, 'secret'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call('POST', ADMIN, '/api/admin/clients', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(field);
    }
  });
});

describe('GET /api/admin/clients', () => {
  it('lists clients newest first, searched by name, id or organization, paged', async () => {
    const { client } = await newClient(['read:organizations'], acme);
    const all = (await t.call('GET', ADMIN, '/api/admin/clients')).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.data[0]).toMatchObject({ id: client.id, organization: { id: acme } });
    expect(all.data.map((c: { id: string }) => c.id)).toContain('parity-web');
    const searched = (await t.call('GET', ADMIN, '/api/admin/clients?search=acme%20capital')).json();
    expect(searched.data.map((c: { id: string }) => c.id)).toContain(client.id);
    expect(
      searched.data.every((c: { organization: { id: number } | null }) => c.organization?.id === acme),
    ).toBe(true);
    const byId = (await t.call('GET', ADMIN, `/api/admin/clients?search=${client.id}`)).json();
    expect(byId).toMatchObject({ total: 1, data: [{ id: client.id }] });
    const page = (await t.call('GET', ADMIN, '/api/admin/clients?limit=1&offset=1')).json();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(all.total);
    for (const query of ['limit=0', 'limit=101', 'offset=-1', `search=${'x'.repeat(201)}`]) {
      expect((await t.call('GET', ADMIN, `/api/admin/clients?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('PUT /api/admin/clients/{clientId}', () => {
  it('edits the name and scopes, audited; a scope taken away counts at once for issued tokens', async () => {
    const { client, client_secret } = await newClient(['read:analytics', 'read:surveys']);
    const token = await clientToken(client.id, client_secret);
    expect((await withToken(token, 'GET', '/api/surveys/invitations')).statusCode).toBe(200);
    const res = await t.call('PUT', ADMIN, `/api/admin/clients/${client.id}`, {
      name: 'Northwind Tableau',
      scopes: ['read:analytics'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Northwind Tableau', scopes: ['read:analytics'] });
    expect((await withToken(token, 'GET', '/api/surveys/invitations')).statusCode).toBe(403);
    const [entry] = await clientEntries(client.id, 'update');
    expect(entry).toMatchObject({
      before: { name: 'Northwind BI', scopes: ['read:analytics', 'read:surveys'] },
      after: { name: 'Northwind Tableau', scopes: ['read:analytics'] },
    });
    for (const payload of [{}, { name: 'x', scopes: [] }, { name: '', scopes: ['read:surveys'] }]) {
      const bad = await t.call('PUT', ADMIN, `/api/admin/clients/${client.id}`, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await t.call('PUT', ADMIN, '/api/admin/clients/nobody', {
      name: 'x',
      scopes: ['read:surveys'],
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/oauth/token/ grant_type=client_credentials', () => {
  it("reads its host's survey analytics as the host does, and another host's survey as the host does (403/404)", async () => {
    const { client, client_secret } = await newClient();
    const res = await tokenCall({ grant_type: 'client_credentials', client_id: client.id, client_secret });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: 900,
      scope: 'read:analytics read:surveys',
    });
    expect(body).not.toHaveProperty('refresh_token');
    const token = body.access_token;

    const own = await withToken(token, 'GET', `/api/surveys/${northwindSurvey}/lpi`);
    expect(own.statusCode, own.body).toBe(200);
    const host = await t.call('GET', 'host@northwind.test', `/api/surveys/${northwindSurvey}/lpi`);
    expect(own.json()).toEqual(host.json());
    const distribution = await withToken(
      token,
      'GET',
      `/api/analytics/survey/${northwindSurvey}/distribution`,
    );
    expect(distribution.statusCode, distribution.body).toBe(200);

    const other = await withToken(token, 'GET', `/api/surveys/${westwindSurvey}/lpi`);
    const hostOnOther = await t.call('GET', 'host@northwind.test', `/api/surveys/${westwindSurvey}/lpi`);
    expect([403, 404]).toContain(other.statusCode);
    expect(other.statusCode).toBe(hostOnOther.statusCode);
    const otherSurvey = await withToken(token, 'GET', `/api/surveys/${westwindSurvey}`);
    expect([403, 404]).toContain(otherSurvey.statusCode);
  });

  it('refuses any write (403) and any route its scopes do not cover (403)', async () => {
    const { client, client_secret } = await newClient(['read:analytics']);
    const token = await clientToken(client.id, client_secret);
    const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', '/api/admin/clients', { name: 'x', organization_id: northwind, scopes: ['read:surveys'] }],
      ['POST', '/api/organizations/me/invitations', { email: 'spy@example.test' }],
      ['POST', `/api/surveys/${northwindSurvey}/grant-administrator-access`, { user_id: 1 }],
      ['POST', '/api/oauth/logout', { refresh_token: 'x' }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await withToken(token, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
    }
    for (const url of [
      '/api/surveys/invitations',
      '/api/organizations',
      '/api/admin/clients',
      '/api/user-account',
      '/api/users',
    ]) {
      const res = await withToken(token, 'GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
    }
    expect((await withToken(token, 'GET', `/api/surveys/${northwindSurvey}/lpi`)).statusCode).toBe(200);
  });

  it('asks for a subset of its scopes; a scope it lacks is 400 invalid_scope', async () => {
    const { client, client_secret } = await newClient(['read:analytics', 'read:surveys']);
    const narrow = await clientToken(client.id, client_secret, 'read:surveys');
    expect((await withToken(narrow, 'GET', '/api/surveys/invitations')).statusCode).toBe(200);
    expect((await withToken(narrow, 'GET', `/api/surveys/${northwindSurvey}/lpi`)).statusCode).toBe(403);
    const wider = await tokenCall({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret,
      scope: 'read:surveys read:organizations',
    });
    expect(wider.statusCode).toBe(400);
    expect(wider.json().error).toBe('invalid_scope');
  });

  it('401 for a wrong secret, an unknown client, parity-web and a missing secret (400)', async () => {
    const { client } = await newClient();
    const wrong = await tokenCall({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: 'nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const unknown = await tokenCall({
      grant_type: 'client_credentials',
      client_id: 'pc_none',
      client_secret: 'x',
    });
    expect(unknown.statusCode).toBe(401);
    const web = await tokenCall({
      grant_type: 'client_credentials',
      client_id: 'parity-web',
      client_secret: 'x',
    });
    expect(web.statusCode).toBe(401);
    const missing = await tokenCall({ grant_type: 'client_credentials', client_id: client.id });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('client_secret');
  });

  it('rotate: the new secret works; the old secret (401) and the tokens issued before (401) stop at once', async () => {
    const { client, client_secret } = await newClient();
    const before = await clientToken(client.id, client_secret);
    const rotated = await t.call('POST', ADMIN, `/api/admin/clients/${client.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { client_secret: fresh, client: after } = rotated.json();
    expect(fresh).not.toBe(client_secret);
    expect(after.rotated_at).toEqual(expect.any(String));
    const old = await tokenCall({ grant_type: 'client_credentials', client_id: client.id, client_secret });
    expect(old.statusCode).toBe(401);
    expect((await withToken(before, 'GET', `/api/surveys/${northwindSurvey}/lpi`)).statusCode).toBe(401);
    const now = await clientToken(client.id, fresh);
    expect((await withToken(now, 'GET', `/api/surveys/${northwindSurvey}/lpi`)).statusCode).toBe(200);
  });

  it('revoke: its tokens answer 401 at once and it gets no new one (401); a second revoke is 409', async () => {
    const { client, client_secret } = await newClient();
    const token = await clientToken(client.id, client_secret);
    expect((await withToken(token, 'GET', `/api/surveys/${northwindSurvey}/lpi`)).statusCode).toBe(200);
    const revoked = await t.call('POST', ADMIN, `/api/admin/clients/${client.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    expect((await withToken(token, 'GET', `/api/surveys/${northwindSurvey}/lpi`)).statusCode).toBe(401);
    const again = await tokenCall({ grant_type: 'client_credentials', client_id: client.id, client_secret });
    expect(again.statusCode).toBe(401);
    expect((await t.call('POST', ADMIN, `/api/admin/clients/${client.id}/revoke`)).statusCode).toBe(409);
    expect((await t.call('POST', ADMIN, `/api/admin/clients/${client.id}/rotate`)).statusCode).toBe(409);
    const [entry] = await clientEntries(client.id, 'revoke');
    expect(entry).toMatchObject({ actor_user_id: t.demo.users.get(ADMIN), organization_id: northwind });
  });

  it('attributes every call made with the token to the client in the audit log, refused ones too', async () => {
    const { client, client_secret } = await newClient();
    const token = await clientToken(client.id, client_secret);
    await withToken(token, 'GET', `/api/surveys/${northwindSurvey}/lpi`);
    await withToken(token, 'POST', '/api/organizations/me/invitations', { email: 'spy@example.test' });
    const calls = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.client_id, client.id))
      .orderBy(auditLog.id);
    expect(calls).toMatchObject([
      {
        entity: 'client_call',
        actor_user_id: null,
        organization_id: northwind,
        action: 'get',
        after: { route: '/api/surveys/:id/lpi', status: 200 },
      },
      {
        entity: 'client_call',
        action: 'post',
        after: { route: '/api/organizations/me/invitations', status: 403 },
      },
    ]);
    const listed = (await t.call('GET', ADMIN, `/api/admin/clients/${client.id}`)).json();
    expect(listed.last_used_at).toEqual(expect.any(String));
    // Northwind's admins see them in their audit log; the members' feed leaves them out.
    const log = (
      await t.call('GET', 'host@northwind.test', '/api/organizations/me/audit-log?limit=100')
    ).json();
    expect(log.data.some((e: { entity: string }) => e.entity === 'client_call')).toBe(true);
    const feed = await t.call('GET', 'host@northwind.test', '/api/organizations/me/feed?limit=100');
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.body).not.toContain('client_call');
    expect(feed.body).not.toContain('oauth_client');
  });
});

describe('every route a client token may call', () => {
  it('answers it without a server error (a route writing with the caller id would fail here)', async () => {
    const { client, client_secret } = await newClient([
      'read:surveys',
      'read:analytics',
      'read:organizations',
    ]);
    const token = await clientToken(client.id, client_secret);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // The OpenAPI path as a Fastify route URL ({id} -> :id), as clientMayCall matches it.
    const covered = Object.entries(doc.paths)
      .filter(([, item]) => 'get' in item)
      .map(([path]) => path)
      .filter((path) =>
        clientMayCall(
          ['read:surveys', 'read:analytics', 'read:organizations'],
          'GET',
          path.replace(/\{(\w+)\}/g, ':$1'),
        ),
      );
    expect(covered.length).toBeGreaterThanOrEqual(15);
    const answers: string[] = [];
    for (const path of covered) {
      const url = path
        .replace(/\/organizations\/\{id\}/, `/organizations/${northwind}`)
        .replace(/\{(surveyId|id)\}/, String(northwindSurvey))
        .replace(/\{organizationId\}/, String(northwind))
        .replace(/\{\w+\}/g, '1');
      const res = await withToken(token, 'GET', url);
      if (res.statusCode >= 500) answers.push(`${path}: ${res.statusCode} ${res.body}`);
    }
    expect(answers).toEqual([]);
  });
});
