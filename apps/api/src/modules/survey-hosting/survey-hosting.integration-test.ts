import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { memberships, users as usersTable } from '../../db/schema/people';
import { formFields, miscellaneousQuestions } from '../../db/schema/reporting';
import {
  surveyAdministrators,
  surveyContents,
  surveyInvitations,
  surveyQuestions,
  surveys,
} from '../../db/schema/surveys';
import { ACME, CEDAR, NORTHWIND } from '../../seed/demo';
import { LEGACY_SURVEY_2024 } from '../../seed/legacy-survey';
import { DEI_SURVEY_2025, DEI_SURVEY_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { whileSubmitted } from '../../test/survey-submit';

let t: TestApp;
let acme: number;
let cedar: number;
let northwind: number;
let dei: number;
let dei2025: number;
let legacy: number;
const tokens = new Map<string, string>();
const users = new Map<string, number>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-hosting-'));

const HOST = 'host@northwind.test'; // Northwind: survey host with survey creation
const ADA = 'ada@acme.test'; // Acme admin, LPI access; Acme is invited to Northwind's surveys
const MAX = 'max@acme.test'; // Acme member
const EVE = 'eve@cedar.test'; // Cedar admin
const ADMIN = 'admin@parity.test'; // platform admin
const PENDING = 'pending@acme.test';
// Made here: a Northwind survey host without survey creation, and a plain Northwind member.
const HOST_NO_CREATION = 'hostonly@northwind.test';
const NW_MEMBER = 'member@northwind.test';

let practiceFields: number[];
let miscFields: number[];

function tomorrow(days = 1) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createDemoTestApp({ dataDir });
  const seeded = demoOf(t);
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  northwind = seeded.organizations.get(NORTHWIND)!;
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  dei2025 = seeded.surveys.get(DEI_SURVEY_2025)!;
  legacy = seeded.surveys.get(LEGACY_SURVEY_2024)!;
  for (const [email, userId] of seeded.users) users.set(email, userId);
  for (const [email, flags] of [
    [HOST_NO_CREATION, { user_manage_surveys: true, survey_creation: false }],
    [NW_MEMBER, { user_manage_surveys: false, survey_creation: false }],
  ] as const) {
    const [user] = await t.app.db
      .insert(usersTable)
      .values({ email, name: email.split('@')[0]!, lastname: 'Northwind', password_hash: 'x' })
      .returning({ id: usersTable.id });
    await t.app.db
      .insert(memberships)
      .values({ user_id: user!.id, organization_id: northwind, status: 'approved', ...flags });
    users.set(email, user!.id);
  }
  for (const [email, userId] of users) {
    tokens.set(email, await sessionToken(t, userId));
  }
  const fields = await t.app.db.select({ id: formFields.id, form: formFields.form_id }).from(formFields);
  practiceFields = fields.filter((f) => f.form === 8).map((f) => f.id);
  miscFields = fields.filter((f) => f.form === 10).map((f) => f.id);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  email: string | null,
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: email ? { authorization: `Bearer ${tokens.get(email)}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const countOf = async (table: typeof surveys | typeof surveyContents | typeof surveyQuestions) =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

async function counts() {
  return {
    surveys: await countOf(surveys),
    contents: await countOf(surveyContents),
    questions: await countOf(surveyQuestions),
  };
}

function request(overrides: Record<string, unknown> = {}) {
  return {
    organization_id: northwind,
    survey_type_id: 2,
    title: '2027 Board Light Survey',
    description: 'Everything but the board.',
    start: tomorrow(),
    due: tomorrow(30),
    primary_contact_id: users.get(HOST),
    contact_email: 'host@northwind.test',
    support_email: 'support@northwind.test',
    contents: [
      ...[2, 3, 4, 5, 7, 8, 10, 11].map((id) => ({
        content_type: 'lpi_tab',
        content_ref_id: id,
        enabled: true,
      })),
      { content_type: 'lpi_tab', content_ref_id: 6, enabled: false },
      { content_type: 'practice', content_ref_id: practiceFields[0], enabled: false },
      { content_type: 'practice', content_ref_id: practiceFields[1], enabled: true },
      { content_type: 'miscellaneous', content_ref_id: miscFields[0], enabled: false },
    ],
    questions: [
      { question_type_id: 1, display: 'What is your next hiring goal?', section: 'Host questions' },
      {
        question_type_id: 4,
        display: 'Do you run a mentoring programme?',
        config: { options: ['Yes', 'No'] },
      },
    ],
    ...overrides,
  };
}

let created: number;

describe('POST /api/surveys', () => {
  it('lets a survey host with survey creation create a request: 201 with the overview and an audit entry', async () => {
    const res = await call('POST', HOST, '/api/surveys', request());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    created = body.id;
    expect(body).toMatchObject({
      title: '2027 Board Light Survey',
      survey_type_id: 2,
      // It starts tomorrow.
      status: 'Scheduled',
      host: { id: northwind, name: NORTHWIND },
      primary_contact: { id: users.get(HOST), name: 'Nora' },
      can_manage: true,
      invited: 0,
      submitted: 0,
    });
    // The board (6) is not asked; overview and submit always are.
    expect(body.steps.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4, 5, 11, 7, 8, 10, 12]);
    expect(body.steps.map((s: { weight: number }) => s.weight)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.contents).toHaveLength(12);
    expect(body.questions.map((q: { display: string }) => q.display)).toEqual([
      'What is your next hiring goal?',
      'Do you run a mentoring programme?',
    ]);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'survey'), eq(auditLog.entity_id, String(created))));
    expect(entries.map((e) => e.action)).toEqual(['create']);
  });

  it('answers 401 anonymous, 403 pending, and 403 to anyone without hosting and creation rights', async () => {
    expect((await call('POST', null, '/api/surveys', request())).statusCode).toBe(401);
    expect((await call('POST', PENDING, '/api/surveys', request())).statusCode).toBe(403);
    const before = await counts();
    for (const email of [HOST_NO_CREATION, NW_MEMBER, ADA, MAX, EVE]) {
      const res = await call('POST', email, '/api/surveys', request());
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message).toMatch(/permission to create surveys/);
    }
    // A host of another organization cannot create on Acme's behalf.
    const other = await call(
      'POST',
      HOST,
      '/api/surveys',
      request({ organization_id: acme, primary_contact_id: users.get(ADA) }),
    );
    expect(other.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [
      'dates out of order',
      { due: tomorrow(), start: tomorrow(5) },
      'Due Date must be on or after the Start Date',
    ],
    ['a start in the past', { start: '2020-01-01', due: tomorrow(5) }, 'Start Date must be today or later'],
    ['the score type', { survey_type_id: 1 }, 'Score surveys cannot be requested'],
    ['an unknown type', { survey_type_id: 9 }, 'Survey type must be DEI (2) or DEI+ (3).'],
    ['a missing title', { title: '  ' }, 'Title is required'],
    ['a bad contact email', { contact_email: 'nobody' }, 'Contact Email must be a valid email address'],
    ['a bad support email', { support_email: 'a@b' }, 'Support Email must be a valid email address'],
    [
      'an unknown LPI tab',
      { contents: [{ content_type: 'lpi_tab', content_ref_id: 9, enabled: true }] },
      'Unknown LPI tab id 9.',
    ],
    [
      'an unknown practices field',
      { contents: [{ content_type: 'practice', content_ref_id: 999_999, enabled: true }] },
      'Unknown Practices field id 999999.',
    ],
    [
      'a field of the other form',
      { contents: [{ content_type: 'miscellaneous', content_ref_id: 802, enabled: true }] },
      'Unknown Miscellaneous field id 802.',
    ],
    [
      'a select without options',
      { questions: [{ question_type_id: 4, display: 'Pick one', config: { options: [] } }] },
      'Options must include at least 1 option(s)',
    ],
    [
      'an unknown question type',
      { questions: [{ question_type_id: 2, display: 'Huh?' }] },
      'Type must be text (1), number (13), select (4), multi-select (5) or formatted text (14)',
    ],
    [
      'a primary contact outside the organization',
      { primary_contact_id: 'ada' },
      'Primary Contact must be an approved member of the host organization',
    ],
  ])('refuses %s with 400, its message, and writes nothing', async (_name, overrides, message) => {
    const before = await counts();
    // Ada's id is known only once the demo data is seeded.
    const fixed =
      (overrides as Record<string, unknown>).primary_contact_id === 'ada'
        ? { primary_contact_id: users.get(ADA) }
        : overrides;
    const res = await call('POST', HOST, '/api/surveys', request(fixed));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('stores the receive type and the requested insights, and reads them back', async () => {
    const res = await call(
      'POST',
      HOST,
      '/api/surveys',
      request({ title: 'Insights survey', receive_type_id: 1, insight_type_ids: [4, 1, 6] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ receive_type_id: 1, insight_type_ids: [4, 1, 6] });
    const read = await call('GET', HOST, `/api/surveys/${res.json().id}`);
    expect(read.json()).toMatchObject({ receive_type_id: 1, insight_type_ids: [4, 1, 6] });
    // Without them: received in Parity, no insights requested.
    const bare = await call('POST', HOST, '/api/surveys', request({ title: 'Bare survey' }));
    expect(bare.json()).toMatchObject({ receive_type_id: 1, insight_type_ids: [] });
    // Out of the lists the later tests read.
    for (const id of [res.json().id, bare.json().id])
      expect((await call('DELETE', HOST, `/api/surveys/${id}`)).statusCode).toBe(200);
  });

  it.each([
    ['an unknown insight type', { insight_type_ids: [2, 7] }, 'Unknown insight type id 7'],
    ['an insight type twice', { insight_type_ids: [3, 3] }, 'Insight type 3 is listed twice.'],
    ['insight types that are not numbers', { insight_type_ids: ['wealth'] }, ''],
    ['an unknown receive type', { receive_type_id: 2 }, 'Receive type must be View responses in Parity (1).'],
  ])('refuses %s with 400 and writes nothing', async (_name, overrides, message) => {
    const before = await counts();
    const res = await call('POST', HOST, '/api/surveys', request(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses junk with 400', async () => {
    expect((await call('POST', HOST, '/api/surveys', { title: 3 })).statusCode).toBe(400);
    expect((await call('POST', HOST, '/api/surveys', request({ extra: true }))).statusCode).toBe(400);
  });
});

describe('GET /api/surveys', () => {
  it("lists the host organization's live surveys, active, scheduled, closed, archived, with counts", async () => {
    const res = await call('GET', HOST, '/api/surveys');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; title: string; status: string; invited: number }[];
    const order = ['Active', 'Scheduled', 'Past Due', 'Archived'];
    const ranks = data.map((s) => order.indexOf(s.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(data[0]!.status).toBe('Active');
    // The request created here starts later: the newest survey, listed after the active ones.
    expect(data.filter((s) => s.status === 'Scheduled').map((s) => s.id)).toEqual([created]);
    expect(data.map((s) => s.title)).toEqual(expect.arrayContaining([DEI_SURVEY_2026, LEGACY_SURVEY_2024]));
    expect(data.find((s) => s.id === dei2025)!.status).toBe('Archived');
    expect(data.find((s) => s.id === dei)!.invited).toBeGreaterThan(2);
  });

  it('gives each tile its locked step: the last step the survey asks, as its host reads every step', async () => {
    const data = (await call('GET', HOST, '/api/surveys')).json().data as {
      id: number;
      survey_locked_step: number;
    }[];
    // The created request leaves out the board step: 10 steps; the demo survey asks all 11.
    expect(data.find((s) => s.id === created)!.survey_locked_step).toBe(10);
    expect(data.find((s) => s.id === dei)!.survey_locked_step).toBe(11);
  });

  it('filters by status and by due year; refuses another filter', async () => {
    const archived = (await call('GET', HOST, '/api/surveys?filter=archived')).json().data;
    expect(archived.map((s: { id: number }) => s.id).sort()).toEqual([dei2025, legacy].sort());
    const year = (await call('GET', HOST, '/api/surveys?filter=2024')).json().data;
    expect(year.map((s: { id: number }) => s.id)).toEqual([legacy]);
    expect((await call('GET', HOST, '/api/surveys?filter=soon')).statusCode).toBe(400);
    expect((await call('GET', HOST, '/api/surveys?scope=everything')).statusCode).toBe(400);
  });

  it('gives plain members and organizations that host nothing an empty list; 401 anonymous', async () => {
    for (const email of [NW_MEMBER, ADA, MAX, EVE, ADMIN]) {
      const res = await call('GET', email, '/api/surveys');
      expect(res.statusCode, email).toBe(200);
      expect(res.json().data, email).toEqual([]);
    }
    expect((await call('GET', null, '/api/surveys')).statusCode).toBe(401);
    expect((await call('GET', PENDING, '/api/surveys')).statusCode).toBe(403);
  });
});

describe('GET /api/surveys/{id}', () => {
  it('shows the host the overview with can_manage', async () => {
    const res = await call('GET', HOST, `/api/surveys/${dei}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: dei, can_manage: true, title: DEI_SURVEY_2026 });
    // No LPI tab rows in the config: every step.
    expect(res.json().steps).toHaveLength(11);
  });

  it("shows invited members the overview with their organization's invitation, not can_manage", async () => {
    for (const email of [ADA, MAX]) {
      const res = await call('GET', email, `/api/surveys/${dei}`);
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toMatchObject({
        can_manage: false,
        invitation: { organization_id: acme, status: expect.any(String) },
      });
    }
    const host = await call('GET', HOST, `/api/surveys/${dei}?organization_id=${cedar}`);
    expect(host.json().invitation.organization_id).toBe(cedar);
  });

  it('answers 404 to organizations not invited, another organization_id, unknown ids; 401 anonymous', async () => {
    expect((await call('GET', ADA, `/api/surveys/${created}`)).statusCode).toBe(404);
    expect((await call('GET', EVE, `/api/surveys/${dei}?organization_id=${acme}`)).statusCode).toBe(404);
    expect((await call('GET', NW_MEMBER, `/api/surveys/${dei}`)).statusCode).toBe(404);
    expect((await call('GET', HOST, '/api/surveys/999999')).statusCode).toBe(404);
    expect((await call('GET', null, `/api/surveys/${dei}`)).statusCode).toBe(401);
    expect((await call('GET', HOST, '/api/surveys/abc')).statusCode).toBe(400);
  });

  it('shows platform admins every survey', async () => {
    const res = await call('GET', ADMIN, `/api/surveys/${created}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().can_manage).toBe(true);
  });
});

describe('the config decides what respondents answer', () => {
  beforeAll(async () => {
    await t.app.db.insert(surveyInvitations).values({ survey_id: created, organization_id: acme });
  });

  it('a survey without the board step has no step 6', async () => {
    const tabs = await call('GET', ADA, `/api/surveys/${created}/tabs`);
    expect(tabs.statusCode, tabs.body).toBe(200);
    const ids = tabs.json().data.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(6);
    expect(ids).toEqual([1, 2, 3, 4, 5, 11, 7, 8, 10, 12]);
    const step6 = await call('PUT', ADA, `/api/surveys/${created}/tabs`, { tab_id: 6 });
    expect(step6.statusCode).toBe(400);
    const invitation = (await call('GET', ADA, `/api/surveys/invitations/${created}`)).json();
    expect(invitation.total_step).toBe(10);
  });

  it('hides the Practices and Miscellaneous fields the config turns off, only in that survey', async () => {
    const practices = await call('GET', ADA, `/api/form-generator/8?survey_id=${created}`);
    expect(practices.statusCode, practices.body).toBe(200);
    const ids = (body: { data: { sections: { inputs: { id: number }[] }[] } }) =>
      body.data.sections.flatMap((s) => s.inputs.map((i) => i.id));
    expect(ids(practices.json())).not.toContain(practiceFields[0]);
    expect(ids(practices.json())).toContain(practiceFields[1]);
    const own = await call('GET', ADA, '/api/form-generator/8');
    expect(ids(own.json())).toContain(practiceFields[0]);
    const misc = await call('GET', ADA, `/api/miscellaneous-questions/10?survey_id=${created}`);
    expect(
      misc.json().data.form.sections.flatMap((s: { inputs: { id: number }[] }) => s.inputs.map((i) => i.id)),
    ).not.toContain(miscFields[0]);
  });

  it("shows the host's custom questions in the respondent's Miscellaneous step; answers save, no duplicates", async () => {
    const read = await call('GET', ADA, `/api/miscellaneous-questions/10?survey_id=${created}`);
    expect(read.statusCode, read.body).toBe(200);
    const questions = read.json().data.questions as {
      id: number;
      display: string;
      question_type_id: number;
      config: unknown;
    }[];
    const custom = questions.filter(
      (q) => q.display.includes('hiring goal') || q.display.includes('mentoring'),
    );
    expect(custom).toHaveLength(2);
    const save = await call('PUT', ADA, `/api/surveys/${created}/miscellaneous-questions/10`, {
      updated_at: read.json().state.updated_at,
      questions: questions.map((q) => ({
        id: q.id,
        question_type_id: q.question_type_id,
        display: q.display,
        config: q.config,
        value: q.display.includes('hiring goal')
          ? 'Two analysts'
          : q.display.includes('mentoring')
            ? 'Yes'
            : null,
      })),
      data: [],
    });
    expect(save.statusCode, save.body).toBe(200);
    const again = await call('GET', ADA, `/api/miscellaneous-questions/10?survey_id=${created}`);
    const answered = (again.json().data.questions as { display: string; value: unknown }[]).filter(
      (q) => q.display.includes('hiring goal') || q.display.includes('mentoring'),
    );
    expect(answered.map((q) => q.value)).toEqual(['Two analysts', 'Yes']);
    const rows = await t.app.db
      .select({ id: miscellaneousQuestions.id })
      .from(miscellaneousQuestions)
      .where(
        and(eq(miscellaneousQuestions.organization_id, acme), eq(miscellaneousQuestions.survey_id, created)),
      );
    expect(rows).toHaveLength(questions.length);
  });
});

describe('a survey before its start date', () => {
  it('is Scheduled in the host list, its filter and the overview, then Active from its start', async () => {
    const tiles = (await call('GET', HOST, '/api/surveys')).json().data as { id: number; status: string }[];
    expect(tiles.find((s) => s.id === created)!.status).toBe('Scheduled');
    expect(tiles.find((s) => s.id === dei)!.status).toBe('Active');
    const scheduled = (await call('GET', HOST, '/api/surveys?filter=Scheduled')).json().data;
    expect(scheduled.map((s: { id: number }) => s.id)).toEqual([created]);
    const active = (await call('GET', HOST, '/api/surveys?filter=active')).json().data;
    expect(active.map((s: { id: number }) => s.id)).not.toContain(created);
    expect((await call('GET', HOST, `/api/surveys/${created}`)).json().status).toBe('Scheduled');

    const today = new Date().toISOString().slice(0, 10);
    await t.app.db.update(surveys).set({ start: today }).where(eq(surveys.id, created));
    try {
      expect((await call('GET', HOST, `/api/surveys/${created}`)).json().status).toBe('Active');
      expect((await call('GET', HOST, '/api/surveys?filter=Scheduled')).json().data).toEqual([]);
    } finally {
      await t.app.db.update(surveys).set({ start: tomorrow() }).where(eq(surveys.id, created));
    }
  });

  it('is Scheduled for the invited organization (its list, filter, dashboard list and overview); it may answer already', async () => {
    const invitations = (await call('GET', ADA, '/api/surveys/invitations')).json().data as {
      survey_id: number;
      status: string;
    }[];
    expect(invitations.find((i) => i.survey_id === created)!.status).toBe('Scheduled');
    const filtered = (await call('GET', ADA, '/api/surveys/invitations?filter=scheduled')).json().data;
    expect(filtered.map((i: { survey_id: number }) => i.survey_id)).toEqual([created]);
    expect((await call('GET', ADA, `/api/surveys/invitations/${created}`)).json().status).toBe('Scheduled');
    const dashboard = (await call('GET', ADA, `/api/surveys/users/${users.get(ADA)}/invitations`)).json()
      .data;
    expect(dashboard.find((i: { survey_id: number }) => i.survey_id === created).status).toBe('Scheduled');
    expect((await call('GET', ADA, `/api/surveys/${created}`)).json().invitation.status).toBe('Scheduled');
    // Not closed: the respondent may start before the start date (the spec sets no rule against it).
    const step = await call('PUT', ADA, `/api/surveys/${created}/tabs`, { tab_id: 1 });
    expect(step.statusCode, step.body).toBe(200);
  });
});

describe('PUT /api/surveys/{id}/edit-overview', () => {
  const edit = (overrides: Record<string, unknown> = {}) => ({
    title: '2026 DEI Survey (revised)',
    description: 'Revised.',
    start: '2026-09-01',
    due: tomorrow(90),
    primary_contact_id: users.get(HOST),
    contact_email: 'host@northwind.test',
    support_email: 'support@northwind.test',
    ...overrides,
  });

  it('lets the host edit; a start in the past may stay unchanged; audit entry', async () => {
    const [before] = await t.app.db.select({ start: surveys.start }).from(surveys).where(eq(surveys.id, dei));
    const res = await call('PUT', HOST, `/api/surveys/${dei}/edit-overview`, edit({ start: before!.start }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: '2026 DEI Survey (revised)', start: before!.start });
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'survey'),
          eq(auditLog.entity_id, String(dei)),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(entries).toHaveLength(1);
  });

  it('refuses a changed start in the past, dates out of order and bad emails with 400, nothing written', async () => {
    const [row] = await t.app.db.select().from(surveys).where(eq(surveys.id, dei));
    const pastStart = await call(
      'PUT',
      HOST,
      `/api/surveys/${dei}/edit-overview`,
      edit({ start: '2025-01-01' }),
    );
    expect(pastStart.statusCode).toBe(400);
    expect(pastStart.json().message).toBe('Start Date must be today or later');
    const order = await call('PUT', HOST, `/api/surveys/${dei}/edit-overview`, edit({ due: '2026-08-01' }));
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toContain('Due Date must be on or after the Start Date');
    const email = await call('PUT', HOST, `/api/surveys/${dei}/edit-overview`, edit({ support_email: 'x' }));
    expect(email.statusCode).toBe(400);
    const contact = await call(
      'PUT',
      HOST,
      `/api/surveys/${dei}/edit-overview`,
      edit({ primary_contact_id: users.get(EVE) }),
    );
    expect(contact.statusCode).toBe(400);
    const [after] = await t.app.db.select().from(surveys).where(eq(surveys.id, dei));
    expect(after).toEqual(row);
  });

  it('changes the requested insights when sent, keeps them when not, refuses unknown ones', async () => {
    const changed = await call(
      'PUT',
      HOST,
      `/api/surveys/${created}/edit-overview`,
      edit({ start: tomorrow(), insight_type_ids: [2, 5] }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().insight_type_ids).toEqual([2, 5]);
    const kept = await call(
      'PUT',
      HOST,
      `/api/surveys/${created}/edit-overview`,
      edit({ start: tomorrow() }),
    );
    expect(kept.json().insight_type_ids).toEqual([2, 5]);
    const unknown = await call(
      'PUT',
      HOST,
      `/api/surveys/${created}/edit-overview`,
      edit({ start: tomorrow(), insight_type_ids: [0] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect((await call('GET', HOST, `/api/surveys/${created}`)).json().insight_type_ids).toEqual([2, 5]);
  });

  it('answers 409 on an archived survey, 404 to others, 401 anonymous', async () => {
    const archived = await call(
      'PUT',
      HOST,
      `/api/surveys/${dei2025}/edit-overview`,
      edit({ start: '2025-09-01', due: '2025-12-31' }),
    );
    expect(archived.statusCode).toBe(409);
    for (const email of [ADA, MAX, EVE, NW_MEMBER]) {
      expect((await call('PUT', email, `/api/surveys/${dei}/edit-overview`, edit())).statusCode, email).toBe(
        404,
      );
    }
    expect((await call('PUT', null, `/api/surveys/${dei}/edit-overview`, edit())).statusCode).toBe(401);
  });
});

describe('POST /api/surveys/{id}/grant-administrator-access', () => {
  it('grants a member of the host organization the host’s rights on that survey, idempotently', async () => {
    expect((await call('GET', NW_MEMBER, `/api/surveys/${created}`)).statusCode).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      const res = await call('POST', HOST, `/api/surveys/${created}/grant-administrator-access`, {
        user_id: users.get(NW_MEMBER),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Administrator access granted successfully');
    }
    const rows = await t.app.db
      .select()
      .from(surveyAdministrators)
      .where(eq(surveyAdministrators.survey_id, created));
    expect(rows).toHaveLength(1);
    const overview = await call('GET', NW_MEMBER, `/api/surveys/${created}`);
    expect(overview.json()).toMatchObject({
      can_manage: true,
      administrators: [{ id: users.get(NW_MEMBER) }],
    });
    // Only that survey: the other surveys stay out of reach, and the reporting scope lets them read respondents.
    expect((await call('GET', NW_MEMBER, `/api/surveys/${dei}`)).statusCode).toBe(404);
    const respondentUrl = `/api/surveys/${created}/organizations/tabs?organization_id=${acme}`;
    // #20: a respondent's survey data only once it submitted
    expect((await call('GET', NW_MEMBER, respondentUrl)).statusCode).toBe(404);
    const respondent = await whileSubmitted(t.app.db, created, acme, () =>
      call('GET', NW_MEMBER, respondentUrl),
    );
    expect(respondent.statusCode, respondent.body).toBe(200);
    const accessing = (await call('GET', NW_MEMBER, '/api/surveys?scope=accessing')).json().data;
    expect(accessing.map((s: { id: number }) => s.id)).toEqual([created]);
  });

  it('refuses someone outside the host organization with 400; others 404; 401 anonymous', async () => {
    const outsider = await call('POST', HOST, `/api/surveys/${created}/grant-administrator-access`, {
      user_id: users.get(ADA),
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe(`The user must be an approved member of ${NORTHWIND}.`);
    for (const email of [ADA, EVE, MAX]) {
      const res = await call('POST', email, `/api/surveys/${created}/grant-administrator-access`, {
        user_id: users.get(email),
      });
      expect(res.statusCode, email).toBe(404);
    }
    expect(
      (await call('POST', null, `/api/surveys/${created}/grant-administrator-access`, { user_id: 1 }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call('POST', HOST, `/api/surveys/${created}/grant-administrator-access`, { user_id: 'x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('GET /api/surveys/users/{userId}/invitations', () => {
  it("answers the user's organization's invitations to the user and platform admins, at most limit", async () => {
    const own = await call('GET', ADA, `/api/surveys/users/${users.get(ADA)}/invitations`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.length).toBeGreaterThan(1);
    const limited = await call('GET', ADMIN, `/api/surveys/users/${users.get(ADA)}/invitations?limit=1`);
    expect(limited.json().data).toHaveLength(1);
    const legacyRow = own.json().data.find((i: { survey_id: number }) => i.survey_id === legacy);
    expect(legacyRow).toMatchObject({ is_legacy: true, status: 'Archived' });
  });

  it('lists the open invitations first (Active, Scheduled, Past Due), soonest due first, then the closed ones, latest due first', async () => {
    const { data } = (await call('GET', ADA, `/api/surveys/users/${users.get(ADA)}/invitations`)).json() as {
      data: { status: string; due: string }[];
    };
    const order = ['Active', 'Scheduled', 'Past Due'];
    const open = data.filter((i) => order.includes(i.status));
    const closed = data.slice(open.length);
    expect(open.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    expect(data.slice(0, open.length)).toEqual(open);
    // Active, then Scheduled (a survey created here starts tomorrow), then Past Due.
    const ranks = open.map((i) => order.indexOf(i.status));
    expect(new Set(ranks).size).toBe(3);
    expect(ranks).toEqual([...ranks].sort());
    const activeDues = open.filter((i) => i.status === 'Active').map((i) => i.due);
    expect(activeDues).toEqual([...activeDues].sort());
    const closedDues = closed.map((i) => i.due);
    expect(closedDues).toEqual([...closedDues].sort().reverse());
    const firstThree = (
      await call('GET', ADA, `/api/surveys/users/${users.get(ADA)}/invitations?limit=3`)
    ).json().data;
    expect(firstThree).toEqual(data.slice(0, 3));
  });

  it('answers 404 to anyone else, 401 anonymous, 400 junk', async () => {
    expect((await call('GET', MAX, `/api/surveys/users/${users.get(ADA)}/invitations`)).statusCode).toBe(404);
    expect((await call('GET', EVE, `/api/surveys/users/${users.get(ADA)}/invitations`)).statusCode).toBe(404);
    expect((await call('GET', null, `/api/surveys/users/${users.get(ADA)}/invitations`)).statusCode).toBe(
      401,
    );
    expect(
      (await call('GET', ADA, `/api/surveys/users/${users.get(ADA)}/invitations?limit=0`)).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/legacy-surveys/{id}', () => {
  it("answers an organization's imported sections to its members, the host and platform admins", async () => {
    const own = await call('GET', ADA, `/api/legacy-surveys/${legacy}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      id: legacy,
      title: LEGACY_SURVEY_2024,
      organization: { id: acme, name: ACME },
      host: { id: northwind },
    });
    expect(own.json().sections[0].questions[0]).toEqual({
      question: 'Total full-time employees',
      answer: '48',
    });
    expect((await call('GET', MAX, `/api/legacy-surveys/${legacy}?organization_id=${acme}`)).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', HOST, `/api/legacy-surveys/${legacy}?organization_id=${cedar}`)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', ADMIN, `/api/legacy-surveys/${legacy}?organization_id=${acme}`)).statusCode,
    ).toBe(200);
    expect((await call('GET', EVE, `/api/legacy-surveys/${legacy}`)).json().organization.id).toBe(cedar);
  });

  it("answers 404 for another organization's response, a survey that is not legacy, unknown ids", async () => {
    expect((await call('GET', EVE, `/api/legacy-surveys/${legacy}?organization_id=${acme}`)).statusCode).toBe(
      404,
    );
    expect((await call('GET', ADA, `/api/legacy-surveys/${dei}`)).statusCode).toBe(404);
    expect((await call('GET', HOST, `/api/legacy-surveys/${legacy}`)).statusCode).toBe(404);
    expect((await call('GET', ADA, '/api/legacy-surveys/999999')).statusCode).toBe(404);
    expect((await call('GET', null, `/api/legacy-surveys/${legacy}`)).statusCode).toBe(401);
    expect((await call('GET', ADA, `/api/legacy-surveys/${legacy}?organization_id=x`)).statusCode).toBe(400);
  });
});

describe('DELETE /api/surveys/{id}', () => {
  it('answers 404 to anyone but the host and its survey administrators; 401 anonymous', async () => {
    for (const email of [ADA, MAX, EVE]) {
      expect((await call('DELETE', email, `/api/surveys/${created}`)).statusCode, email).toBe(404);
    }
    expect((await call('DELETE', null, `/api/surveys/${created}`)).statusCode).toBe(401);
    expect((await call('DELETE', HOST, '/api/surveys/0')).statusCode).toBe(400);
  });

  it('soft-deletes: the survey leaves every list; its overview, invitation and steps answer 404', async () => {
    const res = await call('DELETE', HOST, `/api/surveys/${created}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Survey deleted');
    const [row] = await t.app.db
      .select({ deleted_at: surveys.deleted_at })
      .from(surveys)
      .where(eq(surveys.id, created));
    expect(row!.deleted_at).not.toBeNull();
    const hosted = (await call('GET', HOST, '/api/surveys')).json().data;
    expect(hosted.map((s: { id: number }) => s.id)).not.toContain(created);
    const accessing = (await call('GET', NW_MEMBER, '/api/surveys?scope=accessing')).json().data;
    expect(accessing).toEqual([]);
    const invitations = (await call('GET', ADA, '/api/surveys/invitations')).json().data;
    expect(invitations.map((i: { survey_id: number }) => i.survey_id)).not.toContain(created);
    for (const url of [
      `/api/surveys/${created}`,
      `/api/surveys/${created}/tabs`,
      `/api/surveys/invitations/${created}`,
    ]) {
      expect((await call('GET', ADA, url)).statusCode, url).toBe(404);
    }
    expect((await call('GET', HOST, `/api/surveys/${created}`)).statusCode).toBe(404);
    expect((await call('DELETE', HOST, `/api/surveys/${created}`)).statusCode).toBe(404);
  });
});
