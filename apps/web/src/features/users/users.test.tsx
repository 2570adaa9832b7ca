import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { setTokens } from '../../lib/token-storage';
import { json, type StubbedCall, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import type { DirectoryUser, UserAccount } from './api/types';

configure({ asyncUtilTimeout: 15000 });
// Lazy route modules compile on first use; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  cleanupApps();
  closeAllDialogs();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wrap = <T,>(value: T | null, is_private = false) => ({ value, is_private });

const MY_ACCOUNT: UserAccount = {
  id: 4,
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@acme.test',
  title: 'Partner',
  image: null,
  image_url: null,
  organization: { id: 2, name: 'Acme Capital Partners', logo: null },
  personal_email: wrap('ada@home.test', true),
  phone: wrap(null),
  mobile_phone: wrap(null),
  address: wrap('London'),
  veteran: wrap<boolean>(false),
  lgbt: wrap<boolean>(null),
  is_generation_immigrant: wrap<boolean>(null),
  is_disabled: wrap<boolean>(null),
  gender_id: wrap<number>(null),
  ethnicity_id: wrap<number>(null),
  bio: wrap('Mathematician.'),
  start_date: wrap(null),
  languages: [],
  interests: [],
  private_fields: ['personal_email'],
  acknowledgements: [],
  two_fa_enabled: false,
};

function person(id: number): DirectoryUser {
  return {
    id,
    name: `Person${id}`,
    lastname: id % 2 ? `Last${id}` : 'Private',
    title: null,
    image_url: null,
    organization: { id: 2, name: 'Acme Capital Partners' },
  };
}

function directory(total: number) {
  return ({ search }: StubbedCall) => {
    const limit = Number(search.get('limit'));
    const offset = Number(search.get('offset'));
    const ids = Array.from(
      { length: Math.max(0, Math.min(limit, total - offset)) },
      (_, i) => offset + i + 1,
    );
    return json({ data: ids.map(person), total });
  };
}

const base = {
  'GET /api/user/status': () => json(ACCOUNT),
  'GET /api/user-account': () => json(MY_ACCOUNT),
};

describe('/users (directory)', () => {
  it('lists 30 users a page, pages on, and searches', async () => {
    const calls = stubFetch({ ...base, 'GET /api/users': directory(45) });
    const { router } = renderApp('/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Person1 Last1' })).toHaveAttribute('href', '/users/1');
    // The display name drops a 'Private' last name.
    expect(screen.getByRole('link', { name: 'Person2' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Person\d+/ })).toHaveLength(30);
    expect(screen.getByText('45 users')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Person31 Last31' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Person\d+/ })).toHaveLength(15));
    expect(router.state.location.search).toBe('?page=2');
    const page2 = calls.filter((call) => call.url.pathname === '/api/users').at(-1);
    expect(page2?.url.searchParams.get('limit')).toBe('30');
    expect(page2?.url.searchParams.get('offset')).toBe('30');

    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=ada'));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.url.pathname === '/api/users')
          .at(-1)
          ?.url.searchParams.get('search_query'),
      ).toBe('ada'),
    );
    const searched = calls.filter((call) => call.url.pathname === '/api/users').at(-1);
    expect(searched?.url.searchParams.get('offset')).toBe('0');
  });

  it('says when no user is found', async () => {
    stubFetch({ ...base, 'GET /api/users': () => json({ data: [], total: 0 }) });
    renderApp('/users?search=zzz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });
});

describe('/users/{userId} (public profile)', () => {
  it("shows 'Private' for private fields, 'No information' for empty ones, and drops a private last name", async () => {
    stubFetch({
      ...base,
      'GET /api/accounts/7': () =>
        json({
          id: 7,
          name: 'Max',
          lastname: 'Private',
          email: 'max@acme.test',
          title: null,
          organization: { id: 2, name: 'Acme Capital Partners' },
          personal_email: 'Private',
          phone: null,
          address: 'Berlin',
          veteran: 'Private',
          lgbt: null,
          bio: null,
        }),
    });
    renderApp('/users/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Max' })).toBeInTheDocument();
    const field = (name: string) => document.querySelector(`[data-field="${name}"] dd`);
    expect(field('personal_email')).toHaveTextContent('Private');
    expect(field('veteran')).toHaveTextContent('Private');
    expect(field('phone')).toHaveTextContent('No information');
    expect(field('title')).toHaveTextContent('No information');
    expect(field('address')).toHaveTextContent('Berlin');
    expect(screen.getByRole('tab', { name: 'About' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Documents' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('says a profile the API does not show is not available, with the way back, and a withheld email Private', async () => {
    stubFetch({
      ...base,
      'GET /api/accounts/8': () => json({ message: 'User not found.', error: 'not_found' }, 404),
      'GET /api/accounts/9': () =>
        json({ id: 9, name: 'Eve', lastname: 'Castillo', email: null, organization: null, phone: null }),
    });
    const { router } = renderApp('/users/8');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This profile is not available');
    expect(alert).toHaveTextContent('User not found.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/users');
    await router.navigate('/users/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Eve Castillo' })).toBeInTheDocument();
    expect(document.querySelector('[data-field="email"] dd')).toHaveTextContent('Private');
    expect(document.querySelector('[data-field="organization"] dd')).toHaveTextContent('No information');
  });

  it('sends a non-numeric id to /404', async () => {
    stubFetch(base);
    const { router } = renderApp('/users/abc');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/404');
  });
});

describe('/users/private (my profile)', () => {
  it('has Edit Profile, a disabled Invite User and the tabs', async () => {
    stubFetch(base);
    renderApp('/users/private');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Invite User' })).toBeDisabled();
    const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/users/private',
      '/users/private/files',
      '/users/private/media',
      '/users/private/bookmarks',
      '/users/private/settings',
    ]);
    expect(document.querySelector('[data-field="address"] dd')).toHaveTextContent('London');
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    expect(within(modules).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it("refuses to save without name and last name: 'Please, populate required data:' and the labels", async () => {
    const calls = stubFetch(base);
    renderApp('/users/private');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(await screen.findByRole('textbox', { name: /^Name/ }));
    await user.clear(screen.getByRole('textbox', { name: /^Last name/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please, populate required data: Name, Last name',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('saves the profile as form fields with the private list, and goes back to About', async () => {
    stubFetch({
      ...base,
      'POST /api/user-account/4': () => json({ ...MY_ACCOUNT, title: 'Managing Partner' }),
    });
    const fetchStub = globalThis.fetch as ReturnType<typeof vi.fn>;
    const { router } = renderApp('/users/private?edit=1');
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Managing Partner');
    await user.click(screen.getByRole('switch', { name: 'Keep address private' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const post = fetchStub.mock.calls.find(([, init]) => init?.method === 'POST');
    const sent = post?.[1]?.body as FormData;
    expect(sent.get('name')).toBe('Ada');
    expect(sent.get('title')).toBe('Managing Partner');
    expect(sent.getAll('private_fields[]').sort()).toEqual(['address', 'personal_email']);
    expect(sent.get('veteran')).toBe('0');
    expect(sent.get('two_fa_enabled')).toBe('0');
    expect(alertStore.getAlerts()).toContainEqual(expect.objectContaining({ title: 'User was updated' }));
  });

  it('settings: checks the new password with the password rule before sending', async () => {
    const calls = stubFetch({ ...base, 'POST /api/passwords/update': () => json({ message: 'ok' }) });
    renderApp('/users/private/settings');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), 'Old-Password-1!');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(
        'Password must be from 12 to 255 characters, include at least one capital letter, one sign and one number',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/passwords/update')).toBe(false);

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'New-Password-2026!');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'New-Password-2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/passwords/update')).toBe(true));
    const body = JSON.parse(calls.find((call) => call.path === '/api/passwords/update')?.body ?? '{}');
    expect(body).toEqual({
      current_password: 'Old-Password-1!',
      new_password: 'New-Password-2026!',
      new_password_confirmation: 'New-Password-2026!',
    });
  });

  it("settings: an empty password field is also an 'Error' alert naming it (spec 8)", async () => {
    const calls = stubFetch({ ...base, 'POST /api/passwords/update': () => json({ message: 'ok' }) });
    renderApp('/users/private/settings');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'New-Password-2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('Field is empty')).toHaveLength(2);
    expect(
      alertStore
        .getAlerts()
        .filter((a) => a.type === 'error')
        .map((a) => `${a.title}: ${a.description}`),
    ).toEqual(['Error: Current password and Confirm new password are required.']);
    expect(calls.some((call) => call.path === '/api/passwords/update')).toBe(false);
  });

  it('settings: deactivation asks first, then logs out', async () => {
    const calls = stubFetch({
      ...base,
      'PUT /api/user-account/deactivate': () => json({ message: 'ok' }),
      'POST /api/oauth/logout': () => new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/users/private/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/user-account/deactivate')).toBe(
      true,
    );
  });

  it("settings: a refused deactivation says why and keeps the session (the last admin's 409)", async () => {
    const message =
      'An organization must keep at least one admin. Give another member the manage settings permission first.';
    stubFetch({
      ...base,
      'PUT /api/user-account/deactivate': () => json({ message, error: 'conflict' }, 409),
    });
    const { router } = renderApp('/users/private/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ type: 'error', description: message }),
      ),
    );
    expect(router.state.location.pathname).toBe('/users/private/settings');
  });

  it('settings: deleting the account asks for the password, then signs out to /login with a message', async () => {
    const calls = stubFetch({
      ...base,
      'DELETE /api/user-account': () =>
        json({ message: 'Your account and your personal data were deleted.' }),
      'POST /api/oauth/logout': () => new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/users/private/settings');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Delete my account' });
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account and personal data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your current password.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Parity-Demo-2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const erase = calls.find((call) => call.method === 'DELETE' && call.path === '/api/user-account');
    expect(JSON.parse(erase?.body ?? '{}')).toEqual({ password: 'Parity-Demo-2026!' });
    expect(alertStore.getAlerts()).toContainEqual(
      expect.objectContaining({
        type: 'success',
        description: 'Your account and your personal data were deleted.',
      }),
    );
  });

  it('settings: a wrong password is shown on the field and keeps the session', async () => {
    const message = 'The password is incorrect: your account was not deleted.';
    stubFetch({
      ...base,
      'DELETE /api/user-account': () =>
        json({ message, error: 'invalid_password', detail: [{ field: 'body.password', message }] }, 400),
    });
    const { router } = renderApp('/users/private/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account and personal data?' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/private/settings');
  });

  it('documents: lists my files with their size and downloads one with the token', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/account-attachments-detailed': () =>
        json({
          data: [
            {
              id: 'f1',
              name: 'cv.pdf',
              size: 1500,
              content_type: 'application/pdf',
              created_at: '2026-01-02T10:00:00Z',
              url: '/api/files/f1',
            },
          ],
        }),
      'GET /api/files/f1': () =>
        new Response(new Blob(['%PDF']), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cv'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/users/private/files');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'cv.pdf' }));
    expect(screen.getByText('1.50 kB')).toBeInTheDocument();
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = calls.find((call) => call.path === '/api/files/f1');
    expect(download?.headers.authorization).toBe('Bearer access-1');
  });

  it('a failed read of my documents, media or bookmarks says why inline, never "No … yet", and raises no toast', async () => {
    const refused = () => json({ message: 'Your account is awaiting approval.' }, 403);
    for (const [path, title, empty] of [
      ['/users/private/files', 'Your documents could not be loaded', 'No documents yet'],
      ['/users/private/media', 'Your media could not be loaded', 'No media yet'],
      ['/users/private/bookmarks', 'Your bookmarks could not be loaded', 'No bookmarks yet'],
    ] as const) {
      stubFetch({
        ...base,
        'GET /api/account-attachments-detailed': refused,
        'GET /api/user-saved': refused,
      });
      renderApp(path);
      const alert = await screen.findByRole('alert', { name: title });
      expect(alert).toHaveTextContent('Your account is awaiting approval.');
      expect(screen.queryByText(empty)).not.toBeInTheDocument();
      expect(alertStore.getAlerts()).toEqual([]);
      cleanupApps();
    }
  });

  it('the Users module is in the top bar for approved members only', async () => {
    stubFetch({
      ...base,
      'GET /api/user/status': () => json({ ...ACCOUNT, status: 'pending', isAllowed: false }),
    });
    renderApp('/users/private');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    expect(within(modules).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(modules).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
