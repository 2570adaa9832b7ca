import type { TAdminFeedbackList } from '@parity/domain/admin-feedback';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { setTokens } from '../../../../lib/token-storage';
import { captureDownloads } from '../../../../testing/downloads';
import { json, stubFetch } from '../../../../testing/fetch-stub';
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
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ADMIN = { ...ACCOUNT, id: 1, email: 'admin@parity.test', isAdministrator: true };

function item(id: number, value: number, comment: string | null) {
  return {
    id,
    url: `https://parity.test/surveys/${id}`,
    value,
    comment,
    created_at: `2026-03-0${id}T09:00:00.000Z`,
    user: { id: 5, name: 'Max', lastname: 'Planck', email: 'max@acme.test' },
    organization: id === 1 ? null : { id: 2, name: 'Acme Capital Partners' },
  };
}

const LIST: TAdminFeedbackList = { data: [item(2, 9, 'Clear'), item(1, 2, 'Slow')], total: 2 };
const WEEKS = { data: [{ week: '2026-03-02', count: 2, average: 5.5 }] };

describe('/admin/feedback', () => {
  it('lists feedback, filters by band and dates in the address, and shows the weekly figures', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/feedback': () => json(LIST),
      'GET /api/admin/feedback/over-time': () => json(WEEKS),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/feedback');
    const table = await screen.findByRole('table', { name: 'Feedback, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Clear')).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Rating 9')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Acme Capital Partners')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: '/surveys/2' })).toHaveAttribute(
      'href',
      'https://parity.test/surveys/2',
    );
    expect(screen.getByRole('link', { name: 'Feedback' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '9-10' }));
    await waitFor(() => expect(router.state.location.search).toBe('?band=5'));
    await waitFor(() =>
      expect(
        calls.some((call) => call.path === '/api/admin/feedback' && call.search.get('band') === '5'),
      ).toBe(true),
    );
    expect(
      calls.some((call) => call.path === '/api/admin/feedback/over-time' && call.search.get('band') === '5'),
    ).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'From' }), '2026-03-01');
    await user.tab();
    await waitFor(() =>
      expect(
        calls.some((call) => call.path === '/api/admin/feedback' && call.search.get('from') === '2026-03-01'),
      ).toBe(true),
    );

    const chart = screen.getByRole('region', { name: 'Ratings over time' });
    await user.click(within(chart).getByRole('radio', { name: 'Table' }));
    const weekRow = within(chart).getByRole('row', { name: /2026-03-02/ });
    expect(within(weekRow).getByText('5.5')).toBeInTheDocument();
  });

  it('downloads the filtered list as CSV', async () => {
    const csv = "Date,Rating,Comment\r\n2026-03-02T09:00:00.000Z,2,'=1+1\r\n";
    const calls = stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/feedback': () => json(LIST),
      'GET /api/admin/feedback/over-time': () => json(WEEKS),
      'GET /api/admin/feedback.csv': () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }),
    });
    const blobs = captureDownloads();
    const user = userEvent.setup();
    renderApp('/admin/feedback?band=1');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    // the fetched blob is Node's, not jsdom's: read it as such
    expect(await blobs[0]!.text()).toBe(csv);
    const download = calls.find((call) => call.path === '/api/admin/feedback.csv');
    expect(download?.search.get('band')).toBe('1');
    expect(download?.headers.authorization).toBe('Bearer access-1');
  });

  it('says when nothing matches, and refuses an end date before the start', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/feedback': () => json({ data: [], total: 0 }),
      'GET /api/admin/feedback/over-time': () => json({ data: [] }),
    });
    renderApp('/admin/feedback?from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an empty list as such', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/feedback': () => json({ data: [], total: 0 }),
      'GET /api/admin/feedback/over-time': () => json({ data: [] }),
    });
    renderApp('/admin/feedback');
    await waitFor(() => expect(screen.getAllByText('No feedback matches these filters.')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('shows a failed read inline with a retry', async () => {
    stubFetch({
      'GET /api/user/status': () => json(ADMIN),
      'GET /api/admin/feedback': () => json({ message: 'Database down.', error: 'internal' }, 503),
      'GET /api/admin/feedback/over-time': () => json(WEEKS),
    });
    renderApp('/admin/feedback');
    const alert = await screen.findByRole('alert', { name: /The feedback could not be loaded/ });
    expect(alert).toBeInTheDocument();
  });
});
