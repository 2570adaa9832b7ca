import type { TAdminAuditList } from '@parity/domain/admin-audit';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { setTokens } from '../../../../lib/token-storage';
import { json, stubFetch } from '../../../../testing/fetch-stub';
import { ACCOUNT } from '../../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../../testing/render';
import { NO_ENTRIES } from './admin-audit';

configure({ asyncUtilTimeout: 15000 });
// Lazy route modules compile on first use; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  cleanupApps();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ADMIN = { ...ACCOUNT, id: 1, email: 'admin@parity.test', isAdministrator: true };
const GRACE = { id: 1, name: 'Grace Hopper', email: 'admin@parity.test' };

const LIST: TAdminAuditList = {
  data: [
    {
      id: 12,
      at: '2026-03-02T09:00:00.000Z',
      actor: GRACE,
      organization: null,
      entity: 'setting',
      entity_id: 'maintenance',
      entity_name: 'maintenance',
      action: 'update',
      before: { maintenance: false, message: null },
      after: { maintenance: true, message: 'Back at noon' },
    },
    {
      id: 11,
      at: '2026-03-01T09:00:00.000Z',
      actor: null,
      organization: { id: 2, name: 'Acme Capital Partners' },
      entity: 'membership',
      entity_id: '7',
      entity_name: 'Priya Patel',
      action: 'approve',
      before: { status: 'pending', user_name: 'Priya Patel' },
      after: { status: 'approved', user_name: 'Priya Patel' },
    },
  ],
  total: 2,
};

describe('/admin/audit', () => {
  it('lists the entries, sends each filter in the query and shows an entry’s changes field by field', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/audit': () => json(LIST),
      'GET /api/organizations': () => json({ data: [{ id: 2, name: 'Acme Capital Partners' }], total: 1 }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit entries, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Platform setting: update')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('System')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Acme Capital Partners')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Priya Patel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit' })).toHaveAttribute('href', '/admin/audit');

    await user.click(
      within(rows[1]!).getByRole('button', { name: 'Show the changes of Platform setting: update' }),
    );
    const diff = await screen.findByRole('table', { name: 'What changed' });
    const diffRows = within(diff)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(diffRows).toEqual(['FieldBeforeAfter', 'MaintenanceNoYes', 'Message—Back at noon']);

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Platform setting', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?entity=setting'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/audit' && c.search.get('entity') === 'setting')).toBe(
        true,
      ),
    );

    await user.type(screen.getByRole('textbox', { name: 'Actor' }), 'grace');
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/admin/audit' &&
            c.search.get('actor') === 'grace' &&
            c.search.get('entity') === 'setting',
        ),
      ).toBe(true),
    );

    await user.type(screen.getByRole('textbox', { name: 'From' }), '2026-03-01');
    await user.tab();
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/audit' && c.search.get('from') === '2026-03-01')).toBe(
        true,
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'To' }), '2026-02-01');
    await user.tab();
    expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
  });

  it('says so when nothing matches, and why when the log cannot be loaded', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/audit': () => json({ data: [], total: 0 }),
    });
    renderApp('/admin/audit');
    expect(await screen.findByText(NO_ENTRIES)).toBeInTheDocument();
    cleanupApps();
    stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/audit': () => json({ message: 'Forbidden' }, 403),
    });
    renderApp('/admin/audit');
    expect(await screen.findByText('The audit log could not be loaded')).toBeInTheDocument();
  });
});
