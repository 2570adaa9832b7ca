import type { TSurveyInvitation } from '@parity/domain/survey-invitation';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { setTokens } from '../../../lib/token-storage';
import { type Handler, json, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';
import { INVITATIONS_FAILED, NO_INVITATIONS } from './invitations-widget';

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

const invitation = (n: number, patch: Partial<TSurveyInvitation> = {}): TSurveyInvitation => ({
  id: n,
  survey_id: 100 + n,
  organization_id: 2,
  title: `Invitation ${n}`,
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
  host: { id: 1, name: 'Northwind Pension Fund', logo: null },
  contributors: [],
  ...patch,
});

const USER_INVITATIONS = `GET /api/surveys/users/${ACCOUNT.id}/invitations`;

function stubDashboard(invitations: Handler, status = 'approved') {
  return stubFetch({
    'GET /api/user/status': () => json({ ...ACCOUNT, status }),
    'GET /api/organizations/me/admins': () => json({ data: [] }),
    'GET /api/user-account': () => json({ id: ACCOUNT.id, acknowledgements: ['getting_started'] }),
    'GET /api/surveys/invitations': () => json({ data: [] }),
    [USER_INVITATIONS]: invitations,
  });
}

async function widget() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Survey invitations' });
  const card = heading.closest('section');
  if (!card) throw new Error('no widget');
  return within(card);
}

describe('dashboard: invitations widget', () => {
  it("asks for the signed-in user's 3 invitations and links each to its survey, and See all to /surveys", async () => {
    const calls = stubDashboard(() =>
      json({
        data: [
          invitation(1),
          invitation(2, { status: 'Past Due', due: '2026-11-15' }),
          invitation(3, { status: 'Submitted', title: 'A'.repeat(120) }),
        ],
      }),
    );
    renderApp('/');
    const card = await widget();
    const list = await card.findByRole('list', { name: 'Your invitations' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Invitation 1');
    expect(links[0]).toHaveAttribute('href', '/surveys/101?organizationId=2');
    expect(items[0]).toHaveTextContent('Active · Due Dec 31, 2026 · Northwind Pension Fund');
    expect(items[1]).toHaveTextContent('Past Due · Due Nov 15, 2026');
    // Dashboard titles show at most 100 characters (spec 9), the whole one as the tooltip.
    expect(within(links[2]!).getByTitle('A'.repeat(120)).textContent).toHaveLength(100);
    expect(card.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/surveys');
    const asked = calls.find((call) => call.path === `/api/surveys/users/${ACCOUNT.id}/invitations`);
    expect(asked?.search.get('limit')).toBe('3');
  });

  it('says when there is none', async () => {
    stubDashboard(() => json({ data: [] }));
    renderApp('/');
    const card = await widget();
    expect(await card.findByText(NO_INVITATIONS)).toBeInTheDocument();
    expect(card.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when they could not be loaded, without an alert of its own', async () => {
    stubDashboard(() => json({ message: 'The invitations are unavailable.', error: 'internal' }, 400));
    renderApp('/');
    const card = await widget();
    const failure = await card.findByRole('alert');
    expect(failure).toHaveTextContent(INVITATIONS_FAILED);
    expect(failure).toHaveTextContent('The invitations are unavailable.');
    expect(alertStore.getAlerts()).toEqual([]);
  });

  it("says 'Invalid response' when the invitation data does not parse", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubDashboard(() => json({ data: [{ ...invitation(1), due: null, host: 'Northwind' }] }));
    renderApp('/');
    const card = await widget();
    const failure = await card.findByRole('alert');
    expect(failure).toHaveTextContent(INVITATIONS_FAILED);
    expect(failure).toHaveTextContent('Invalid response');
    expect(logged).toHaveBeenCalledWith('Invalid response', expect.any(Array));
  });

  it('is not shown to a user awaiting approval (the API refuses them)', async () => {
    const calls = stubDashboard(() => json({ data: [invitation(1)] }), 'pending');
    renderApp('/');
    await screen.findByRole('heading', { name: 'Awaiting admin approval' });
    expect(screen.queryByRole('heading', { name: 'Survey invitations' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/invitations'))).toBe(false);
  });
});
