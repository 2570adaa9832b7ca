import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../lib/token-storage';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import { type OpenStream, streamHandler } from './notifications.fixtures';

// Issue 37 point 5: an administrator approves a pending user; the user's open page follows
// through the notification stream, without a reload.

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The app as a pending user, with Dashboard alone in the navigation; the stream is open. */
async function pendingApp() {
  const streams: OpenStream[] = [];
  const account = { status: 'pending' as 'pending' | 'approved' };
  stubFetch({
    'GET /api/user/status': () =>
      json({ ...ACCOUNT, status: account.status, isAllowed: account.status === 'approved' }),
    'GET /api/settings/maintenance': () => json({ maintenance: false, message: null }),
    'GET /api/organizations/me/admins': () => json({ data: [] }),
    'GET /api/user-account': () => json({ id: ACCOUNT.id, acknowledgements: [] }),
    'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    'GET /api/notifications/stream': streamHandler(streams),
  });
  renderApp('/');
  expect(await screen.findByRole('heading', { name: 'Awaiting admin approval' })).toBeInTheDocument();
  const modules = screen.getByRole('navigation', { name: 'Modules' });
  expect(
    within(modules)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Dashboard']);
  await waitFor(() => expect(streams).toHaveLength(1));
  return { account, streams, modules };
}

describe('an account change reaches the open page', () => {
  it('approval: the pending dashboard with Dashboard alone in the navigation becomes the full one', async () => {
    const errors = vi.spyOn(console, 'error');
    const { account, streams, modules } = await pendingApp();
    account.status = 'approved';
    const { stream } = streams[0] as OpenStream;
    stream.ping();
    stream.send({ event: 'account', data: {} });
    expect(await within(modules).findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(screen.queryByRole('heading', { name: 'Awaiting admin approval' })).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  it('a reconnected stream reads the account again: a change made while it was away had no stream to reach', async () => {
    const { account, streams, modules } = await pendingApp();
    account.status = 'approved';
    // The access token expired: the server ended the stream, the tab opens a new one.
    streams[0]?.stream.close();
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(await within(modules).findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });
});
