import type { TAdminClient } from '@parity/domain/admin-clients';
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

const WEB: TAdminClient = {
  id: 'parity-web',
  name: 'Parity web app',
  first_party: true,
  organization: null,
  scopes: [],
  grant_types: ['password', 'refresh_token'],
  status: 'active',
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  rotated_at: null,
  revoked_at: null,
  last_used_at: null,
};
const BI: TAdminClient = {
  id: 'pc_0123456789abcdef0123',
  name: 'Northwind BI',
  first_party: false,
  organization: { id: 3, name: 'Northwind Pension Fund' },
  scopes: ['read:analytics', 'read:surveys'],
  grant_types: ['client_credentials'],
  status: 'active',
  created_by: { id: 1, name: 'Pat', lastname: 'Admin' },
  created_at: '2026-03-01T10:00:00.000Z',
  rotated_at: null,
  revoked_at: null,
  last_used_at: '2026-03-02T08:30:00.000Z',
};
const LIST = { data: [BI, WEB], total: 2 };

describe('/admin/clients', () => {
  it('lists clients with organization, scopes, last use and status, and searches', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/clients': () => json(LIST),
    });
    const user = userEvent.setup();
    renderApp('/admin/clients');
    const table = await screen.findByRole('table', { name: 'OAuth clients, newest first' });
    const bi = within(table).getByRole('row', { name: /Northwind BI/ });
    expect(within(bi).getByText('Northwind Pension Fund')).toBeInTheDocument();
    expect(within(bi).getByText('read:analytics')).toBeInTheDocument();
    expect(within(bi).getByText('Mar 2, 2026')).toBeInTheDocument();
    expect(within(bi).getByText('Active')).toBeInTheDocument();
    expect(within(bi).getByRole('link', { name: 'Northwind BI' })).toHaveAttribute(
      'href',
      '/admin/clients/pc_0123456789abcdef0123',
    );
    const web = within(table).getByRole('row', { name: /Parity web app/ });
    expect(within(web).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('2 clients')).toBeInTheDocument();
    // The tab sits between Organizations Codes and Users (spec order).
    const sections = within(screen.getByRole('navigation', { name: 'Admin sections' }));
    const tabs = sections.getAllByRole('link').map((link) => link.textContent);
    expect(tabs.slice(tabs.indexOf('Organizations Codes'), tabs.indexOf('Organizations Codes') + 3)).toEqual([
      'Organizations Codes',
      'Clients',
      'Users',
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Search clients' }), 'north');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((call) => call.search.get('search') === 'north')).toBe(true));
  });

  it('creates a client: checks the fields, then shows the secret once with a copy button and a warning', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/clients': () => json({ data: [], total: 0 }),
      'GET /api/admin/organizations': () =>
        json({ data: [{ id: 3, name: 'Northwind Pension Fund' }], total: 1 }),
      'POST /api/admin/clients': () => json({ client: BI, client_secret: 'pcs_the-secret-shown-once' }, 201),
    });
    const user = userEvent.setup();
    renderApp('/admin/clients');
    expect(await screen.findByText('No clients found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create client' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose an organization')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Northwind BI');
    await user.type(within(dialog).getByLabelText(/^Organization/), 'north');
    await user.click(await screen.findByRole('option', { name: 'Northwind Pension Fund', hidden: true }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^read:analytics/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^read:surveys/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Client created' });
    expect(within(shown).getByText('pcs_the-secret-shown-once')).toBeInTheDocument();
    expect(within(shown).getByText('pc_0123456789abcdef0123')).toBeInTheDocument();
    expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(jsonBody(post!)).toEqual({
      name: 'Northwind BI',
      organization_id: 3,
      scopes: ['read:analytics', 'read:surveys'],
    });
    await user.click(within(shown).getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a failed read inline', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/clients': () => json({ message: 'Not allowed.', error: 'forbidden' }, 403),
    });
    renderApp('/admin/clients');
    expect(await screen.findByRole('alert', { name: /The clients could not be loaded/ })).toBeInTheDocument();
  });
});

describe('/admin/clients/{clientId}', () => {
  const path = `/api/admin/clients/${BI.id}`;

  it('shows the details and saves the name and scopes', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      [`GET ${path}`]: () => json(BI),
      [`PUT ${path}`]: () => json({ ...BI, name: 'Northwind Tableau', scopes: ['read:analytics'] }),
    });
    const user = userEvent.setup();
    renderApp(`/admin/clients/${BI.id}`);
    const details = await screen.findByRole('table', { name: 'Client details' });
    expect(within(details).getByText('Northwind Pension Fund')).toBeInTheDocument();
    expect(within(details).getByText('client_credentials')).toBeInTheDocument();
    expect(within(details).getByText(/by Pat Admin/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Edit client' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Northwind Tableau');
    await user.click(within(form).getByRole('checkbox', { name: /^read:surveys/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(jsonBody(calls.find((call) => call.method === 'PUT')!)).toEqual({
      name: 'Northwind Tableau',
      scopes: ['read:analytics'],
    });
  });

  it('rotates the secret after a confirmation and shows the new one once', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      [`GET ${path}`]: () => json(BI),
      [`POST ${path}/rotate`]: () =>
        json({ client: { ...BI, rotated_at: '2026-03-03T00:00:00.000Z' }, client_secret: 'pcs_new-one' }),
    });
    const user = userEvent.setup();
    renderApp(`/admin/clients/${BI.id}`);
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Rotate secret' });
    expect(within(confirmDialog).getByText(/stop working at once/)).toBeInTheDocument();
    await user.click(within(confirmDialog).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New client secret' });
    expect(within(shown).getByText('pcs_new-one')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${path}/rotate`,
    ]);
  });

  it('revokes only when confirmed', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      [`GET ${path}`]: () => json(BI),
      [`POST ${path}/revoke`]: () =>
        json({ ...BI, status: 'revoked', revoked_at: '2026-03-03T00:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderApp(`/admin/clients/${BI.id}`);
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const first = await screen.findByRole('dialog', { name: 'Revoke client' });
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const second = await screen.findByRole('dialog', { name: 'Revoke client' });
    await user.click(within(second).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((call) => call.path === `${path}/revoke`)).toBe(true));
  });

  it('the first-party client has no edit, rotate or revoke; an unknown client says so', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/clients/parity-web': () => json(WEB),
      'GET /api/admin/clients/nobody': () => json({ message: 'Client not found.', error: 'not_found' }, 404),
    });
    renderApp('/admin/clients/parity-web');
    expect(await screen.findByText(/cannot be edited, rotated or revoked/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit client' })).not.toBeInTheDocument();
    cleanupApps();
    renderApp('/admin/clients/nobody');
    expect(await screen.findByRole('alert', { name: /The client could not be loaded/ })).toBeInTheDocument();
  });
});
