import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { closeAllDialogs } from '../../../components/dialog/dialog-store';
import { setTokens } from '../../../lib/token-storage';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';

configure({ asyncUtilTimeout: 5000 });
// Lazy route modules compile on first use; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanupApps();
  closeAllDialogs();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Feedback tab', () => {
  it('is not shown on public and sign-in pages', async () => {
    stubFetch({});
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of use' });
    expect(screen.queryByRole('button', { name: 'Feedback' })).not.toBeInTheDocument();
  });

  it('opens the persistent Share your feedback dialog on sign-in pages, sends the rating and closes on Cancel', async () => {
    setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    const calls = stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'POST /api/feedback': () =>
        json(
          { id: 1, url: 'http://localhost/', value: 9, comment: null, created_at: '2026-01-01T00:00:00Z' },
          201,
        ),
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share your feedback' });

    // Persistent: Escape does not close it.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Share your feedback' })).toBeInTheDocument();

    // The form loads when the dialog first opens (issue #20): wait for it.
    await user.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Thumbs is a required field');

    await user.click(within(dialog).getByRole('button', { name: '9' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ title: 'Success!', description: 'Feedback has been sent.' }),
      ),
    );
    const posted = calls.find((call) => call.method === 'POST' && call.path === '/api/feedback');
    expect(JSON.parse(posted?.body ?? '{}')).toEqual({ url: window.location.href, value: 9, comment: null });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Share your feedback' })).not.toBeInTheDocument(),
    );

    // Opened again, the form starts empty.
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const again = await screen.findByRole('dialog', { name: 'Share your feedback' });
    expect(within(again).getByRole('button', { name: '9' })).toHaveAttribute('aria-pressed', 'false');
  });
});
