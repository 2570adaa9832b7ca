import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHECKS_NEED_NOTE_MESSAGE } from '@parity/domain/lpi/checks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema/people';
import { submissions, tabStates } from '../../db/schema/reporting';
import { surveyInvitations } from '../../db/schema/surveys';
import { ACME, CEDAR, NORTHWIND } from '../../seed/demo';
import { DEI_SURVEY_2026, EMERGING_MANAGERS_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { whileSubmitted } from '../../test/survey-submit';

let t: TestApp;
let acme: number;
let cedar: number;
let dei: number;
let emerging: number;
const tokens = new Map<string, string>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-surveys-'));

const ADA = 'ada@acme.test'; // Acme admin with LPI access
const MAX = 'max@acme.test'; // Acme member without LPI access
const EVE = 'eve@cedar.test'; // Cedar admin, invited too
const HOST = 'host@northwind.test'; // Northwind hosts the surveys (not invited)
const PENDING = 'pending@acme.test';
const MIA = 'mfa@acme.test'; // Acme member
const users = new Map<string, number>();
const STEP_IDS = [1, 2, 3, 4, 5, 11, 6, 7, 8, 10, 12];

beforeAll(async () => {
  t = await createDemoTestApp({ dataDir });
  const seeded = demoOf(t);
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  emerging = seeded.surveys.get(EMERGING_MANAGERS_2026)!;
  for (const [email, userId] of seeded.users) {
    users.set(email, userId);
    tokens.set(email, await sessionToken(t, userId));
  }
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

async function invitation(organizationId: number, surveyId: number) {
  const [row] = await t.app.db
    .select()
    .from(surveyInvitations)
    .where(
      and(eq(surveyInvitations.survey_id, surveyId), eq(surveyInvitations.organization_id, organizationId)),
    );
  return row!;
}

async function completedTabs(organizationId: number, surveyId: number) {
  const rows = await t.app.db
    .select({ tab: tabStates.tab })
    .from(tabStates)
    .where(
      and(
        eq(tabStates.organization_id, organizationId),
        eq(tabStates.survey_id, surveyId),
        eq(tabStates.completed, true),
      ),
    );
  return rows.map((r) => r.tab).sort();
}

describe('who may read a survey', () => {
  it('answers 401, 403 pending, 404 to a survey the organization is not invited to', async () => {
    expect((await call('GET', null, `/api/surveys/${dei}/tabs`)).statusCode).toBe(401);
    expect((await call('GET', PENDING, `/api/surveys/${dei}/tabs`)).statusCode).toBe(403);
    expect((await call('GET', HOST, `/api/surveys/${dei}/tabs`)).statusCode).toBe(404);
    expect((await call('GET', HOST, `/api/surveys/${dei}/organizations/tabs`)).statusCode).toBe(404);
    expect(
      (await call('POST', HOST, `/api/surveys/${dei}/mark-complete/1`, { completed: true })).statusCode,
    ).toBe(404);
    expect((await call('GET', ADA, '/api/surveys/999999/tabs')).statusCode).toBe(404);
    expect((await call('GET', EVE, `/api/surveys/${dei}/tabs?organization_id=${acme}`)).statusCode).toBe(404);
    expect(
      (await call('GET', EVE, `/api/surveys/invitations/${dei}?organization_id=${acme}`)).statusCode,
    ).toBe(404);
  });

  it('lets the host read an invited organization’s progress once submitted, never change it', async () => {
    const url = `/api/surveys/${dei}/organizations/tabs?organization_id=${acme}`;
    expect((await call('GET', HOST, url)).statusCode).toBe(404); // #20: not before Acme submits
    const res = await whileSubmitted(t.app.db, dei, acme, () => call('GET', HOST, url));
    expect(res.statusCode).toBe(200);
    expect((await call('POST', HOST, `/api/surveys/${dei}/occupy`, { tab_id: 1 })).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    expect(
      (await call('POST', ADA, `/api/surveys/${dei}/mark-complete/1`, { completed: 'yes' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', ADA, `/api/surveys/${dei}/mark-complete/9`, { completed: true })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', ADA, `/api/surveys/${dei}/mark-complete/12`, { completed: true })).statusCode,
    ).toBe(400);
    expect((await call('PUT', ADA, `/api/surveys/${dei}/tabs`, { tab_id: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', ADA, `/api/surveys/${dei}/tabs`, { tab_id: 42 })).statusCode).toBe(400);
    expect((await call('GET', ADA, '/api/surveys/invitations?filter=soon')).statusCode).toBe(400);
  });
});

describe('a closed survey', () => {
  it('refuses changes once the due date has passed (the emerging managers survey)', async () => {
    const mark = await call('POST', ADA, `/api/surveys/${emerging}/mark-complete/1`, { completed: true });
    expect(mark.statusCode).toBe(403);
    expect(mark.json().message).toBe('This survey is closed: its due date has passed or it was archived.');
    expect((await call('PUT', ADA, `/api/surveys/${emerging}/tabs`, { tab_id: 1 })).statusCode).toBe(403);
    expect((await call('POST', ADA, `/api/surveys/${emerging}/occupy`, { tab_id: 1 })).statusCode).toBe(403);
    expect(
      (await call('POST', ADA, `/api/surveys/${emerging}/submit`, { accept_terms: true })).statusCode,
    ).toBe(403);
    expect(await completedTabs(acme, emerging)).toEqual([]);
    expect((await invitation(acme, emerging)).status).toBe('invited');
    // It is still read.
    expect((await call('GET', ADA, `/api/surveys/${emerging}/tabs`)).statusCode).toBe(200);
  });
});

describe('the invitations list', () => {
  it("lists Acme's invitations with their statuses and hosts", async () => {
    const res = await call('GET', ADA, '/api/surveys/invitations');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      survey_id: number;
      status: string;
      title: string;
      host: { name: string };
    }[];
    // Active first, then scheduled, closed and archived.
    expect(data.map((i) => i.status)).toEqual(['Active', 'Past Due', 'Archived', 'Archived']);
    const byTitle = new Map(data.map((i) => [i.title, i]));
    expect(byTitle.get(DEI_SURVEY_2026)?.status).toBe('Active');
    expect(byTitle.get(EMERGING_MANAGERS_2026)?.status).toBe('Past Due');
    // Acme answered the archived 2025 survey; Cedar did not.
    expect(byTitle.get('2025 DEI Survey')?.status).toBe('Archived');
    // Its completed steps name who submitted them (ada), never nobody.
    expect(byTitle.get('2025 DEI Survey')).toMatchObject({
      completed_steps: 11,
      contributors: [{ id: users.get(ADA), name: 'Ada', lastname: 'Lovelace', submitted: true }],
    });
    expect(byTitle.get(DEI_SURVEY_2026)?.host.name).toBe(NORTHWIND);
    const cedars = (await call('GET', EVE, '/api/surveys/invitations')).json().data as typeof data;
    expect(cedars.find((i) => i.title === '2025 DEI Survey')?.status).toBe('Not Submitted');
    const past = await call('GET', ADA, '/api/surveys/invitations?filter=Past%20Due');
    expect(past.json().data.map((i: { survey_id: number }) => i.survey_id)).toEqual([emerging]);
    const year = await call('GET', ADA, '/api/surveys/invitations?filter=2025');
    expect(year.json().data.map((i: { title: string }) => i.title)).toEqual(['2025 DEI Survey']);
  });

  it('answers 401 anonymous, 403 pending, and an empty list to an organization never invited', async () => {
    expect((await call('GET', null, '/api/surveys/invitations')).statusCode).toBe(401);
    const pending = await call('GET', PENDING, '/api/surveys/invitations');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error).toBe('awaiting_approval');
    // Northwind hosts the surveys and is invited to none; the platform admin belongs to no respondent.
    expect((await call('GET', HOST, '/api/surveys/invitations')).json()).toEqual({ data: [] });
    const admin = await call('GET', 'admin@parity.test', '/api/surveys/invitations');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.every((i: { organization_id: number }) => i.organization_id !== acme)).toBe(
      true,
    );
  });

  it('one invitation: 403 pending, 404 to a survey the caller’s organization is not invited to', async () => {
    expect((await call('GET', PENDING, `/api/surveys/invitations/${dei}`)).statusCode).toBe(403);
    expect((await call('GET', HOST, `/api/surveys/invitations/${dei}`)).statusCode).toBe(404);
    expect((await call('GET', ADA, '/api/surveys/invitations/999999')).statusCode).toBe(404);
    const own = await call('GET', ADA, `/api/surveys/invitations/${dei}`);
    expect(own.json()).toMatchObject({ survey_id: dei, organization_id: acme });
  });

  it('lists only Cedar’s invitations to eve', async () => {
    const res = await call('GET', EVE, '/api/surveys/invitations');
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.json().data.every((i: { organization_id: number }) => i.organization_id === cedar)).toBe(true);
  });
});

describe('ada takes the 2026 survey', () => {
  it('lists the steps in weight order', async () => {
    const res = await call('GET', ADA, `/api/surveys/${dei}/tabs`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; weight: number; title: string }[];
    expect(data.map((s) => s.id)).toEqual(STEP_IDS);
    expect(data.map((s) => s.weight)).toEqual([...data.map((s) => s.weight)].sort((a, b) => a - b));
    expect(data[2]!.title).toBe('Ownership and Senior Leadership');
    expect((await call('GET', MAX, `/api/surveys/${dei}/tabs`)).statusCode).toBe(200);
  });

  it('continues at the locked step: step 1 untouched, k + 1 once moved on from steps 1..k', async () => {
    const untouched = (await call('GET', ADA, `/api/surveys/invitations/${dei}`)).json();
    expect(untouched).toMatchObject({ step: 0, survey_locked_step: 1, survey_progress: 0 });
    expect(untouched).not.toHaveProperty('locked_step');
    expect(untouched).not.toHaveProperty('progress');

    expect((await call('PUT', ADA, `/api/surveys/${dei}/tabs`, { tab_id: 1 })).json()).toEqual({
      tab_id: 1,
      step: 1,
      survey_locked_step: 2,
    });
    const res = await call('PUT', ADA, `/api/surveys/${dei}/tabs`, { tab_id: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tab_id: 2, step: 2, survey_locked_step: 3 });
    const row = await invitation(acme, dei);
    expect(row.step).toBe(2);
    expect(row.status).toBe('in_progress');
    const detail = await call('GET', ADA, `/api/surveys/invitations/${dei}`);
    expect(detail.json()).toMatchObject({ step: 2, survey_locked_step: 3, total_step: 11, status: 'Active' });
    const listed = (await call('GET', ADA, '/api/surveys/invitations')).json().data;
    expect(listed.find((i: { survey_id: number }) => i.survey_id === dei)).toMatchObject({
      step: 2,
      survey_locked_step: 3,
    });

    // Going back and on again does not move the locked step back.
    expect((await call('PUT', ADA, `/api/surveys/${dei}/tabs`, { tab_id: 1 })).json()).toEqual({
      tab_id: 1,
      step: 2,
      survey_locked_step: 3,
    });
    // Moving on from the last step before submit opens the submit step, never past it.
    const last = (await call('PUT', ADA, `/api/surveys/${dei}/tabs`, { tab_id: 12 })).json();
    expect(last).toEqual({ tab_id: 12, step: 11, survey_locked_step: 11 });
  });

  it('marks a step complete and incomplete (every save unit of it), naming who completed it', async () => {
    const contributors = async () =>
      (await call('GET', MAX, `/api/surveys/invitations/${dei}`)).json().contributors as { id: number }[];
    expect(await contributors()).toEqual([]);
    const done = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/2`, { completed: true });
    expect(done.statusCode).toBe(200);
    expect(await completedTabs(acme, dei)).toEqual(['staff', 'us_staff']);
    // Completed from the copied profile, never saved: ada is a contributor all the same.
    expect(await contributors()).toEqual([
      {
        id: users.get(ADA),
        name: 'Ada',
        lastname: 'Lovelace',
        submitted: false,
        last_updated_at: expect.any(String),
      },
    ]);
    let progress = (await call('GET', MAX, `/api/surveys/${dei}/organizations/tabs`)).json().data;
    expect(progress.find((p: { tab_id: number }) => p.tab_id === 2).completed).toBe(true);
    await call('POST', ADA, `/api/surveys/${dei}/mark-complete/2`, { completed: false });
    expect(await completedTabs(acme, dei)).toEqual([]);
    progress = (await call('GET', ADA, `/api/surveys/${dei}/organizations/tabs`)).json().data;
    expect(progress.map((p: { tab_id: number }) => p.tab_id)).toEqual(STEP_IDS);
    expect(progress.every((p: { completed: boolean }) => !p.completed)).toBe(true);
  });

  it('lets max read but not mark, step or occupy (403)', async () => {
    expect(
      (await call('POST', MAX, `/api/surveys/${dei}/mark-complete/1`, { completed: true })).statusCode,
    ).toBe(403);
    expect((await call('PUT', MAX, `/api/surveys/${dei}/tabs`, { tab_id: 1 })).statusCode).toBe(403);
    expect((await call('POST', MAX, `/api/surveys/${dei}/occupy`, { tab_id: 1 })).statusCode).toBe(403);
    expect((await call('POST', MAX, `/api/surveys/${dei}/submit`, { accept_terms: true })).statusCode).toBe(
      403,
    );
    expect(await completedTabs(acme, dei)).toEqual([]);
  });

  it('occupies a step, shows the holder, releases it', async () => {
    const res = await call('POST', ADA, `/api/surveys/${dei}/occupy`, { tab_id: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tab_id: 3, held_by_you: true, occupied_by: { name: 'Ada' } });
    const progress = (await call('GET', MAX, `/api/surveys/${dei}/organizations/tabs`)).json().data;
    expect(progress.find((p: { tab_id: number }) => p.tab_id === 3).occupied_by.name).toBe('Ada');
    // Eve (Cedar, no LPI access) may not occupy; her calls only ever name Cedar's copy.
    expect((await call('POST', EVE, `/api/surveys/${dei}/occupy`, { tab_id: 3 })).statusCode).toBe(403);
    // Eve cannot release Acme's hold: her release names only Cedar's copy.
    await call('DELETE', EVE, `/api/surveys/${dei}/occupy/3`);
    const still = (await call('GET', ADA, `/api/surveys/${dei}/organizations/tabs`)).json().data;
    expect(still.find((p: { tab_id: number }) => p.tab_id === 3).occupied_by.name).toBe('Ada');
    // Mia (Acme, given LPI access here) asks for the held step: the answer names Ada, nothing changes.
    await t.app.db
      .update(memberships)
      .set({ average_lpi_score_access: true })
      .where(eq(memberships.user_id, users.get(MIA)!));
    const held = await call('POST', MIA, `/api/surveys/${dei}/occupy`, { tab_id: 3 });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ held_by_you: false, occupied_by: { name: 'Ada' } });
    await call('DELETE', MIA, `/api/surveys/${dei}/occupy/3`);
    expect((await call('POST', ADA, `/api/surveys/${dei}/occupy`, { tab_id: 3 })).json().held_by_you).toBe(
      true,
    );
    const released = await call('DELETE', ADA, `/api/surveys/${dei}/occupy/3`);
    expect(released.json()).toMatchObject({ occupied_by: null, held_by_you: false });
    expect((await call('POST', MIA, `/api/surveys/${dei}/occupy`, { tab_id: 3 })).json()).toMatchObject({
      held_by_you: true,
      occupied_by: { name: 'Mia' },
    });
    // An expired hold is free for the next editor.
    await t.app.db
      .update(tabStates)
      .set({ occupied_until: new Date(Date.now() - 1000) })
      .where(and(eq(tabStates.organization_id, acme), eq(tabStates.survey_id, dei)));
    const expired = (await call('GET', ADA, `/api/surveys/${dei}/organizations/tabs`)).json().data;
    expect(expired.find((p: { tab_id: number }) => p.tab_id === 3).occupied_by).toBeNull();
    expect((await call('POST', ADA, `/api/surveys/${dei}/occupy`, { tab_id: 3 })).json().held_by_you).toBe(
      true,
    );
    await call('DELETE', ADA, `/api/surveys/${dei}/occupy/3`);
  });

  it('lists who saved the survey copy as contributors', async () => {
    const read = await call('GET', ADA, `/api/form-generator/8?organization_id=${acme}&survey_id=${dei}`);
    expect(read.statusCode, read.body).toBe(200);
    const save = await call('PUT', ADA, `/api/surveys/${dei}/form-generator/8`, {
      updated_at: read.json().state.updated_at,
      data: [{ field_id: 802, value: 1 }],
    });
    expect(save.statusCode, save.body).toBe(200);
    const detail = (await call('GET', MAX, `/api/surveys/invitations/${dei}`)).json();
    expect(detail.contributors).toEqual([
      {
        id: users.get(ADA),
        name: 'Ada',
        lastname: 'Lovelace',
        submitted: false,
        last_updated_at: expect.any(String),
      },
    ]);
  });

  it('refuses to mark complete a step whose data fails a check (422) until a note explains it', async () => {
    const meta = (await call('GET', ADA, `/api/organization/me/meta-v2?survey_id=${dei}`)).json().data;
    const declared: number = meta.total_full_time_employees;
    const read = (await call('GET', ADA, `/api/organization/me/staff?survey_id=${dei}`)).json();
    const gridOf = (total: number) =>
      read.data.rows.map((row: { ethnicity_id: number; genders: { id: number }[] }, i: number) => ({
        ethnicity_id: row.ethnicity_id,
        genders: row.genders.map((cell, j) => ({ id: cell.id, value: i === 0 && j === 0 ? total : 0 })),
      }));
    const saved = await call('PUT', ADA, '/api/staff/save', {
      survey_id: dei,
      updated_at: read.state.updated_at,
      data: gridOf(declared + 1),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mismatch =
      `The staff grid adds up to ${(declared + 1).toLocaleString('en-US')} employees; the Overview declares ` +
      `${declared.toLocaleString('en-US')} full-time employees. Correct the grid or the Overview’s Total Full-Time Employees.`;
    // The save is kept, and its answer and the tab's read say what does not add up.
    expect(saved.json().checks.map((c: { message: string }) => c.message)).toEqual([mismatch]);
    const again = (await call('GET', ADA, `/api/organization/me/staff?survey_id=${dei}`)).json();
    expect(again.checks).toEqual([{ tab: 'staff', code: 'staff_total', message: mismatch }]);

    const refused = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/2`, { completed: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(mismatch);
    expect(refused.json().detail.checks).toEqual([{ tab: 'staff', code: 'staff_total', message: mismatch }]);
    expect(await completedTabs(acme, dei)).not.toContain('staff');
    const blank = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/2`, {
      completed: true,
      note: ' ',
    });
    expect(blank.statusCode).toBe(400);
    let step2 = (await call('GET', ADA, `/api/surveys/${dei}/organizations/tabs`))
      .json()
      .data.find((p: { tab_id: number }) => p.tab_id === 2);
    expect(step2).toMatchObject({ completed: false, note: null, checks: [{ message: mismatch }] });

    const note = 'One partner joined on 1 January and is counted in the grid only.';
    const accepted = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/2`, {
      completed: true,
      note,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ tab_id: 2, completed: true, note });
    step2 = (await call('GET', MAX, `/api/surveys/${dei}/organizations/tabs`))
      .json()
      .data.find((p: { tab_id: number }) => p.tab_id === 2);
    expect(step2).toMatchObject({ completed: true, note, checks: [{ message: mismatch }] });

    // The host reads the note with the response; another organization reads nothing of it.
    const url = `/api/surveys/${dei}/organizations/tabs?organization_id=${acme}`;
    const host = await whileSubmitted(t.app.db, dei, acme, () => call('GET', HOST, url));
    expect(host.statusCode).toBe(200);
    expect(host.json().data.find((p: { tab_id: number }) => p.tab_id === 2)).toMatchObject({ note });
    const other = await whileSubmitted(t.app.db, dei, acme, () => call('GET', EVE, url));
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(note);

    // Marked incomplete, the note goes; fixed, the step is marked complete without one.
    await call('POST', ADA, `/api/surveys/${dei}/mark-complete/2`, { completed: false });
    const fixed = await call('PUT', ADA, '/api/staff/save', {
      survey_id: dei,
      updated_at: saved.json().state.updated_at,
      data: gridOf(declared),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().checks).toEqual([]);
    const done = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/2`, { completed: true });
    expect(done.json()).toMatchObject({ completed: true, note: null, checks: [] });
    await call('POST', ADA, `/api/surveys/${dei}/mark-complete/2`, { completed: false });
  });

  it('checks hires minus attrition against the change in head count before Historical Insights is complete', async () => {
    const meta = (await call('GET', ADA, `/api/organization/me/meta-v2?survey_id=${dei}`)).json().data;
    const declared: number = meta.total_full_time_employees;
    const url = `/api/organization/me/historical-insights?survey_id=${dei}`;
    // Acme has reported no hires or attrition yet: nothing to check.
    const read = (await call('GET', ADA, url)).json();
    expect(read.data.years).toEqual([2023, 2024, 2025]);
    expect(read.checks).toEqual([]);
    // A profile Acme submitted late in 2025, after that answer, declared 5 fewer: the head count
    // at the end of 2024.
    const [earlier] = await t.app.db
      .insert(submissions)
      .values({
        organization_id: acme,
        survey_id: null,
        submitted_at: new Date('2025-12-31T12:00:00Z'),
        snapshot: { overview: { total_full_time_employees: declared - 5 } },
      })
      .returning({ id: submissions.id });
    const ethnicity_id: number = read.data.grids[0].rows[0].ethnicity_id;
    // The whole tab is one save: 2025's hires in one cell, nobody left.
    const save = (hires: number, updated_at: string | null) =>
      call('PUT', ADA, '/api/organization/historical-insights', {
        survey_id: dei,
        updated_at,
        data: [{ year: 2025, type: 1, data: { ethnicity_id, genders: [{ id: 1, value: hires }] } }],
      });
    const saved = await save(4, read.state.updated_at);
    expect(saved.statusCode, saved.body).toBe(200);
    const fmt = (n: number) => n.toLocaleString('en-US');
    const mismatch =
      `In 2025, hires minus attrition is 4 but head count changed by 5 (from ${fmt(declared - 5)} to ` +
      `${fmt(declared)}). Correct the hires or the attrition of that year.`;
    const issue = { tab: 'insights', code: 'headcount_change', message: mismatch };
    // The save is kept; its answer, the tab's read and the tab titles (the tab's badge) say it.
    expect(saved.json().checks).toEqual([issue]);
    expect((await call('GET', ADA, url)).json().checks).toEqual([issue]);
    const titles = (await call('GET', ADA, `/api/lpi/tab-titles?survey_id=${dei}`)).json();
    expect(titles.checks).toContainEqual(issue);

    const refused = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/4`, { completed: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(`${mismatch} ${CHECKS_NEED_NOTE_MESSAGE}`);
    expect(await completedTabs(acme, dei)).not.toContain('insights');
    const step4 = async (email: string) =>
      (await call('GET', email, `/api/surveys/${dei}/organizations/tabs`))
        .json()
        .data.find((p: { tab_id: number }) => p.tab_id === 4);
    // The step's badge reads the same check.
    expect(await step4(MAX)).toMatchObject({ completed: false, note: null, checks: [issue] });

    const note = 'Three people moved from contractor to staff without being hired.';
    const accepted = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/4`, {
      completed: true,
      note,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await step4(ADA)).toMatchObject({ completed: true, note, checks: [issue] });
    const hostUrl = `/api/surveys/${dei}/organizations/tabs?organization_id=${acme}`;
    const host = await whileSubmitted(t.app.db, dei, acme, () => call('GET', HOST, hostUrl));
    expect(host.json().data.find((p: { tab_id: number }) => p.tab_id === 4)).toMatchObject({
      note,
      checks: [issue],
    });

    // Fixed, the step is marked complete without a note.
    await call('POST', ADA, `/api/surveys/${dei}/mark-complete/4`, { completed: false });
    const fixed = await save(5, saved.json().state.updated_at);
    expect(fixed.json().checks).toEqual([]);
    const done = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/4`, { completed: true });
    expect(done.json()).toMatchObject({ completed: true, note: null, checks: [] });
    await call('POST', ADA, `/api/surveys/${dei}/mark-complete/4`, { completed: false });
    await t.app.db.delete(submissions).where(eq(submissions.id, earlier!.id));
    // As it was: nothing reported.
    const restored = await call('PUT', ADA, '/api/organization/historical-insights', {
      survey_id: dei,
      updated_at: fixed.json().state.updated_at,
      data: [],
    });
    expect(restored.json().checks).toEqual([]);
  });

  it('refuses to submit without terms (400) or with steps left (409), then submits', async () => {
    const noTerms = await call('POST', ADA, `/api/surveys/${dei}/submit`, { accept_terms: false });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().message).toBe('Please, accept terms and conditions');
    const early = await call('POST', ADA, `/api/surveys/${dei}/submit`, { accept_terms: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Not all steps are completed');
    for (const step of STEP_IDS.slice(0, -2)) {
      // Acme's demo ownership does not add up (58.95%, owners and leaders short): it needs a note.
      const body = step === 3 ? { completed: true, note: 'Two owners left in March.' } : { completed: true };
      const res = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/${step}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const oneLeft = await call('POST', ADA, `/api/surveys/${dei}/submit`, { accept_terms: true });
    expect(oneLeft.statusCode).toBe(409);
    expect(oneLeft.json().detail).toEqual({ incomplete: [10] });
    await call('POST', ADA, `/api/surveys/${dei}/mark-complete/10`, { completed: true });
    const res = await call('POST', ADA, `/api/surveys/${dei}/submit`, { accept_terms: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organization_id: acme, survey_id: dei });
    expect((await invitation(acme, dei)).status).toBe('submitted');
    const rows = await t.app.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.organization_id, acme), eq(submissions.survey_id, dei)));
    expect(rows).toHaveLength(1);
    const detail = (await call('GET', ADA, `/api/surveys/invitations/${dei}`)).json();
    expect(detail).toMatchObject({ status: 'Submitted', completed_steps: 11, survey_progress: 100 });
    expect(
      detail.contributors.map((c: { name: string; submitted: boolean }) => [c.name, c.submitted]),
    ).toEqual([['Ada', true]]);
  });

  it('is frozen after submit', async () => {
    const res = await call('POST', ADA, `/api/surveys/${dei}/mark-complete/1`, { completed: false });
    expect(res.statusCode).toBe(403);
    expect((await call('PUT', ADA, `/api/surveys/${dei}/tabs`, { tab_id: 1 })).statusCode).toBe(403);
    expect((await call('POST', ADA, `/api/surveys/${dei}/submit`, { accept_terms: true })).statusCode).toBe(
      409,
    );
    expect(await completedTabs(acme, dei)).toHaveLength(13);
  });

  it("never touched Cedar's response", async () => {
    expect(await completedTabs(cedar, dei)).toEqual([]);
    expect((await invitation(cedar, dei)).status).not.toBe('submitted');
    const mark = await call('POST', EVE, `/api/surveys/${dei}/mark-complete/1`, { completed: true });
    expect(mark.statusCode).toBe(403);
    expect(await completedTabs(cedar, dei)).toEqual([]);
    const progress = (await call('GET', EVE, `/api/surveys/${dei}/organizations/tabs`)).json().data;
    expect(progress.every((p: { completed: boolean }) => !p.completed)).toBe(true);
    const own = (await call('GET', EVE, `/api/surveys/invitations/${dei}`)).json();
    expect(own).toMatchObject({ organization_id: cedar, status: 'Active', completed_steps: 0 });
    expect(await completedTabs(acme, dei)).toHaveLength(13);
  });
});
