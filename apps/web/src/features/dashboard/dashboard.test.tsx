import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { setTokens } from '../../lib/token-storage';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

configure({ asyncUtilTimeout: 5000 });
// Lazy route modules compile on first use; a busy machine needs more than the default 5 s.
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

const ADMINS = [
  { id: 1, name: 'Ada', lastname: 'Lovelace', image: null, email: 'ada@acme.test' },
  { id: 2, name: 'Bea', lastname: 'Bell', image: '/img/bea.png', email: null },
  { id: 3, name: null, lastname: null, image: null, email: 'c@acme.test' },
  { id: 4, name: 'Dan', lastname: 'Drew', image: null, email: 'dan@acme.test' },
  { id: 5, name: 'Eve', lastname: 'Eden', image: null, email: 'eve@acme.test' },
];

function stubDashboard(status: string, { admins = ADMINS, acknowledgements = [] as string[] } = {}) {
  return stubFetch({
    'GET /api/user/status': () => json({ ...ACCOUNT, status }),
    'GET /api/organizations/me/admins': () => json({ data: admins }),
    'GET /api/user-account': () => json({ id: ACCOUNT.id, acknowledgements }),
    'POST /api/acknowledgment': () => json({ type: 'getting_started' }, 201),
  });
}

async function statusCard() {
  const heading = await screen.findByRole('heading', {
    level: 2,
    name: /Your access|Awaiting admin approval|Access Denied/,
  });
  const card = heading.closest('section');
  if (!card) throw new Error('no status card');
  return card;
}

describe('dashboard: user-status card', () => {
  it('approved: the cover image, 3 admins and + 2 more, with No Information for missing fields', async () => {
    stubDashboard('approved');
    renderApp('/');
    const card = await statusCard();
    expect(within(card).getByRole('img', { name: 'Acme Capital Partners cover' })).toHaveAttribute(
      'src',
      '/dashboard-cover.svg',
    );
    await within(card).findByText('+ 2 more');
    const admins = within(card).getAllByTestId('admin-card');
    expect(admins).toHaveLength(3);
    expect(admins[0]).toHaveTextContent('Ada Lovelace');
    expect(admins[0]).toHaveTextContent('ada@acme.test');
    expect(admins[1]).toHaveTextContent('Bea Bell');
    expect(admins[1]).toHaveTextContent('No Information');
    expect(admins[2]).toHaveTextContent('No Information');
    expect(admins[2]).toHaveTextContent('c@acme.test');
    expect(within(card).queryByText('Dan Drew')).not.toBeInTheDocument();
  });

  it("pending: 'Awaiting admin approval', the pending text and a button to /users/private", async () => {
    stubDashboard('pending', { admins: ADMINS.slice(0, 3) });
    renderApp('/');
    const card = await statusCard();
    expect(within(card).getByRole('heading', { name: 'Awaiting admin approval' })).toBeInTheDocument();
    expect(
      within(card).getByText(
        'You request for access has been sent to all registered admins of Acme Capital Partners. Please complete your profile while you wait.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '/users/private',
    );
    expect(await within(card).findAllByTestId('admin-card')).toHaveLength(3);
    expect(within(card).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it.each(['declined', 'none'])("%s: 'Access Denied' with the access-denied text", async (status) => {
    stubDashboard(status);
    renderApp('/');
    const card = await statusCard();
    expect(within(card).getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      within(card).getByText(
        'You do not have permission to access Acme Capital Partners. Please contact admin of that organization.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Complete your profile' })).not.toBeInTheDocument();
    await within(card).findByText('+ 2 more');
  });
});

describe('dashboard frame', () => {
  it('links the organization to my organization and the training banner opens a new tab', async () => {
    stubDashboard('approved');
    renderApp('/');
    const greeting = await screen.findByTestId('greeting-organization');
    expect(greeting).toHaveTextContent('Acme Capital Partners');
    expect(greeting.closest('a')).toHaveAttribute('href', '/organizations/private');
    const training = screen.getByRole('link', { name: /Go to training/ });
    expect(training).toHaveAttribute('href', 'https://training.parity.example');
    expect(training).toHaveAttribute('target', '_blank');
    expect(training.getAttribute('rel')).toContain('noopener');
  });

  it('shows the welcome card until Getting started is acknowledged, then hides it', async () => {
    const calls = stubDashboard('approved');
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Getting started' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Welcome to Parity' })).not.toBeInTheDocument(),
    );
    const posted = calls.find((call) => call.method === 'POST' && call.path === '/api/acknowledgment');
    expect(JSON.parse(posted?.body ?? '{}')).toEqual({ type: 'getting_started' });
  });

  it('hides the welcome card when the account has acknowledged it', async () => {
    stubDashboard('approved', { acknowledgements: ['getting_started'] });
    renderApp('/');
    await statusCard();
    await waitFor(() => expect(screen.queryByText('Welcome to Parity')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Getting started' })).not.toBeInTheDocument();
  });
});
