import { PASSWORD_RULE_MESSAGE } from '@parity/domain/auth';
import { SIGNUP_ACCEPTED_MESSAGE } from '@parity/domain/signup';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { clearTokens, getAccessToken, setTokens } from '../../lib/token-storage';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import { INVALID_RESPONSE_MESSAGE } from './api/invitation';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanupApps();
  alertStore.clear();
  clearTokens();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GOOD_PASSWORD = 'New-Person-2026!';

/** Types by pasting: Mantine inputs re-render on every key, and whole words keep the tests fast. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function fillSignup(values: { name?: string; lastname?: string; email?: string; password?: string }) {
  const user = userEvent.setup();
  await screen.findByLabelText(/^First name/);
  if (values.name) await fill(user, screen.getByLabelText(/^First name/), values.name);
  if (values.lastname) await fill(user, screen.getByLabelText(/^Last name/), values.lastname);
  if (values.email) await fill(user, screen.getByRole('textbox', { name: /^Email/ }), values.email);
  if (values.password) await fill(user, screen.getByLabelText(/^Password/), values.password);
  return user;
}

describe('/signup', () => {
  it('has labelled fields with autocomplete, one h1, and a way to log in', async () => {
    stubFetch({});
    renderApp('/signup');
    expect(await screen.findByLabelText(/^First name/)).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText(/^Last name/)).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('Sign up · Parity'));
  });

  it('checks every field with the domain rules before calling the API, focusing the first error', async () => {
    const calls = stubFetch({});
    renderApp('/signup');
    const user = await fillSignup({ lastname: 'Okafor', email: 'not-an-email', password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Field is empty')).toBeInTheDocument();
    expect(screen.getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('clears a field error as the field is corrected', async () => {
    stubFetch({});
    renderApp('/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    // First name, last name and email.
    expect(await screen.findAllByText('Field is empty')).toHaveLength(3);
    await user.type(screen.getByLabelText(/^First name/), 'N');
    expect(screen.getAllByText('Field is empty')).toHaveLength(2);
  });

  it('posts the form and shows the check-your-mail step with the address', async () => {
    const calls = stubFetch({
      'POST /api/signup': () => json({ message: SIGNUP_ACCEPTED_MESSAGE }, 202),
    });
    const { router } = renderApp('/signup');
    const user = await fillSignup({
      name: 'Nia',
      lastname: 'Okafor',
      email: 'nia@newfirm.test',
      password: GOOD_PASSWORD,
    });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup/verification');
    expect(screen.getByText(/We sent a link to nia@newfirm\.test/)).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/api/signup');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      name: 'Nia',
      lastname: 'Okafor',
      email: 'nia@newfirm.test',
      password: GOOD_PASSWORD,
    });
  });

  it("shows the API's field messages on the fields, and other failures inline", async () => {
    stubFetch({
      'POST /api/signup': () =>
        json(
          {
            message: 'Validation failed.',
            error: 'validation_failed',
            detail: [{ field: 'body.email', message: 'Email must be a valid email address' }],
          },
          400,
        ),
    });
    renderApp('/signup');
    const user = await fillSignup({
      name: 'Nia',
      lastname: 'Okafor',
      email: 'nia@newfirm.test',
      password: GOOD_PASSWORD,
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it('disables the button while the request runs and reports a rate limit inline', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({
      'POST /api/signup': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/signup');
    const user = await fillSignup({
      name: 'Nia',
      lastname: 'Okafor',
      email: 'nia@newfirm.test',
      password: GOOD_PASSWORD,
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled());
    answer(json({ message: 'Too many requests. Try again in 1 minute.', error: 'too_many_requests' }, 400));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 1 minute.');
  });
});

describe('/signup/verification', () => {
  it('sends the link again to the given address', async () => {
    const calls = stubFetch({
      'POST /api/signup/verification/resend': () => json({ message: SIGNUP_ACCEPTED_MESSAGE }, 202),
    });
    renderApp('/signup/verification');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Field is empty')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: /^Email/ }), 'nia@newfirm.test');
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/If an account waits for verification/)).toBeInTheDocument();
    expect(JSON.parse(calls.at(-1)?.body ?? '{}')).toEqual({ email: 'nia@newfirm.test' });
  });
});

const SIGNUP_ACCOUNT = {
  id: 42,
  email: 'nia@newfirm.test',
  name: 'Nia',
  lastname: 'Okafor',
  status: 'none',
  organization_name: null,
};

describe('/signup/processing/{accountId}/verification/{uuid}', () => {
  const uuid = '3b241101-e2bb-4255-8caf-4136c566a962';

  it('verifies, is signed in by the answer, and goes on to the organization step: no second sign-in', async () => {
    let account: Record<string, unknown> = SIGNUP_ACCOUNT;
    const calls = stubFetch({
      'POST /api/signup/verification': () =>
        json({
          account_id: 42,
          email: 'nia@newfirm.test',
          already_verified: false,
          signup_token: 'st-42',
          token: { token_type: 'Bearer', access_token: 'a-42', expires_in: 900, refresh_token: 'r-42' },
        }),
      'GET /api/signup/account': () => json(account),
      'GET /api/organizations/me/admins': () => json({ data: [] }),
    });
    const { router } = renderApp(`/signup/processing/42/verification/${uuid}`);
    // The code field shows once the account was read with the token.
    expect(await screen.findByLabelText(/^Organization code/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Join your organization' })).toBeInTheDocument();
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ account_id: 42, token: uuid });
    expect(router.state.location.pathname).toBe('/signup/processing/42/organization');
    expect(getAccessToken()).toBe('a-42');
    const read = calls.find((c) => c.path === '/api/signup/account');
    expect(read?.headers['x-signup-token']).toBe('st-42');
    // The sign-up's end leads to the dashboard, not to the login page.
    account = { ...SIGNUP_ACCOUNT, status: 'pending', organization_name: 'Acme' };
    await router.navigate('/signup/processing/42/finish');
    expect(await screen.findByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Log in to Parity' })).toBeNull();
  });

  it('a link opened before asks to sign in, then goes on to the organization step', async () => {
    stubFetch({
      'POST /api/signup/verification': () =>
        json({ account_id: 42, email: 'nia@newfirm.test', already_verified: true, signup_token: null }),
      'POST /api/oauth/token/': () => json({ access_token: 'a-1', refresh_token: 'r-1' }),
      'GET /api/user/status': () =>
        json({
          ...ACCOUNT,
          id: 42,
          organization_id: null,
          organization_name: null,
          status: 'none',
          isAllowed: false,
        }),
      'GET /api/signup/account': () => json(SIGNUP_ACCOUNT),
    });
    const { router } = renderApp(`/signup/processing/42/verification/${uuid}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verification completed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('nia@newfirm.test');
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Password/), GOOD_PASSWORD);
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join your organization' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup/processing/42/organization');
    expect(getAccessToken()).toBe('a-1');
  });

  it('explains a dead link and offers a new one', async () => {
    stubFetch({
      'POST /api/signup/verification': () =>
        json({ message: 'This verification link is invalid or has expired.', error: 'invalid_token' }, 400),
    });
    renderApp(`/signup/processing/42/verification/${uuid}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      '/signup/verification',
    );
  });
});

describe('/signup/processing/{accountId}/organization and finish', () => {
  it("corrects a link with another account's id to the signed-in account", async () => {
    setTokens({ access_token: 'a-1', refresh_token: 'r-1' });
    stubFetch({ 'GET /api/signup/account': () => json(SIGNUP_ACCOUNT) });
    const { router } = renderApp('/signup/processing/7/organization');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/processing/42/organization'));
  });

  it('without a sign-in or the link’s sign-up token, asks to sign in', async () => {
    stubFetch({});
    const { router } = renderApp('/signup/processing/42/organization');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('joins with the sign-up token alone and ends on the pending state with a way to log in', async () => {
    sessionStorage.setItem('parity.signup-token.42', 'st-42');
    let joined = false;
    const calls = stubFetch({
      'GET /api/signup/account': () =>
        json(
          joined
            ? { ...SIGNUP_ACCOUNT, status: 'pending', organization_name: 'Acme Capital Partners' }
            : SIGNUP_ACCOUNT,
        ),
      'POST /api/signup/organization/join': () => {
        joined = true;
        return json({ status: 'pending', organization: { id: 2, name: 'Acme Capital Partners' } });
      },
    });
    const { router } = renderApp('/signup/processing/42/organization');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Organization code/), 'ACME-2026');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Awaiting admin approval' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup/processing/42/finish');
    expect(calls.find((c) => c.path === '/api/signup/organization/join')?.headers['x-signup-token']).toBe(
      'st-42',
    );
    expect(screen.getByRole('link', { name: 'Log in to Parity' })).toHaveAttribute('href', '/login');
    // The admins' names are read once signed in.
    expect(calls.some((c) => c.path === '/api/organizations/me/admins')).toBe(false);
  });

  it('shows a refused code on the field, then joins and shows the pending state with the admins', async () => {
    setTokens({ access_token: 'a-1', refresh_token: 'r-1' });
    let joined = false;
    stubFetch({
      'GET /api/signup/account': () =>
        json(
          joined
            ? { ...SIGNUP_ACCOUNT, organization_name: 'Acme Capital Partners', status: 'pending' }
            : SIGNUP_ACCOUNT,
        ),
      'POST /api/signup/organization/join': (call) => {
        if (JSON.parse(call.body ?? '{}').code !== 'ACME-2026') {
          return json(
            {
              message: 'This organization code is not valid.',
              error: 'invalid_code',
              detail: [{ field: 'body.code', message: 'This organization code is not valid.' }],
            },
            400,
          );
        }
        joined = true;
        return json({ status: 'pending', organization: { id: 2, name: 'Acme Capital Partners' } });
      },
      'GET /api/organizations/me/admins': () =>
        json({
          data: [
            { id: 1, name: 'Ada', lastname: 'Lovelace', image: null, email: 'ada@acme.test' },
            { id: 2, name: 'B', lastname: 'C', image: null, email: 'b@acme.test' },
            { id: 3, name: 'D', lastname: 'E', image: null, email: 'd@acme.test' },
            { id: 4, name: '', lastname: '', image: null, email: '' },
          ],
        }),
    });
    const { router } = renderApp('/signup/processing/42/organization');
    const user = userEvent.setup();
    const code = await screen.findByLabelText(/^Organization code/);
    await user.click(screen.getByRole('button', { name: 'Join organization' }));
    expect(await screen.findByText('Field is empty')).toBeInTheDocument();
    await fill(user, code, 'WRONG');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('This organization code is not valid.')).toBeInTheDocument();
    expect(code).toHaveFocus();
    await user.clear(code);
    await fill(user, code, 'ACME-2026');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Awaiting admin approval' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup/processing/42/finish');
    expect(
      screen.getByText(
        'You request for access has been sent to all registered admins of Acme Capital Partners. Please complete your profile while you wait.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('+ 1 more')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  });

  it('creates an organization with a legal structure and shows the approved state', {
    timeout: 20_000,
  }, async () => {
    setTokens({ access_token: 'a-1', refresh_token: 'r-1' });
    let created = false;
    const calls = stubFetch({
      'GET /api/signup/account': () =>
        json(
          created ? { ...SIGNUP_ACCOUNT, organization_name: 'Newfirm', status: 'approved' } : SIGNUP_ACCOUNT,
        ),
      'GET /api/organization-legal-structures': () =>
        json({
          data: [
            { id: 1, name: 'Corporation' },
            { id: 4, name: 'Limited Partnership' },
          ],
        }),
      'POST /api/signup/organization/create': () => {
        created = true;
        return json({ status: 'approved', organization: { id: 9, name: 'Newfirm' } }, 201);
      },
    });
    renderApp('/signup/processing/42/organization/create');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Field is empty')).toBeInTheDocument();
    expect(screen.getByText('Legal structure is required')).toBeInTheDocument();
    await fill(user, screen.getByLabelText(/^Organization name/), 'Newfirm');
    await fill(user, screen.getByLabelText(/^Website/), 'ftp://x');
    await user.click(screen.getByRole('combobox', { name: /^Legal structure/ }));
    // The dropdown opens with a transition that jsdom never finishes: its options count as hidden.
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(await screen.findByRole('option', { name: 'Limited Partnership', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(
      await screen.findByText('Website must be a valid URL starting with http:// or https://'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Website/));
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are all set' })).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/api/signup/organization/create');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ name: 'Newfirm', legal_structure_id: 4, website: null });
  });
});

describe('/signup/invitation/{uuid}', () => {
  const uuid = '3b241101-e2bb-4255-8caf-4136c566a962';

  it('shows the invitation, validates, accepts, signs in and opens the dashboard', async () => {
    const calls = stubFetch({
      [`GET /api/signup/invitations/${uuid}`]: () =>
        json({
          email: 'guest@newfirm.test',
          organization: { id: 2, name: 'Acme Capital Partners', logo: null },
          expires_at: '2026-12-01T00:00:00.000Z',
        }),
      [`POST /api/signup/invitations/${uuid}/accept`]: () =>
        json(
          {
            account_id: 50,
            email: 'guest@newfirm.test',
            organization: { id: 2, name: 'Acme Capital Partners' },
          },
          201,
        ),
      'POST /api/oauth/token/': () => json({ access_token: 'a-2', refresh_token: 'r-2' }),
      'GET /api/user/status': () => json({ ...ACCOUNT, id: 50, name: 'Gus' }),
    });
    const { router } = renderApp(`/signup/invitation/${uuid}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Acme Capital Partners on Parity' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('guest@newfirm.test');
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^First name/), 'Gus');
    await fill(user, screen.getByLabelText(/^Last name/), 'Guest');
    await fill(user, screen.getByLabelText(/^Password/), 'weak');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/accept'))).toBe(false);
    await user.clear(screen.getByLabelText(/^Password/));
    await fill(user, screen.getByLabelText(/^Password/), GOOD_PASSWORD);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBe('a-2');
  });

  it('explains an invitation that cannot be used', async () => {
    stubFetch({
      [`GET /api/signup/invitations/${uuid}`]: () =>
        json(
          { message: 'This invitation is invalid, has expired or was already used.', error: 'not_found' },
          404,
        ),
    });
    renderApp(`/signup/invitation/${uuid}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation is invalid, has expired or was already used.',
    );
    expect(screen.getByRole('link', { name: 'sign up' })).toHaveAttribute('href', '/signup');
  });

  it("refuses malformed invitation data with the 'Invalid response' error", async () => {
    stubFetch({
      // No organization: not an invitation.
      [`GET /api/signup/invitations/${uuid}`]: () => json({ email: 'guest@newfirm.test' }),
    });
    renderApp(`/signup/invitation/${uuid}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_RESPONSE_MESSAGE);
    expect(alertStore.getAlerts()).toContainEqual(
      expect.objectContaining({ type: 'error', title: 'Error', description: 'Invalid response' }),
    );
    expect(screen.queryByRole('textbox', { name: /^First name/ })).not.toBeInTheDocument();
  });
});
