import type { TSurveyInvitation } from '@parity/domain/survey-invitation';
import type { THostedSurvey } from '@parity/domain/surveys';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { setTokens } from '../../../lib/token-storage';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';
import { NO_ACTIVE_SURVEYS } from './active-surveys-widget';
import { DASHBOARD_TITLE_LENGTH } from './dashboard-title';

configure({ asyncUtilTimeout: 10000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  cleanupApps();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const HOST = { id: 1, name: 'Northwind Pension Fund', logo: null };

const invitation = (n: number): TSurveyInvitation => ({
  id: n,
  survey_id: 100 + n,
  organization_id: 2,
  title: `Invitation ${n}`,
  // Moved on from steps 1..3: Continue Response opens at the locked step, 4.
  step: 3,
  survey_locked_step: 4,
  completed_steps: 2,
  total_step: 11,
  survey_progress: 18,
  status: 'Active',
  start: '2026-09-01',
  end: '2026-12-31',
  due: '2026-12-31',
  is_legacy: false,
  submitted_at: null,
  host: HOST,
  contributors: [],
});

const hosted = (n: number, status: THostedSurvey['status'] = 'Active'): THostedSurvey => ({
  id: 200 + n,
  title: `Hosted ${n}`,
  survey_type_id: 2,
  start: '2026-09-01',
  due: '2026-12-31',
  status,
  host: HOST,
  invited: 10,
  submitted: 4,
  progress_percent: 40,
  survey_locked_step: 11,
  created_at: '2026-09-01T09:00:00.000Z',
});

function stubWidget(
  account = ACCOUNT,
  invitations: TSurveyInvitation[] = [1, 2, 3, 4].map(invitation),
  surveys: THostedSurvey[] = [],
) {
  return stubFetch({
    'GET /api/user/status': () => json({ ...account, status: 'approved' }),
    'GET /api/organizations/me/admins': () => json({ data: [] }),
    'GET /api/user-account': () => json({ id: account.id, acknowledgements: ['getting_started'] }),
    'GET /api/surveys/invitations': () => json({ data: invitations }),
    'GET /api/surveys': () => json({ data: surveys }),
  });
}

async function widget() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Active surveys' });
  const card = heading.closest('section');
  if (!card) throw new Error('no widget');
  return within(card);
}

describe('dashboard: active-surveys widget', () => {
  it('opens on Taking with at most 3 invitations, each resuming its stepper at the locked step', async () => {
    stubWidget();
    renderApp('/');
    const card = await widget();
    expect(card.getByRole('tab', { name: 'Taking' })).toHaveAttribute('aria-selected', 'true');
    const list = await card.findByRole('list', { name: 'Surveys you are taking' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Invitation 1', 'Invitation 2', 'Invitation 3']);
    expect(links[0]).toHaveAttribute('href', '/surveys/taking/101?organizationId=2&step=4');
  });

  it('a host opens on Hosting: at most 3 of its active surveys; Taking and For {account name} are empty', async () => {
    stubWidget(
      { ...ACCOUNT, isSurveyHost: true },
      [],
      [hosted(1), hosted(2, 'Archived'), hosted(3), hosted(4), hosted(5)],
    );
    renderApp('/');
    const user = userEvent.setup();
    const card = await widget();
    expect(card.getByRole('tab', { name: 'Hosting' })).toHaveAttribute('aria-selected', 'true');
    const list = await card.findByRole('list', { name: 'Surveys you are hosting' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Hosted 1', 'Hosted 3', 'Hosted 4']);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/surveys/hosting/201');
    await user.click(card.getByRole('tab', { name: 'Taking' }));
    expect(await card.findByText(NO_ACTIVE_SURVEYS)).toBeInTheDocument();
    await user.click(card.getByRole('tab', { name: 'For Ada' }));
    expect(await card.findByText(NO_ACTIVE_SURVEYS)).toBeInTheDocument();
  });

  it('Hosting shows the empty message to someone who is not a survey host, without asking', async () => {
    const calls = stubWidget(ACCOUNT, [invitation(1)], [hosted(1)]);
    renderApp('/');
    const user = userEvent.setup();
    const card = await widget();
    await card.findByRole('list', { name: 'Surveys you are taking' });
    await user.click(card.getByRole('tab', { name: 'Hosting' }));
    expect(await card.findByText(NO_ACTIVE_SURVEYS)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/surveys')).toBe(false);
  });

  it('cuts a title at 100 characters and keeps the whole one as its tooltip and accessible name', async () => {
    const long = `2026 DEI Survey ${'of limited partners and their managers '.repeat(3)}`.trim();
    expect(long.length).toBeGreaterThan(DASHBOARD_TITLE_LENGTH);
    stubWidget(ACCOUNT, [{ ...invitation(1), title: long }]);
    renderApp('/');
    const card = await widget();
    const list = await card.findByRole('list', { name: 'Surveys you are taking' });
    const link = within(list).getByRole('link', { name: long });
    const shown = within(link).getByTitle(long);
    expect(shown).toHaveTextContent(`${long.slice(0, DASHBOARD_TITLE_LENGTH - 1)}…`);
    expect(shown.textContent).toHaveLength(DASHBOARD_TITLE_LENGTH);
  });
});
