import { ADMIN_REPORT_COLUMNS } from '@parity/domain/admin-reports';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { setTokens } from '../../lib/token-storage';
import { captureDownloads } from '../../testing/downloads';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

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
const USERS_CSV = "ID,First name,Email\r\n1,Ada,ada@acme.test\r\n2,Max,'=1+1\r\n";
const BASE = {
  'GET /api/user/status': () => json(ADMIN),
  'GET /api/organizations': () => json({ data: [{ id: 2, name: 'Acme Capital Partners' }], total: 1 }),
  'GET /api/organization-legal-structures': () => json([{ id: 3, name: 'Limited partnership' }]),
};

const report = (name: string) => screen.findByRole('region', { name });

describe('/admin/reports', () => {
  it('offers the four reports with their columns, under the Reports tab', async () => {
    stubFetch(BASE);
    renderApp('/admin/reports');
    expect(await screen.findByRole('heading', { name: 'Reports', level: 2 })).toBeInTheDocument();
    for (const name of ['Organizations', 'Users', 'Surveys with response rates', 'Submissions with scores']) {
      const region = await report(name);
      expect(within(region).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
      expect(within(region).getByRole('button', { name: 'Download .xlsx' })).toBeEnabled();
    }
    const users = await report('Users');
    expect(within(users).getByText(`Columns (${ADMIN_REPORT_COLUMNS.users.length})`)).toBeInTheDocument();
    expect(within(users).getByRole('cell', { name: 'Platform administrator' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/admin/reports');
  });

  it('downloads the users report as CSV with the chosen filters and the session token', async () => {
    const calls = stubFetch({
      ...BASE,
      'GET /api/admin/reports/users': () =>
        new Response(USERS_CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    const blobs = captureDownloads();
    const user = userEvent.setup();
    renderApp('/admin/reports');
    const users = await report('Users');
    await user.type(within(users).getByRole('textbox', { name: 'Search' }), 'acme');
    await user.click(within(users).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved', hidden: true }));
    await user.click(within(users).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    // the fetched blob is Node's, not jsdom's: read it as such
    expect(await blobs[0]!.text()).toBe(USERS_CSV);
    const download = calls.find((call) => call.path === '/api/admin/reports/users')!;
    expect(Object.fromEntries(download.search)).toEqual({
      search: 'acme',
      status: 'approved',
      format: 'csv',
    });
    expect(download.headers.authorization).toBe('Bearer access-1');
    expect(await within(users).findByText('The CSV file was downloaded.')).toBeInTheDocument();
  });

  it('downloads the deleted organizations as .xlsx', async () => {
    const calls = stubFetch({
      ...BASE,
      'GET /api/admin/reports/organizations': () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    });
    const blobs = captureDownloads();
    const user = userEvent.setup();
    renderApp('/admin/reports');
    const organizations = await report('Organizations');
    await user.click(within(organizations).getByRole('combobox', { name: 'Deleted' }));
    await user.click(await screen.findByRole('option', { name: 'Deleted only', hidden: true }));
    await user.click(within(organizations).getByRole('button', { name: 'Download .xlsx' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const download = calls.find((call) => call.path === '/api/admin/reports/organizations')!;
    expect(Object.fromEntries(download.search)).toEqual({ deleted: 'only', format: 'xlsx' });
  });

  it('says why a download failed, inline', async () => {
    stubFetch({
      ...BASE,
      'GET /api/admin/reports/surveys': () =>
        json({ error: 'forbidden', message: 'Platform administrators only.' }, 403),
    });
    const user = userEvent.setup();
    renderApp('/admin/reports');
    const surveys = await report('Surveys with response rates');
    await user.click(within(surveys).getByRole('button', { name: 'Download CSV' }));
    const alert = await within(surveys).findByRole('alert', { name: 'The report could not be downloaded' });
    expect(alert).toHaveTextContent('Platform administrators only.');
  });

  it('refuses an end date before the start date without asking the API', async () => {
    const calls = stubFetch(BASE);
    const user = userEvent.setup();
    renderApp('/admin/reports');
    const submissions = await report('Submissions with scores');
    await user.type(within(submissions).getByRole('textbox', { name: 'Submitted from' }), '2026-03-10');
    await user.type(within(submissions).getByRole('textbox', { name: 'Submitted to' }), '2026-03-01');
    await user.tab();
    await user.click(within(submissions).getByRole('button', { name: 'Download CSV' }));
    expect(
      await within(submissions).findByText('The start date must be on or before the end date'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/reports/submissions')).toBe(false);
  });
});
