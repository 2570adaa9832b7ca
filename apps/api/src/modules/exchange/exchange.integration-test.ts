import { defaultExpiry, EXCHANGE_MESSAGE_MAX, EXCHANGE_MESSAGES, todayIso } from '@parity/domain/exchange';
import { OVERVIEW_LABELS } from '@parity/domain/lpi/overview';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, CEDAR, NORTHWIND } from '../../seed/demo';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { lastNotificationId, notificationsSince } from '../../test/notifications-written';

const ADA = 'ada@acme.test'; // Acme admin
const MAX = 'max@acme.test'; // Acme member
const PENDING = 'pending@acme.test'; // Acme, awaiting approval
const EVE = 'eve@cedar.test'; // Cedar admin
const HOST = 'host@northwind.test'; // Northwind admin and survey host
const ADMIN = 'admin@parity.test'; // platform administrator, in no organization

let t: SeededTestApp;
let acme: number;
let cedar: number;
let northwind: number;

beforeAll(async () => {
  t = await createSeededTestApp();
  acme = t.demo.organizations.get(ACME)!;
  cedar = t.demo.organizations.get(CEDAR)!;
  northwind = t.demo.organizations.get(NORTHWIND)!;
});
afterAll(async () => {
  await t?.close();
});

async function count(query: ReturnType<typeof sql>) {
  const result = await t.app.db.execute(query);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/** Every row the exchange writes, and the audit entries: a refused call changes none of them. */
const written = async () => ({
  grants: await count(sql`SELECT count(*)::int AS n FROM exchange_grants`),
  revoked: await count(sql`SELECT count(*)::int AS n FROM exchange_grants WHERE revoked_at IS NOT NULL`),
  requests: await count(sql`SELECT count(*)::int AS n FROM exchange_requests`),
  pending: await count(sql`SELECT count(*)::int AS n FROM exchange_requests WHERE status = 'pending'`),
  views: await count(sql`SELECT count(*)::int AS n FROM exchange_views`),
  audit: await count(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'exchange'`),
});

const grant = (email: string, body: Record<string, unknown>) =>
  t.call('POST', email, '/api/exchange/grants', body);
const daysFromNow = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));

describe('the journey: Acme grants Northwind, Northwind reads, Acme sees the view and revokes', () => {
  it('shares, logs each read, and answers 404 at once after the revocation', async () => {
    const since = await lastNotificationId(t.app.db);
    const created = await grant(ADA, { investor_organization_id: northwind, expires_on: defaultExpiry() });
    expect(created.statusCode).toBe(201);
    const grantId = created.json().id as number;
    expect(created.json()).toMatchObject({
      owner: { id: acme, name: ACME },
      investor: { id: northwind, name: NORTHWIND },
      tabs: null,
      status: 'active',
      expires_on: defaultExpiry(),
      granted_by: 'Ada Lovelace',
      views: 0,
    });
    const told = await notificationsSince(t.app.db, since, 'exchange_grant');
    expect(told.map((n) => n.user_id)).toEqual([t.demo.users.get(HOST)]);
    expect(told[0]).toMatchObject({
      link: `/exchange/shared/${acme}`,
      title: `${ACME} shared its profile with ${NORTHWIND}`,
    });
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'exchange' AND action = 'grant' AND entity_id = ${String(grantId)}`,
      ),
    ).toBe(1);

    // Northwind's demo portfolio has other managers sharing with it too (seed/investments.ts).
    const sharedWithNorthwind = async () =>
      (await t.call('GET', HOST, '/api/exchange/shared?limit=100'))
        .json()
        .data.map((s: { owner: { name: string } }) => s.owner.name);
    expect(await sharedWithNorthwind()).toEqual(expect.arrayContaining([ACME, CEDAR]));

    const profile = await t.call('GET', HOST, `/api/exchange/shared/${acme}`);
    expect(profile.statusCode).toBe(200);
    const latest = await t.app.db.execute(
      sql`SELECT submitted_at FROM submissions WHERE organization_id = ${acme} AND survey_id IS NULL ORDER BY submitted_at DESC LIMIT 1`,
    );
    const submittedAt = (latest as unknown as { rows: { submitted_at: Date }[] }).rows[0]?.submitted_at;
    expect(profile.json().submission?.submitted_at ?? null).toBe(
      submittedAt ? new Date(submittedAt).toISOString() : null,
    );
    if (submittedAt) expect(profile.json().submission.tabs).toHaveLength(13);

    const views = await t.call('GET', ADA, '/api/exchange/views');
    expect(views.statusCode).toBe(200);
    expect(views.json().total).toBe(1);
    expect(views.json().data[0]).toMatchObject({
      grant_id: grantId,
      investor: { name: NORTHWIND },
      viewer: 'Nora Whitfield',
      tab: null,
    });
    // Any member of the owner reads the log and the grants; Cedar's own log does not show Acme's views.
    expect((await t.call('GET', MAX, '/api/exchange/views')).json().total).toBe(1);
    expect(
      (await t.call('GET', MAX, '/api/exchange/grants?status=active'))
        .json()
        .data.map((g: { id: number }) => g.id),
    ).toEqual([grantId]);
    expect(
      (await t.call('GET', EVE, '/api/exchange/views'))
        .json()
        .data.every((v: { grant_id: number }) => v.grant_id !== grantId),
    ).toBe(true);

    const revoked = await t.call('POST', ADA, `/api/exchange/grants/${grantId}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revoked_by: 'Ada Lovelace', views: 1 });
    const after = await t.call('GET', HOST, `/api/exchange/shared/${acme}`);
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe(EXCHANGE_MESSAGES.profileNotFound);
    const stillShared = await sharedWithNorthwind();
    expect(stillShared).toContain(CEDAR);
    expect(stillShared).not.toContain(ACME);
    expect((await t.call('GET', ADA, '/api/exchange/views')).json().total).toBe(1);
    const again = await t.call('POST', ADA, `/api/exchange/grants/${grantId}/revoke`);
    expect(again.statusCode).toBe(409);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'exchange' AND action = 'revoke' AND entity_id = ${String(grantId)}`,
      ),
    ).toBe(1);
  });
});

describe('what is shared', () => {
  it("answers the seeded grant's tabs and logs the read; Cedar has submitted no profile", async () => {
    const before = await written();
    const profile = await t.call('GET', HOST, `/api/exchange/shared/${cedar}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      owner: { id: cedar, name: CEDAR },
      grant: { tabs: ['overview', 'staff', 'ownership'] },
      submission: null,
    });
    expect((await written()).views).toBe(before.views + 1);
  });

  it('answers submission null for an organization that has not submitted its profile', async () => {
    const empty = await count(
      sql`SELECT count(*)::int AS n FROM submissions WHERE organization_id = ${northwind} AND survey_id IS NULL`,
    );
    expect(empty).toBe(0);
    expect(
      (await grant(HOST, { investor_organization_id: cedar, expires_on: daysFromNow(30) })).statusCode,
    ).toBe(201);
    const profile = await t.call('GET', EVE, `/api/exchange/shared/${northwind}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ owner: { name: NORTHWIND }, submission: null });
  });

  it('reads an expired grant as 404 at once and lists it as expired', async () => {
    const created = await grant(ADA, {
      investor_organization_id: northwind,
      tabs: ['board', 'overview'],
      expires_on: todayIso(),
    });
    expect(created.statusCode).toBe(201);
    const profile = await t.call('GET', HOST, `/api/exchange/shared/${acme}`);
    expect(profile.statusCode).toBe(200);
    // Only the granted tabs, in the profile's order, with the submission's scores.
    expect(
      profile.json().submission.tabs.map((tab: { key: string; title: string }) => [tab.key, tab.title]),
    ).toEqual([
      ['overview', 'Overview'],
      ['board', 'Board Members'],
    ]);
    expect(profile.json().submission.scores.lpi).toEqual(expect.any(Number));
    // Each tab as labelled values with names, not the snapshot's ids.
    const [overview] = profile.json().submission.tabs;
    const fields = overview.blocks.find((block: { kind: string }) => block.kind === 'fields');
    const legal = fields.rows.find(([label]: [string]) => label === OVERVIEW_LABELS.legal_structure);
    expect(legal[1]).toEqual(expect.stringMatching(/[A-Za-z]/));
    await t.app.db.execute(
      sql`UPDATE exchange_grants SET expires_at = now() - interval '1 second' WHERE id = ${created.json().id}`,
    );
    const before = await written();
    expect((await t.call('GET', HOST, `/api/exchange/shared/${acme}`)).statusCode).toBe(404);
    expect(await written()).toEqual(before);
    const expired = (await t.call('GET', ADA, '/api/exchange/grants?status=expired')).json();
    expect(expired.data.map((g: { id: number }) => g.id)).toContain(created.json().id);
  });
});

describe('who may do what', () => {
  it('answers 404 on a profile to anyone without a live grant, platform administrators included', async () => {
    const before = await written();
    for (const email of [EVE, ADMIN, MAX]) {
      expect((await t.call('GET', email, `/api/exchange/shared/${acme}`)).statusCode).toBe(404);
    }
    // Cedar shares with Northwind, not with Acme; one's own organization is not "shared with us".
    expect((await t.call('GET', ADA, `/api/exchange/shared/${cedar}`)).statusCode).toBe(404);
    expect((await t.call('GET', EVE, `/api/exchange/shared/${cedar}`)).statusCode).toBe(404);
    expect((await t.call('GET', PENDING, `/api/exchange/shared/${cedar}`)).statusCode).toBe(404);
    expect((await t.call('GET', null, `/api/exchange/shared/${cedar}`)).statusCode).toBe(401);
    expect((await t.call('GET', HOST, '/api/exchange/shared/999999')).statusCode).toBe(404);
    expect(await written()).toEqual(before);
  });

  it('answers 404 to a platform administrator without an organization and 403 to one awaiting approval', async () => {
    for (const url of [
      '/api/exchange/grants',
      '/api/exchange/views',
      '/api/exchange/shared',
      '/api/exchange/requests?direction=incoming',
    ]) {
      expect((await t.call('GET', ADMIN, url)).statusCode).toBe(404);
      expect((await t.call('GET', PENDING, url)).statusCode).toBe(403);
    }
  });

  it("lets only the owner's admins grant and revoke; another organization's grant is 404", async () => {
    const before = await written();
    const refused = await grant(MAX, { investor_organization_id: northwind, expires_on: defaultExpiry() });
    expect(refused.statusCode).toBe(403);
    expect(
      (await grant(ADMIN, { investor_organization_id: northwind, expires_on: defaultExpiry() })).statusCode,
    ).toBe(404);
    const cedarGrant = await count(
      sql`SELECT id AS n FROM exchange_grants WHERE owner_organization_id = ${cedar} AND investor_organization_id = ${northwind}`,
    );
    expect((await t.call('POST', ADA, `/api/exchange/grants/${cedarGrant}/revoke`)).statusCode).toBe(404);
    expect((await t.call('POST', HOST, `/api/exchange/grants/${cedarGrant}/revoke`)).statusCode).toBe(404);
    expect((await t.call('POST', EVE, '/api/exchange/grants/999999/revoke')).statusCode).toBe(404);
    expect(await written()).toEqual(before);
    // Cedar's members read their grants; Acme's list holds none of Cedar's.
    const acmeGrants = (await t.call('GET', ADA, '/api/exchange/grants')).json();
    expect(acmeGrants.data.every((g: { owner: { id: number } }) => g.owner.id === acme)).toBe(true);
  });
});

describe('bad input writes nothing', () => {
  it.each([
    [
      'its own organization',
      () => ({ investor_organization_id: acme, expires_on: defaultExpiry() }),
      400,
      EXCHANGE_MESSAGES.ownOrganization,
    ],
    [
      'an unknown organization',
      () => ({ investor_organization_id: 999999, expires_on: defaultExpiry() }),
      404,
      EXCHANGE_MESSAGES.organizationNotFound,
    ],
    [
      'an expiry in the past',
      () => ({ investor_organization_id: northwind, expires_on: daysFromNow(-1) }),
      400,
      EXCHANGE_MESSAGES.expiryPast,
    ],
    [
      'an expiry too far',
      () => ({ investor_organization_id: northwind, expires_on: daysFromNow(365 * 6) }),
      400,
      EXCHANGE_MESSAGES.expiryTooFar,
    ],
    [
      'a malformed expiry',
      () => ({ investor_organization_id: northwind, expires_on: 'soon' }),
      400,
      EXCHANGE_MESSAGES.expiryInvalid,
    ],
    [
      'no tab chosen',
      () => ({ investor_organization_id: northwind, tabs: [], expires_on: defaultExpiry() }),
      400,
      EXCHANGE_MESSAGES.tabsEmpty,
    ],
    [
      'a tab twice',
      () => ({ investor_organization_id: northwind, tabs: ['staff', 'staff'], expires_on: defaultExpiry() }),
      400,
      EXCHANGE_MESSAGES.tabsDuplicate,
    ],
    [
      'an unknown tab',
      () => ({ investor_organization_id: northwind, tabs: ['salaries'], expires_on: defaultExpiry() }),
      400,
      'tabs',
    ],
  ])('refuses a grant to %s', async (_name, body, status, message) => {
    const before = await written();
    const answer = await grant(ADA, body());
    expect(answer.statusCode).toBe(status);
    expect(answer.json().message).toContain(message);
    expect(await written()).toEqual(before);
  });

  it('refuses requests to oneself, to an unknown organization and with a message too long', async () => {
    const before = await written();
    const own = await t.call('POST', HOST, '/api/exchange/requests', { owner_organization_id: northwind });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toContain(EXCHANGE_MESSAGES.ownRequest);
    expect(
      (await t.call('POST', HOST, '/api/exchange/requests', { owner_organization_id: 999999 })).statusCode,
    ).toBe(404);
    const long = await t.call('POST', HOST, '/api/exchange/requests', {
      owner_organization_id: cedar,
      message: 'x'.repeat(EXCHANGE_MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(EXCHANGE_MESSAGES.messageTooLong);
    expect(await written()).toEqual(before);
  });
});

describe('access requests', () => {
  it("answers a duplicate pending request 409 and lets only the owner's admins accept it", async () => {
    const pending = await t.call('GET', ADA, '/api/exchange/requests?direction=incoming&status=pending');
    expect(pending.json().data).toHaveLength(1);
    const request = pending.json().data[0];
    expect(request).toMatchObject({
      investor: { name: NORTHWIND },
      requested_by: 'Nora Whitfield',
      status: 'pending',
    });
    const before = await written();
    const duplicate = await t.call('POST', HOST, '/api/exchange/requests', { owner_organization_id: acme });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(EXCHANGE_MESSAGES.duplicateRequest);
    // Acme's plain member may read the requests but not answer them; Cedar and Northwind cannot answer them.
    expect(
      (await t.call('GET', MAX, '/api/exchange/requests?direction=incoming')).json().total,
    ).toBeGreaterThan(0);
    const accept = { expires_on: defaultExpiry(), tabs: ['overview'] };
    expect(
      (await t.call('POST', MAX, `/api/exchange/requests/${request.id}/accept`, accept)).statusCode,
    ).toBe(403);
    expect(
      (await t.call('POST', EVE, `/api/exchange/requests/${request.id}/accept`, accept)).statusCode,
    ).toBe(404);
    expect((await t.call('POST', HOST, `/api/exchange/requests/${request.id}/decline`)).statusCode).toBe(404);
    expect(
      (
        await t.call('POST', ADA, `/api/exchange/requests/${request.id}/accept`, {
          expires_on: daysFromNow(-2),
        })
      ).statusCode,
    ).toBe(400);
    expect(await written()).toEqual(before);

    const since = await lastNotificationId(t.app.db);
    const accepted = await t.call('POST', ADA, `/api/exchange/requests/${request.id}/accept`, accept);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', decided_by: 'Ada Lovelace' });
    expect(accepted.json().grant_id).toEqual(expect.any(Number));
    const told = await notificationsSince(t.app.db, since, 'exchange_request_decision');
    expect(told.map((n) => n.user_id)).toEqual([t.demo.users.get(HOST)]);
    const profile = await t.call('GET', HOST, `/api/exchange/shared/${acme}`);
    expect(profile.json().grant).toMatchObject({ id: accepted.json().grant_id, tabs: ['overview'] });
    expect((await t.call('POST', ADA, `/api/exchange/requests/${request.id}/decline`)).statusCode).toBe(409);
    const outgoing = (await t.call('GET', HOST, '/api/exchange/requests?direction=outgoing')).json();
    expect(outgoing.data.find((r: { id: number }) => r.id === request.id).status).toBe('accepted');
  });

  it("notifies the owner's admins of a request, which they decline; a plain member may not ask", async () => {
    expect(
      (await t.call('POST', MAX, '/api/exchange/requests', { owner_organization_id: cedar })).statusCode,
    ).toBe(403);
    const since = await lastNotificationId(t.app.db);
    const asked = await t.call('POST', HOST, '/api/exchange/requests', {
      owner_organization_id: cedar,
      message: 'Could we read your board tab too?',
      tabs: ['board'],
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      status: 'pending',
      tabs: ['board'],
      message: 'Could we read your board tab too?',
    });
    const told = await notificationsSince(t.app.db, since, 'exchange_request');
    expect(told.map((n) => n.user_id)).toEqual([t.demo.users.get(EVE)]);
    expect(told[0]!.title).toBe(`${NORTHWIND} asks for access to your profile`);
    const declined = await t.call('POST', EVE, `/api/exchange/requests/${asked.json().id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', decided_by: 'Eve Castillo', grant_id: null });
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'exchange' AND action = 'decline'`,
      ),
    ).toBe(1);
    // Once answered, a new request may be made.
    expect(
      (await t.call('POST', HOST, '/api/exchange/requests', { owner_organization_id: cedar })).statusCode,
    ).toBe(201);
  });
});
