import { passwordResetSentMessage, type TAdminUser, type TAdminUserRow } from '@parity/domain/admin-users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { closeAllDialogs } from '../../../../components/dialog/dialog-store';
import { setTokens } from '../../../../lib/token-storage';
import { json, jsonBody, type StubbedCall, stubFetch } from '../../../../testing/fetch-stub';
import { ACCOUNT } from '../../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../../testing/render';
import { END_SESSIONS_LABEL } from '../components/password-reset-dialog';

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

const ADMIN = { ...ACCOUNT, id: 1, email: 'admin@parity.test', isAdministrator: true };
const base = { 'GET /api/user/status': () => json(ADMIN) };

function row(id: number, extra: Partial<TAdminUserRow> = {}): TAdminUserRow {
  return {
    id,
    name: `Person${id}`,
    lastname: `Last${id}`,
    email: `p${id}@acme.test`,
    title: null,
    organization: { id: 2, name: 'Acme Capital Partners' },
    status: 'approved',
    is_sadm: false,
    two_fa_enabled: false,
    created_at: '2026-01-02T00:00:00.000Z',
    last_login_at: null,
    permission_sets: ['Member'],
    ...extra,
  };
}

function page(total: number) {
  return ({ search }: StubbedCall) => {
    const limit = Number(search.get('limit'));
    const offset = Number(search.get('offset'));
    const n = Math.max(0, Math.min(limit, total - offset));
    return json({ data: Array.from({ length: n }, (_, i) => row(offset + i + 1)), total });
  };
}

const PENDING: TAdminUser = {
  ...row(7, {
    name: 'Pat',
    lastname: 'Pending',
    email: 'pending@acme.test',
    status: 'pending',
    two_fa_enabled: true,
  }),
  permissions: {
    is_sadm: false,
    manage_settings: false,
    user_manage_surveys: false,
    survey_creation: false,
    average_lpi_score_access: false,
  },
  user_roles: [],
  deleted_at: null,
};

const ROLES = [
  { id: 1, name: 'Asset Owner / Allocator' },
  { id: 2, name: 'Asset Manager' },
  { id: 4, name: 'Advisor' },
];

describe('/admin/users', () => {
  it('lists users with links, pages, sorts and filters', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/users': page(30),
      'GET /api/admin/organizations': () => json({ data: [], total: 0 }),
    });
    renderApp('/admin/users');
    expect(await screen.findByRole('link', { name: 'Person1 Last1' })).toHaveAttribute(
      'href',
      '/admin/users/1',
    );
    const sections = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(sections).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(sections).getByRole('link', { name: 'Archived Users' })).toBeInTheDocument();
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Person26 Last26' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sort by Email' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/users').at(-1)!;
      expect(last.search.get('sort_by')).toBe('email');
      expect(last.search.get('sort_order')).toBe('asc');
      expect(last.search.get('offset')).toBe('0');
    });

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ada');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/admin/users')
          .at(-1)!
          .search.get('search'),
      ).toBe('ada'),
    );
  });

  it('shows each user’s permission set and filters by one', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/users': page(3),
      'GET /api/organizations': () => json({ data: [], total: 0 }),
    });
    renderApp('/admin/users');
    await screen.findByRole('link', { name: 'Person1 Last1' });
    expect(screen.getAllByRole('cell', { name: 'Member' })).toHaveLength(3);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Permission set' }));
    await user.click(await screen.findByRole('option', { name: 'LPI editor', hidden: true }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/admin/users')
          .at(-1)!
          .search.get('permission_set'),
      ).toBe('LPI editor'),
    );
  });

  it('says when there are no users', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/users': () => json({ data: [], total: 0 }),
      'GET /api/admin/organizations': () => json({ data: [], total: 0 }),
    });
    renderApp('/admin/users');
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  });

  it('shows a failed read', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/users': () => json({ message: 'Forbidden', error: 'forbidden' }, 403),
      'GET /api/admin/organizations': () => json({ data: [], total: 0 }),
    });
    renderApp('/admin/users');
    expect(await screen.findByText('The users could not be loaded')).toBeInTheDocument();
  });
});

describe('/admin/users/{userId}', () => {
  it('approves a pending user, turns two-factor off after confirming, and saves the profile', async () => {
    let current = PENDING;
    const calls = stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(current),
      'POST /api/admin/users/7/approve': () => {
        current = { ...current, status: 'approved' };
        return json(current);
      },
      'POST /api/admin/users/7/two-factor/disable': () => {
        current = { ...current, two_fa_enabled: false };
        return json(current);
      },
      'PUT /api/admin/users/7': (call) => {
        current = { ...current, ...(jsonBody(call) as Partial<TAdminUser>) };
        return json(current);
      },
    });
    renderApp('/admin/users/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/users/7/approve')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/users/7/two-factor/disable')).toBe(true),
    );

    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'CFO');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/admin/users/7');
      expect(put && jsonBody(put)).toMatchObject({ title: 'CFO', email: 'pending@acme.test' });
    });
  });

  it("sends a password reset that ends the user's sessions unless unticked, and tells how many ended", async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(PENDING),
      'POST /api/admin/users/7/password-reset': (call) => {
        const ended = (jsonBody(call) as { end_sessions: boolean }).end_sessions ? 2 : null;
        return json({ message: passwordResetSentMessage(ended), sessions_ended: ended });
      },
    });
    const resets = () => calls.filter((c) => c.path === '/api/admin/users/7/password-reset').map(jsonBody);
    renderApp('/admin/users/7');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send password reset' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: END_SESSIONS_LABEL })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'A password reset link was sent to the user. 2 sessions ended: they are signed out everywhere.',
      ),
    ).toBeInTheDocument();
    expect(resets()).toEqual([{ end_sessions: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Send password reset' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: END_SESSIONS_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(resets()).toEqual([{ end_sessions: true }, { end_sessions: false }]));
    expect(await screen.findByText('A password reset link was sent to the user.')).toBeInTheDocument();
  });

  it('shows the email conflict on the form', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(PENDING),
      'PUT /api/admin/users/7': () =>
        json({ message: 'Another account already uses this email address.', error: 'conflict' }, 409),
    });
    renderApp('/admin/users/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another account already uses this email address.')).toBeInTheDocument();
  });

  it('saves permissions and shows a refusal', async () => {
    let refuse = false;
    const calls = stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(PENDING),
      'GET /api/roles': () => json({ data: ROLES }),
      'PUT /api/admin/users/7/permissions': (call) =>
        refuse
          ? json({ message: 'The last platform administrator cannot be demoted.', error: 'conflict' }, 409)
          : json({ ...PENDING, permissions: { ...PENDING.permissions, ...(jsonBody(call) as object) } }),
    });
    renderApp('/admin/users/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Permissions' }));
    await user.click(screen.getByRole('switch', { name: 'Survey host (manage surveys)' }));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => {
      const put = calls.find((c) => c.path === '/api/admin/users/7/permissions');
      expect(put && jsonBody(put)).toEqual({ user_manage_surveys: true });
    });
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('switch', { name: 'Survey creation' }));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('The last platform administrator cannot be demoted.')).toBeInTheDocument();
  });
});

describe('/admin/users/{userId}: the Permissions path and a user not found', () => {
  it('opens Permissions from its path, and a tab click or an old ?tab= link puts the path in the address', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(PENDING),
      'GET /api/roles': () => json({ data: ROLES }),
    });
    const { router } = renderApp('/admin/users/7/permissions');
    expect(await screen.findByRole('tab', { name: 'Permissions', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Survey creation' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/7'));
    await router.navigate('/admin/users/7?tab=permissions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/7/permissions'));
    expect(await screen.findByRole('tab', { name: 'Permissions', selected: true })).toBeInTheDocument();
    await router.navigate('/admin/users/7/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('says the user is not found (a mistyped or unknown id) in the admin layout, with a way back', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/users/99': () => json({ message: 'User not found.' }, 404),
    });
    const { router } = renderApp('/admin/users/abc');
    expect(await screen.findByRole('alert', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/admin/users');
    expect(router.state.location.pathname).toBe('/admin/users/abc');
    await router.navigate('/admin/users/99');
    expect(await screen.findByRole('alert', { name: 'User not found' })).toBeInTheDocument();
  });
});

describe('/admin/users/{userId} Permissions: sets and roles', () => {
  const LPI_EDITOR: TAdminUser = {
    ...PENDING,
    status: 'approved',
    permissions: { ...PENDING.permissions, average_lpi_score_access: true },
    permission_sets: ['LPI editor'],
    user_roles: [{ id: 2, name: 'Asset Manager' }],
  };

  it('names the set, applies one after a confirmation naming the switches that change, in one PUT', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(LPI_EDITOR),
      'GET /api/roles': () => json({ data: ROLES }),
      'PUT /api/admin/users/7/permissions': (call) =>
        json({ ...LPI_EDITOR, permissions: { ...LPI_EDITOR.permissions, ...(jsonBody(call) as object) } }),
    });
    renderApp('/admin/users/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Permissions' }));
    expect(screen.getByTestId('permission-set')).toHaveTextContent('LPI editor');

    await user.click(screen.getByRole('combobox', { name: 'Apply a permission set' }));
    await user.click(await screen.findByRole('option', { name: /^Survey host/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'These switches change: Survey host (manage surveys) off → on; Survey creation off → on; Average LPI score access on → off.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const puts = calls.filter((c) => c.path === '/api/admin/users/7/permissions');
      expect(puts.map((put) => jsonBody(put))).toEqual([
        {
          manage_settings: false,
          user_manage_surveys: true,
          survey_creation: true,
          average_lpi_score_access: false,
        },
      ]);
    });
    expect(await screen.findByText('Survey host applied')).toBeInTheDocument();
    expect(screen.getByTestId('permission-set')).toHaveTextContent('Survey host');
    expect(screen.getByRole('switch', { name: 'Survey creation' })).toBeChecked();
  });

  it('writes nothing when the confirmation is cancelled', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(LPI_EDITOR),
      'GET /api/roles': () => json({ data: ROLES }),
    });
    renderApp('/admin/users/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Permissions' }));
    await user.click(screen.getByRole('combobox', { name: 'Apply a permission set' }));
    await user.click(await screen.findByRole('option', { name: /^Member/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('These switches change: Average LPI score access on → off.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the roles chosen from the roles dictionary', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(LPI_EDITOR),
      'GET /api/roles': () => json({ data: ROLES }),
      'PUT /api/admin/users/7/roles': (call) => {
        const ids = (jsonBody(call) as { role_ids: number[] }).role_ids;
        return json({ ...LPI_EDITOR, user_roles: ROLES.filter((r) => ids.includes(r.id)) });
      },
    });
    renderApp('/admin/users/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Permissions' }));
    const save = screen.getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled();
    await user.click(await screen.findByRole('combobox', { name: 'Roles' }));
    await user.click(await screen.findByRole('option', { name: 'Advisor', hidden: true }));
    await user.click(save);
    await waitFor(() => {
      const put = calls.find((c) => c.path === '/api/admin/users/7/roles');
      expect(put && jsonBody(put)).toEqual({ role_ids: [2, 4] });
    });
    expect(await screen.findByText('Roles saved')).toBeInTheDocument();
  });

  it('shows the roles refused by the API', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/users/7': () => json(LPI_EDITOR),
      'GET /api/roles': () => json({ data: ROLES }),
      'PUT /api/admin/users/7/roles': () =>
        json({ message: 'Unknown role id: 4.', error: 'bad_request' }, 400),
    });
    renderApp('/admin/users/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Permissions' }));
    await user.click(await screen.findByRole('combobox', { name: 'Roles' }));
    await user.click(await screen.findByRole('option', { name: 'Advisor', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Unknown role id: 4.')).toBeInTheDocument();
  });
});

describe('/admin/archived-users', () => {
  it('restores a user after confirming', async () => {
    let archived = [{ ...row(9), deleted_at: '2026-03-01T00:00:00.000Z' }];
    const calls = stubFetch({
      ...base,
      'GET /api/admin/archived-users': () => json({ data: archived, total: archived.length }),
      'POST /api/admin/archived-users/9/restore': () => {
        archived = [];
        return json({ message: 'restored' });
      },
    });
    renderApp('/admin/archived-users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore Person9 Last9' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/archived-users/9/restore')).toBe(true),
    );
    expect(await screen.findByText('No archived users.')).toBeInTheDocument();
  });
});
