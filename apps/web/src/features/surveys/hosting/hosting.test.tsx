import type { TFormResponse } from '@parity/domain/lpi/forms';
import { LPI_TAB_NAMES } from '@parity/domain/lpi/pages';
import type { TMemberList } from '@parity/domain/signup';
import type { TSurveyOverview } from '@parity/domain/survey-request';
import type { THostedSurvey } from '@parity/domain/surveys';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { closeAllDialogs } from '../../../components/dialog/dialog-store';
import { setTokens } from '../../../lib/token-storage';
import { json, type StubbedCall, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';
import { localToday } from './components/survey-details-fields';
import { NO_ACCESSING_SURVEYS } from './routes/hosting-accessing';
import { NARROW_WIZARD, NO_SURVEY_CREATION } from './routes/hosting-create';
import { NO_HOSTED_SURVEYS, NOT_A_HOST } from './routes/hosting-list';
import { SURVEY_NOT_FOUND } from './routes/survey-overview';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 60_000 });

const HOST_ACCOUNT = {
  ...ACCOUNT,
  id: 3,
  name: 'Nora',
  lastname: 'Whitfield',
  email: 'host@northwind.test',
  organization_id: 1,
  organization_name: 'Northwind Pension Fund',
  isSurveyHost: true,
  hasSurveyCreation: true,
};
const NORTHWIND = { id: 1, name: 'Northwind Pension Fund', logo: null };

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  sessionStorage.clear();
});

afterEach(() => {
  cleanupApps();
  closeAllDialogs();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const alertTitles = () => alertStore.getAlerts().map((alert) => alert.title);
const bodyOf = (call: StubbedCall | undefined) => JSON.parse(call?.body ?? 'null');

function tile(overrides: Partial<THostedSurvey> = {}): THostedSurvey {
  return {
    id: 5,
    title: '2026 DEI Survey',
    survey_type_id: 2,
    start: '2026-09-01',
    due: '2026-12-31',
    status: 'Active',
    host: NORTHWIND,
    invited: 20,
    submitted: 12,
    progress_percent: 60,
    survey_locked_step: 11,
    created_at: '2026-09-01T09:00:00.000Z',
    ...overrides,
  };
}

const MEMBERS: TMemberList = {
  total: 2,
  data: [
    {
      id: 3,
      name: 'Nora',
      lastname: 'Whitfield',
      email: 'host@northwind.test',
      image: null,
      status: 'approved',
      manage_settings: true,
      user_manage_surveys: true,
      survey_creation: true,
      average_lpi_score_access: false,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    {
      id: 8,
      name: 'Omar',
      lastname: 'Reyes',
      email: 'omar@northwind.test',
      image: null,
      status: 'approved',
      manage_settings: false,
      user_manage_surveys: false,
      survey_creation: false,
      average_lpi_score_access: false,
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ],
};

const STATE = {
  tab: 'practices',
  updated_at: null,
  updated_by: null,
  completed: false,
  editable: true,
  version: 0,
};
function form(id: number, name: string, fields: [number, string][]): TFormResponse {
  return {
    data: {
      id,
      name,
      sections: [
        {
          name: `${name} section`,
          inputs: fields.map(([fieldId, label]) => ({
            id: fieldId,
            type: 'switch',
            label,
            help: null,
            options: null,
            default_value: null,
            required: false,
            value: null,
          })),
        },
      ],
    },
    state: STATE as TFormResponse['state'],
  };
}

function overview(overrides: Partial<TSurveyOverview> = {}): TSurveyOverview {
  return {
    id: 5,
    title: '2026 DEI Survey',
    description: "Northwind's annual request.",
    survey_type_id: 2,
    receive_type_id: 1,
    insight_type_ids: [],
    start: '2026-09-01',
    due: '2099-12-31',
    status: 'Active',
    is_legacy: false,
    archived_at: null,
    created_at: '2026-09-01T09:00:00.000Z',
    host: NORTHWIND,
    primary_contact: { id: 3, name: 'Nora', lastname: 'Whitfield', email: 'host@northwind.test' },
    contact_email: 'host@northwind.test',
    support_email: 'support@northwind.test',
    steps: [
      { id: 1, title: 'Overview', weight: 1 },
      { id: 2, title: 'Total Full-Time Employees', weight: 2 },
      { id: 12, title: 'Submit', weight: 3 },
    ],
    contents: [],
    questions: [
      {
        id: 1,
        question_type_id: 4,
        display: 'Do you run a mentoring programme?',
        config: { options: ['Yes', 'No'] },
        default_value: null,
        section: null,
        section_sub_header: null,
        weight: 1,
      },
    ],
    invitation: { organization_id: 2, state: 'in_progress', status: 'Active', submitted_at: null },
    invited: 20,
    submitted: 12,
    administrators: [],
    can_manage: false,
    ...overrides,
  };
}

describe('/surveys/hosting', () => {
  it('shows the empty state and Create Request to a host with survey creation', async () => {
    stubFetch({
      'GET /api/user/status': () => json(HOST_ACCOUNT),
      'GET /api/surveys': () => json({ data: [] }),
    });
    renderApp('/surveys/hosting');
    expect(await screen.findByText(NO_HOSTED_SURVEYS)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Create Request' })).toHaveAttribute(
      'href',
      '/surveys/hosting/create',
    );
  });

  it('hides Create Request from users without survey creation and says why the list is empty', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys': () => json({ data: [] }),
    });
    renderApp('/surveys/hosting');
    expect(await screen.findByText(NOT_A_HOST)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Request' })).not.toBeInTheDocument();
  });

  it('shows tiles with due date, status, response rate and a link to the hosted survey', async () => {
    stubFetch({
      'GET /api/user/status': () => json(HOST_ACCOUNT),
      'GET /api/surveys': () =>
        json({
          data: [
            tile(),
            tile({ id: 6, title: '2025 DEI Survey', status: 'Archived', due: '2025-12-31' }),
            tile({
              id: 7,
              title: '2027 DEI Survey',
              status: 'Scheduled',
              start: '2027-01-10',
              due: '2027-03-31',
            }),
          ],
        }),
    });
    renderApp('/surveys/hosting');
    const card = await screen.findByRole('article', { name: '2026 DEI Survey' });
    // Each tile is titled by an h2, right under the page's h1 (headings in order for screen readers).
    expect(within(card).getByRole('heading', { level: 2, name: '2026 DEI Survey' })).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('12 of 20 invited submitted')).toBeInTheDocument();
    expect(within(card).getByText('60%')).toBeInTheDocument();
    expect(within(card).getByText('Dec 31, 2026')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open 2026 DEI Survey' })).toHaveAttribute(
      'href',
      '/surveys/hosting/5',
    );
    expect(screen.getByRole('article', { name: '2025 DEI Survey' })).toBeInTheDocument();
    // A survey before its start date says so.
    expect(
      within(screen.getByRole('article', { name: '2027 DEI Survey' })).getByText('Scheduled'),
    ).toBeInTheDocument();
  });

  it('lists the surveys the user administers on /surveys/hosting/accessing', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys': () => json({ data: [] }),
    });
    renderApp('/surveys/hosting/accessing');
    expect(await screen.findByText(NO_ACCESSING_SURVEYS)).toBeInTheDocument();
    const list = calls.find((call) => call.path === '/api/surveys');
    expect(list).toBeDefined();
  });
});

function wizardHandlers(onCreate?: (call: StubbedCall) => Response) {
  return {
    'GET /api/user/status': () => json(HOST_ACCOUNT),
    'GET /api/organizations/1/members': () => json(MEMBERS),
    'GET /api/form-generator/8': () =>
      json(
        form(8, 'Practices', [
          [801, 'Diverse slates'],
          [802, 'Pay equity review'],
        ]),
      ),
    'GET /api/form-generator/10': () => json(form(10, 'Miscellaneous', [[1001, 'Anything else?']])),
    'POST /api/surveys': (call: StubbedCall) =>
      onCreate ? onCreate(call) : json(overview({ can_manage: true }), 201),
    'GET /api/surveys/invitations': () => json({ data: [] }),
  };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    if (input.getAttribute('type') === 'date') fireEvent.change(input, { target: { value } });
    else {
      await user.clear(input);
      if (value) await user.type(input, value);
    }
  }
}

async function choosePrimaryContact(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /^Primary Contact/ }));
  await userEvent
    .setup({ pointerEventsCheck: 0 })
    .click(await screen.findByRole('option', { name, hidden: true }));
}

const day = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return localToday(date);
};

describe('/surveys/hosting/create', () => {
  it('tells users without survey creation that they cannot create requests', async () => {
    stubFetch({ ...wizardHandlers(), 'GET /api/user/status': () => json(ACCOUNT) });
    renderApp('/surveys/hosting/create');
    expect(await screen.findByText(NO_SURVEY_CREATION)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Request' })).not.toBeInTheDocument();
  });

  it('offers score disabled and dei by default', async () => {
    stubFetch(wizardHandlers());
    renderApp('/surveys/hosting/create');
    const score = await screen.findByRole('radio', { name: /Score/ });
    expect(score).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^DEI\s*$/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^DEI\+/ })).not.toBeChecked();
  });

  it('checks the details with the domain messages before moving on', async () => {
    stubFetch(wizardHandlers());
    const user = userEvent.setup();
    renderApp('/surveys/hosting/create');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.clear(await screen.findByLabelText(/^Contact Email/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Start Date is required')).toBeInTheDocument();
    expect(screen.getByText('Due Date is required')).toBeInTheDocument();
    expect(screen.getByText('Contact Email is required')).toBeInTheDocument();
    expect(screen.getByText('Support Email is required')).toBeInTheDocument();

    await fillDetails(user, {
      Title: 'Survey',
      'Start Date': day(-1),
      'Due Date': day(-2),
      'Contact Email': 'nobody',
      'Support Email': 'support@northwind.test',
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Start Date must be today or later')).toBeInTheDocument();
    expect(screen.getByText('Due Date must be on or after the Start Date')).toBeInTheDocument();
    expect(screen.getByText('Contact Email must be a valid email address')).toBeInTheDocument();
    // Still on the details.
    expect(screen.getByLabelText(/^Title/)).toBeInTheDocument();
  });

  it('says nothing on the details until a field is left or Next is pressed', async () => {
    stubFetch(wizardHandlers());
    const user = userEvent.setup();
    renderApp('/surveys/hosting/create');
    const overviewNext = await screen.findByRole('button', { name: 'Next' });
    await user.click(overviewNext);
    const title = await screen.findByLabelText(/^Title/);
    // The overview's Next is gone, not turned into the details' submit button: a browser draws the
    // details before the click's default action, which would submit them empty.
    expect(overviewNext).not.toBeInTheDocument();
    expect(screen.queryByText(/ is required$/)).toBeNull();

    // Typing says nothing yet; leaving the field does.
    await user.type(screen.getByLabelText(/^Support Email/), 'help');
    expect(screen.queryByText('Support Email must be a valid email address')).toBeNull();
    await user.click(title);
    expect(await screen.findByText('Support Email must be a valid email address')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.queryByText('Start Date is required')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Start Date is required')).toBeInTheDocument();
    expect(screen.getByText('Due Date is required')).toBeInTheDocument();
  });

  const wizardSteps = () => document.querySelector('.mantine-Stepper-steps');

  it('lays its steps in one row', async () => {
    stubFetch(wizardHandlers());
    renderApp('/surveys/hosting/create');
    await screen.findByRole('radio', { name: /^DEI\s*$/ });
    expect(wizardSteps()).toHaveAttribute('data-orientation', 'horizontal');
    expect(wizardSteps()).not.toHaveAttribute('data-wrap');
  });

  it('lays its steps in a column where one row does not fit (a phone, a tablet)', async () => {
    stubFetch(wizardHandlers());
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === NARROW_WIZARD,
    }));
    renderApp('/surveys/hosting/create');
    await screen.findByRole('radio', { name: /^DEI\s*$/ });
    expect(wizardSteps()).toHaveAttribute('data-orientation', 'vertical');
  });

  it('clears a field’s message as soon as its value is valid, and only then', async () => {
    stubFetch(wizardHandlers());
    const user = userEvent.setup();
    renderApp('/surveys/hosting/create');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.clear(await screen.findByLabelText(/^Contact Email/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Title/), 'A');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contact Email/), 'host@');
    expect(screen.queryByText('Contact Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Contact Email must be a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contact Email/), 'northwind.test');
    expect(screen.queryByText('Contact Email must be a valid email address')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Start Date/), { target: { value: day(5) } });
    expect(screen.queryByText('Start Date is required')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Due Date/), { target: { value: day(2) } });
    expect(screen.getByText('Due Date must be on or after the Start Date')).toBeInTheDocument();
    // Moving the start before the due date clears the due date's message too.
    fireEvent.change(screen.getByLabelText(/^Start Date/), { target: { value: day(1) } });
    expect(screen.queryByText('Due Date must be on or after the Start Date')).not.toBeInTheDocument();
    expect(screen.getByText('Support Email is required')).toBeInTheDocument();
  });

  it('starts the contact fields with the current user, editable', async () => {
    stubFetch(wizardHandlers());
    const user = userEvent.setup();
    renderApp('/surveys/hosting/create');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const contact = await screen.findByRole('combobox', { name: /^Primary Contact/ });
    await waitFor(() => expect(contact).toHaveValue('Nora Whitfield'));
    expect(screen.getByLabelText(/^Contact Email/)).toHaveValue('host@northwind.test');
    await choosePrimaryContact(user, 'Omar Reyes');
    expect(contact).toHaveValue('Omar Reyes');
    await fillDetails(user, { 'Contact Email': 'omar@northwind.test' });
    expect(screen.getByLabelText(/^Contact Email/)).toHaveValue('omar@northwind.test');
  });

  it('asks before Start over: Cancel keeps the request, confirming clears it', async () => {
    stubFetch(wizardHandlers());
    const user = userEvent.setup();
    renderApp('/surveys/hosting/create');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await fillDetails(user, { Title: 'Half done', 'Contact Email': 'other@northwind.test' });

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start over?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Half done');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const again = await screen.findByRole('dialog', { name: 'Start over?' });
    await user.click(within(again).getByRole('button', { name: 'Clear and start over' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Back at the overview with the defaults, the contact fields on the current user again.
    expect(await screen.findByRole('radio', { name: /^DEI\s*$/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('');
    expect(screen.getByLabelText(/^Contact Email/)).toHaveValue('host@northwind.test');
  });

  it('creates the request with its config and custom questions, resets the wizard and lands on the new survey', async () => {
    const calls = stubFetch(wizardHandlers());
    const user = userEvent.setup();
    const { router } = renderApp('/surveys/hosting/create');
    await user.click(await screen.findByRole('radio', { name: /^DEI\+/ }));
    expect(screen.getByRole('radio', { name: /^View responses in Parity/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await fillDetails(user, {
      Title: '2027 Survey',
      'Start Date': day(1),
      'Due Date': day(30),
      'Contact Email': 'host@northwind.test',
      'Support Email': 'support@northwind.test',
    });
    await choosePrimaryContact(user, 'Omar Reyes');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // LPI settings: overview and submit always on; turn the board off.
    expect(await screen.findByRole('switch', { name: /^Overview/ })).toBeDisabled();
    // The LPI steps under the LPI tabs' names: the profile's tab bar and the survey's stepper show the same.
    const names = [...Object.values(LPI_TAB_NAMES), 'Submit'];
    expect(screen.getAllByRole('switch')).toHaveLength(names.length);
    // (A switch's name is its label, then its description.)
    for (const name of names) {
      expect(screen.getByRole('switch', { name: (text) => text.startsWith(`${name} `) })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('switch', { name: /^Board/ }));
    // The six insight types, all requested until the host turns some off.
    const insights = screen.getByRole('group', { name: /^Requested insights/ });
    expect(
      within(insights)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5', '6']);
    for (const name of [
      'Total FTE Score',
      'Wealth Score',
      'Leadership Score',
      'Ownership gender/race equity insights',
      'MWBE',
      'Historical',
    ])
      expect(within(insights).getByRole('checkbox', { name })).toBeChecked();
    await user.click(within(insights).getByRole('checkbox', { name: 'Wealth Score' }));
    await user.click(within(insights).getByRole('checkbox', { name: 'MWBE' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Practices settings: turn one field off.
    await user.click(await screen.findByRole('switch', { name: 'Pay equity review' }));
    expect(screen.getByText('1 of 2 questions requested')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Miscellaneous settings: request none.
    expect(await screen.findByRole('switch', { name: 'Anything else?' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Request none' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Custom questions: a select needs options.
    expect(await screen.findByText('No custom questions yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add custom question' }));
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(await screen.findByRole('option', { name: 'Select', hidden: true }));
    await user.type(screen.getByLabelText(/^Question/), 'Do you mentor?');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText('Options must include at least 1 option(s)')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: /^Options/ }), 'Yes{Enter}No{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText('Options: Yes, No')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Request' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // The review: every value as text, no inputs, an Edit link per part.
    const review = await screen.findByRole('heading', { name: 'Review your request' });
    const page = review.closest('div') as HTMLElement;
    expect(within(page).queryByRole('textbox')).not.toBeInTheDocument();
    const part = (name: string) => within(screen.getByRole('region', { name }));
    expect(part('Overview').getByText('DEI+')).toBeInTheDocument();
    expect(part('Overview').getByText('View responses in Parity')).toBeInTheDocument();
    const details = part('Details');
    expect(details.getByText('2027 Survey')).toBeInTheDocument();
    expect(details.getByText('Omar Reyes')).toBeInTheDocument();
    expect(details.getByText('host@northwind.test')).toBeInTheDocument();
    expect(details.getByText('support@northwind.test')).toBeInTheDocument();
    expect(details.getAllByText('None')).toHaveLength(1); // no description
    expect(part('LPI settings').getByText('Board Members')).toBeInTheDocument();
    const reviewedInsights = within(
      part('LPI settings').getByText('Requested insights').nextElementSibling as HTMLElement,
    );
    expect(reviewedInsights.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Total FTE Score',
      'Leadership Score',
      'Ownership gender/race equity insights',
      'Historical',
    ]);
    expect(part('Practices settings').getByText('Requested questions (1 of 2)')).toBeInTheDocument();
    expect(part('Practices settings').getByText('Diverse slates')).toBeInTheDocument();
    expect(part('Practices settings').getByText('Pay equity review')).toBeInTheDocument();
    expect(part('Miscellaneous settings').getByText('Requested questions (0 of 1)')).toBeInTheDocument();
    expect(
      part('Custom miscellaneous settings').getByText('Do you mentor? · Options: Yes, No'),
    ).toBeInTheDocument();
    // Edit goes back to the part; the stepper leads back to the review.
    await user.click(details.getByRole('button', { name: 'Edit Details' }));
    await fillDetails(user, { 'Support Email': 'help@northwind.test' });
    await user.click(screen.getByRole('button', { name: /Review/ }));
    expect(await screen.findByText('help@northwind.test')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/surveys/hosting/${overview().id}`));
    const body = bodyOf(calls.find((call) => call.method === 'POST' && call.path === '/api/surveys'));
    expect(body).toMatchObject({
      organization_id: 1,
      survey_type_id: 3,
      receive_type_id: 1,
      insight_type_ids: [1, 3, 4, 6],
      title: '2027 Survey',
      start: day(1),
      due: day(30),
      primary_contact_id: 8,
      contact_email: 'host@northwind.test',
      support_email: 'help@northwind.test',
      questions: [{ question_type_id: 4, display: 'Do you mentor?', config: { options: ['Yes', 'No'] } }],
    });
    const enabled = (type: string, id: number) =>
      body.contents.find(
        (c: { content_type: string; content_ref_id: number }) =>
          c.content_type === type && c.content_ref_id === id,
      )?.enabled;
    expect(enabled('lpi_tab', 6)).toBe(false);
    expect(enabled('lpi_tab', 2)).toBe(true);
    expect(
      body.contents.some(
        (c: { content_ref_id: number; content_type: string }) =>
          c.content_type === 'lpi_tab' && c.content_ref_id === 1,
      ),
    ).toBe(false);
    expect(enabled('practice', 801)).toBe(true);
    expect(enabled('practice', 802)).toBe(false);
    expect(enabled('miscellaneous', 1001)).toBe(false);
    expect(alertTitles()).toContain('Survey request created');
    expect(sessionStorage.getItem('parity.survey-request-draft')).toBeNull();
    // The usage event of the creation, checked and sent.
    await waitFor(() =>
      expect(bodyOf(calls.find((call) => call.path === '/api/usage-events'))).toEqual({
        type: 'survey.created',
        organizationId: 1,
        surveyId: 5,
        user: { id: 3, email: 'host@northwind.test', name: 'Nora Whitfield' },
      }),
    );

    // Back in the wizard: it starts over at the overview with dei.
    await router.navigate('/surveys/hosting/create');
    expect(await screen.findByRole('radio', { name: /^DEI\s*$/ })).toBeChecked();
  });

  it('keeps the draft when the user leaves and shows the API’s refusal', async () => {
    stubFetch(
      wizardHandlers(() => json({ message: 'Start Date must be today or later', error: 'bad_request' }, 400)),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/surveys/hosting/create');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await fillDetails(user, {
      Title: 'Kept',
      'Start Date': day(0),
      'Due Date': day(3),
      'Contact Email': 'host@northwind.test',
      'Support Email': 'support@northwind.test',
    });
    // The primary contact stays the current user, Nora.
    await router.navigate('/surveys/hosting');
    await router.navigate('/surveys/hosting/create');
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Kept');
    for (let i = 0; i < 5; i += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create Request' }));
    expect(await screen.findByText('The request was not created')).toBeInTheDocument();
    expect(screen.getByText('Start Date must be today or later')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/surveys/hosting/create');
  });
});

describe('/surveys/{surveyId}', () => {
  it('shows an invited member the overview and the way to the taking page', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/5': () => json(overview({ insight_type_ids: [1, 5] })),
    });
    renderApp('/surveys/5?organizationId=2');
    expect(await screen.findByRole('heading', { level: 1, name: '2026 DEI Survey' })).toBeInTheDocument();
    expect(screen.getByText("Northwind's annual request.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Northwind Pension Fund' })).toHaveAttribute(
      'href',
      '/organizations/1',
    );
    expect(screen.getByText('Nora Whitfield')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@northwind.test' })).toHaveAttribute(
      'href',
      'mailto:support@northwind.test',
    );
    const steps = screen.getByRole('region', { name: 'Requested steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Overview',
      'Total Full-Time Employees',
      'Submit',
      'Do you run a mentoring programme? (Select)',
      'Total FTE Score',
      'MWBE',
    ]);
    expect(
      within(within(steps).getByRole('list', { name: 'Requested insights' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Total FTE Score', 'MWBE']);
    expect(screen.getByText('View responses in Parity')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Response' })).toHaveAttribute(
      'href',
      '/surveys/taking/5?organizationId=2',
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets an admin of the invited organization decline it with a reason', async () => {
    let declined = false;
    const calls = stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/5': () =>
        json(
          overview(
            declined
              ? {
                  invitation: { organization_id: 2, state: 'declined', status: 'Active', submitted_at: null },
                }
              : {},
          ),
        ),
      'POST /api/surveys/5/decline-respondent': () => {
        declined = true;
        return json({
          organization_id: 2,
          status: 'declined',
          declined_at: '2026-11-22T08:00:00.000Z',
          decline_code: 'no_capacity',
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/surveys/5?organizationId=2');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the survey' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline the survey' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/decline-respondent'))).toBe(false);

    await user.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
    // The dropdown opens with a transition that jsdom never finishes: its options count as hidden.
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(await screen.findByRole('option', { name: 'No capacity this cycle', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline the survey' }));
    await waitFor(() => expect(alertTitles()).toContain('The invitation was declined'));
    expect(bodyOf(calls.find((c) => c.path.endsWith('/decline-respondent')))).toEqual({
      organization_id: 2,
      code: 'no_capacity',
    });
    expect(await screen.findByText('Your organization declined this survey.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue Response' })).not.toBeInTheDocument();
  });

  it('offers no Decline to a member without LPI access', async () => {
    stubFetch({
      'GET /api/user/status': () =>
        json({ ...ACCOUNT, isOrganizationAdministrator: false, hasLpiAccess: false }),
      'GET /api/surveys/5': () => json(overview()),
    });
    renderApp('/surveys/5?organizationId=2');
    expect(await screen.findByRole('link', { name: 'Continue Response' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('says so when the survey is not there for the user', async () => {
    stubFetch({ 'GET /api/user/status': () => json(ACCOUNT) });
    renderApp('/surveys/77');
    expect(await screen.findByText(SURVEY_NOT_FOUND)).toBeInTheDocument();
  });

  it('lets the host edit the overview and delete the survey', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(HOST_ACCOUNT),
      'GET /api/surveys/5': () => json(overview({ can_manage: true, invitation: null })),
      'GET /api/organizations/1/members': () => json(MEMBERS),
      'PUT /api/surveys/5/edit-overview': () => json(overview({ can_manage: true, title: 'Renamed' })),
      'POST /api/surveys/5/grant-administrator-access': () =>
        json({ message: 'Administrator access granted successfully' }),
      'DELETE /api/surveys/5': () => json({ message: 'Survey deleted' }),
      'GET /api/surveys': () => json({ data: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/surveys/5');
    await user.click(await screen.findByRole('button', { name: 'Edit overview' }));
    expect(screen.getByText('No insights requested')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Edit overview' });
    const title = within(dialog).getByLabelText(/^Title/);
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await user.type(title, 'Renamed');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Historical' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTitles()).toContain('Survey Details successfully updated'));
    const put = bodyOf(calls.find((call) => call.method === 'PUT'));
    // The start in the past stays as it was.
    expect(put).toMatchObject({
      title: 'Renamed',
      start: '2026-09-01',
      primary_contact_id: 3,
      insight_type_ids: [6],
    });

    await user.click(screen.getByRole('button', { name: 'Grant administrator access' }));
    const grant = await screen.findByRole('dialog', { name: 'Grant administrator access' });
    await user.click(within(grant).getByRole('combobox', { name: /^Member/ }));
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(await screen.findByRole('option', { name: 'Omar Reyes', hidden: true }));
    await user.click(within(grant).getByRole('button', { name: 'Grant access' }));
    await waitFor(() => expect(alertTitles()).toContain('Administrator access granted successfully'));
    expect(bodyOf(calls.find((call) => call.path.endsWith('grant-administrator-access')))).toEqual({
      user_id: 8,
    });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete survey' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/surveys/hosting'));
    expect(alertTitles()).toContain('Survey deleted');
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/surveys/5')).toBe(true);
  });
});
