import type { TAuditLog, TFeed } from '@parity/domain/organization-audit';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { ACME, CEDAR, NORTHWIND } from '../../seed/demo';
import { DEI_SURVEY_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';

// #22 point 4: the event payload check of spec 3 applied to the web client's usage events, which
// are then kept in the organization's audit log.

let t: TestApp;
let acme: number;
let cedar: number;
let northwind: number;
let survey: number;
const users = new Map<string, number>();
const tokens = new Map<string, string>();

const ADA = 'ada@acme.test'; // Acme admin; Acme is invited to the 2026 survey
const HOST = 'host@northwind.test'; // Northwind hosts it
const EVE = 'eve@cedar.test';
const PENDING = 'pending@acme.test';

beforeAll(async () => {
  t = await createDemoTestApp();
  const seeded = demoOf(t);
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  northwind = seeded.organizations.get(NORTHWIND)!;
  survey = seeded.surveys.get(DEI_SURVEY_2026)!;
  for (const email of [ADA, HOST, EVE, PENDING]) {
    users.set(email, seeded.users.get(email)!);
    tokens.set(email, await sessionToken(t, seeded.users.get(email)!));
  }
});
afterAll(async () => {
  await t?.close();
});

function post(email: string | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/usage-events',
    headers: email ? { authorization: `Bearer ${tokens.get(email)}` } : {},
    payload: payload as object,
  });
}

const eventOf = (email: string, overrides: Record<string, unknown> = {}) => ({
  type: 'survey.submitted',
  organizationId: acme,
  surveyId: survey,
  user: { id: users.get(email), email, name: 'Ada Lovelace' },
  ...overrides,
});

const usageEntries = async () =>
  (
    await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.entity, 'usage_event'))
  )[0]!.n;

describe('POST /api/usage-events', () => {
  it('records a valid event in the organization’s audit log, not in its feed', async () => {
    const res = await post(ADA, eventOf(ADA));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Event recorded' });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'usage_event'), eq(auditLog.organization_id, acme)));
    expect(entry).toMatchObject({
      actor_user_id: users.get(ADA),
      action: 'survey.submitted',
      entity_id: String(survey),
      after: { survey_id: survey, user: { id: users.get(ADA), email: ADA, name: 'Ada Lovelace' } },
    });

    const headers = { authorization: `Bearer ${tokens.get(ADA)}` };
    const log = (
      await t.app.inject({ method: 'GET', url: '/api/organizations/me/audit-log', headers })
    ).json() as TAuditLog;
    expect(log.data.some((e) => e.entity === 'usage_event' && e.action === 'survey.submitted')).toBe(true);
    const feed = (
      await t.app.inject({ method: 'GET', url: '/api/organizations/me/feed', headers })
    ).json() as TFeed;
    expect(feed.data.some((item) => item.kind.startsWith('usage_event'))).toBe(false);

    // The host reports the survey it created.
    const created = await post(
      HOST,
      eventOf(HOST, {
        type: 'survey.created',
        organizationId: northwind,
        user: { id: users.get(HOST), email: HOST, name: 'Nora Whitfield' },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
  });

  it.each([
    ['an unknown type', { type: 'clicked' }],
    ['a text organizationId', { organizationId: 'acme' }],
    ['a text user id', { user: { id: '1', email: ADA, name: 'Ada' } }],
    ['a user without email', { user: { id: 1, name: 'Ada' } }],
    ['no surveyId', { surveyId: undefined }],
    ['an unknown key', { extra: true }],
  ])('refuses %s with 400 and records nothing', async (_name, overrides) => {
    const before = await usageEntries();
    const res = await post(ADA, eventOf(ADA, overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(await usageEntries()).toBe(before);
  });

  it('answers 403 for another organization or another user, 404 for a survey not its own', async () => {
    const before = await usageEntries();
    const other = await post(ADA, eventOf(ADA, { organizationId: cedar }));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Usage events are reported for your own organization only.');
    const someoneElse = await post(EVE, eventOf(ADA));
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().message).toBe('Usage events are reported by their own user.');
    // Acme is invited to the survey, it does not host it; no survey 999999.
    expect((await post(ADA, eventOf(ADA, { type: 'survey.created' }))).statusCode).toBe(404);
    expect((await post(ADA, eventOf(ADA, { surveyId: 999_999 }))).statusCode).toBe(404);
    expect(await usageEntries()).toBe(before);
  });

  it('answers 401 signed out and 403 to a member awaiting approval', async () => {
    const before = await usageEntries();
    expect((await post(null, eventOf(ADA))).statusCode).toBe(401);
    expect((await post(PENDING, eventOf(PENDING))).statusCode).toBe(403);
    expect(await usageEntries()).toBe(before);
  });
});
