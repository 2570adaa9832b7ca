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

function stubDashboard(
  status: string,
  { admins = ADMINS, acknowledgements = [] as string[], account = {} as Partial<typeof ACCOUNT> } = {},
) {
  return stubFetch({
    'GET /api/user/status': () => json({ ...ACCOUNT, ...account, status }),
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

  it("pending: 'Awaiting admin approval' first, the pending text, what happens next and a button to /users/private", async () => {
    stubDashboard('pending', { admins: ADMINS.slice(0, 3), account: { isAllowed: false } });
    renderApp('/');
    const card = await statusCard();
    // What to do next comes first, right under the greeting; no welcome card of a member's steps.
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Awaiting admin approval');
    expect(screen.queryByRole('heading', { name: 'Welcome to Parity' })).not.toBeInTheDocument();
    expect(await within(card).findAllByTestId('admin-card')).toHaveLength(3);
    const next = within(card).getByRole('list', { name: 'What happens next' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Complete your profile, so the admins know who is asking.',
      'An admin of Acme Capital Partners approves your request: Parity emails you when they do.',
      'Once you are approved, your organization, its LPI profile and its surveys open here.',
      'Questions in the meantime? Write to an admin of your organization below.',
    ]);
    // The organization they may not open yet is no link.
    expect(screen.getByTestId('greeting-organization').closest('a')).toBeNull();
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
    expect(within(card).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it.each(['declined', 'none'])(
    "%s (not a platform administrator): 'Access Denied' with the access-denied text",
    async (status) => {
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
    },
  );
});

describe('dashboard: platform administrator', () => {
  it('of no organization: what an administrator can open today, never Access Denied', async () => {
    stubDashboard('none', {
      admins: [],
      account: {
        isAdministrator: true,
        isOrganizationAdministrator: false,
        hasLpiAccess: false,
        organization_id: null,
        organization_name: null,
      },
    });
    const { router } = renderApp('/');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Platform administrator' });
    const card = within(heading.closest('section') as HTMLElement);
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'LPI health' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Active surveys' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Parity' })).not.toBeInTheDocument();
    const pages = card.getByRole('list', { name: 'What you can open today' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Open the admin console', '/admin'],
      ['Organization codes', '/admin/codes'],
      ['Clients', '/admin/clients'],
      ["Users' permissions", '/admin/users'],
      ['Feedback', '/admin/feedback'],
      ['Reports', '/admin/reports'],
      ['Organizations', '/organizations'],
      ['Users', '/users'],
      ['My profile', '/users/private'],
      ['Settings', '/users/private/settings'],
    ]);
    // Every page the card names exists: it says of none that it is not in the web app yet.
    expect(card.queryByText(/not in the web app yet/)).not.toBeInTheDocument();
    // The top bar offers only what an administrator of no organization can open.
    // The row's modules, then those under More (each of which is in the row from some width).
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    const user = userEvent.setup();
    await user.click(within(modules).getByRole('button', { name: 'More' }));
    const names = within(modules)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect([...new Set(names)]).toEqual([
      'Dashboard',
      'Users',
      'Organizations',
      'Calendar',
      'Pods',
      'Community',
      'Admin',
    ]);
    await user.keyboard('{Escape}');
    await user.click(card.getByRole('link', { name: 'Organizations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
  });
});

describe('dashboard: survey host', () => {
  it('opens on Hosting, first under the greeting, with the response rates of the active hosted surveys', async () => {
    stubFetch({
      'GET /api/user/status': () => json({ ...ACCOUNT, isSurveyHost: true, status: 'approved' }),
      'GET /api/organizations/me/admins': () => json({ data: [] }),
      'GET /api/user-account': () => json({ id: ACCOUNT.id, acknowledgements: ['getting_started'] }),
      'GET /api/surveys/invitations': () => json({ data: [] }),
      'GET /api/surveys': () =>
        json({
          data: [
            {
              id: 201,
              title: 'Manager diversity 2026',
              survey_type_id: 2,
              start: '2026-09-01',
              due: '2026-12-31',
              status: 'Active',
              host: { id: 1, name: 'Northwind Pension Fund', logo: null },
              invited: 10,
              submitted: 4,
              progress_percent: 40,
              survey_locked_step: 11,
              created_at: '2026-09-01T09:00:00.000Z',
            },
          ],
        }),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Active surveys' });
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Active surveys');
    expect(screen.getByRole('tab', { name: 'Hosting' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Surveys you are hosting' });
    expect(within(list).getByRole('link', { name: 'Manager diversity 2026' })).toHaveAttribute(
      'href',
      '/surveys/hosting/201',
    );
    expect(
      within(list).getByText('Due Dec 31, 2026 · 4 of 10 invited organizations submitted'),
    ).toBeInTheDocument();
    expect(
      within(list).getByRole('progressbar', { name: 'Manager diversity 2026 response rate' }),
    ).toHaveAttribute('aria-valuenow', '40');
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
