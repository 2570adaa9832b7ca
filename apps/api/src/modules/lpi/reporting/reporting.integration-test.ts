import { TAB_KEYS } from '@parity/domain/lpi/tabs';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../db/schema/people';
import {
  boardMembers,
  gridCells,
  individuals,
  submissions,
  tabStates,
  tabVersions,
} from '../../../db/schema/reporting';
import { surveyInvitations } from '../../../db/schema/surveys';
import { ACME, CEDAR } from '../../../seed/demo';
import { DEI_SURVEY_2026, EMERGING_MANAGERS_2026 } from '../../../seed/surveys';
import { createSeededTestApp, type SeededTestApp } from '../../../test/app';
import { readyToSubmit, whileSubmitted } from '../../../test/survey-submit';
import { TABS } from '../tabs.registry';

let t: SeededTestApp;
let acme: number;
let cedar: number;
let dei: number;
let emerging: number;

const ADA = 'ada@acme.test'; // Acme admin with LPI access
const MAX = 'max@acme.test'; // Acme member without LPI access
const EVE = 'eve@cedar.test'; // Cedar admin
const HOST = 'host@northwind.test'; // Northwind survey host (hosts the surveys)
const PENDING = 'pending@acme.test';

beforeAll(async () => {
  t = await createSeededTestApp();
  const seeded = t.demo;
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  emerging = seeded.surveys.get(EMERGING_MANAGERS_2026)!;
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PUT', email: string | null, url: string, payload?: unknown) {
  return t.call(method, email, url, payload);
}
const get = (email: string | null, url: string) => call('GET', email, url);

async function countSubmissions(organizationId: number, surveyId: number | null) {
  const rows = await t.app.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.organization_id, organizationId),
        surveyId === null ? isNull(submissions.survey_id) : eq(submissions.survey_id, surveyId),
      ),
    );
  return rows.length;
}

describe('POST /api/organizations/{id}/lpi (submit)', () => {
  it('answers 401 without a token and 403 to a pending user', async () => {
    expect((await call('POST', null, `/api/organizations/${acme}/lpi`)).statusCode).toBe(401);
    const pending = await call('POST', PENDING, `/api/organizations/${acme}/lpi`);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error).toBe('awaiting_approval');
  });

  it('refuses a member without LPI access (403) and writes nothing', async () => {
    const before = await countSubmissions(acme, null);
    const res = await call('POST', MAX, `/api/organizations/${acme}/lpi`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/LPI access/);
    expect(await countSubmissions(acme, null)).toBe(before);
  });

  it('tells an organization admin without LPI access that they may give it to themselves', async () => {
    // Eve is Cedar's admin, without LPI access.
    const before = await countSubmissions(cedar, null);
    const res = await call('POST', EVE, `/api/organizations/${cedar}/lpi`);
    expect(res.statusCode).toBe(403);
    const { message } = res.json();
    expect(message).toContain('You are an organization admin');
    expect(message).toContain('Permissions');
    expect(message).not.toContain('ask an organization admin');
    // A member who is not an admin is still sent to one.
    expect((await call('POST', MAX, `/api/organizations/${acme}/lpi`)).json().message).toContain(
      'ask an organization admin',
    );
    expect(await countSubmissions(cedar, null)).toBe(before);
  });

  it("answers 404 to another organization's admin, and to the survey's host", async () => {
    const own = await countSubmissions(acme, null);
    const inSurvey = await countSubmissions(acme, dei);
    const eve = await call('POST', EVE, `/api/organizations/${acme}/lpi`);
    expect(eve.statusCode).toBe(404);
    const host = await call('POST', HOST, `/api/organizations/${acme}/lpi`, { survey_id: dei });
    expect(host.statusCode).toBe(404);
    const hostQuery = await call('POST', HOST, `/api/organizations/${acme}/lpi?survey_id=${dei}`);
    expect(hostQuery.statusCode).toBe(404);
    expect(await countSubmissions(acme, null)).toBe(own);
    expect(await countSubmissions(acme, dei)).toBe(inSurvey);
  });

  it("lets ada submit Acme's profile: a submission and a 'submit' version of every defined tab", async () => {
    const before = await countSubmissions(acme, null);
    const res = await call('POST', ADA, `/api/organizations/${acme}/lpi`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ organization_id: acme, survey_id: null });
    expect(Date.parse(body.submitted_at)).not.toBeNaN();
    expect(await countSubmissions(acme, null)).toBe(before + 1);

    const versions = await t.app.db
      .select({
        tab: tabVersions.tab,
        kind: tabVersions.kind,
        organization: tabVersions.organization_id,
        survey: tabVersions.survey_id,
      })
      .from(tabVersions)
      .where(eq(tabVersions.submission_id, body.id));
    const defined = Object.values(TABS).map((d) => d.tab);
    expect(defined.length).toBeGreaterThan(0);
    expect(versions.map((v) => v.tab).sort()).toEqual([...defined].sort());
    for (const version of versions) {
      expect(version).toMatchObject({ kind: 'submit', organization: acme, survey: null });
    }
    for (const tab of defined) {
      const list = await get(ADA, `/api/lpi/versions?tab=${tab}`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data[0]).toMatchObject({ tab, kind: 'submit', saved_by: { name: 'Ada' } });
    }
    // The organization's own profile can be submitted again (a new snapshot each time).
    const again = await call('POST', ADA, `/api/organizations/${acme}/lpi`);
    expect(again.statusCode).toBe(200);
    expect(await countSubmissions(acme, null)).toBe(before + 2);
  });

  it('submits a survey response once: a second submit answers 409 and the response is frozen', async () => {
    const reopen = await readyToSubmit(t.app.db, acme, emerging);
    const first = await call('POST', ADA, `/api/organizations/${acme}/lpi`, {
      survey_id: emerging,
      accept_terms: true,
    });
    await reopen();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ organization_id: acme, survey_id: emerging });
    const [invitation] = await t.app.db
      .select({ status: surveyInvitations.status })
      .from(surveyInvitations)
      .where(and(eq(surveyInvitations.survey_id, emerging), eq(surveyInvitations.organization_id, acme)));
    expect(invitation?.status).toBe('submitted');

    const second = await call('POST', ADA, `/api/organizations/${acme}/lpi?survey_id=${emerging}`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: 'already_submitted',
      message: expect.stringMatching(/submitted/),
    });
    // A member without LPI access still gets 403 first.
    expect(
      (await call('POST', MAX, `/api/organizations/${acme}/lpi`, { survey_id: emerging })).statusCode,
    ).toBe(403);
    expect(await countSubmissions(acme, emerging)).toBe(1);
    const states = await get(ADA, `/api/lpi/tab-states?survey_id=${emerging}`);
    expect(states.statusCode).toBe(200);
    for (const state of states.json().data) expect(state.editable).toBe(false);
  });

  it("cannot submit another organization's survey response (404)", async () => {
    const before = await countSubmissions(acme, dei);
    const res = await call('POST', EVE, `/api/organizations/${acme}/lpi`, { survey_id: dei });
    expect(res.statusCode).toBe(404);
    expect(await countSubmissions(acme, dei)).toBe(before);
  });

  it('refuses bad input with 400', async () => {
    expect((await call('POST', ADA, '/api/organizations/abc/lpi')).statusCode).toBe(400);
    expect((await call('POST', ADA, `/api/organizations/${acme}/lpi`, { survey_id: 'x' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', ADA, `/api/organizations/${acme}/lpi`, { other: 1 })).statusCode).toBe(400);
  });
});

describe('one submit rule for a survey response', () => {
  it('refuses through the organization route what the survey route refuses (terms, steps left)', async () => {
    const before = await countSubmissions(acme, dei);
    const noTerms = await call('POST', ADA, `/api/organizations/${acme}/lpi?survey_id=${dei}`);
    expect(noTerms.statusCode, noTerms.body).toBe(400);
    expect(noTerms.json().message).toBe('Please, accept terms and conditions');
    const early = await call('POST', ADA, `/api/organizations/${acme}/lpi`, {
      survey_id: dei,
      accept_terms: true,
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe('Not all steps are completed');
    const viaSurvey = await call('POST', ADA, `/api/surveys/${dei}/submit`, { accept_terms: true });
    expect(viaSurvey.statusCode).toBe(409);
    expect(viaSurvey.json()).toEqual(early.json());
    const [invitation] = await t.app.db
      .select({ status: surveyInvitations.status })
      .from(surveyInvitations)
      .where(and(eq(surveyInvitations.survey_id, dei), eq(surveyInvitations.organization_id, acme)));
    expect(invitation?.status).not.toBe('submitted');
    expect(await countSubmissions(acme, dei)).toBe(before);
  });
});
describe('GET /api/lpi/versions', () => {
  it("reads the caller's own history; another organization gets 404 and nothing", async () => {
    const own = await get(MAX, '/api/lpi/versions?tab=overview');
    expect(own.statusCode).toBe(200);
    expect(Array.isArray(own.json().data)).toBe(true);
    const eve = await get(EVE, `/api/lpi/versions?tab=overview&organization_id=${acme}`);
    expect(eve.statusCode).toBe(404);
    expect(eve.json().data).toBeUndefined();
    const eveSurvey = await get(
      EVE,
      `/api/lpi/versions?tab=overview&organization_id=${acme}&survey_id=${dei}`,
    );
    expect(eveSurvey.statusCode).toBe(404);
    expect((await get(PENDING, '/api/lpi/versions?tab=overview')).statusCode).toBe(403);
  });

  it("lets the host read an invited respondent's survey copy, never its own profile", async () => {
    // Two saves of Cedar's board in the emerging managers survey, as the board tab stores them.
    await t.app.db.insert(tabVersions).values([
      {
        organization_id: cedar,
        survey_id: emerging,
        tab: 'board',
        version: 1,
        kind: 'save',
        snapshot: { rows: [{ name: 'Jane Doe', gender_id: 1 }] },
      },
      {
        organization_id: cedar,
        survey_id: emerging,
        tab: 'board',
        version: 2,
        kind: 'save',
        snapshot: {
          rows: [
            { name: 'Jane Doe', gender_id: 2 },
            { name: 'Ann Lee', gender_id: 3 },
          ],
        },
      },
    ]);
    const url = `/api/lpi/versions?tab=board&organization_id=${cedar}&survey_id=${emerging}`;
    expect((await get(HOST, url)).statusCode).toBe(404); // #20: not before Cedar submits
    const host = await whileSubmitted(t.app.db, emerging, cedar, () => get(HOST, url));
    expect(host.statusCode, host.body).toBe(200);
    const [latest, first] = host.json().data;
    expect(latest).toMatchObject({ version: 2, kind: 'save' });
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        { kind: 'changed', path: 'Jane Doe › gender_id', before: 1, after: 2 },
        { kind: 'added', path: 'Ann Lee › gender_id', after: 3 },
      ]),
    );
    expect(first).toMatchObject({ version: 1, changes: [] });

    expect((await get(HOST, `/api/lpi/versions?tab=board&organization_id=${cedar}`)).statusCode).toBe(404);
    expect((await get(ADA, url)).statusCode).toBe(404);
    // The respondent sees its survey copy's history, apart from its own profile's.
    const eve = await get(EVE, `/api/lpi/versions?tab=board&survey_id=${emerging}`);
    expect(eve.json().data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const eveOwn = await get(EVE, '/api/lpi/versions?tab=board');
    expect(eveOwn.json().data.some((v: { saved_at: string }) => v.saved_at === latest.saved_at)).toBe(false);
  });

  it('refuses an unknown tab and a bad id with 400', async () => {
    expect((await get(ADA, '/api/lpi/versions?tab=unknown')).statusCode).toBe(400);
    expect((await get(ADA, '/api/lpi/versions')).statusCode).toBe(400);
    expect((await get(ADA, '/api/lpi/versions?tab=board&organization_id=-1')).statusCode).toBe(400);
  });
});

describe('GET /api/lpi/tab-states', () => {
  it("gives every tab with editable per the caller's rights", async () => {
    const ada = await get(ADA, '/api/lpi/tab-states');
    expect(ada.statusCode).toBe(200);
    expect(ada.json().data.map((s: { tab: string }) => s.tab)).toEqual([...TAB_KEYS]);
    for (const state of ada.json().data) expect(state.editable).toBe(true);
    const max = await get(MAX, '/api/lpi/tab-states');
    for (const state of max.json().data) expect(state.editable).toBe(false);
    const statesUrl = `/api/lpi/tab-states?organization_id=${cedar}&survey_id=${emerging}`;
    expect((await get(HOST, statesUrl)).statusCode).toBe(404); // #20: not before Cedar submits
    const host = await whileSubmitted(t.app.db, emerging, cedar, () => get(HOST, statesUrl));
    expect(host.statusCode).toBe(200);
    for (const state of host.json().data) expect(state.editable).toBe(false);
  });

  it('answers 404 across organizations and 403 to a pending user', async () => {
    expect((await get(EVE, `/api/lpi/tab-states?organization_id=${acme}`)).statusCode).toBe(404);
    expect((await get(HOST, `/api/lpi/tab-states?organization_id=${acme}`)).statusCode).toBe(404);
    expect(
      (await get(ADA, `/api/lpi/tab-states?organization_id=${cedar}&survey_id=${emerging}`)).statusCode,
    ).toBe(404);
    expect((await get(PENDING, '/api/lpi/tab-states')).statusCode).toBe(403);
  });
});

describe('GET /api/lpi/tab-titles', () => {
  beforeAll(async () => {
    const db = t.app.db;
    // A known profile for Acme (whatever the demo data holds).
    await db.delete(gridCells).where(and(eq(gridCells.organization_id, acme), isNull(gridCells.survey_id)));
    await db
      .delete(individuals)
      .where(and(eq(individuals.organization_id, acme), isNull(individuals.survey_id)));
    await db
      .delete(boardMembers)
      .where(and(eq(boardMembers.organization_id, acme), isNull(boardMembers.survey_id)));
    await db
      .update(organizations)
      .set({ total_full_time_employees: 40, total_owners: 3, total_leaders: 2 })
      .where(eq(organizations.id, acme));
    await db.insert(gridCells).values([
      { organization_id: acme, grid: 'staff', ethnicity_id: 1, gender_id: 1, value: 12 },
      { organization_id: acme, grid: 'staff', ethnicity_id: 2, gender_id: 2, value: 8 },
      { organization_id: acme, grid: 'us_staff', ethnicity_id: 1, gender_id: 1, value: 5 },
      {
        organization_id: acme,
        grid: 'historical',
        year: 2025,
        type: 1,
        ethnicity_id: 1,
        gender_id: 1,
        value: 4,
      },
      { organization_id: acme, grid: 'investment', type: 1, ethnicity_id: 1, gender_id: 1, value: 6 },
      { organization_id: acme, grid: 'committee', type: 2, ethnicity_id: 1, gender_id: 1, value: 3 },
    ]);
    await db.insert(individuals).values([
      {
        organization_id: acme,
        name: 'Owner Leader',
        is_owner: true,
        is_senior_management: true,
        ownership: 60,
      },
      { organization_id: acme, name: 'Owner', is_owner: true, ownership: 40 },
      { organization_id: acme, name: 'Neither' },
    ]);
    await db.insert(boardMembers).values([
      { organization_id: acme, name: 'B1' },
      { organization_id: acme, name: 'B2' },
    ]);
  });

  const ACME_OWN = {
    staff: { entered: 20, total: 40 },
    us_staff: { entered: 5 },
    ownership: { flagged: 3, total: 5 },
    board: { rows: 2 },
    insights: { entered: 4 },
    investment: { entered: 6 },
    us_investment: { entered: 0 },
    committee: { entered: 3 },
    us_committee: { entered: 0 },
  };

  it("counts the organization's own profile for its members (and nobody else's rows)", async () => {
    for (const email of [ADA, MAX]) {
      const res = await get(email, '/api/lpi/tab-titles');
      expect(res.statusCode, res.body).toBe(200);
      const { checks, ...counts } = res.json();
      expect(counts).toEqual(ACME_OWN);
      // The failing data checks mark their tabs (issue #19): 20 staff of 40, 3 owners and leaders of 5,
      // and 4 hires in 2025 while the head count went from the demo's answer to last year's survey to 40.
      expect(checks[0]).toEqual({
        tab: 'staff',
        code: 'staff_total',
        message:
          'The staff grid adds up to 20 employees; the Overview declares 40 full-time employees. ' +
          'Correct the grid or the Overview’s Total Full-Time Employees.',
      });
      expect(checks.map((c: { code: string }) => c.code)).toEqual([
        'staff_total',
        'owners_listed',
        'leaders_listed',
        'headcount_change',
      ]);
    }
  });

  it('in a survey: unopened tabs count what opening them copies, opened ones their copy', async () => {
    // Cedar in the emerging managers survey: nothing opened yet.
    const own = (await get(EVE, '/api/lpi/tab-titles')).json();
    const before = await get(EVE, `/api/lpi/tab-titles?survey_id=${emerging}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual(own);
    // The host reads only copies: nothing is copied yet.
    const hostUrl = `/api/lpi/tab-titles?organization_id=${cedar}&survey_id=${emerging}`;
    expect((await get(HOST, hostUrl)).statusCode).toBe(404); // #20: not before Cedar submits
    const host = await whileSubmitted(t.app.db, emerging, cedar, () => get(HOST, hostUrl));
    expect(host.statusCode).toBe(200);
    expect(host.json().board).toEqual({ rows: 0 });
    expect(host.json().staff.entered).toBe(0);

    // The board tab's survey copy exists (one row, edited in the survey).
    await t.app.db.insert(tabStates).values({ organization_id: cedar, survey_id: emerging, tab: 'board' });
    await t.app.db
      .insert(boardMembers)
      .values({ organization_id: cedar, survey_id: emerging, name: 'Survey only' });
    const after = await get(EVE, `/api/lpi/tab-titles?survey_id=${emerging}`);
    expect(after.json()).toEqual({ ...own, board: { rows: 1 } });
    const hostAfter = await whileSubmitted(t.app.db, emerging, cedar, () => get(HOST, hostUrl));
    expect(hostAfter.json().board).toEqual({ rows: 1 });
    // The host reads no check of the tabs Cedar never opened in the survey.
    expect(hostAfter.json().checks).toEqual([]);
    // The organization's own profile is untouched by the survey copy.
    expect((await get(EVE, '/api/lpi/tab-titles')).json()).toEqual(own);
  });

  it('answers 404 to outsiders, 403 to a pending user, 401 without a token, 400 on bad input', async () => {
    const eve = await get(EVE, `/api/lpi/tab-titles?organization_id=${acme}`);
    expect(eve.statusCode).toBe(404);
    expect(eve.json().staff).toBeUndefined();
    expect((await get(EVE, `/api/lpi/tab-titles?organization_id=${acme}&survey_id=${dei}`)).statusCode).toBe(
      404,
    );
    expect((await get(HOST, `/api/lpi/tab-titles?organization_id=${acme}`)).statusCode).toBe(404);
    expect((await get(PENDING, '/api/lpi/tab-titles')).statusCode).toBe(403);
    expect((await get(null, '/api/lpi/tab-titles')).statusCode).toBe(401);
    expect((await get(ADA, '/api/lpi/tab-titles?survey_id=abc')).statusCode).toBe(400);
    expect((await get(ADA, '/api/lpi/tab-titles?unknown=1')).statusCode).toBe(400);
  });
});

describe('a real tab through the core (PUT /api/staff/save)', () => {
  const ASIAN = 2;
  const WOMAN = 1;
  const body = (value: number, updated_at: string | null, extra: object = {}) => ({
    updated_at,
    data: [{ ethnicity_id: ASIAN, genders: [{ id: WOMAN, value }] }],
    ...extra,
  });
  const cell = (data: { rows: { ethnicity_id: number; genders: { id: number; value: number }[] }[] }) =>
    data.rows.find((r) => r.ethnicity_id === ASIAN)?.genders.find((g) => g.id === WOMAN)?.value;
  const versionsOf = async (email: string, query = '') =>
    (await get(email, `/api/lpi/versions?tab=staff${query}`)).json().data as {
      version: number;
      kind: string;
      changes: { kind: string; path: string; before?: unknown; after?: unknown }[];
    }[];

  it('refuses a stale save with 409 and what the server has, writes nothing, and overwrites on request', async () => {
    const start = (await get(ADA, '/api/organization/me/staff')).json();
    const base = start.state.updated_at as string | null;
    const versionsBefore = (await versionsOf(ADA)).length;

    const first = await call('PUT', ADA, '/api/staff/save', body(7, base));
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json();
    expect(cell(saved.data)).toBe(7);

    // Another editor's page still holds the old updated_at.
    const stale = await call('PUT', ADA, '/api/staff/save', body(9, base));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_save',
      detail: {
        tab: 'staff',
        updated_at: saved.state.updated_at,
        updated_by: { name: 'Ada', lastname: 'Lovelace' },
      },
    });
    expect(cell((await get(MAX, '/api/organization/me/staff')).json().data)).toBe(7);
    expect((await versionsOf(ADA)).length).toBe(versionsBefore + 1);

    // Overwrite: the same draft based on the server's updated_at.
    const overwrite = await call('PUT', ADA, '/api/staff/save', body(9, stale.json().detail.updated_at));
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    expect(cell(overwrite.json().data)).toBe(9);
    expect(Date.parse(overwrite.json().state.updated_at)).toBeGreaterThan(Date.parse(saved.state.updated_at));

    const versions = await versionsOf(MAX);
    expect(versions.length).toBe(versionsBefore + 2);
    expect(versions[0]).toMatchObject({ kind: 'save', version: versions[1]!.version + 1 });
    expect(versions[0]!.changes).toContainEqual({
      kind: 'changed',
      path: 'Asian › Woman',
      before: 7,
      after: 9,
    });

    // The titles follow the saved grid.
    const titles = (await get(ADA, '/api/lpi/tab-titles')).json();
    expect(titles.staff.entered).toBe(overwrite.json().data.totals.all);
  });

  it('a save in the survey touches only the survey copy; hosts and members without access cannot save', async () => {
    const surveyRead = await get(ADA, `/api/organization/me/staff?survey_id=${dei}`);
    expect(surveyRead.statusCode, surveyRead.body).toBe(200);
    const ownBefore = (await get(ADA, '/api/organization/me/staff')).json();
    const ownVersions = (await versionsOf(ADA)).length;

    const save = await call(
      'PUT',
      ADA,
      '/api/staff/save',
      body(31, surveyRead.json().state.updated_at, { survey_id: dei }),
    );
    expect(save.statusCode, save.body).toBe(200);
    expect(cell(save.json().data)).toBe(31);
    expect((await get(ADA, '/api/organization/me/staff')).json().data).toEqual(ownBefore.data);
    expect((await versionsOf(ADA)).length).toBe(ownVersions);
    expect((await versionsOf(ADA, `&survey_id=${dei}`))[0]).toMatchObject({ kind: 'save' });
    // The host reads the copy's history; a survey titles count reads the copy.
    const hostVersions = await whileSubmitted(t.app.db, dei, acme, () =>
      versionsOf(HOST, `&organization_id=${acme}&survey_id=${dei}`),
    );
    expect(hostVersions[0]).toMatchObject({
      kind: 'save',
    });
    expect((await get(ADA, `/api/lpi/tab-titles?survey_id=${dei}`)).json().staff.entered).toBe(
      save.json().data.totals.all,
    );

    const state = save.json().state.updated_at;
    expect((await call('PUT', MAX, '/api/staff/save', body(1, state, { survey_id: dei }))).statusCode).toBe(
      403,
    );
    expect([403, 404]).toContain(
      (await call('PUT', HOST, '/api/staff/save', body(1, state, { survey_id: dei }))).statusCode,
    );
    expect((await call('PUT', EVE, '/api/staff/save', body(1, state, { survey_id: dei }))).statusCode).toBe(
      403,
    );
    expect(cell((await get(ADA, `/api/organization/me/staff?survey_id=${dei}`)).json().data)).toBe(31);
  });
});
