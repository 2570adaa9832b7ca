import { DASHBOARD_WEEKS, type TAdminDashboard } from '@parity/domain/admin-dashboard';
import { MAINTENANCE_MESSAGE_REQUIRED } from '@parity/domain/settings';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../../lib/token-storage';
import { type Handler, json, jsonBody, stubFetch } from '../../../../testing/fetch-stub';
import { ACCOUNT } from '../../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../../testing/render';

configure({ asyncUtilTimeout: 5000 });

const ADMIN = { ...ACCOUNT, email: 'admin@parity.test', isAdministrator: true, organization_id: null };

const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, i) =>
  new Date(Date.UTC(2025, 11, 1) + i * 7 * 86_400_000).toISOString().slice(0, 10),
);
const DASHBOARD: TAdminDashboard = {
  organizations: [
    { legal_structure: 'Limited partnership', public: 1, private: 2 },
    { legal_structure: 'Not given', public: 0, private: 1 },
  ],
  users: [
    { status: 'pending', count: 1 },
    { status: 'approved', count: 5 },
    { status: 'declined', count: 0 },
    { status: 'archived', count: 1 },
    { status: 'no_organization', count: 1 },
  ],
  surveys: [
    { status: 'Scheduled', count: 1 },
    { status: 'Active', count: 2 },
    { status: 'Past Due', count: 0 },
    { status: 'Archived', count: 1 },
  ],
  submissions: weeks.map((week, i) => ({ week, count: i === DASHBOARD_WEEKS - 1 ? 3 : 0 })),
  feedback: weeks.map((week, i) => ({
    week,
    count: i === DASHBOARD_WEEKS - 1 ? 2 : 0,
    average: i === DASHBOARD_WEEKS - 1 ? 6.5 : null,
  })),
};

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'a', refresh_token: 'r' });
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDashboard(extra: Record<string, Handler> = {}) {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ADMIN),
    'GET /api/settings/maintenance': () => json({ maintenance: false, message: null }),
    'GET /api/admin/dashboard': () => json(DASHBOARD),
    ...extra,
  });
  return { calls, ...renderApp('/admin') };
}

describe('the admin dashboard', () => {
  it("shows the platform's figures as charts with their tables, each stating its unit", async () => {
    const user = userEvent.setup();
    renderDashboard();
    const organizations = await screen.findByRole('region', { name: 'Organizations' });
    expect(
      within(organizations).getByText('Number of organizations by legal structure, public or private.'),
    ).toBeInTheDocument();
    for (const title of ['Users', 'Surveys', 'Submissions per week', 'Feedback per week']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', {
        name: 'Dashboard',
      }),
    ).toHaveAttribute('aria-current', 'page');

    await user.click(within(organizations).getByRole('radio', { name: 'Table' }));
    const table = within(organizations).getByRole('table', { name: 'Organizations' });
    expect(within(table).getByRole('rowheader', { name: 'Limited partnership' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Public (organizations)' })).toBeInTheDocument();
    expect(
      within(organizations).getByRole('button', { name: 'Download Organizations as CSV' }),
    ).toBeEnabled();
  });

  it('says so when the figures cannot be loaded', async () => {
    renderDashboard({
      'GET /api/admin/dashboard': () =>
        json({ message: 'You do not have permission to do this.', error: 'forbidden' }, 403),
    });
    expect(await screen.findByText("The platform's figures could not be loaded")).toBeInTheDocument();
  });

  it('turns maintenance mode on after a confirmation, and the banner then shows the message', async () => {
    const user = userEvent.setup();
    const { calls } = renderDashboard({
      'PUT /api/admin/maintenance': (call) => json({ maintenance: true, message: jsonBody(call)?.message }),
    });
    const section = await screen.findByRole('region', { name: 'Maintenance mode' });
    await user.click(within(section).getByRole('switch', { name: 'Maintenance mode' }));
    await user.click(within(section).getByRole('button', { name: 'Save maintenance mode' }));
    expect(await within(section).findByText(MAINTENANCE_MESSAGE_REQUIRED)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(
      within(section).getByRole('textbox', { name: /Message shown to users/ }),
      'Back at 15:00 UTC.',
    );
    await user.click(within(section).getByRole('button', { name: 'Save maintenance mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn maintenance mode on?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(jsonBody(calls.find((call) => call.method === 'PUT')!)).toEqual({
      enabled: true,
      message: 'Back at 15:00 UTC.',
    });
    expect(await screen.findByRole('status', { name: 'Maintenance' })).toHaveTextContent(
      'Back at 15:00 UTC.',
    );
  });

  it('does not turn maintenance on when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = renderDashboard();
    const section = await screen.findByRole('region', { name: 'Maintenance mode' });
    await user.click(within(section).getByRole('switch', { name: 'Maintenance mode' }));
    await user.type(within(section).getByRole('textbox', { name: /Message shown to users/ }), 'Soon back.');
    await user.click(within(section).getByRole('button', { name: 'Save maintenance mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn maintenance mode on?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(screen.queryByRole('status', { name: 'Maintenance' })).not.toBeInTheDocument();
  });
});
