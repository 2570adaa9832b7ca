import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../components/alerts/alert-store';
import { RATE_LIMITED_MESSAGE } from '../features/auth/components/login-form';
import { getAccessToken, getRefreshToken } from '../lib/token-storage';
import { json, stubFetch } from '../testing/fetch-stub';
import { ACCOUNT } from '../testing/fixtures';
import { cleanupApps, renderApp } from '../testing/render';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanupApps();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillAndSubmit(email = 'ada@acme.test', password = 'Parity-Demo-2026!') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('/login', () => {
  it('has labelled fields with the right autocomplete, one h1 and a main landmark', async () => {
    stubFetch({});
    renderApp('/login');
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Log in · Parity'));
  });

  it('requires both fields before calling the API', async () => {
    const calls = stubFetch({});
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('signs in: posts the form-encoded password grant, stores the tokens and opens the dashboard', async () => {
    const calls = stubFetch({
      'POST /api/oauth/token/': () => json({ access_token: 'access-1', refresh_token: 'refresh-1' }),
      'GET /api/user/status': () => json(ACCOUNT),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit();

    expect(await screen.findByRole('heading', { level: 1, name: /, Ada$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getAccessToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');

    const token = calls.find((call) => call.path === '/api/oauth/token/');
    expect(token?.method).toBe('POST');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token?.body ?? ''))).toEqual({
      grant_type: 'password',
      username: 'ada@acme.test',
      password: 'Parity-Demo-2026!',
      client_id: 'parity-web',
    });
    const status = calls.find((call) => call.path === '/api/user/status');
    expect(status?.headers.authorization).toBe('Bearer access-1');
  });

  it('submits with Enter and goes back to a local redirect target', async () => {
    stubFetch({ 'POST /api/oauth/token/': () => json({ access_token: 'a', refresh_token: 'r' }) });
    const { router } = renderApp('/login?redirect=%2Fdesign');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/^Password/), 'Parity-Demo-2026!{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Design system' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/design');
  });

  it('ignores a redirect target on another host', async () => {
    stubFetch({
      'POST /api/oauth/token/': () => json({ access_token: 'a', refresh_token: 'r' }),
      'GET /api/user/status': () => json(ACCOUNT),
    });
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Fphish');
    await fillAndSubmit();
    await screen.findByRole('heading', { level: 1, name: /, Ada$/ });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the credentials message inline on 401, without an alert or a logout', async () => {
    stubFetch({
      'POST /api/oauth/token/': () =>
        json({ message: 'The user credentials were incorrect.', error: 'invalid_grant' }, 401),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('ada@acme.test', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The user credentials were incorrect.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getAccessToken()).toBeNull();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('sends a two-factor account to its verification page, carrying the email but no token', async () => {
    stubFetch({
      'POST /api/oauth/token/': () =>
        json({ mfa_verification_required: true, uuid: 'c0ffee00-0000-4000-8000-000000000001' }),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('mfa@acme.test');
    expect(await screen.findByLabelText(/^Verification code/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/verification/c0ffee00-0000-4000-8000-000000000001');
    expect(sessionStorage.getItem('parity.login.email')).toBe('mfa@acme.test');
    expect(getAccessToken()).toBeNull();
  });

  it('goes to login.password on 419', async () => {
    stubFetch({
      'POST /api/oauth/token/': () =>
        json({ message: 'Your password has expired. Please set a new one.', error: 'password_expired' }, 419),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('expired@acme.test');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Update your password' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/password');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('expired@acme.test');
  });

  it('after a 419 with its ticket asks only for the new password, then lands on the dashboard signed in', async () => {
    const calls = stubFetch({
      'POST /api/oauth/token/': () =>
        json(
          {
            message: 'Your password has expired. Please set a new one.',
            error: 'password_expired',
            detail: { ticket: 'ticket-1' },
          },
          419,
        ),
      'POST /api/password/update-after-expiry': () =>
        json({
          token: {
            token_type: 'Bearer',
            access_token: 'access-9',
            expires_in: 900,
            refresh_token: 'refresh-9',
          },
        }),
      'GET /api/user/status': () => json(ACCOUNT),
    });
    const { router } = renderApp('/login');
    const user = await fillAndSubmit('expired@acme.test');
    expect(await screen.findByText('A new password for expired@acme.test.')).toBeInTheDocument();
    // No second asking for what the login has just proved.
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    await user.type(screen.getByLabelText(/^New password/), 'Lighthouse-Harbour-7!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Lighthouse-Harbour-7!');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await screen.findByRole('heading', { level: 1, name: /, Ada$/ });
    expect(router.state.location.pathname).toBe('/');
    expect(getAccessToken()).toBe('access-9');
    const change = calls.find((c) => c.path === '/api/password/update-after-expiry');
    expect(JSON.parse(change?.body ?? '{}')).toEqual({
      ticket: 'ticket-1',
      new_password: 'Lighthouse-Harbour-7!',
      new_password_confirmation: 'Lighthouse-Harbour-7!',
    });
  });

  it('a spent or expired ticket falls back to asking for the email and the old password', async () => {
    stubFetch({
      'POST /api/oauth/token/': () =>
        json({ message: 'Expired.', error: 'password_expired', detail: { ticket: 'ticket-1' } }, 419),
      'POST /api/password/update-after-expiry': () =>
        json(
          {
            message: 'This password change has expired. Please log in again.',
            error: 'invalid_ticket',
            detail: [{ field: 'body.ticket', message: 'The password change has expired or was used' }],
          },
          400,
        ),
    });
    renderApp('/login');
    const user = await fillAndSubmit('expired@acme.test');
    await user.type(await screen.findByLabelText(/^New password/), 'Lighthouse-Harbour-7!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Lighthouse-Harbour-7!');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByLabelText(/^Current password/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('expired@acme.test');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This password change has expired. Please log in again.',
    );
  });

  it('shows the rate-limit message on 429 at once (no retries)', async () => {
    const calls = stubFetch({ 'POST /api/oauth/token/': () => json({ error: 'too_many_requests' }, 429) });
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByText(RATE_LIMITED_MESSAGE)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/oauth/token/')).toHaveLength(1);
  });

  it('disables the submit button while the request is pending', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({
      'POST /api/oauth/token/': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/login');
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled());
    answer(json({ message: 'The user credentials were incorrect.' }, 401));
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });
});
