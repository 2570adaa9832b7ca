import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../lib/token-storage';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'a', refresh_token: 'r' });
  stubFetch({ 'GET /api/user/status': () => json(ACCOUNT) });
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('drawer-with-top-bar layout', () => {
  it('shows the top bar, the module side navigation from the route handle, and breadcrumbs', async () => {
    renderApp('/reports/history', [
      {
        path: '/reports',
        lazy: () => import('./drawer-with-top-bar-layout'),
        handle: {
          crumb: 'Reports',
          sideNavigation: {
            label: 'Reports',
            items: [
              { label: 'Overview', to: '/reports', end: true },
              { label: 'History', to: '/reports/history' },
            ],
          },
        },
        children: [{ path: 'history', element: <h1>History</h1>, handle: { crumb: 'History' } }],
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
    const side = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(side).getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    expect(within(side).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('navigation', { name: 'Modules' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace('/', '').trim()),
    ).toEqual(['Dashboard', 'Reports', 'History']);
  });
});
