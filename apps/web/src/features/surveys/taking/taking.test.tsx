import { LPI_TAB_NAMES } from '@parity/domain/lpi/pages';
import type { TSurveyInvitation } from '@parity/domain/survey-invitation';
import {
  SUBMIT_STEP_ID,
  SURVEY_STEPS,
  type TSurveyTab,
  type TSurveyTabProgress,
} from '@parity/domain/surveys';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { closeAllDialogs } from '../../../components/dialog/dialog-store';
import { setTokens } from '../../../lib/token-storage';
import { type Handler, json, jsonBody, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';
import { NO_INFORMATION } from '../components/survey-tile';
import { resumeStep, surveyAction } from '../lib/survey-action';
import { OTHER_ORGANIZATION_NOTICE } from './components/survey-stepper';

/** The calls with their JSON bodies parsed. */
const stub = (handlers: Record<string, Handler>) =>
  stubFetch(handlers, (call) => ({ ...call, body: jsonBody(call) }));

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  cleanupApps();
  closeAllDialogs();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const HOST = { id: 1, name: 'Northwind Pension Fund', logo: null };

function invitation(overrides: Partial<TSurveyInvitation> = {}): TSurveyInvitation {
  return {
    id: 10,
    survey_id: 5,
    organization_id: 2,
    title: '2026 DEI Survey',
    // Moved on from the overview (step 1): continues at its locked step, 2.
    step: 1,
    survey_locked_step: 2,
    completed_steps: 1,
    total_step: 3,
    survey_progress: 33,
    status: 'Active',
    start: '2026-09-01',
    end: '2026-12-31',
    due: '2026-12-31',
    is_legacy: false,
    submitted_at: null,
    host: HOST,
    contributors: [
      {
        id: 4,
        name: 'Ada',
        lastname: 'Lovelace',
        submitted: false,
        last_updated_at: '2026-11-20T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** Three of the survey's steps (overview, staff, submit), as GET /api/surveys/{id}/tabs serves them. */
const STEPS: TSurveyTab[] = SURVEY_STEPS.filter((s) => [1, 2, SUBMIT_STEP_ID].includes(s.id)).map((s, i) => ({
  ...s,
  content_id: s.id === SUBMIT_STEP_ID ? null : s.id,
  weight: i + 1,
  created_at: '2026-09-01T09:00:00.000Z',
}));

const SAVED_AT = '2026-11-20T10:00:00.000Z';
const GRACE = { id: 9, name: 'Grace', lastname: 'Hopper' };
const CATEGORIES = [
  { id: 1, name: 'Women', order: 1, genders: [{ id: 1, name: 'Woman', category_id: 1, order: 1 }] },
];
const grid = (value: number) => ({
  categories: CATEGORIES,
  rows: [{ ethnicity_id: 2, name: 'Asian', genders: [{ id: 1, value, min: 0 }], total: value }],
  totals: { all: value, byCategory: [{ id: 1, total: value }], byGender: [{ id: 1, total: value }] },
});
const staffState = (tab: string, completed = false) => ({
  tab,
  updated_at: SAVED_AT,
  updated_by: null,
  completed,
  editable: true,
  version: 1,
});

function progress(
  completed: number[],
  occupied: Record<number, typeof GRACE> = {},
): { data: TSurveyTabProgress[] } {
  return {
    data: STEPS.map((s) => ({
      tab_id: s.id,
      completed: completed.includes(s.id),
      occupied_by: occupied[s.id] ?? null,
      occupied_until: occupied[s.id] ? '2026-11-22T10:00:00.000Z' : null,
      checks: [],
      note: null,
    })),
  };
}

/** The stepper's calls with the real staff tab in survey 5 for Acme (organization 2). */
function stepperHandlers(
  options: { invitation?: TSurveyInvitation; heldBy?: typeof GRACE | null; stale?: boolean } = {},
) {
  let staffCompleted = false;
  const handlers: Record<string, Handler> = {
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/surveys/invitations/5': () => json(options.invitation ?? invitation()),
    'GET /api/surveys/5/tabs': () => json({ data: STEPS }),
    'GET /api/surveys/5/organizations/tabs': () => json(progress(staffCompleted ? [1, 2] : [1])),
    'POST /api/surveys/5/occupy': (call) => {
      const tabId = (jsonBody(call) as { tab_id: number }).tab_id;
      return options.heldBy
        ? json({
            tab_id: tabId,
            occupied_by: options.heldBy,
            occupied_until: '2026-11-22T10:00:00.000Z',
            held_by_you: false,
          })
        : json({
            tab_id: tabId,
            occupied_by: { id: ACCOUNT.id, name: 'Ada', lastname: 'Lovelace' },
            occupied_until: '2026-11-22T10:00:00.000Z',
            held_by_you: true,
          });
    },
    'DELETE /api/surveys/5/occupy/2': () =>
      json({ tab_id: 2, occupied_by: null, occupied_until: null, held_by_you: false }),
    'PUT /api/surveys/5/tabs': (call) => {
      const tabId = (jsonBody(call) as { tab_id: number }).tab_id;
      const weight = STEPS.findIndex((s) => s.id === tabId) + 1;
      return json({ tab_id: tabId, step: weight, survey_locked_step: Math.min(weight + 1, STEPS.length) });
    },
    'GET /api/lpi/tab-titles': () =>
      json({
        staff: { entered: 3, total: 40 },
        us_staff: { entered: 0 },
        ownership: { flagged: 0, total: 0 },
        board: { rows: 0 },
        insights: { entered: 0 },
        investment: { entered: 0 },
        us_investment: { entered: 0 },
        committee: { entered: 0 },
        us_committee: { entered: 0 },
      }),
    'GET /api/lpi/tab-states': () =>
      json({ data: [staffState('staff', staffCompleted), staffState('us_staff', staffCompleted)] }),
    'GET /api/staff': (call) =>
      json({
        data: grid(3),
        state: staffState(
          call.url.searchParams.get('us_based') === 'true' ? 'us_staff' : 'staff',
          staffCompleted,
        ),
      }),
    'GET /api/organization/meta-v2': () => json({ data: { total_full_time_employees: 40 } }),
    'PUT /api/staff/save': () =>
      options.stale
        ? json(
            {
              message: 'Someone saved this tab after you opened it.',
              error: 'stale_save',
              detail: { tab: 'staff', updated_at: '2026-11-22T04:00:00.000Z', updated_by: GRACE },
            },
            409,
          )
        : json({ data: grid(8), state: { ...staffState('staff'), updated_at: new Date().toISOString() } }),
    'POST /api/surveys/5/mark-complete/2': (call) => {
      staffCompleted = (jsonBody(call) as { completed: boolean }).completed;
      return json({ tab_id: 2, completed: staffCompleted });
    },
  };
  return handlers;
}

const takingUrl = (query = '') => `/surveys/taking/5?organizationId=2${query}`;

describe('the invitation tiles', () => {
  it('shows each status with its action button and No information without due date or host', async () => {
    stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations': () =>
        json({
          data: [
            invitation({ id: 1, survey_id: 11, title: 'Active survey' }),
            invitation({
              id: 2,
              survey_id: 12,
              title: 'Submitted survey',
              status: 'Submitted',
              submitted_at: SAVED_AT,
            }),
            invitation({ id: 3, survey_id: 13, title: 'Past due survey', status: 'Past Due' }),
            invitation({ id: 4, survey_id: 14, title: 'Closed survey', status: 'Not Submitted' }),
            invitation({
              id: 5,
              survey_id: 15,
              title: 'Archived survey',
              status: 'Archived',
              submitted_at: SAVED_AT,
            }),
            invitation({
              id: 6,
              survey_id: 16,
              title: 'Bare survey',
              due: '',
              host: { id: 0, name: '', logo: null },
            }),
          ],
        }),
    });
    renderApp('/surveys');
    const tile = async (title: string) => within(await screen.findByRole('article', { name: title }));

    const active = await tile('Active survey');
    expect(active.getByRole('link', { name: 'Continue Response' })).toHaveAttribute(
      'href',
      '/surveys/taking/11?organizationId=2&step=2',
    );
    expect(active.getByText('Northwind Pension Fund')).toBeInTheDocument();
    expect(active.getByText('Dec 31, 2026')).toBeInTheDocument();
    expect(active.getByRole('progressbar', { name: 'Active survey progress' })).toBeInTheDocument();
    expect((await tile('Submitted survey')).getByRole('link', { name: 'View Response' })).toHaveAttribute(
      'href',
      '/surveys/taking/12?organizationId=2',
    );
    expect((await tile('Past due survey')).getByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect((await tile('Closed survey')).getByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect((await tile('Archived survey')).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/surveys/archived/15?organizationId=2',
    );
    const bare = await tile('Bare survey');
    expect(bare.getByText(NO_INFORMATION)).toBeInTheDocument();
    expect(active.queryByText(NO_INFORMATION)).not.toBeInTheDocument();
  });

  it('a survey that has not opened yet says when it opens and offers nothing to start', async () => {
    stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations': () =>
        json({
          data: [
            invitation({
              title: 'Scheduled survey',
              status: 'Scheduled',
              start: '2026-12-10',
              step: 0,
              survey_locked_step: 1,
              completed_steps: 0,
              survey_progress: 0,
            }),
          ],
        }),
    });
    renderApp('/surveys');
    const tile = within(await screen.findByRole('article', { name: 'Scheduled survey' }));
    expect(tile.getByText(/^Opens/)).toHaveTextContent('Opens Dec 10, 2026');
    expect(tile.getByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect(tile.queryByRole('link')).not.toBeInTheDocument();
  });

  it('applies the rule in order: a past-due response that was submitted is View Response', () => {
    const base = { survey_id: 5, organization_id: 2, survey_locked_step: 4, total_step: 11 };
    expect(surveyAction({ ...base, status: 'Past Due', submitted_at: SAVED_AT }).label).toBe('View Response');
    expect(surveyAction({ ...base, status: 'Past Due', submitted_at: null }).label).toBe('Not Available');
    expect(surveyAction({ ...base, status: 'Archived', submitted_at: SAVED_AT }).label).toBe('View');
  });

  it('Continue Response opens at the survey’s locked step (step + 1), the step after those gone through', () => {
    const base = { survey_id: 5, organization_id: 2, status: 'Active' as const, submitted_at: null };
    // Moved on from steps 1..3: the locked step is 4, and the stepper opens there.
    expect(surveyAction({ ...base, survey_locked_step: 4, total_step: 11 })).toEqual({
      label: 'Continue Response',
      to: '/surveys/taking/5?organizationId=2&step=4',
    });
    expect(resumeStep({ survey_locked_step: 4, total_step: 11 })).toBe(4);
    // An untouched invitation (step 0, locked step 1) opens at the first step; never past the last.
    expect(resumeStep({ survey_locked_step: 1, total_step: 11 })).toBe(1);
    expect(resumeStep({ survey_locked_step: 11, total_step: 11 })).toBe(11);
  });

  it('filters by status through the API and shows the empty message', async () => {
    const calls = stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations': (call) =>
        json({ data: call.url.searchParams.get('filter') ? [] : [invitation({ title: 'Only survey' })] }),
    });
    renderApp('/surveys/taking?filter=Submitted');
    expect(await screen.findByText('Your organization has no survey invitations yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('filter') === 'Submitted')).toBe(true);
  });

  it('shows the failure inline with Try again when trying again can help, and no toast', async () => {
    let failing = true;
    stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations': () =>
        failing ? json({ message: 'The service is unavailable.' }, 503) : json({ data: [] }),
    });
    renderApp('/surveys');
    const title = await screen.findByText('The surveys could not be loaded', {}, { timeout: 20_000 });
    const failure = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(failure).getByText('The service is unavailable.')).toBeInTheDocument();
    expect(alertStore.getAlerts()).toEqual([]);
    failing = false;
    await userEvent.setup().click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your organization has no survey invitations yet.')).toBeInTheDocument();
  });

  it("tells a user awaiting approval the API's reason, not to check the connection", async () => {
    stub({
      'GET /api/user/status': () => json({ ...ACCOUNT, status: 'pending', isAllowed: false }),
      'GET /api/surveys/invitations': () => json({ message: 'Your account is awaiting approval.' }, 403),
    });
    renderApp('/surveys');
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Your account is awaiting approval.')).toBeInTheDocument();
    expect(within(failure).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText(/check your connection/i)).toBeNull();
  });

  it("alerts 'Invalid response' when the invitation data does not parse (spec 8)", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations': () =>
        json({ data: [{ ...invitation(), progress: '33%', contributors: null }] }),
    });
    renderApp('/surveys');
    expect(await screen.findByText('The surveys could not be loaded')).toBeInTheDocument();
    expect(alertStore.getAlerts()).toEqual([
      expect.objectContaining({ type: 'error', title: 'Error', description: 'Invalid response' }),
    ]);
    expect(logged).toHaveBeenCalledWith('Invalid response', expect.any(Array));
  });

  it("alerts 'Invalid response' on the stepper when the invitation does not parse", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stub({
      ...stepperHandlers(),
      'GET /api/surveys/invitations/5': () => json({ ...invitation(), status: 'Open', host: null }),
    });
    renderApp(takingUrl());
    expect(await screen.findByText('The survey could not be loaded')).toBeInTheDocument();
    expect(alertStore.getAlerts()).toEqual([
      expect.objectContaining({ type: 'error', title: 'Error', description: 'Invalid response' }),
    ]);
  });
});

describe('the stepper (surveys.taking.survey)', () => {
  it('opens where the organization left off, holds the step and shows progress and contributors', async () => {
    const calls = stub(stepperHandlers());
    const { router } = renderApp(takingUrl());
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Total Full-Time Employees' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toContain('step=2'));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/surveys/5/occupy')?.body,
      ).toEqual({
        tab_id: 2,
      }),
    );
    expect(screen.getByRole('button', { name: 'Step 2 of 3' })).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Survey steps' }));
    expect(steps.getByRole('link', { name: /Total Full-Time Employees/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(steps.getByRole('link', { name: /Overview Complete/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(
      within(screen.getByRole('list', { name: 'Contributors' })).getByText('Ada Lovelace'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/surveys/export/5?organizationId=2',
    );
    expect(screen.getByRole('link', { name: 'Invite User' })).toHaveAttribute(
      'href',
      '/organizations/private/invitations',
    );
  });

  it('contributors: completed steps with nobody on record never read as nobody saved', async () => {
    stub(stepperHandlers({ invitation: invitation({ contributors: [], completed_steps: 2 }) }));
    renderApp(takingUrl('&step=2'));
    const section = within(await screen.findByRole('region', { name: 'Contributors' }));
    expect(section.getByText('No member is on record for the completed steps.')).toBeInTheDocument();
    expect(section.queryByText('Nobody has saved a step yet.')).not.toBeInTheDocument();
  });

  it('Next saves the changed step, then records the step it moves on from', async () => {
    const calls = stub(stepperHandlers());
    const { router } = renderApp(takingUrl('&step=2'));
    const user = userEvent.setup();
    const [cell] = await screen.findAllByRole('textbox', { name: 'Asian, Woman' });
    if (!cell) throw new Error('no staff cell');
    await user.click(cell);
    await user.keyboard('8');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Submit' })).toBeInTheDocument();
    const writes = calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname);
    expect(writes).toEqual(['/api/staff/save', '/api/surveys/5/tabs']);
    expect(calls.find((c) => c.url.pathname === '/api/surveys/5/tabs' && c.method === 'PUT')?.body).toEqual({
      tab_id: 2,
    });
    await waitFor(() => expect(router.state.location.search).toContain('step=3'));
    // Leaving the step releases it.
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/surveys/5/occupy/2')).toBe(
        true,
      ),
    );
  });

  it('going back to an earlier step records nothing: the locked step stays ahead', async () => {
    const calls = stub(stepperHandlers());
    const { router } = renderApp(takingUrl('&step=2'));
    const user = userEvent.setup();
    const steps = within(await screen.findByRole('navigation', { name: 'Survey steps' }));
    await user.click(steps.getByRole('link', { name: /Overview/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toContain('step=1'));
    expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/surveys/5/tabs')).toBe(false);
  });

  it("narrow screens: the 'Step n of N' menu lists the steps under the LPI tabs' names and goes to one", async () => {
    const calls = stub(stepperHandlers());
    const { router } = renderApp(takingUrl('&step=2'));
    const user = userEvent.setup();
    // As a person would: the step is on screen and held before the menu is opened. Opened while the
    // step still loads, its items could be drawn again under the click, which then reached nothing.
    await screen.findAllByRole('textbox', { name: 'Asian, Woman' });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/surveys/5/occupy')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Step 2 of 3' }));
    const items = await screen.findAllByRole('menuitem');
    // The steps' names are the LPI tabs' names (the profile's tab bar shows the same), then Submit.
    // Each item: its number (or a check once complete), its name, its state.
    const names = items.map((item) =>
      item.textContent?.replace(/^\d+/, '').replace(/(Complete|Incomplete)$/, ''),
    );
    expect(names).toEqual([LPI_TAB_NAMES[1], LPI_TAB_NAMES[2], 'Submit']);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).toHaveTextContent('Complete');
    await user.click(screen.getByRole('menuitem', { name: new RegExp(`^${LPI_TAB_NAMES[1]}`) }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toContain('step=1'));
    // The menu's label follows the step once the stepper has rendered it (after the address).
    expect(await screen.findByRole('button', { name: 'Step 1 of 3' })).toBeInTheDocument();
    // Going back records nothing, as with the stepper.
    expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/surveys/5/tabs')).toBe(false);
  });

  it('a stale save on Next opens the conflict dialog and stays on the step', async () => {
    const calls = stub(stepperHandlers({ stale: true }));
    renderApp(takingUrl('&step=2'));
    const user = userEvent.setup();
    const [cell] = await screen.findAllByRole('textbox', { name: 'Asian, Woman' });
    if (!cell) throw new Error('no staff cell');
    await user.click(cell);
    await user.keyboard('8');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Someone else saved this tab' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/surveys/5/tabs')).toBe(false);
    expect(screen.getByRole('button', { name: 'Step 2 of 3' })).toBeInTheDocument();
  });

  it('Mark Complete and Mark Incomplete toggle the step and refresh the progress', async () => {
    const calls = stub(stepperHandlers());
    renderApp(takingUrl('&step=2'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Incomplete' }));
    expect(await screen.findByRole('button', { name: 'Mark Complete' })).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url.pathname === '/api/surveys/5/mark-complete/2').map((c) => c.body),
    ).toEqual([{ completed: true }, { completed: false }]);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url.pathname === '/api/surveys/5/organizations/tabs').length,
      ).toBeGreaterThan(1),
    );
  });

  it('a step whose figures do not add up: marked on the step, Mark Complete asks for a note', async () => {
    const mismatch =
      'The staff grid adds up to 3 employees; the Overview declares 40 full-time employees. ' +
      'Correct the grid or the Overview’s Total Full-Time Employees.';
    const refusal = `${mismatch} This step’s data does not add up. Fix it, or mark the step complete with a note explaining the mismatch.`;
    const check = { tab: 'staff' as const, code: 'staff_total' as const, message: mismatch };
    let note: string | null = null;
    const handlers = stepperHandlers();
    const calls = stub({
      ...handlers,
      'GET /api/surveys/5/organizations/tabs': () => {
        const answer = progress(note ? [1, 2] : [1]);
        return json({
          data: answer.data.map((p) => (p.tab_id === 2 ? { ...p, checks: [check], note } : p)),
        });
      },
      'POST /api/surveys/5/mark-complete/2': (call) => {
        const body = jsonBody(call) as { completed: boolean; note?: string };
        if (!body.note) {
          return json({ message: refusal, error: 'checks_failed', detail: { checks: [check] } }, 422);
        }
        note = body.note;
        return json({ tab_id: 2, completed: true, note, checks: [check] });
      },
    });
    renderApp(takingUrl('&step=2'));
    const user = userEvent.setup();
    // The step in the list and the step itself say what does not add up.
    const steps = await screen.findByRole('navigation', { name: 'Survey steps' });
    expect(await within(steps).findByText('Figures do not add up')).toBeInTheDocument();
    const stepChecks = await screen.findByLabelText('Data checks of this step');
    expect(stepChecks).toHaveTextContent(mismatch);
    // The grid too, as it is edited: 3 entered of 40 declared.
    expect(screen.getAllByText(mismatch).length).toBeGreaterThan(1);

    await user.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    const form = await screen.findByRole('form', { name: 'Explain the mismatch' });
    expect(within(form).getByText(refusal)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Mark Complete with note' }));
    expect(await within(form).findByText('Explain the mismatch in the note')).toBeInTheDocument();
    await user.type(
      within(form).getByLabelText(/Note for the survey's host/),
      'Three partners are not staff.',
    );
    await user.click(within(form).getByRole('button', { name: 'Mark Complete with note' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Explain the mismatch' })).not.toBeInTheDocument(),
    );
    expect(
      calls.filter((c) => c.url.pathname === '/api/surveys/5/mark-complete/2').map((c) => c.body),
    ).toEqual([{ completed: true }, { completed: true, note: 'Three partners are not staff.' }]);
    expect(await within(steps).findByText('Figures do not add up (note given)')).toBeInTheDocument();
    expect(await screen.findByText('Note for the host: Three partners are not staff.')).toBeInTheDocument();
  });

  it('a step completed with a note whose figures add up now still shows the note', async () => {
    stub({
      ...stepperHandlers(),
      'GET /api/surveys/5/organizations/tabs': () =>
        json({
          data: progress([1, 2]).data.map((p) => (p.tab_id === 2 ? { ...p, note: 'Grid fixed since.' } : p)),
        }),
    });
    renderApp(takingUrl('&step=2'));
    expect(await screen.findByLabelText('Note of this step')).toHaveTextContent(
      'Note for the host: Grid fixed since.',
    );
    expect(screen.queryByLabelText('Data checks of this step')).not.toBeInTheDocument();
  });

  it('a step someone else holds is read only, naming them', async () => {
    stub(stepperHandlers({ heldBy: GRACE }));
    renderApp(takingUrl('&step=2'));
    const notice = await screen.findByText(/Being edited by Grace Hopper until/);
    expect(notice).toBeInTheDocument();
    expect((await screen.findAllByTestId('cell-2-1'))[0]).toHaveTextContent('3');
    expect(screen.queryByRole('textbox', { name: 'Asian, Woman' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save version' })).not.toBeInTheDocument();
  });

  it('submit: the server’s terms and incomplete-steps messages, then the submitted response', async () => {
    let submitted: string | null = null;
    let answers = 0;
    const handlers = stepperHandlers();
    const calls = stub({
      ...handlers,
      'GET /api/surveys/invitations/5': () =>
        json(invitation({ submitted_at: submitted, status: submitted ? 'Submitted' : 'Active' })),
      'POST /api/surveys/5/submit': (call) => {
        answers += 1;
        if (!(jsonBody(call) as { accept_terms: boolean }).accept_terms) {
          return json({ message: 'Please, accept terms and conditions', error: 'bad_request' }, 400);
        }
        if (answers === 2) {
          return json(
            {
              message: 'Not all steps are completed',
              error: 'steps_incomplete',
              detail: { incomplete: [2] },
            },
            409,
          );
        }
        submitted = new Date().toISOString();
        return json({ id: 1, organization_id: 2, survey_id: 5, submitted_at: submitted });
      },
    });
    renderApp(takingUrl('&step=3'));
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Submit' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Incomplete steps' })).getByText(/Total Full-Time Employees/),
    ).toBeInTheDocument();
    // One Submit button on the page (the steps' navigation holds links), for end-to-end tests.
    expect(screen.getAllByRole('button', { name: /submit/i })).toHaveLength(1);
    // The submit step holds nothing.
    expect(calls.some((c) => c.url.pathname === '/api/surveys/5/occupy')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(alertStore.getAlerts().map((a) => a.description)).toContain(
        'Please, accept terms and conditions',
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(alertStore.getAlerts().map((a) => a.description)).toContain('Not all steps are completed'),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The survey response was submitted.')).toBeInTheDocument();
    // The banner points to nothing that is not on the page (there is no View Response button here).
    expect(
      await screen.findByText('This response was submitted: it can be read here but no longer changed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Response' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    // The usage event of the submit, once: checked, then sent.
    const events = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/usage-events');
    expect(events.map((c) => c.body)).toEqual([
      {
        type: 'survey.submitted',
        organizationId: 2,
        surveyId: 5,
        user: { id: 4, email: 'ada@acme.test', name: 'Ada Lovelace' },
      },
    ]);
  });

  it('a scheduled survey opened by its address is read only, saying when it opens', async () => {
    const calls = stub(
      stepperHandlers({ invitation: invitation({ status: 'Scheduled', start: '2026-12-10', step: 0 }) }),
    );
    renderApp(takingUrl('&step=2'));
    expect(
      await screen.findByText(
        'This survey opens on Dec 10, 2026: the response cannot be started before then.',
      ),
    ).toBeInTheDocument();
    expect((await screen.findAllByTestId('cell-2-1')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/surveys/5/occupy')).toBe(false);
  });

  it('a past-due survey is read only with a banner and holds nothing', async () => {
    const calls = stub(stepperHandlers({ invitation: invitation({ status: 'Past Due' }) }));
    renderApp(takingUrl('&step=2'));
    expect(await screen.findByText(/This survey is closed: its due date has passed/)).toBeInTheDocument();
    expect((await screen.findAllByTestId('cell-2-1')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/surveys/5/occupy')).toBe(false);
  });

  it('hides nothing but disables Invite User for members who are not admins', async () => {
    stub({
      ...stepperHandlers(),
      'GET /api/user/status': () => json({ ...ACCOUNT, isOrganizationAdministrator: false }),
    });
    renderApp(takingUrl('&step=2'));
    const invite = await screen.findByRole('button', { name: 'Invite User' });
    expect(invite).toHaveAttribute('aria-disabled', 'true');
  });

  it("the host reads an invited organization's response: read only, as a report, no Invite User", async () => {
    const calls = stub({
      ...stepperHandlers(),
      'GET /api/user/status': () =>
        json({
          ...ACCOUNT,
          organization_id: 1,
          organization_name: 'Northwind Pension Fund',
          isSurveyHost: true,
        }),
    });
    renderApp(takingUrl('&step=2'));
    expect(await screen.findByText(OTHER_ORGANIZATION_NOTICE)).toBeInTheDocument();
    expect((await screen.findAllByTestId('cell-2-1')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/staff')?.url.searchParams.get('report')).toBe('true');
    expect(calls.some((c) => c.url.pathname === '/api/surveys/5/occupy')).toBe(false);
  });

  it('a survey the organization is not invited to says so; a non-numeric id is not found', async () => {
    stub({ 'GET /api/user/status': () => json(ACCOUNT) });
    const { router } = renderApp('/surveys/taking/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    cleanupApps();
    renderApp(takingUrl());
    expect(await screen.findByText('Survey not found')).toBeInTheDocument();
  });
});
