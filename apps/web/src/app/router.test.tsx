import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, setTokens } from '../lib/token-storage';
import { json, stubFetch } from '../testing/fetch-stub';
import { ACCOUNT } from '../testing/fixtures';
import { cleanupApps, renderApp } from '../testing/render';

// Route modules load lazily; the first import of each is compiled on demand.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signIn() {
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
}

describe('sign-in guard', () => {
  it('sends a user without an access token from the dashboard to /login', async () => {
    stubFetch({});
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Parity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('lets a user with an access token see the dashboard', async () => {
    signIn();
    stubFetch({ 'GET /api/user/status': () => json(ACCOUNT) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Ada$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user who opens /login to the dashboard', async () => {
    signIn();
    stubFetch({ 'GET /api/user/status': () => json(ACCOUNT) });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: /Ada$/ });
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('unknown paths', () => {
  it('end on the 404 page, which links home', async () => {
    stubFetch({});
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});

describe('shell', () => {
  it('shows breadcrumbs starting with Dashboard, the modules and the user menu on the dashboard', async () => {
    signIn();
    stubFetch({ 'GET /api/user/status': () => json(ACCOUNT) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Ada$/ });
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const items = within(breadcrumb).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Dashboard');
    expect(within(breadcrumb).getByText('Dashboard')).toHaveAttribute('aria-current', 'page');

    const modules = screen.getByRole('navigation', { name: 'Modules' });
    expect(within(modules).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('logs out from the user menu: tokens cleared, back on /login', async () => {
    signIn();
    const calls = stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'POST /api/oauth/logout': () => new Response(null, { status: 204 }),
    });
    const { router, queryClient } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Parity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getAccessToken()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/oauth/logout')).toBe(true);
  });

  it("opens one's profile, settings and organization from the user menu", async () => {
    signIn();
    stubFetch({ 'GET /api/user/status': () => json(ACCOUNT) });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['My profile', '/users/private'],
      ['Settings', '/users/private/settings'],
      ['My organization', '/organizations/private'],
      ['Help & support', '/support'],
      ['FAQ', '/faq'],
      ['Log out', null],
    ]);
    await user.click(items[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/private/settings'));
  });

  it('offers a pending user no organization in the user menu', async () => {
    signIn();
    stubFetch({ 'GET /api/user/status': () => json({ ...ACCOUNT, status: 'pending', isAllowed: false }) });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'My profile',
      'Settings',
      'Help & support',
      'FAQ',
      'Log out',
    ]);
  });

  it('shows a pending user the crumb of a module it may not open as text', async () => {
    signIn();
    stubFetch({
      'GET /api/user/status': () => json({ ...ACCOUNT, status: 'pending', isAllowed: false }),
      'GET /api/user-account': () => json({ id: ACCOUNT.id, acknowledgements: [] }),
    });
    renderApp('/users/private/settings');
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(breadcrumb).findByText('Users');
    await waitFor(() => expect(within(breadcrumb).queryByRole('link', { name: 'Users' })).toBeNull());
    expect(within(breadcrumb).getByRole('link', { name: 'My profile' })).toHaveAttribute(
      'href',
      '/users/private',
    );
  });

  it('shows a member the same crumb as a link', async () => {
    signIn();
    stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/user-account': () => json({ id: ACCOUNT.id, acknowledgements: [] }),
    });
    renderApp('/users/private/settings');
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(trail).findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('shows the pending status card to a user awaiting approval', async () => {
    signIn();
    stubFetch({ 'GET /api/user/status': () => json({ ...ACCOUNT, status: 'pending' }) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Awaiting admin approval' })).toBeInTheDocument();
    expect(screen.getByText(/sent to all registered admins of Acme Capital Partners/)).toBeInTheDocument();
  });

  it('sets the page title per route', async () => {
    stubFetch({});
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of use' });
    await waitFor(() => expect(document.title).toBe('Terms of use · Parity'));
  });
});

describe('public pages', () => {
  it.each([
    ['/terms', 'Terms of use'],
    ['/policy', 'Privacy policy'],
    ['/permissions', 'Roles and permissions'],
    ['/crm', 'Contact and relationship data'],
    ['/design', 'Design system'],
    ['/scoring', 'How Parity scores a profile'],
  ])('%s opens without signing in, with one h1 and landmarks', async (path, title) => {
    stubFetch({});
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('/scoring renders docs/scoring.md: the transparency section the figures link to, its formulas and tables', async () => {
    stubFetch({});
    renderApp('/scoring');
    expect(await screen.findByRole('heading', { level: 3, name: 'Transparency' })).toHaveAttribute(
      'id',
      'transparency',
    );
    expect(screen.getByText(/lpi\s+= 10 x \(0\.40 x ownership_score/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Score' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'lpi' })).toBeInTheDocument();
  });

  it('/permissions describes every role', async () => {
    stubFetch({});
    renderApp('/permissions');
    for (const role of [
      'Platform administrator',
      'Organization administrator',
      'Member',
      'Survey host',
      'Survey creator',
      'LPI access',
    ]) {
      expect(await screen.findByRole('heading', { level: 3, name: role })).toBeInTheDocument();
    }
  });
});
