import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { memberships, organizations, users } from '../../db/schema/people';
import { submissions } from '../../db/schema/reporting';
import { ACME } from '../../seed/demo';
import { type SpaceKit, startSpace } from '../../test/space-kit';

let k: SpaceKit;
const ADA = 'ada@acme.test';
const MAX = 'max@acme.test';
const PENDING = 'pending@acme.test';
const EVE = 'eve@cedar.test';

beforeAll(async () => {
  k = await startSpace();
});
afterAll(async () => k?.close());

const id = (email: string) => k.users.get(email)!;
const membership = async (email: string) =>
  (
    await k.t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.user_id, id(email)))
  )[0];

describe('GET /api/organizations/me/permissions', () => {
  it('lists approved members with their four flags; pending 403, no organization 404', async () => {
    const res = await k.call('GET', '/api/organizations/me/permissions', MAX);
    expect(res.statusCode, res.body).toBe(200);
    const emails = res.json().data.map((m: { email: string }) => m.email);
    expect(emails).toContain(ADA);
    expect(emails).not.toContain(PENDING);
    expect(res.json().data.find((m: { email: string }) => m.email === ADA).permissions).toEqual({
      manage_settings: true,
      user_manage_surveys: false,
      survey_creation: false,
      average_lpi_score_access: true,
    });
    expect((await k.call('GET', '/api/organizations/me/permissions', PENDING)).statusCode).toBe(403);
    expect((await k.call('GET', '/api/organizations/me/permissions', 'admin@parity.test')).statusCode).toBe(
      404,
    );
    expect((await k.call('GET', '/api/organizations/me/permissions', null)).statusCode).toBe(401);
  });
});

describe('PUT /api/organizations/me/members/{id}/permissions', () => {
  const url = (email: string) => `/api/organizations/me/members/${id(email)}/permissions`;

  it('lets an admin grant a right that applies on the next request, audited', async () => {
    expect((await k.call('GET', '/api/organizations/me/audit-log', MAX)).statusCode).toBe(403);
    const res = await k.call('PUT', url(MAX), ADA, { manage_settings: true, average_lpi_score_access: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().permissions).toMatchObject({ manage_settings: true, average_lpi_score_access: true });
    // Same access token: the right is read from the database on each request.
    expect((await k.call('GET', '/api/organizations/me/audit-log', MAX)).statusCode).toBe(200);
    const [entry] = await k.t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'permissions'), eq(auditLog.entity_id, String(id(MAX)))));
    expect(entry).toMatchObject({
      actor_user_id: id(ADA),
      organization_id: k.orgs.get(ACME),
      action: 'update',
    });
    expect(entry!.before).toMatchObject({ manage_settings: false });
    expect(entry!.after).toMatchObject({ manage_settings: true, user_name: 'Max Planck' });
    const back = await k.call('PUT', url(MAX), ADA, { manage_settings: false });
    expect(back.statusCode).toBe(200);
    expect((await k.call('GET', '/api/organizations/me/audit-log', MAX)).statusCode).toBe(403);
  });

  it('refuses plain members (403), other organizations (404), pending members as targets (404)', async () => {
    expect((await k.call('PUT', url(ADA), MAX, { survey_creation: true })).statusCode).toBe(403);
    expect((await k.call('PUT', url(ADA), EVE, { survey_creation: true })).statusCode).toBe(404);
    expect((await k.call('PUT', url(EVE), ADA, { survey_creation: true })).statusCode).toBe(404);
    expect((await k.call('PUT', url(PENDING), ADA, { survey_creation: true })).statusCode).toBe(404);
    expect((await membership(ADA))!.survey_creation).toBe(false);
    expect((await membership(EVE))!.survey_creation).toBe(false);
  });

  it.each([
    [{}, 'at least one'],
    [{ manage_settings: 'yes' }, 'manage_settings'],
    [{ owner: true }, 'owner'],
  ])('answers 400 for %j', async (body, text) => {
    const res = await k.call('PUT', url(MAX), ADA, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(text);
  });

  it('never demotes the last admin (409 with a clear message)', async () => {
    const res = await k.call('PUT', url(ADA), ADA, { manage_settings: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/at least one admin/);
    expect((await membership(ADA))!.manage_settings).toBe(true);
    const eve = await k.call('PUT', url(EVE), EVE, { manage_settings: false });
    expect(eve.statusCode).toBe(409);
  });
});

describe('DELETE /api/organizations/me/members/{id}', () => {
  it('refuses the last admin, plain members and other organizations', async () => {
    const last = await k.call('DELETE', `/api/organizations/me/members/${id(ADA)}`, ADA);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/at least one admin/);
    expect((await k.call('DELETE', `/api/organizations/me/members/${id(PENDING)}`, MAX)).statusCode).toBe(
      403,
    );
    expect((await k.call('DELETE', `/api/organizations/me/members/${id(MAX)}`, EVE)).statusCode).toBe(404);
    expect((await k.call('DELETE', '/api/organizations/me/members/abc', ADA)).statusCode).toBe(400);
    expect(await membership(MAX)).toBeDefined();
  });

  it('removes a member, who is then without organization; clears them as primary contact', async () => {
    const acme = k.orgs.get(ACME)!;
    await k.t.app.db
      .update(organizations)
      .set({ primary_contact_id: id(MAX) })
      .where(eq(organizations.id, acme));
    const res = await k.call('DELETE', `/api/organizations/me/members/${id(MAX)}`, ADA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/removed/);
    expect(await membership(MAX)).toBeUndefined();
    const [org] = await k.t.app.db.select().from(organizations).where(eq(organizations.id, acme));
    expect(org!.primary_contact_id).toBeNull();
    expect((await k.call('GET', '/api/organizations/me/members', MAX)).statusCode).toBe(404);
    expect((await k.call('DELETE', `/api/organizations/me/members/${id(MAX)}`, ADA)).statusCode).toBe(404);
  });

  it('removes an admin while another one remains', async () => {
    const [u] = await k.t.app.db
      .insert(users)
      .values({ email: 'second@acme.test', name: 'Sec', lastname: 'Ond', password_hash: 'x' })
      .returning({ id: users.id });
    await k.t.app.db.insert(memberships).values({
      user_id: u!.id,
      organization_id: k.orgs.get(ACME)!,
      status: 'approved',
      manage_settings: true,
    });
    expect((await k.call('DELETE', `/api/organizations/me/members/${u!.id}`, ADA)).statusCode).toBe(200);
  });
});

describe('approve and decline are audited', () => {
  it('writes the decision in the audit log; the approval shows as joined in the feed', async () => {
    const res = await k.call(
      'POST',
      `/api/organizations/${k.orgs.get(ACME)}/users/${id(PENDING)}/approve`,
      ADA,
    );
    expect(res.statusCode, res.body).toBe(200);
    const feed = (await k.call('GET', '/api/organizations/me/feed', ADA)).json();
    expect(feed.data[0]).toMatchObject({ kind: 'membership.approve', summary: 'Priya Patel joined' });
  });
});

describe('GET /api/organizations/me/audit-log and /feed', () => {
  it('gives admins the entries with before/after values, newest first, paginated', async () => {
    const res = await k.call('GET', '/api/organizations/me/audit-log?limit=2', ADA);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      entity: 'membership',
      action: 'approve',
      actor: { id: id(ADA), name: 'Ada', lastname: 'Lovelace' },
      // the member the entry is about, by name
      entity_name: expect.any(String),
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    expect(Date.parse(body.data[0].at)).toBeGreaterThanOrEqual(Date.parse(body.data[1].at));
    const all = (await k.call('GET', '/api/organizations/me/audit-log?limit=100', ADA)).json();
    const permission = all.data.find(
      (e: { entity: string; entity_id: string }) =>
        e.entity === 'permissions' && e.entity_id === String(id(MAX)),
    );
    expect(permission?.entity_name).toBe('Max Planck');
    for (const entry of all.data as { entity: string; entity_name: string | null }[]) {
      if (['membership', 'permissions'].includes(entry.entity)) expect(entry.entity_name).toBeTruthy();
    }
    const next = (await k.call('GET', '/api/organizations/me/audit-log?limit=2&offset=2', ADA)).json();
    expect(next.data[0].id).not.toBe(body.data[0].id);
    expect((await k.call('GET', '/api/organizations/me/audit-log?limit=0', ADA)).statusCode).toBe(400);
    expect((await k.call('GET', '/api/organizations/me/audit-log?offset=-1', ADA)).statusCode).toBe(400);
  });

  it("keeps each organization's log to itself", async () => {
    const eve = (await k.call('GET', '/api/organizations/me/audit-log', EVE)).json();
    expect(eve.data.every((e: { entity_id: string }) => e.entity_id !== String(id(MAX)))).toBe(true);
    const feed = (await k.call('GET', '/api/organizations/me/feed', EVE)).json();
    expect(JSON.stringify(feed)).not.toContain('Max Planck');
  });

  it('shows members readable lines including LPI submissions from the submissions table', async () => {
    const acme = k.orgs.get(ACME)!;
    await k.t.app.db.insert(submissions).values({
      organization_id: acme,
      submitted_by: id(ADA),
      snapshot: {},
      submitted_at: new Date(Date.now() + 60_000),
    });
    const res = await k.call('GET', '/api/organizations/me/feed?limit=50', 'pending@acme.test');
    expect(res.statusCode, res.body).toBe(200);
    const summaries = res.json().data.map((i: { summary: string }) => i.summary);
    expect(summaries[0]).toBe('Ada Lovelace submitted the LPI profile');
    expect(summaries).toContain('Ada Lovelace removed Max Planck from the organization');
    expect(summaries).toContain('Ada Lovelace changed the permissions of Max Planck');
    expect(res.json().total).toBe(res.json().data.length);
    const page = (await k.call('GET', '/api/organizations/me/feed?limit=1&offset=1', ADA)).json();
    expect(page.data[0].summary).toBe(summaries[1]);
    expect((await k.call('GET', '/api/organizations/me/feed', 'admin@parity.test')).statusCode).toBe(404);
    expect((await k.call('GET', '/api/organizations/me/feed?limit=101', ADA)).statusCode).toBe(400);
  });
});
