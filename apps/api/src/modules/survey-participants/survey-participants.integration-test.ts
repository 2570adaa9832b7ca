import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONTACT_DELETED_MESSAGE,
  CONTACT_INVITED_MESSAGE,
  CONTACTS_UPDATED_MESSAGE,
  LABELS_UPDATED_MESSAGE,
  type TParticipant,
  type TResponseRates,
} from '@parity/domain/survey-participants';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizationCodes, organizations, users } from '../../db/schema/people';
import {
  surveyAdministrators,
  surveyContacts,
  surveyContents,
  surveyInvitations,
} from '../../db/schema/surveys';
import { readSheet } from '../../lib/spreadsheet/read-sheet';
import { ACME, CEDAR, NORTHWIND, seedDemoData } from '../../seed/demo';
import { DEI_SURVEY_2026, DEMO_LABELS, EMERGING_MANAGERS_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { answerWithFormulas, FORMULA_TEXTS, NEGATIVE_QUESTION, readSheetCells } from '../../test/exports';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';

let t: TestApp;
let smtp: TestSmtp;
let acme: number;
let cedar: number;
let northwind: number;
let dei: number;
let emerging: number;
let juniper: number; // not invited: a contact of the host leads to its invitation
let linden: number; // not invited: invited as a member organization
let quince: number; // private, not invited: by a member's email only
let rowan: number; // private, not invited: by its organization code only
const tokens = new Map<string, string>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-participants-'));

const HOST = 'host@northwind.test';
const ADMIN = 'admin@parity.test';
const ADA = 'ada@acme.test'; // Acme admin with LPI access
const MAX = 'max@acme.test'; // Acme member without LPI access
const EVE = 'eve@cedar.test'; // Cedar admin
const PENDING = 'pending@acme.test';
const CEDAR_HOST = 'hosting@cedar.test'; // a survey host of another organization
const LINDEN_ADMIN = 'admin@linden.test';
const NW_MEMBER = 'member@northwind.test'; // a plain member of the host organization
const QUINCE_ADMIN = 'admin@quince.test';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createDemoTestApp({ dataDir, smtpUrl: smtp.url, publicUrl: 'http://parity.test' });
  const seeded = demoOf(t);
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  northwind = seeded.organizations.get(NORTHWIND)!;
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  emerging = seeded.surveys.get(EMERGING_MANAGERS_2026)!;
  const db = t.app.db;
  // Juniper and Linden are in the public directory; Quince and Rowan are private.
  const [j, l, q, r] = await db
    .insert(organizations)
    .values([
      { name: 'Juniper Ventures', is_public: true },
      { name: 'Linden Partners', is_public: true },
      { name: 'Quince Holdings', logo: 'quince-logo.png' },
      { name: 'Rowan Capital' },
    ])
    .returning({ id: organizations.id });
  juniper = j!.id;
  linden = l!.id;
  quince = q!.id;
  rowan = r!.id;
  await db.insert(organizationCodes).values({ organization_id: rowan, code: 'ROWAN-2026' });
  const [cedarHost, lindenAdmin, nwMember, quinceAdmin] = await db
    .insert(users)
    .values([
      { email: CEDAR_HOST, name: 'Cyd', lastname: 'Host', password_hash: 'unused' },
      { email: LINDEN_ADMIN, name: 'Lin', lastname: 'Den', password_hash: 'unused' },
      { email: NW_MEMBER, name: 'Nat', lastname: 'Member', password_hash: 'unused' },
      { email: QUINCE_ADMIN, name: 'Quin', lastname: 'Cey', password_hash: 'unused' },
    ])
    .returning({ id: users.id });
  await db.insert(memberships).values([
    { user_id: cedarHost!.id, organization_id: cedar, status: 'approved', user_manage_surveys: true },
    { user_id: lindenAdmin!.id, organization_id: linden, status: 'approved', manage_settings: true },
    { user_id: nwMember!.id, organization_id: northwind, status: 'approved' },
    { user_id: quinceAdmin!.id, organization_id: quince, status: 'approved', manage_settings: true },
  ]);
  seeded.users.set(CEDAR_HOST, cedarHost!.id);
  seeded.users.set(NW_MEMBER, nwMember!.id);
  for (const [email, userId] of seeded.users) {
    tokens.set(email, await sessionToken(t, userId));
  }
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST' | 'DELETE', email: string | null, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: email ? { authorization: `Bearer ${tokens.get(email)}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function userId(email: string) {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

async function invitation(organizationId: number, surveyId = dei) {
  const [row] = await t.app.db
    .select()
    .from(surveyInvitations)
    .where(
      and(eq(surveyInvitations.survey_id, surveyId), eq(surveyInvitations.organization_id, organizationId)),
    );
  return row;
}

async function participants(query = '', email = HOST) {
  const res = await call('GET', email, `/api/surveys/${dei}/participants${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: TParticipant[]; total: number };
}

async function rates(): Promise<TResponseRates> {
  const res = await call('GET', HOST, `/api/surveys/${dei}/response-rates`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function labelIdsByName() {
  const res = await call('GET', HOST, '/api/organization-labels');
  return new Map((res.json().data as { id: number; name: string }[]).map((l) => [l.name, l.id]));
}

const contactCount = async () =>
  Number(
    (
      (await t.app.db.execute(sql`SELECT count(*)::int AS n FROM survey_contacts`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('the demo data', () => {
  const seededRows = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const query of [
      'SELECT id, owner_organization_id, name, color FROM labels ORDER BY id',
      'SELECT label_id, organization_id FROM organization_labels ORDER BY 1, 2',
      'SELECT id, organization_id, email, invited_at FROM survey_contacts ORDER BY id',
      'SELECT organization_id, last_reminded_at, reminder_count FROM survey_invitations ORDER BY id',
    ]) {
      rows[query] = ((await t.app.db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
    }
    return rows;
  };

  it('seeds labels on Acme and Cedar, contacts and reminders once; a second run changes nothing', async () => {
    const before = await seededRows();
    const acmeRow = (await participants('?search_query=Acme')).data[0]!;
    expect(acmeRow.labels.map((l) => l.name)).toEqual(['Emerging manager', 'Priority']);
    const cedarRow = (await participants('?search_query=Cedar')).data.find(
      (p) => p.organization_id === cedar,
    )!;
    expect(cedarRow.labels.map((l) => l.name)).toEqual(['Emerging manager', 'Private equity']);
    const reminded = await participants('?sort_by=last_reminded_at&sort_order=desc&limit=100');
    const withReminder = reminded.data.filter((p) => p.last_reminded_at);
    expect(withReminder.length).toBeGreaterThan(0);
    expect(withReminder.every((p) => p.status !== 'submitted' && p.reminder_count === 1)).toBe(true);
    expect(
      before['SELECT id, organization_id, email, invited_at FROM survey_contacts ORDER BY id'],
    ).toHaveLength(4);
    await seedDemoData(t.app.db);
    expect(await seededRows()).toEqual(before);
  });
});

describe('who may call the host endpoints', () => {
  const hostCalls = (): [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown][] => [
    ['GET', `/api/surveys/${dei}/contacts`],
    [
      'POST',
      `/api/surveys/${dei}/contacts`,
      { organization_id: juniper, name: 'X', email: 'x@juniper.test' },
    ],
    ['DELETE', `/api/surveys/${dei}/contacts/1`],
    ['POST', `/api/surveys/${dei}/contacts/invite`, { contact_ids: [1] }],
    ['POST', `/api/surveys/${dei}/contacts/member/invite`, { organization_ids: [linden] }],
    ['GET', `/api/surveys/${dei}/participants`],
    ['POST', `/api/surveys/${dei}/reminders`, {}],
    ['GET', `/api/surveys/${dei}/response-rates`],
    ['GET', `/api/surveys/${dei}/reports`],
    ['GET', `/api/organization-labels?survey_id=${dei}`],
    ['POST', `/api/organization-labels/surveys/${dei}`, { organization_id: acme, label_ids: [] }],
  ];

  it('answers 401 to anonymous callers and 403 to pending ones', async () => {
    for (const [method, url, payload] of hostCalls()) {
      expect((await call(method, null, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, PENDING, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 404 to respondents and to another organization’s survey host, and writes nothing', async () => {
    const before = await contactCount();
    for (const email of [ADA, MAX, EVE, CEDAR_HOST]) {
      for (const [method, url, payload] of hostCalls()) {
        const res = await call(method, email, url, payload);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(404);
      }
    }
    expect(await contactCount()).toBe(before);
    expect(await invitation(linden)).toBeUndefined();
    expect((await invitation(acme))!.reminder_count).toBe(0);
  });

  it('answers 404 to a plain member of the host organization until granted administrator access', async () => {
    expect((await call('GET', NW_MEMBER, `/api/surveys/${dei}/participants`)).statusCode).toBe(404);
    expect((await call('POST', NW_MEMBER, `/api/surveys/${dei}/reminders`, {})).statusCode).toBe(404);
    expect((await call('POST', NW_MEMBER, '/api/organization-labels', { name: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', null, '/api/organization-labels', { name: 'Mine' })).statusCode).toBe(401);
    expect((await call('GET', null, '/api/organization-labels')).statusCode).toBe(401);
    await t.app.db
      .insert(surveyAdministrators)
      .values({ survey_id: dei, user_id: (await userId(NW_MEMBER))! });
    expect((await call('GET', NW_MEMBER, `/api/surveys/${dei}/participants`)).statusCode).toBe(200);
    expect((await call('GET', NW_MEMBER, `/api/surveys/${dei}/response-rates`)).statusCode).toBe(200);
    // Administrator access is to that survey alone.
    expect((await call('GET', NW_MEMBER, `/api/surveys/${emerging}/participants`)).statusCode).toBe(404);
  });

  it('lets the host and a platform admin read; a deleted or unknown survey is 404', async () => {
    expect((await call('GET', HOST, `/api/surveys/${dei}/participants`)).statusCode).toBe(200);
    expect((await call('GET', ADMIN, `/api/surveys/${dei}/participants`)).statusCode).toBe(200);
    expect((await call('GET', ADMIN, `/api/surveys/${dei}/response-rates`)).statusCode).toBe(200);
    expect((await call('GET', HOST, '/api/surveys/999999/participants')).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('refuses junk queries with 400', async () => {
    for (const query of [
      '?sort_by=junk',
      '?sort_order=up',
      '?limit=101',
      '?limit=0',
      '?offset=-1',
      '?status=maybe',
      '?label_ids=abc',
      '?label_ids=1,x',
      '?unknown=1',
    ]) {
      expect((await call('GET', HOST, `/api/surveys/${dei}/participants${query}`)).statusCode, query).toBe(
        400,
      );
    }
    expect((await call('GET', HOST, `/api/surveys/${dei}/contacts?limit=500`)).statusCode).toBe(400);
  });

  it('refuses a label of another owner in the filter and in a participant’s labels', async () => {
    const created = await call('POST', CEDAR_HOST, '/api/organization-labels', { name: 'Cedar only' });
    expect(created.statusCode).toBe(200);
    const foreign = created.json().id as number;
    const filtered = await call('GET', HOST, `/api/surveys/${dei}/participants?label_ids=${foreign}`);
    expect(filtered.statusCode).toBe(400);
    const sync = await call('POST', HOST, `/api/organization-labels/surveys/${dei}`, {
      organization_id: acme,
      label_ids: [foreign],
    });
    expect(sync.statusCode).toBe(400);
    const acmeRow = (await participants('?search_query=Acme')).data[0]!;
    expect(acmeRow.labels.map((l) => l.name)).toEqual(['Emerging manager', 'Priority']);
  });

  it('refuses bad contacts and unknown ids', async () => {
    const before = await contactCount();
    const bad = await call('POST', HOST, `/api/surveys/${dei}/contacts`, {
      organization_id: juniper,
      name: 'June',
      email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await call('POST', HOST, `/api/surveys/${dei}/contacts`, {
          organization_id: juniper,
          email: 'a@b.test',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', HOST, `/api/surveys/${dei}/contacts`, {
          organization_id: 999999,
          name: 'Nobody',
          email: 'nobody@x.test',
        })
      ).statusCode,
    ).toBe(404);
    // The host cannot list itself as a respondent.
    expect(
      (
        await call('POST', HOST, `/api/surveys/${dei}/contacts`, {
          organization_id: northwind,
          name: 'Nora',
          email: 'nora@northwind.test',
        })
      ).statusCode,
    ).toBe(400);
    // A list with one bad organization writes none of it.
    const list = await call('POST', HOST, `/api/surveys/${dei}/contacts`, [
      { organization_id: juniper, name: 'Good', email: 'good@juniper.test' },
      { organization_id: 999999, name: 'Bad', email: 'bad@x.test' },
    ]);
    expect(list.statusCode).toBe(404);
    expect(await contactCount()).toBe(before);
    expect(
      (await call('POST', HOST, `/api/surveys/${dei}/contacts/invite`, { contact_ids: [999999] })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', HOST, `/api/surveys/${dei}/contacts/invite`, { contact_ids: [] })).statusCode,
    ).toBe(400);
    expect((await call('DELETE', HOST, `/api/surveys/${dei}/contacts/999999`)).statusCode).toBe(404);
    expect(
      (await call('POST', HOST, `/api/surveys/${dei}/contacts/member/invite`, { organization_ids: [999999] }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', HOST, `/api/surveys/${dei}/contacts/member/invite`, {
          organization_ids: [northwind],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', HOST, `/api/surveys/${dei}/reminders`, { organization_ids: [juniper] })).statusCode,
    ).toBe(400);
  });
});

describe('contacts and invitations', () => {
  it('adds, lists, invites (mailing each contact) and deletes a contact', async () => {
    const added = await call('POST', HOST, `/api/surveys/${dei}/contacts`, {
      organization_id: juniper,
      name: 'June',
      lastname: 'Park',
      email: 'June.Park@Juniper.test',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe(CONTACTS_UPDATED_MESSAGE);
    const [contactId] = added.json().ids as number[];

    const list = await call('GET', HOST, `/api/surveys/${dei}/contacts?search=juniper`);
    expect(list.json().total).toBe(1);
    expect(list.json().data[0]).toMatchObject({
      id: contactId,
      organization_name: 'Juniper Ventures',
      email: 'june.park@juniper.test',
      invited_at: null,
    });
    const seeded = await call('GET', HOST, `/api/surveys/${dei}/contacts`);
    expect(seeded.json().data.map((c: { email: string }) => c.email)).toContain('ada@acme.test');

    const invited = await call('POST', HOST, `/api/surveys/${dei}/contacts/invite`, {
      contact_ids: [contactId],
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toEqual({ message: CONTACT_INVITED_MESSAGE, invited: 1, mailed: 1 });
    const mail = await smtp.waitFor((m) => recipient(m) === 'june.park@juniper.test');
    expect(mail.subject).toContain(DEI_SURVEY_2026);
    expect(mail.text).toContain(NORTHWIND);
    expect(mail.text).toContain(`http://parity.test/surveys/${dei}`);
    expect(mail.text).toContain('Hello June Park');
    const row = await invitation(juniper);
    expect(row).toMatchObject({ status: 'invited', invited_by: expect.any(Number) });
    const [contact] = await t.app.db.select().from(surveyContacts).where(eq(surveyContacts.id, contactId!));
    expect(contact!.invited_at).not.toBeNull();

    // Inviting again changes no invitation.
    const again = await call('POST', HOST, `/api/surveys/${dei}/contacts/invite`, {
      contact_ids: [contactId],
    });
    expect(again.json().invited).toBe(0);
    const juniperRow = (await participants('?search_query=Juniper')).data.find(
      (p) => p.organization_id === juniper,
    );
    expect(juniperRow).toMatchObject({
      organization_id: juniper,
      status: 'not_started',
      progress: 0,
    });

    const deleted = await call('DELETE', HOST, `/api/surveys/${dei}/contacts/${contactId}`);
    expect(deleted.json().message).toBe(CONTACT_DELETED_MESSAGE);
    expect((await call('GET', HOST, `/api/surveys/${dei}/contacts?search=juniper`)).json().total).toBe(0);
    expect(await invitation(juniper)).toBeDefined();
  });

  it('adds a list of contacts at once and updates a contact whose email is already listed', async () => {
    const res = await call('POST', HOST, `/api/surveys/${dei}/contacts`, [
      { organization_id: juniper, name: 'Ann', email: 'ann@juniper.test' },
      { organization_id: linden, name: 'Lee', lastname: 'Ng', email: 'lee@linden.test' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().ids).toHaveLength(2);
    const again = await call('POST', HOST, `/api/surveys/${dei}/contacts`, {
      organization_id: juniper,
      name: 'Annie',
      lastname: 'Moss',
      email: 'ANN@juniper.test',
    });
    expect(again.json().ids).toEqual([res.json().ids[0]]);
    const list = await call('GET', HOST, `/api/surveys/${dei}/contacts?search=ann`);
    expect(list.json().data).toMatchObject([{ name: 'Annie', lastname: 'Moss', email: 'ann@juniper.test' }]);
    expect(
      (
        await call('POST', HOST, `/api/surveys/${dei}/contacts`, [
          { organization_id: juniper, name: 'A', email: 'twice@juniper.test' },
          { organization_id: juniper, name: 'B', email: 'twice@juniper.test' },
        ])
      ).statusCode,
    ).toBe(400);
    const page = await call('GET', HOST, `/api/surveys/${dei}/contacts?limit=1&offset=1`);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().total).toBeGreaterThan(1);
    for (const id of res.json().ids) await call('DELETE', HOST, `/api/surveys/${dei}/contacts/${id}`);
  });

  it('invites a member organization and mails its admins once', async () => {
    const res = await call('POST', HOST, `/api/surveys/${dei}/contacts/member/invite`, {
      organization_ids: [linden],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Linden Partners was invited', invited: 1, mailed: 1 });
    const mail = await smtp.waitFor((m) => recipient(m) === LINDEN_ADMIN);
    expect(mail.subject).toContain('Linden Partners');
    const again = await call('POST', HOST, `/api/surveys/${dei}/contacts/member/invite`, {
      organization_ids: [linden],
    });
    expect(again.json()).toEqual({ message: 'Linden Partners was already invited', invited: 0, mailed: 0 });
  });

  it('invites a private organization only by a member’s email or its code: by id it is unknown', async () => {
    const invite = (body: unknown) => call('POST', HOST, `/api/surveys/${dei}/contacts/member/invite`, body);
    const unknown = await invite({ organization_ids: [2_000_000_000] });
    expect(unknown.statusCode).toBe(404);
    for (const id of [quince, rowan]) {
      const res = await invite({ organization_ids: [id] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ...unknown.json(), detail: { organization_ids: [id] } });
      expect(res.body).not.toContain('Quince');
    }
    // A contact of a private organization is refused alike, unless it is one of its members.
    const contact = await call('POST', HOST, `/api/surveys/${dei}/contacts`, {
      organization_id: quince,
      name: 'Guess',
      email: 'guess@quince.test',
    });
    expect(contact.statusCode).toBe(404);
    expect(contact.json()).toEqual({ ...unknown.json(), detail: { organization_ids: [quince] } });
    expect((await call('GET', HOST, `/api/surveys/${dei}/contacts?search=quince`)).json().total).toBe(0);
    const nothing = await participants('?limit=100');
    expect(nothing.data.some((p) => p.organization_id === quince || p.organization_id === rowan)).toBe(false);
    expect(JSON.stringify(nothing)).not.toMatch(/Quince|quince-logo|Rowan/);
    expect(await invitation(quince)).toBeUndefined();
    // Unknown emails and codes (or a member of no organization) answer the same.
    for (const body of [
      { email: 'nobody@quince.test' },
      { code: 'NOPE-2026' },
      { email: HOST.toUpperCase() },
    ]) {
      const res = await invite(body);
      if ('email' in body && body.email === HOST.toUpperCase()) expect(res.statusCode).toBe(400);
      else expect(res.json()).toEqual({ error: 'not_found', message: 'Organization not found.' });
    }

    const byEmail = await invite({ email: 'Admin@Quince.test' });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json()).toMatchObject({ invited: 1, mailed: 1 });
    await smtp.waitFor((m) => recipient(m) === QUINCE_ADMIN);
    const byCode = await invite({ code: ' rowan-2026 ' });
    expect(byCode.statusCode, byCode.body).toBe(200);
    // The host learns which organization the code named.
    expect(byCode.json()).toEqual({ message: 'Rowan Capital was invited', invited: 1, mailed: 0 });
    const shown = await participants('?limit=100');
    expect(shown.data.find((p) => p.organization_id === quince)).toMatchObject({
      name: 'Quince Holdings',
      logo: 'quince-logo.png',
      status: 'not_started',
    });
    expect(shown.data.find((p) => p.organization_id === rowan)).toMatchObject({ name: 'Rowan Capital' });
    // A member's email is a contact of the private organization.
    const member = await call('POST', HOST, `/api/surveys/${dei}/contacts`, {
      organization_id: quince,
      name: 'Quin',
      email: QUINCE_ADMIN,
    });
    expect(member.statusCode, member.body).toBe(200);
    await call('DELETE', HOST, `/api/surveys/${dei}/contacts/${member.json().ids[0]}`);
    expect((await invite({})).statusCode).toBe(400);
  });

  it('refuses invitations and reminders once the survey is past due', async () => {
    const res = await call('POST', HOST, `/api/surveys/${emerging}/contacts/member/invite`, {
      organization_ids: [linden],
    });
    expect(res.statusCode).toBe(409);
    expect((await call('POST', HOST, `/api/surveys/${emerging}/reminders`, {})).statusCode).toBe(409);
    expect(await invitation(linden, emerging)).toBeUndefined();
  });
});

describe('labels', () => {
  it('lists the host’s seeded labels with their counts; respondents see their own (none)', async () => {
    const res = await call('GET', HOST, '/api/organization-labels');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; organizations: number }[];
    expect(data.map((l) => l.name).sort()).toEqual(DEMO_LABELS.map((l) => l.name).sort());
    expect(data.every((l) => l.organizations > 0)).toBe(true);
    expect((await call('GET', ADA, '/api/organization-labels')).json().data).toEqual([]);
    expect((await call('GET', ADMIN, `/api/organization-labels?survey_id=${dei}`)).json().data).toHaveLength(
      3,
    );
  });

  it('creates and deletes labels (survey hosts only; a duplicate name is 409)', async () => {
    const created = await call('POST', HOST, '/api/organization-labels', {
      name: 'Watch list',
      color: '#ff0000',
    });
    expect(created.statusCode).toBe(200);
    expect((await call('POST', HOST, '/api/organization-labels', { name: 'Watch list' })).statusCode).toBe(
      409,
    );
    expect((await call('POST', HOST, '/api/organization-labels', { name: '' })).statusCode).toBe(400);
    expect(
      (await call('POST', HOST, '/api/organization-labels', { name: 'X', color: 'red' })).statusCode,
    ).toBe(400);
    expect((await call('POST', ADA, '/api/organization-labels', { name: 'Mine' })).statusCode).toBe(403);
    expect(
      (await call('DELETE', CEDAR_HOST, `/api/organization-labels/${created.json().id}`)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', HOST, `/api/organization-labels/${created.json().id}`)).statusCode).toBe(
      200,
    );
  });

  it('sets a participant’s labels, then the participants filter by them', async () => {
    const ids = await labelIdsByName();
    const privateEquity = ids.get('Private equity')!;
    const res = await call('POST', HOST, `/api/organization-labels/surveys/${dei}`, {
      organization_id: acme,
      label_ids: [privateEquity],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(LABELS_UPDATED_MESSAGE);
    expect(res.json().labels.map((l: { name: string }) => l.name)).toEqual(['Private equity']);
    const labelled = await participants(`?label_ids=${privateEquity}&limit=100`);
    expect(labelled.data.map((p) => p.organization_id)).toContain(acme);
    expect(labelled.data.every((p) => p.labels.some((l) => l.id === privateEquity))).toBe(true);
    const priority = await participants(`?label_ids=${ids.get('Priority')}&limit=100`);
    expect(priority.data.map((p) => p.organization_id)).not.toContain(acme);
    // Not invited (the host itself): 404.
    expect(
      (
        await call('POST', HOST, `/api/organization-labels/surveys/${dei}`, {
          organization_id: northwind,
          label_ids: [],
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('participants', () => {
  it('pages, sorts and searches', async () => {
    const all = await participants();
    const invitedCount = (await rates()).invited;
    expect(all.data).toHaveLength(Math.min(30, invitedCount));
    expect(all.total).toBe(invitedCount);
    const first = await participants('?limit=10');
    expect(first.data).toHaveLength(10);
    const names = first.data.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const second = await participants('?limit=10&offset=10');
    expect(second.data[0]!.name.toLowerCase() >= names[9]!).toBe(true);
    expect(second.data.map((p) => p.organization_id)).not.toContain(first.data[9]!.organization_id);
    const beyond = await participants('?offset=5000');
    expect(beyond).toEqual({ data: [], total: invitedCount });
    const desc = await participants('?sort_by=name&sort_order=desc&limit=5');
    expect(desc.data[0]!.name.toLowerCase() >= desc.data[4]!.name.toLowerCase()).toBe(true);
    const byProgress = await participants('?sort_by=progress&sort_order=desc&limit=3');
    expect(byProgress.data[0]).toMatchObject({
      status: 'submitted',
      progress: 100,
      completed_steps: 11,
      total_steps: 11,
    });
    const search = await participants('?search_query=acme');
    expect(search.data.map((p) => p.organization_id)).toEqual([acme]);
    const submitted = await participants('?status=submitted&limit=100');
    expect(submitted.total).toBe((await rates()).statuses.submitted.count);
    expect(submitted.data.every((p) => p.status === 'submitted' && p.submitted_at)).toBe(true);
    const reminded = await participants('?sort_by=last_reminded_at&sort_order=desc&limit=1');
    expect(reminded.data[0]!.last_reminded_at).not.toBeNull();
    const labelsRepeated = await labelIdsByName();
    const repeated = await call(
      'GET',
      HOST,
      `/api/surveys/${dei}/participants?label_ids=${labelsRepeated.get('Priority')}&label_ids=${labelsRepeated.get('Emerging manager')}`,
    );
    expect(repeated.statusCode).toBe(200);
  });
});

describe('progress follows the steps the survey asks', () => {
  it('counts only the config’s LPI steps (overview and submit always)', async () => {
    await t.app.db.insert(surveyContents).values([
      { survey_id: emerging, content_type: 'lpi_tab', content_ref_id: 2, enabled: true },
      { survey_id: emerging, content_type: 'lpi_tab', content_ref_id: 6, enabled: false },
    ]);
    const res = await call('GET', HOST, `/api/surveys/${emerging}/participants`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as TParticipant[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((p) => p.total_steps === 3)).toBe(true);
  });
});

describe('decline, reminders, submit and the report', () => {
  it('lets Cedar’s admin decline; the host sees it at once', async () => {
    const before = await rates();
    expect(
      (
        await call('POST', ADA, `/api/surveys/${dei}/decline-respondent`, {
          organization_id: cedar,
          code: 'other',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', MAX, `/api/surveys/${dei}/decline-respondent`, {
          organization_id: acme,
          code: 'other',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', EVE, `/api/surveys/${dei}/decline-respondent`, {
          organization_id: cedar,
          code: 'bored',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', null, `/api/surveys/${dei}/decline-respondent`, {
          organization_id: cedar,
          code: 'other',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call('POST', ADA, `/api/surveys/${dei}/decline-respondent`, {
          organization_id: juniper,
          code: 'other',
        })
      ).statusCode,
    ).toBe(404);
    expect((await invitation(cedar))!.status).not.toBe('declined');

    const res = await call('POST', EVE, `/api/surveys/${dei}/decline-respondent`, {
      organization_id: cedar,
      code: 'no_capacity',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organization_id: cedar,
      status: 'declined',
      decline_code: 'no_capacity',
    });
    const row = (await participants('?status=declined')).data.find((p) => p.organization_id === cedar);
    expect(row).toMatchObject({ status: 'declined', decline_code: 'no_capacity' });
    expect(row!.declined_at).not.toBeNull();
    const after = await rates();
    expect(after.statuses.declined.count).toBe(before.statuses.declined.count + 1);
    expect(after.series.at(-1)!.declined).toBe(after.statuses.declined.count);
    // The declined survey is gone from Cedar's invitations.
    const list = await call('GET', EVE, '/api/surveys/invitations');
    expect(list.json().data.map((i: { survey_id: number }) => i.survey_id)).not.toContain(dei);
  });

  it('reminds every participant that has neither submitted nor declined, in one action', async () => {
    const before = await rates();
    const submittedRow = (await participants('?status=submitted&limit=1')).data[0]!;
    const res = await call('POST', HOST, `/api/surveys/${dei}/reminders`);
    expect(res.statusCode).toBe(200);
    expect(res.json().reminded).toBe(before.statuses.not_started.count + before.statuses.in_progress.count);
    expect(res.json().mailed).toBeGreaterThan(0);
    const mail = await smtp.waitFor((m) => recipient(m) === ADA && m.subject!.startsWith('Reminder'));
    expect(mail.text).toContain(ACME);
    expect(mail.text).toContain(`http://parity.test/surveys/${dei}`);
    expect(smtp.messages.some((m) => recipient(m) === EVE && m.subject!.startsWith('Reminder'))).toBe(false);
    expect((await invitation(acme))!.reminder_count).toBe(1);
    expect((await invitation(cedar))!.reminder_count).toBe(0);
    expect((await invitation(submittedRow.organization_id))!.last_reminded_at).toBeNull();
    const acmeRow = (await participants('?search_query=Acme')).data[0]!;
    expect(acmeRow.last_reminded_at).toBe(res.json().reminded_at);

    const subset = await call('POST', HOST, `/api/surveys/${dei}/reminders`, { organization_ids: [acme] });
    expect(subset.json().reminded).toBe(1);
    expect((await invitation(acme))!.reminder_count).toBe(2);
  });

  it('lets Ada answer custom questions with formula-like texts before she submits (see the report)', async () => {
    await answerWithFormulas(t.app, tokens.get(ADA)!, dei);
  });

  it('changes the response rates at once when a respondent submits', async () => {
    const before = await rates();
    const steps = (await call('GET', ADA, `/api/surveys/${dei}/tabs`)).json().data as { id: number }[];
    for (const step of steps.filter((s) => s.id !== 12)) {
      // Acme's demo ownership does not add up (58.95%): its step is marked complete with a note.
      const note = step.id === 3 ? { note: 'Two owners left in March.' } : {};
      const res = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/${step.id}`, {
        completed: true,
        ...note,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const submit = await call('POST', ADA, `/api/surveys/${dei}/submit`, { accept_terms: true });
    expect(submit.statusCode).toBe(200);
    const after = await rates();
    expect(after.statuses.submitted.count).toBe(before.statuses.submitted.count + 1);
    expect(after.statuses.submitted.percent).toBeCloseTo(
      (after.statuses.submitted.count / after.invited) * 100,
      1,
    );
    expect(after.series.at(-1)!.submitted).toBe(after.statuses.submitted.count);
    expect((await participants('?search_query=Acme')).data[0]).toMatchObject({
      status: 'submitted',
      progress: 100,
    });
    const decline = await call('POST', ADA, `/api/surveys/${dei}/decline-respondent`, {
      organization_id: acme,
      code: 'other',
    });
    expect(decline.statusCode).toBe(409);
    // A submitted response is no longer reminded.
    const reminded = await call('POST', HOST, `/api/surveys/${dei}/reminders`, { organization_ids: [acme] });
    expect(reminded.json().reminded).toBe(0);
  });

  it('downloads every submitted response as an .xlsx the repo’s reader reads back', async () => {
    const res = await call('GET', HOST, `/api/surveys/${dei}/reports`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const responses = await readSheet(res.rawPayload, {
      sheetName: 'Responses',
      columns: [
        { key: 'organization', header: 'Organization' },
        { key: 'lpi', header: 'LPI', kind: 'number' },
      ],
    });
    const names = responses.rows.map((r) => r.values.organization);
    expect(names).toContain(ACME);
    expect(names).toHaveLength((await rates()).statuses.submitted.count);
    expect(names).not.toContain(CEDAR);
    const decisionMakers = await readSheet(res.rawPayload, {
      sheetName: 'Decision makers',
      columns: [
        { key: 'organization', header: 'Organization' },
        { key: 'owners', header: 'Owners', kind: 'number' },
      ],
    });
    expect(decisionMakers.rows).toHaveLength(names.length);
    // Counts only: no row per person, so the sheet has no name column.
    await expect(
      readSheet(res.rawPayload, {
        sheetName: 'Decision makers',
        columns: [{ key: 'name', header: 'Full Name or Unique Identifier' }],
      }),
    ).rejects.toThrow(/missing the column/);
    expect((await call('GET', ADA, `/api/surveys/${dei}/reports`)).statusCode).toBe(404);
  });

  it('writes formula-like answers as text with a leading quote; a negative number stays a number', async () => {
    const res = await call('GET', HOST, `/api/surveys/${dei}/reports`);
    const rows = await readSheetCells(res.rawPayload, 'Miscellaneous');
    expect(rows[0]!.map((cell) => cell.value)).toEqual(['Organization', 'Section', 'Question', 'Answer']);
    const answerOf = (question: string) =>
      rows.find((row) => row[0]?.value === ACME && row[2]?.value === question)?.[3];
    for (const [i, text] of FORMULA_TEXTS.entries()) {
      // An XML parser reads a carriage return in text as a line feed.
      const value = `'${text.replace('\r', '\n')}`;
      expect(answerOf(`Formula ${i + 1}`)).toEqual({ value, type: ExcelJS.ValueType.String });
    }
    expect(answerOf(`'${NEGATIVE_QUESTION}`)).toEqual({ value: -2, type: ExcelJS.ValueType.Number });
  });
});
