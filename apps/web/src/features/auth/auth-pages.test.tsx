import {
  CONFIRMATION_MESSAGE,
  PASSWORD_RULE_HINT,
  PASSWORD_RULE_MESSAGE,
  PASSWORD_SIGNS,
} from '@parity/domain/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@parity/domain/constants';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { getAccessToken, getRefreshToken, setTokens } from '../../lib/token-storage';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import { PENDING_EMAIL_KEY } from './lib/pending-login';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const UUID = '3f2b8c1e-5d4a-4b6f-9e2d-1a2b3c4d5e6f';
const PAIR = { token_type: 'Bearer', access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900 };
const NEW_PASSWORD = 'Lighthouse-Keeper-47!';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  sessionStorage.clear();
});

afterEach(() => {
  cleanupApps();
  alertStore.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const form = (body: string | null) => Object.fromEntries(new URLSearchParams(body ?? ''));
const jsonBody = (body: string | null) => JSON.parse(body ?? '{}');
const alertTitles = () => alertStore.getAlerts().map((a) => a.title);

describe('/login/verification/{uuid}', () => {
  it('posts the code with the carried email, stores the tokens and opens the dashboard', async () => {
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'mfa@acme.test');
    const calls = stubFetch({
      'POST /api/mfa-submit': () => json(PAIR),
      'GET /api/user/status': () => json(ACCOUNT),
    });
    const { router } = renderApp(`/login/verification/${UUID}`);
    const code = await screen.findByLabelText(/^Verification code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/to mfa@acme\.test/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Two-factor verification · Parity'));

    const user = userEvent.setup();
    await user.type(code, '123 456{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(sessionStorage.getItem(PENDING_EMAIL_KEY)).toBeNull();
    expect(alertTitles()).toContain('Verification completed');

    const submit = calls.find((c) => c.path === '/api/mfa-submit');
    expect(submit?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(submit?.body ?? null)).toMatchObject({
      uuid: UUID,
      code: '123456',
      email: 'mfa@acme.test',
      type: 'email',
      grant_type: 'password',
      client_id: 'parity-web',
    });
    expect(form(submit?.body ?? null).password).toBeUndefined();
  });

  it('checks the code before calling, and shows a wrong code from the API on the field', async () => {
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'mfa@acme.test');
    const calls = stubFetch({
      'POST /api/mfa-submit': () =>
        json(
          {
            error: 'invalid_code',
            message: 'The code is incorrect. 4 tries left.',
            detail: [{ field: 'body.code', message: 'The code is incorrect. 4 tries left.' }],
          },
          400,
        ),
    });
    const { router } = renderApp(`/login/verification/${UUID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Field is empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Verification code/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is the 6 digits from the email')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Verification code/));
    await user.type(screen.getByLabelText(/^Verification code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is incorrect. 4 tries left.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Verification code/)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe(`/login/verification/${UUID}`);
    expect(getAccessToken()).toBeNull();
  });

  it('says when the verification ended and links back to log in', async () => {
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'mfa@acme.test');
    stubFetch({
      'POST /api/mfa-submit': () =>
        json(
          {
            error: 'verification_expired',
            message: 'This verification has expired or ended. Please log in again to get a new code.',
            detail: [{ field: 'body.uuid', message: 'The verification has expired or ended' }],
          },
          400,
        ),
    });
    renderApp(`/login/verification/${UUID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Verification code/), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired or ended/);
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/login');
  });

  it('resends a code for this verification and tells so', async () => {
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'mfa@acme.test');
    const calls = stubFetch({
      'POST /api/mfa-send': () =>
        json({ message: 'If a verification is waiting for that account, we sent it a new code.' }),
    });
    renderApp(`/login/verification/${UUID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/we sent it a new code/)).toBeInTheDocument();
    expect(alertTitles()).toContain('Email sent');
    const send = calls.find((c) => c.path === '/api/mfa-send');
    expect(jsonBody(send?.body ?? null)).toEqual({ email: 'mfa@acme.test', type: 'email', uuid: UUID });
  });

  it('asks for the email when this tab does not know it', async () => {
    const calls = stubFetch({ 'POST /api/mfa-submit': () => json(PAIR) });
    renderApp(`/login/verification/${UUID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Field is empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'mfa@acme.test{Enter}');
    await waitFor(() => expect(getAccessToken()).toBe('access-2'));
    expect(form(calls[0]?.body ?? null).email).toBe('mfa@acme.test');
  });
});

describe('/login/forgot', () => {
  it('is linked from /login and shows the same neutral answer', async () => {
    const calls = stubFetch({
      'POST /api/passwords/email': () =>
        json({ message: 'If an account exists for that email, we sent a link.' }),
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    expect(router.state.location.pathname).toBe('/login/forgot');

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Field is empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'max@acme.test{Enter}');
    expect(
      await screen.findByText(/If an account exists for that email, we sent a link\. The link expires/),
    ).toBeInTheDocument();
    expect(alertTitles()).toContain('Email sent');
    expect(jsonBody(calls.find((c) => c.path === '/api/passwords/email')?.body ?? null)).toEqual({
      email: 'max@acme.test',
    });
  });

  it('shows a rate limit inline, without logging anyone out', async () => {
    stubFetch({
      'POST /api/passwords/email': () =>
        json({ error: 'too_many_requests', message: 'Too many reset links asked for this email.' }, 429),
    });
    renderApp('/login/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'max@acme.test{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many reset links asked for this email.');
  });
});

describe('/login/reset/{uuid}', () => {
  it('checks the rule and the confirmation, posts the token from the link and goes to /login', async () => {
    const calls = stubFetch({
      'POST /api/passwords/reset': () =>
        json({ message: 'Your password has been reset. You can now log in with the new password.' }),
    });
    const { router } = renderApp('/login/reset/the-link-token');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'max@acme.test');
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(CONFIRMATION_MESSAGE)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(jsonBody(calls[0]?.body ?? null)).toEqual({
      email: 'max@acme.test',
      token: 'the-link-token',
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    });
    expect(alertStore.getAlerts().map((a) => a.description)).toContain(
      'Your password has been reset. You can now log in with the new password.',
    );
    expect(getAccessToken()).toBeNull();
  });

  it('shows the API field message, and a way to a new link when this one ended', async () => {
    let answer = json(
      {
        error: 'validation_failed',
        message: 'This password is too common and easy to guess. Please choose a less predictable one.',
        detail: [
          {
            field: 'body.new_password',
            message: 'This password is too common and easy to guess. Please choose a less predictable one.',
          },
        ],
      },
      400,
    );
    stubFetch({ 'POST /api/passwords/reset': () => answer });
    renderApp('/login/reset/the-link-token');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'max@acme.test');
    await user.type(screen.getByLabelText(/^New password/), 'Password123!x');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Password123!x{Enter}');
    expect(await screen.findByText(/too common/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');

    answer = json(
      {
        error: 'invalid_token',
        message: 'This reset link is invalid or has expired. Please ask for a new one.',
        detail: [{ field: 'body.token', message: 'The reset link is invalid or has expired' }],
      },
      400,
    );
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), `${NEW_PASSWORD}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/invalid or has expired/);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/login/forgot');
  });
});

describe('/login/password (login.password)', () => {
  it('updates the expired password and signs in to the dashboard', async () => {
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'expired@acme.test');
    const calls = stubFetch({
      'POST /api/password/update-after-expiry': () => json({ token: PAIR }),
      'GET /api/user/status': () => json(ACCOUNT),
    });
    const { router } = renderApp('/login/password');
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('expired@acme.test');
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('autocomplete', 'current-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Current password/), 'Parity-Demo-2026!');
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBe('access-2');
    expect(jsonBody(calls[0]?.body ?? null)).toEqual({
      email: 'expired@acme.test',
      old_password: 'Parity-Demo-2026!',
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    });
    expect(alertTitles()).toContain('Password updated');
  });

  it('shows a wrong current password on its field and refuses an unchanged one before calling', async () => {
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'expired@acme.test');
    const calls = stubFetch({
      'POST /api/password/update-after-expiry': () =>
        json(
          {
            error: 'invalid_password',
            message: 'The current password is incorrect.',
            detail: [{ field: 'body.old_password', message: 'The current password is incorrect.' }],
          },
          400,
        ),
    });
    const { router } = renderApp('/login/password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(
      await screen.findByText('The new password must be different from the current one.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Current password/));
    await user.type(screen.getByLabelText(/^Current password/), 'Wrong-Password-1!{Enter}');
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/password');
  });

  it('sends a two-factor account on to its verification page', async () => {
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'mfa@acme.test');
    stubFetch({
      'POST /api/password/update-after-expiry': () => json({ mfa_verification_required: true, uuid: UUID }),
    });
    const { router } = renderApp('/login/password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), 'Parity-Demo-2026!');
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), `${NEW_PASSWORD}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/login/verification/${UUID}`));
    expect(getAccessToken()).toBeNull();
  });
});

describe("required arguments: an 'Error' alert beside the fields' messages (spec 8)", () => {
  const errorAlerts = () =>
    alertStore
      .getAlerts()
      .filter((a) => a.type === 'error')
      .map((a) => `${a.title}: ${a.description}`);

  it('two-factor verification: the code and the email', async () => {
    const calls = stubFetch({});
    renderApp(`/login/verification/${UUID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText('Field is empty')).toHaveLength(2);
    expect(errorAlerts()).toEqual(['Error: Email and Verification code are required.']);
    expect(calls).toHaveLength(0);
  });

  it('password reset: the email and both new password fields', async () => {
    const calls = stubFetch({});
    renderApp('/login/reset/the-link-token');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(await screen.findAllByText('Field is empty')).toHaveLength(3);
    expect(errorAlerts()).toEqual(['Error: Email, New password and Confirm new password are required.']);
    expect(calls).toHaveLength(0);
  });

  it('password update: only the empty fields are named; a wrong value is only its field message', async () => {
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'expired@acme.test');
    const calls = stubFetch({});
    renderApp('/login/password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText('Field is empty')).toHaveLength(2);
    expect(errorAlerts()).toEqual(['Error: Current password and Confirm new password are required.']);
    expect(calls).toHaveLength(0);
  });
});

describe('signed in elsewhere', () => {
  it('the sign-in pages need no token: a stored one does not redirect the reset page', async () => {
    setTokens({ access_token: 'a', refresh_token: 'r' });
    stubFetch({});
    const { router } = renderApp('/login/reset/tok');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    expect(router.state.location.pathname).toBe('/login/reset/tok');
  });
});

describe('the password rule (issue 37: one voice)', () => {
  it('reads the same on sign-up, reset and the expired-password page, written from the domain rule', async () => {
    stubFetch({});
    const descriptions: (string | null)[] = [];
    const describedAs = async (path: string, label: RegExp) => {
      renderApp(path);
      const field = await screen.findByLabelText(label);
      const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
      descriptions.push(ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null);
      cleanupApps();
    };
    await describedAs('/signup', /^Password/);
    await describedAs('/login/reset/tok', /^New password/);
    sessionStorage.setItem(PENDING_EMAIL_KEY, 'expired@acme.test');
    await describedAs('/login/password', /^New password/);
    expect(descriptions).toEqual([PASSWORD_RULE_HINT, PASSWORD_RULE_HINT, PASSWORD_RULE_HINT]);
    expect(PASSWORD_RULE_HINT).toContain(`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
    expect(PASSWORD_RULE_HINT).toContain(PASSWORD_SIGNS);
  });
});
