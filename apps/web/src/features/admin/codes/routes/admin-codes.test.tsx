import type { TAdminCode } from '@parity/domain/admin-codes';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { closeAllDialogs } from '../../../../components/dialog/dialog-store';
import { setTokens } from '../../../../lib/token-storage';
import { json, jsonBody, stubFetch } from '../../../../testing/fetch-stub';
import { ACCOUNT } from '../../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../../testing/render';

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

const code = (id: number, value: string, status: TAdminCode['status']): TAdminCode => ({
  id,
  code: value,
  organization: { id: 2, name: 'Acme Capital Partners' },
  expires_at: id === 1 ? '2026-12-31T23:59:59.999Z' : null,
  revoked_at: status === 'revoked' ? '2026-03-01T00:00:00.000Z' : null,
  created_at: '2026-03-01T00:00:00.000Z',
  status,
});

const LIST = { data: [code(1, 'ABCDE-FGHJK', 'active'), code(2, 'OLDOL-DOLDO', 'revoked')], total: 2 };

describe('/admin/codes', () => {
  it('lists codes with expiry and status, searches, and rotates one after a confirmation', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/codes': () => json(LIST),
      'POST /api/admin/codes/1/rotate': () => json(code(3, 'NEWNE-WNEWN', 'active')),
    });
    const user = userEvent.setup();
    renderApp('/admin/codes');
    const table = await screen.findByRole('table', { name: 'Organizations codes, newest first' });
    const active = within(table).getByRole('row', { name: /ABCDE-FGHJK/ });
    expect(within(active).getByText('Dec 31, 2026')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    const revoked = within(table).getByRole('row', { name: /OLDOL-DOLDO/ });
    expect(within(revoked).getByText('Never')).toBeInTheDocument();
    expect(within(revoked).getByRole('button', { name: 'Rotate OLDOL-DOLDO' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Organizations Codes' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search codes' }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((call) => call.search.get('search') === 'acme')).toBe(true));

    await user.click(within(active).getByRole('button', { name: 'Rotate ABCDE-FGHJK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate code' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await waitFor(() =>
      expect(alertStore.getAlerts()).toEqual([
        expect.objectContaining({ type: 'success', description: 'The new code is NEWNE-WNEWN.' }),
      ]),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/codes/1/rotate',
    ]);
  });

  it('revokes only when confirmed', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/codes': () => json(LIST),
      'POST /api/admin/codes/1/revoke': () => json(code(1, 'ABCDE-FGHJK', 'revoked')),
    });
    const user = userEvent.setup();
    renderApp('/admin/codes');
    const row = await screen.findByRole('row', { name: /ABCDE-FGHJK/ });
    const revoke = async () => {
      await user.click(within(row).getByRole('button', { name: 'More actions for ABCDE-FGHJK' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
      return screen.findByRole('dialog', { name: 'Revoke code' });
    };
    await user.click(within(await revoke()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(await revoke()).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/codes/1/revoke')).toBe(true));
  });

  it('creates a code for an organization picked by search, with an expiry day', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/codes': () => json({ data: [], total: 0 }),
      // The console's own list: a private organization can be picked too.
      'GET /api/admin/organizations': () => json({ data: [{ id: 7, name: 'Cedar Equity' }], total: 1 }),
      'POST /api/admin/codes': () => json(code(9, 'CEDAR-CODE2', 'active'), 201),
    });
    const user = userEvent.setup();
    renderApp('/admin/codes');
    expect(await screen.findByText('No codes found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create code' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose an organization')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Organization/), 'ced');
    await user.click(await screen.findByRole('option', { name: 'Cedar Equity', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Expires on' }), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST');
    expect(jsonBody(post!)).toEqual({ organization_id: 7, expires_at: '2026-12-31T23:59:59.999Z' });
    // Picked from the console's list of live organizations (private ones too), not the directory.
    const search = calls.find((call) => call.path === '/api/admin/organizations');
    expect(search?.search.get('state')).toBe('live');
  });

  it('shows a failed read inline', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/codes': () => json({ message: 'Not allowed.', error: 'forbidden' }, 403),
    });
    renderApp('/admin/codes');
    expect(await screen.findByRole('alert', { name: /The codes could not be loaded/ })).toBeInTheDocument();
  });
});
