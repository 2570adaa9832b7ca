import type { TFeed } from '@parity/domain/organization-audit';
import type { TContactList } from '@parity/domain/organization-contacts';
import type { TOrganizationFileList } from '@parity/domain/organization-files';
import type { TPendingInvitationList } from '@parity/domain/organization-invitations';
import { LAST_ADMIN_MESSAGE, type TPermissionList } from '@parity/domain/organization-members';
import type { TOrganizationSettings } from '@parity/domain/organization-settings';
import type { TMember, TMemberList } from '@parity/domain/signup';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { clearDictionaryCache } from '../../lib/dictionaries';
import { setTokens } from '../../lib/token-storage';
import { json, type StubbedCall, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

configure({ asyncUtilTimeout: 15000 });
// Lazy route modules compile on first use; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  clearDictionaryCache();
});

afterEach(() => {
  cleanupApps();
  closeAllDialogs();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SETTINGS: TOrganizationSettings = {
  id: 2,
  name: 'Acme Capital Partners',
  about: 'Private equity.',
  website: 'https://acme.example',
  color_id: 1,
  legal_structure: 3,
  inception_date: '2001-05-01',
  primary_contact_id: 4,
  primary_contact_name: 'Ada Lovelace',
  is_publicly_traded: false,
  ticker_symbol: null,
  total_full_time_employees: 40,
  total_leaders: 5,
  total_owners: 3,
  is_public: true,
  publish_scores: false,
  logo: null,
  cover: null,
};

function member(id: number, name: string, status: TMember['status'], admin = false): TMember {
  return {
    id,
    name,
    lastname: 'Test',
    email: `${name.toLowerCase()}@acme.test`,
    image: null,
    status,
    manage_settings: admin,
    user_manage_surveys: false,
    survey_creation: false,
    average_lpi_score_access: admin,
    created_at: '2026-11-01T10:00:00.000Z',
  };
}

const MEMBERS: TMemberList = {
  data: [member(7, 'Penny', 'pending'), member(4, 'Ada', 'approved', true), member(5, 'Max', 'approved')],
  total: 3,
};

const errorAlerts = () => alertStore.getAlerts().filter((a) => a.type === 'error');

function base(
  overrides: Record<string, (call: StubbedCall) => Response | Promise<Response>> = {},
  admin = true,
) {
  return stubFetch({
    'GET /api/user/status': () => json({ ...ACCOUNT, isOrganizationAdministrator: admin }),
    'GET /api/organizations/me/settings': () => json(SETTINGS),
    'GET /api/organization-legal-structures': () =>
      json([
        { id: 1, name: 'Corporation (C Corp)' },
        { id: 3, name: 'Limited Liability Company' },
        { id: 5, name: 'Sole Proprietorship' },
      ]),
    'GET /api/colors': () => json([{ id: 1, name: 'Blue', hex: '#1d4ed8' }]),
    'GET /api/organizations/me/members': () => json(MEMBERS),
    'GET /api/organizations/me/admins': () =>
      json({ data: [{ id: 4, name: 'Ada', lastname: '', image: null, email: 'ada@acme.test' }] }),
    ...overrides,
  });
}

describe('/organizations/private (my organization)', () => {
  it('opens the feed by default, newest first, with the header buttons for admins', async () => {
    const feed: TFeed = {
      data: [
        {
          id: 'a2',
          at: '2026-11-20T10:00:00.000Z',
          actor: null,
          kind: 'file.upload',
          summary: 'Ada Lovelace uploaded report.pdf',
        },
        {
          id: 'a1',
          at: '2026-11-19T10:00:00.000Z',
          actor: null,
          kind: 'membership.join',
          summary: 'Max Planck joined',
        },
      ],
      total: 2,
    };
    const calls = base({ 'GET /api/organizations/me/feed': () => json(feed) });
    const { router } = renderApp('/organizations/private');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Capital Partners' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/private/feed'));
    const events = await screen.findByRole('list', { name: 'Events' });
    const items = within(events).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ada Lovelace uploaded report.pdf');
    expect(items[1]).toHaveTextContent('Max Planck joined');
    const feedCall = calls.find((c) => c.path === '/api/organizations/me/feed');
    expect(feedCall).toBeDefined();

    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'My organization sections' });
    expect(within(sections).getByRole('link', { name: 'Reporting' })).toHaveAttribute(
      'href',
      '/organizations/private/lpi/overview',
    );
    expect(within(sections).getByRole('link', { name: 'Organization code' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/private/settings'));
  });

  it('says when the feed is empty and hides admin actions from members', async () => {
    base({ 'GET /api/organizations/me/feed': () => json({ data: [], total: 0 }) }, false);
    renderApp('/organizations/private/feed');
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Organization code' })).not.toBeInTheDocument();
  });

  it('Invite User mails an invitation from the header', async () => {
    const calls = base({
      'GET /api/organizations/me/feed': () => json({ data: [], total: 0 }),
      'POST /api/organizations/me/invitations': () =>
        json(
          {
            id: 9,
            organization_id: 2,
            email: 'new@acme.test',
            expires_at: '2026-11-29T10:00:00.000Z',
            created_at: '2026-11-22T10:00:00.000Z',
          },
          201,
        ),
    });
    renderApp('/organizations/private/feed');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'new@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.path === '/api/organizations/me/invitations')?.body,
      ).toBe(JSON.stringify({ email: 'new@acme.test' })),
    );
    await waitFor(() => expect(alertStore.getAlerts().some((a) => a.title === 'Email sent')).toBe(true));
  });
});

describe('/organizations/private/settings', () => {
  it('shows each rule message next to its field and saves a valid form', async () => {
    const calls = base({
      'PUT /api/organizations/me': (call) =>
        json({
          message: 'Organization was updated',
          organization: { ...SETTINGS, ...JSON.parse(call.body ?? '{}') },
        }),
    });
    renderApp('/organizations/private/settings');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Acme Capital Partners');
    // Publicly traded is editable only for legal structure 1.
    expect(screen.getByRole('switch', { name: /Publicly Traded/ })).toBeDisabled();

    const user = userEvent.setup();
    await user.clear(name);
    fireEvent.change(screen.getByLabelText(/Inception Date/), { target: { value: '2999-01-01' } });
    await user.clear(screen.getByRole('textbox', { name: /Total Full-Time Employees/ }));
    await user.type(screen.getByRole('textbox', { name: /Total Full-Time Employees/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Inception Date must not be after today')).toBeInTheDocument();
    expect(screen.getByText('Total Full-Time Employees must be equal or greater than 2')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(name, 'Acme Capital');
    fireEvent.change(screen.getByLabelText(/Inception Date/), { target: { value: '2001-05-01' } });
    await user.type(screen.getByRole('textbox', { name: /Total Full-Time Employees/ }), '2');
    await waitFor(() => expect(screen.queryByText('Name is required')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({
          type: 'success',
          title: 'Success!',
          description: 'Organization was updated',
        }),
      ),
    );
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/organizations/me');
    expect(JSON.parse(put?.body ?? '{}')).toMatchObject({
      name: 'Acme Capital',
      legal_structure: 3,
      inception_date: '2001-05-01',
      primary_contact_id: 4,
      is_publicly_traded: false,
      total_full_time_employees: 12,
      is_public: true,
      color_id: 1,
    });
  });

  it('requires a ticker when a corporation is publicly traded, and shows the server message per field', async () => {
    const calls = base({
      'GET /api/organizations/me/settings': () => json({ ...SETTINGS, legal_structure: 1 }),
      'PUT /api/organizations/me': () =>
        json(
          {
            message:
              'body.primary_contact_id: Primary Contact must be an approved member of the organization',
            error: 'validation_failed',
            detail: [
              {
                field: 'body.primary_contact_id',
                message: 'Primary Contact must be an approved member of the organization',
              },
            ],
          },
          400,
        ),
    });
    renderApp('/organizations/private/settings');
    const traded = await screen.findByRole('switch', { name: /Publicly Traded/ });
    expect(traded).toBeEnabled();
    const user = userEvent.setup();
    await user.click(traded);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ticker Symbol is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Ticker Symbol/ }), 'ACMECAPITAL1');
    expect(await screen.findByText('Ticker Symbol must be maximum 10 characters long')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Ticker Symbol/ }));
    await user.type(screen.getByRole('textbox', { name: /Ticker Symbol/ }), 'ACME');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Primary Contact must be an approved member of the organization'),
    ).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}')).toMatchObject({
      is_publicly_traded: true,
      ticker_symbol: 'ACME',
    });
  });

  it('publishes the LPI scores with the switch, disabled with a hint while the organization is private', async () => {
    const calls = base({
      'GET /api/organizations/me/settings': () => json({ ...SETTINGS, is_public: false }),
      'PUT /api/organizations/me': (call) =>
        json({
          message: 'Organization was updated',
          organization: { ...SETTINGS, ...JSON.parse(call.body ?? '{}') },
        }),
    });
    renderApp('/organizations/private/settings');
    const publish = await screen.findByRole('switch', { name: /^Publish LPI scores on the public page/ });
    expect(publish).toBeDisabled();
    expect(publish).not.toBeChecked();
    expect(screen.getByText(/Make the organization public first/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: /^Public organization/ }));
    await waitFor(() => expect(publish).toBeEnabled());
    expect(screen.getByText(/Other organizations see the LPI scores/)).toBeInTheDocument();
    await user.click(publish);
    expect(publish).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ type: 'success', description: 'Organization was updated' }),
      ),
    );
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}')).toMatchObject({
      is_public: true,
      publish_scores: true,
    });
    expect(screen.getByRole('switch', { name: /^Publish LPI scores on the public page/ })).toBeChecked();
  });

  it('names the primary contact from the API while the members are not listed (never by id)', async () => {
    base({ 'GET /api/organizations/me/members': () => json({ data: [], total: 0 }) });
    renderApp('/organizations/private/settings');
    await waitFor(() => expect(screen.getByDisplayValue('Ada Lovelace')).toBeInTheDocument());
    expect(document.body.textContent).not.toMatch(/Member #/);
  });

  it('is read-only for members: the values as text, no form', async () => {
    base({}, false);
    renderApp('/organizations/private/settings');
    expect(await screen.findByRole('group', { name: 'Name' })).toHaveTextContent('Acme Capital Partners');
    expect(screen.getByRole('group', { name: 'Primary Contact' })).toHaveTextContent('Ada');
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Legal Structure' })).toHaveTextContent(
        'Limited Liability Company',
      ),
    );
    expect(screen.getByRole('group', { name: 'Ticker Symbol' })).toHaveTextContent('—');
    expect(screen.getByRole('group', { name: 'Publish LPI scores on the public page' })).toHaveTextContent(
      'No',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload logo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download JSON' })).not.toBeInTheDocument();
  });

  it('lets an admin download all the data as JSON and as Excel, with the token', async () => {
    const calls = base({
      'GET /api/organizations/me/export': (call) =>
        new Response(new Blob([call.search.toString()]), {
          headers: { 'Content-Type': 'application/octet-stream' },
        }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/organizations/private/settings');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Export data' });
    await user.click(within(section).getByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(saved).toEqual(['organization-data.json']));
    await user.click(within(section).getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(saved).toEqual(['organization-data.json', 'organization-data.xlsx']));
    const exports = calls.filter((call) => call.path === '/api/organizations/me/export');
    expect(exports.map((call) => call.search.get('format'))).toEqual(['json', 'xlsx']);
    expect(exports.every((call) => call.headers.authorization === 'Bearer access-1')).toBe(true);
  });
});

describe('/organizations/private/permissions', () => {
  const PERMISSIONS: TPermissionList = {
    data: [
      {
        id: 4,
        name: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@acme.test',
        image: null,
        permissions: {
          manage_settings: true,
          user_manage_surveys: false,
          survey_creation: false,
          average_lpi_score_access: true,
        },
      },
      {
        id: 5,
        name: 'Max',
        lastname: 'Planck',
        email: 'max@acme.test',
        image: null,
        permissions: {
          manage_settings: false,
          user_manage_surveys: false,
          survey_creation: false,
          average_lpi_score_access: false,
        },
      },
    ],
    total: 2,
  };

  it('grants a flag with one PUT and shows the last-admin refusal', async () => {
    const calls = base({
      'GET /api/organizations/me/permissions': () => json(PERMISSIONS),
      'PUT /api/organizations/me/members/5/permissions': () =>
        json({
          ...PERMISSIONS.data[1],
          permissions: { ...PERMISSIONS.data[1]?.permissions, average_lpi_score_access: true },
        }),
      'PUT /api/organizations/me/members/4/permissions': () =>
        json({ message: LAST_ADMIN_MESSAGE, error: 'last_admin' }, 409),
    });
    renderApp('/organizations/private/permissions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Average LPI score access: Max Planck' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/organizations/me/members/5/permissions')?.body).toBe(
        JSON.stringify({ average_lpi_score_access: true }),
      ),
    );
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ description: 'Permissions were updated' }),
      ),
    );

    await user.click(
      screen.getByRole('switch', { name: 'Manage settings (organization admin): Ada Lovelace' }),
    );
    await waitFor(() => expect(errorAlerts().map((a) => a.description)).toContain(LAST_ADMIN_MESSAGE));
    expect(calls.find((c) => c.path === '/api/organizations/me/members/4/permissions')?.body).toBe(
      JSON.stringify({ manage_settings: false }),
    );
  });

  it('is read-only for members', async () => {
    base({ 'GET /api/organizations/me/permissions': () => json(PERMISSIONS) }, false);
    renderApp('/organizations/private/permissions');
    expect(
      await screen.findByRole('switch', { name: 'Average LPI score access: Max Planck' }),
    ).toBeDisabled();
  });
});

describe('/organizations/private/members', () => {
  it('lists members with roles, approves a pending one and removes a member after confirming', async () => {
    const calls = base({
      'POST /api/organizations/2/users/7/approve': () => json({ ...member(7, 'Penny', 'approved') }),
      'DELETE /api/organizations/me/members/5': () =>
        json({ message: 'The member was removed from the organization.' }),
    });
    renderApp('/organizations/private/members');
    const members = await screen.findByRole('table', { name: 'Members' });
    const ada = within(members).getByRole('row', { name: /Ada Test/ });
    expect(within(ada).getByText('Admin')).toBeInTheDocument();
    expect(within(ada).getByText('LPI access')).toBeInTheDocument();
    // The admin card says 'No Information' for what is missing.
    expect(within(screen.getByTestId('admin-card')).getByText('Ada')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('admin-card')).getByRole('img', { name: 'Image: No Information' }),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve Penny Test' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path === '/api/organizations/2/users/7/approve'),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ title: 'User Account Approved' }),
      ),
    );

    // The signed-in admin cannot remove themself: their row offers nothing.
    expect(within(ada).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for Max Test' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/organizations/me/members/5')).toBe(
        true,
      ),
    );
  });

  it('declines a pending member', async () => {
    const calls = base({
      'POST /api/organizations/2/users/7/decline': () => json(member(7, 'Penny', 'declined')),
    });
    renderApp('/organizations/private/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline Penny Test' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/organizations/2/users/7/decline')).toBe(true),
    );
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ title: 'User Account Decline' }),
      ),
    );
  });

  it('shows no approval or removal to members', async () => {
    base({}, false);
    renderApp('/organizations/private/members');
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|More actions/ })).not.toBeInTheDocument();
  });
});

describe('/organizations/private/invitations', () => {
  const INVITATIONS: TPendingInvitationList = {
    data: [
      {
        id: 11,
        email: 'late@acme.test',
        expires_at: '2026-11-01T10:00:00.000Z',
        created_at: '2026-10-25T10:00:00.000Z',
        expired: true,
        invited_by: { id: 4, name: 'Ada', lastname: 'Lovelace' },
      },
    ],
    total: 1,
  };

  it('lists pending invitations with expiry, resends and revokes', async () => {
    const calls = base({
      'GET /api/organizations/me/invitations': () => json(INVITATIONS),
      'POST /api/organizations/me/invitations/11/resend': () =>
        json({
          id: 11,
          organization_id: 2,
          email: 'late@acme.test',
          expires_at: '2026-11-29T10:00:00.000Z',
          created_at: '2026-11-22T10:00:00.000Z',
        }),
      'DELETE /api/organizations/me/invitations/11': () => json({ message: 'The invitation was revoked.' }),
    });
    renderApp('/organizations/private/invitations');
    const row = await screen.findByRole('row', { name: /late@acme.test/ });
    expect(within(row).getByText('Expired')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Resend the invitation of late@acme.test' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path === '/api/organizations/me/invitations/11/resend'),
      ).toBe(true),
    );
    await waitFor(() => expect(alertStore.getAlerts().some((a) => a.title === 'Email sent')).toBe(true));
    // The row stays, and says its action is done.
    expect(within(row).getByRole('status')).toHaveTextContent('Resend: done');

    await user.click(
      within(row).getByRole('button', { name: 'More actions for the invitation of late@acme.test' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path === '/api/organizations/me/invitations/11'),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ description: 'The invitation was revoked.' }),
      ),
    );
  });
});

describe('/organizations/private/contacts', () => {
  it('adds a contact and deletes one', async () => {
    const list: TContactList = {
      data: [
        {
          id: 3,
          name: 'Grace Hopper',
          email: 'grace@lp.test',
          phone: null,
          title: 'Partner',
          created_at: '',
          updated_at: '',
        },
      ],
      total: 1,
    };
    const calls = base({
      'GET /api/organizations/me/contacts': () => json(list),
      'POST /api/organizations/me/contacts': (call) =>
        json({ id: 4, ...JSON.parse(call.body ?? '{}'), created_at: '', updated_at: '' }, 201),
      'DELETE /api/organizations/me/contacts/3': () => json({ message: 'The contact was deleted.' }),
    });
    renderApp('/organizations/private/contacts');
    expect(await screen.findByRole('row', { name: /Grace Hopper/ })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Alan Turing');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'alan@lp.test');
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Analyst');
    await user.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    await waitFor(() =>
      expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toEqual({
        name: 'Alan Turing',
        email: 'alan@lp.test',
        phone: null,
        title: 'Analyst',
      }),
    );
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ title: 'Contacts table was updated' }),
      ),
    );

    await user.click(screen.getByRole('button', { name: 'More actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete contact' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(expect.objectContaining({ title: 'Contact deleted' })),
    );
  });

  it('searches with the query sent to the API', async () => {
    const requestedUrls: string[] = [];
    base({
      'GET /api/organizations/me/contacts': ({ url }) => {
        requestedUrls.push(url.href);
        return json({ data: [], total: 0 });
      },
    });
    renderApp('/organizations/private/contacts');
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search contacts' }), 'grace');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requestedUrls.some((u) => u.includes('search=grace'))).toBe(true));
  });
});

describe('/organizations/private/files and media', () => {
  const FILES: TOrganizationFileList = {
    data: [
      {
        id: '0b7e1f9c-1111-4a4a-9b9b-000000000001',
        name: 'report.pdf',
        content_type: 'application/pdf',
        size: 12_345,
        created_at: '2026-11-20T10:00:00.000Z',
        uploaded_by: { id: 4, name: 'Ada', lastname: 'Lovelace' },
        download_url: '/api/organizations/me/files/0b7e1f9c-1111-4a4a-9b9b-000000000001/download',
        preview_url: null,
        can_delete: true,
      },
    ],
    total: 1,
  };

  it('refuses a file over the limit or of another type before sending anything', async () => {
    const opened = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        open = opened;
      },
    );
    base({ 'GET /api/organizations/me/files': () => json(FILES) });
    renderApp('/organizations/private/files');
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    expect(screen.getByText('12.35 kB')).toBeInTheDocument();

    const user = userEvent.setup({ applyAccept: false });
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Upload document'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file must be at most 10 MB.');
    await user.upload(screen.getByLabelText('Upload document'), new File(['x'], 'tool.exe'));
    expect(
      await screen.findByText('The file must be a PDF, DOCX, XLSX, PPTX, TXT or CSV document.'),
    ).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();
  });

  it('uploads with a progress bar and the Bearer token, then lists the new file', async () => {
    const sent: { url: string; headers: Record<string, string>; body: FormData | null }[] = [];
    let finish: () => void = () => {};
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: {
        onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
      } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      private request = { url: '', headers: {} as Record<string, string>, body: null as FormData | null };
      open(_method: string, url: string) {
        this.request.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      send(body: FormData) {
        this.request.body = body;
        sent.push(this.request);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
        finish = () => {
          this.status = 201;
          this.responseText = JSON.stringify(FILES.data[0]);
          this.onload?.();
        };
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const calls = base({ 'GET /api/organizations/me/files': () => json({ data: [], total: 0 }) });
    renderApp('/organizations/private/files');
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Upload document'),
      new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' }),
    );
    const progress = await screen.findByRole('progressbar', { name: 'Upload document: progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(sent[0]?.url).toBe('/api/organizations/me/files');
    expect(sent[0]?.headers.Authorization).toBe('Bearer access-1');
    const part = sent[0]?.body?.get('file');
    expect(part instanceof File ? part.name : null).toBe('report.pdf');
    const listCalls = calls.filter((c) => c.path === '/api/organizations/me/files').length;
    finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/organizations/me/files').length).toBeGreaterThan(listCalls),
    );
    expect(alertStore.getAlerts()).toContainEqual(
      expect.objectContaining({ description: 'report.pdf was uploaded.' }),
    );
  });
});

describe('organization code', () => {
  it('shows the code to admins and rotates it with an expiry', async () => {
    const calls = base({
      'GET /api/organizations/me/code': () =>
        json({ code: 'ACME-7KQ2', expires_at: null, created_at: '2026-11-01T10:00:00.000Z', expired: false }),
      'POST /api/organizations/me/code/rotate': () =>
        json({
          code: 'ACME-9ZZ1',
          expires_at: '2030-01-01T00:00:00.000Z',
          created_at: '2026-11-22T10:00:00.000Z',
          expired: false,
        }),
    });
    renderApp('/organizations/private/code');
    expect(await screen.findByLabelText('Current code')).toHaveTextContent('ACME-7KQ2');
    expect(screen.getByText('Does not expire')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Expires/), { target: { value: '2030-01-01T00:00' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rotate code' }));
    await waitFor(() => {
      const body = JSON.parse(
        calls.find((c) => c.path === '/api/organizations/me/code/rotate')?.body ?? '{}',
      );
      expect(new Date(body.expires_at).getTime()).toBe(new Date('2030-01-01T00:00').getTime());
    });
  });
});

describe('greeting', () => {
  it('links the organization in the dashboard greeting to my organization', async () => {
    base({
      'GET /api/organizations/me/feed': () => json({ data: [], total: 0 }),
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Acme Capital Partners/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/private/feed'));
  });
});

describe('/organizations/private/audit-log', () => {
  it('shows admins who changed what, with old and new values', async () => {
    base({
      'GET /api/organizations/me/audit-log': () =>
        json({
          data: [
            {
              id: 3,
              at: '2026-11-21T10:00:00.000Z',
              actor: { id: 4, name: 'Ada', lastname: 'Lovelace' },
              entity: 'organization',
              entity_id: '2',
              entity_name: null,
              action: 'update',
              before: { name: 'Acme', is_public: true, website: null },
              after: { name: 'Acme Capital', is_public: false, website: null },
            },
            {
              id: 2,
              at: '2026-11-20T10:00:00.000Z',
              actor: { id: 4, name: 'Ada', lastname: 'Lovelace' },
              entity: 'permissions',
              entity_id: '7',
              entity_name: 'Max Planck',
              action: 'update',
              before: { average_lpi_score_access: false },
              after: { average_lpi_score_access: true },
            },
          ],
          total: 2,
        }),
    });
    renderApp('/organizations/private/audit-log');
    const row = await screen.findByRole('row', { name: /organization update/ });
    expect(row).toHaveTextContent('organization update #2');
    // A person by name, never by id.
    const permissions = screen.getByRole('row', { name: /permissions update/ });
    expect(permissions).toHaveTextContent('permissions update: Max Planck');
    expect(permissions).not.toHaveTextContent('#7');
    expect(row).toHaveTextContent('name: Acme → Acme Capital');
    expect(row).toHaveTextContent('is public: true → false');
    expect(row).not.toHaveTextContent('website');
  });

  it('is not read by members', async () => {
    const calls = base({}, false);
    renderApp('/organizations/private/audit-log');
    expect(await screen.findByText("Only the organization's admins read its audit log.")).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/organizations/me/audit-log')).toBe(false);
  });
});

describe('a member awaiting approval', () => {
  it("sees the API's reason instead of the space", async () => {
    const message = 'Your membership is awaiting approval by an admin of your organization.';
    base({
      'GET /api/user/status': () =>
        json({ ...ACCOUNT, isAllowed: false, isOrganizationAdministrator: false, status: 'pending' }),
      'GET /api/organizations/me/settings': () => json({ message, error: 'forbidden' }, 403),
    });
    renderApp('/organizations/private/feed');
    expect(await screen.findByText(message, { selector: 'main p' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'My organization sections' })).not.toBeInTheDocument();
  });
});
