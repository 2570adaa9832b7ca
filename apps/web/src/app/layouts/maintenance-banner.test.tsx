import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../lib/token-storage';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'a', refresh_token: 'r' });
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSignedInPage(maintenance: { maintenance: boolean; message: string | null }) {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/settings/maintenance': () => json(maintenance),
  });
  renderApp('/reports', [
    {
      path: '/reports',
      lazy: () => import('./top-bar-layout'),
      handle: { crumb: 'Reports' },
      children: [{ index: true, element: <h1>Reports</h1> }],
    },
  ]);
  return calls;
}

describe('the maintenance banner', () => {
  it('shows the maintenance message on a signed-in page while maintenance mode is on', async () => {
    renderSignedInPage({ maintenance: true, message: 'Back at 15:00 UTC.' });
    const banner = await screen.findByRole('status', { name: 'Maintenance' });
    expect(banner).toHaveTextContent('Back at 15:00 UTC.');
  });

  it('shows nothing while maintenance mode is off', async () => {
    const calls = renderSignedInPage({ maintenance: false, message: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/settings/maintenance')).toBe(true));
    expect(screen.queryByRole('status', { name: 'Maintenance' })).not.toBeInTheDocument();
  });
});
