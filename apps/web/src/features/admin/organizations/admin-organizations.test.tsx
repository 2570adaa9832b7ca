import type { TAdminOrganization, TAdminOrganizationRow } from '@parity/domain/admin-organizations';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { closeAllDialogs } from '../../../components/dialog/dialog-store';
import { setTokens } from '../../../lib/token-storage';
import { json, jsonBody, type StubbedCall, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';

configure({ asyncUtilTimeout: 15000 });
// Lazy route modules compile on first use; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

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
const base = {
  'GET /api/user/status': () => json(ADMIN),
  'GET /api/organization-legal-structures': () => json({ data: [{ id: 1, name: 'Corporation (C Corp)' }] }),
};

function row(id: number, extra: Partial<TAdminOrganizationRow> = {}): TAdminOrganizationRow {
  return {
    id,
    name: `Org ${String(id).padStart(2, '0')}`,
    legal_structure: { id: 1, name: 'Corporation (C Corp)' },
    is_public: true,
    members: id,
    lpi: id === 1 ? 42.5 : null,
    created_at: '2026-01-02T00:00:00.000Z',
    deleted_at: null,
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

const CEDAR: TAdminOrganization = {
  ...row(3, { name: 'Cedar Equity', lpi: null }),
  about: 'A fund',
  website: 'https://cedar.example',
  is_publicly_traded: false,
  ticker_symbol: null,
  pending_members: 1,
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('/admin/organizations', () => {
  it('lists organizations with their members and LPI, pages, sorts and filters', async () => {
    const calls = stubFetch({ ...base, 'GET /api/admin/organizations': page(30) });
    renderApp('/admin/organizations');
    expect(await screen.findByRole('link', { name: 'Org 01' })).toHaveAttribute(
      'href',
      '/admin/organizations/1',
    );
    const sections = screen.getByRole('navigation', { name: 'Admin sections' });
    const labels = within(sections)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('Organizations')).toBe(labels.indexOf('Dashboard') + 1);
    const table = screen.getByRole('table', { name: 'Organizations' });
    expect(within(table).getByText('42.5')).toBeInTheDocument();
    expect(within(table).getAllByText('Not submitted').length).toBeGreaterThan(0);
    expect(screen.getByText('1–25 of 30 organizations')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Org 26' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sort by Members (approved)' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/organizations').at(-1)!;
      expect(last.search.get('sort_by')).toBe('members');
      expect(last.search.get('offset')).toBe('0');
    });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'cedar');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/admin/organizations')
          .at(-1)!
          .search.get('search'),
      ).toBe('cedar'),
    );
  });

  it('says when no organization matches, and why a list failed', async () => {
    stubFetch({ ...base, 'GET /api/admin/organizations': () => json({ data: [], total: 0 }) });
    renderApp('/admin/organizations');
    expect(await screen.findByText('No organizations yet.')).toBeInTheDocument();
    cleanupApps();
    stubFetch({
      ...base,
      'GET /api/admin/organizations': () => json({ message: 'Database unavailable', error: 'x' }, 503),
    });
    renderApp('/admin/organizations');
    expect(await screen.findByText('The organizations could not be loaded')).toBeInTheDocument();
    expect(screen.getAllByText(/Database unavailable/).length).toBeGreaterThan(0);
  });
});

const OWNER = {
  id: 1,
  identification_id: null,
  name: 'Ana Owner',
  corporate_title_id: null,
  date_of_joining: null,
  gender_id: null,
  ethnicity_id: null,
  immigration_id: null,
  veteran_id: null,
  lgbtq_id: null,
  disabled_id: null,
  us_citizen_id: null,
  us_based_id: null,
  is_senior_management: false,
  date_of_promotion: null,
  is_owner: true,
  ownership: 60,
  initial_ownership_date: '2020-01-01',
  organization_id: 3,
  survey_id: null,
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('/admin/organizations/{organizationId}', () => {
  it('saves the About form and deletes after a confirmation', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/organizations/3': () => json(CEDAR),
      'GET /api/admin/organizations': () => json({ data: [row(1)], total: 1 }),
      'PUT /api/admin/organizations/3': () => json({ ...CEDAR, name: 'Cedar Equity LLC' }),
      'POST /api/admin/organizations/3/delete': () =>
        json({
          message: 'The organization was deleted',
          organization: { ...CEDAR, deleted_at: '2026-02-01T00:00:00.000Z' },
        }),
    });
    renderApp('/admin/organizations/3');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Cedar Equity LLC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put && jsonBody(put)).toMatchObject({ name: 'Cedar Equity LLC', legal_structure: 1 });
    });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete organization' });
    expect(within(dialog).getByText(/will lose access/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/organizations/3/delete')).toBe(true));
  });

  it("shows the organization's ownership read-only by default on Diversity, and its surveys", async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/organizations/3': () => json(CEDAR),
      'GET /api/ownership': () =>
        json({
          data: {
            rows: [OWNER],
            totals: { ownership_sum: 60, owners: 1, leaders: 0, total_owners: 1, total_leaders: 0 },
            option_flags: {
              immigration_id: true,
              veteran_id: true,
              lgbtq_id: true,
              disabled_id: true,
              us_citizen_id: true,
              us_based_id: true,
            },
          },
          state: {
            tab: 'ownership',
            updated_at: null,
            updated_by: null,
            completed: false,
            editable: false,
            version: 0,
          },
        }),
      'GET /api/admin/organizations/3/surveys': () =>
        json({
          hosted: [],
          invited: [
            {
              id: 9,
              title: 'DEI 2026',
              host: { id: 1, name: 'Northwind Pension Fund' },
              status: 'submitted',
              due: '2026-12-31',
              submitted_at: '2026-03-01T00:00:00.000Z',
            },
          ],
        }),
    });
    renderApp('/admin/organizations/3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Diversity' }));
    expect(await screen.findByRole('radio', { name: 'Ownership' })).toBeChecked();
    await waitFor(() => {
      const read = calls.find((c) => c.path === '/api/ownership');
      expect(read?.search.get('organization_id')).toBe('3');
    });
    const table = await screen.findByRole('table', { name: 'Ownership and Senior Leadership' });
    expect(within(table).getByText('Ana Owner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Surveys' }));
    const invited = await screen.findByRole('table', { name: 'Surveys invited to' });
    expect(within(invited).getByText('Submitted')).toBeInTheDocument();
    expect(screen.getByText('This organization hosts no surveys.')).toBeInTheDocument();
  });

  it('opens Surveys and Diversity from their paths, and a tab click puts its path in the address', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/organizations/3': () => json(CEDAR),
      'GET /api/admin/organizations/3/surveys': () => json({ hosted: [], invited: [] }),
      'GET /api/organizations/3/lpi': () =>
        json({
          submission_id: null,
          submitted_at: null,
          scores: null,
          badges: null,
          counts: null,
          transparency_components: null,
        }),
    });
    const { router } = renderApp('/admin/organizations/3/surveys');
    expect(await screen.findByRole('tab', { name: 'Surveys', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('This organization hosts no surveys.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Diversity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organizations/3/diversity'));
    await user.click(await screen.findByRole('radio', { name: 'LPI' }));
    expect(
      await screen.findByText('This organization has not submitted its LPI profile.'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?option=lpi');
    // The old address of a tab opens its path.
    await router.navigate('/admin/organizations/3?tab=surveys');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organizations/3/surveys'));
    await router.navigate('/admin/organizations/3/members');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('says an organization is not found (a mistyped or unknown id) in the admin layout, with a way back', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/organizations/99': () => json({ message: 'Organization not found.' }, 404),
    });
    const { router } = renderApp('/admin/organizations/abc');
    expect(await screen.findByRole('alert', { name: 'Organization not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to organizations' })).toHaveAttribute(
      'href',
      '/admin/organizations',
    );
    expect(router.state.location.pathname).toBe('/admin/organizations/abc');
    await router.navigate('/admin/organizations/99');
    expect(await screen.findByRole('alert', { name: 'Organization not found' })).toBeInTheDocument();
  });

  it('merges into a chosen organization after a confirmation that says what moves', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/organizations/3': () => json(CEDAR),
      'GET /api/admin/organizations': () =>
        json({
          data: [row(3, { name: 'Cedar Equity' }), row(5, { name: 'Cedar Equity Partners' })],
          total: 2,
        }),
      'POST /api/admin/organizations/3/merge': () =>
        json({
          message: 'Cedar Equity was merged into Cedar Equity Partners.',
          source: { id: 3, name: 'Cedar Equity' },
          target: { id: 5, name: 'Cedar Equity Partners' },
          moved: { memberships: 3 },
        }),
      'GET /api/admin/organizations/5': () => json({ ...CEDAR, id: 5, name: 'Cedar Equity Partners' }),
    });
    renderApp('/admin/organizations/3');
    const user = userEvent.setup();
    const [picker] = await screen.findAllByLabelText('Organization to merge into');
    await user.type(picker!, 'Partners');
    expect(screen.queryByRole('option', { name: 'Cedar Equity', hidden: true })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Cedar Equity Partners', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge organizations' });
    expect(within(dialog).getByText(/members, .*files, LPI profile data/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => {
      const merge = calls.find((c) => c.path === '/api/admin/organizations/3/merge');
      expect(merge && jsonBody(merge)).toEqual({ into: 5 });
    });
    expect(await screen.findByRole('heading', { name: 'Cedar Equity Partners' })).toBeInTheDocument();
  });

  it('offers Restore for a deleted organization, and says when it has no LPI scores', async () => {
    const deleted = { ...CEDAR, deleted_at: '2026-02-01T00:00:00.000Z' };
    const calls = stubFetch({
      ...base,
      'GET /api/admin/organizations/3': () => json(deleted),
      'POST /api/admin/organizations/3/restore': () =>
        json({ message: 'The organization was restored', organization: CEDAR }),
      'GET /api/organizations/3/lpi': () =>
        json({
          submission_id: null,
          submitted_at: null,
          scores: null,
          badges: null,
          counts: null,
          transparency_components: null,
        }),
    });
    renderApp('/admin/organizations/3?tab=diversity&option=lpi');
    expect(
      await screen.findByText('This organization has not submitted its LPI profile.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'About' }));
    expect(await screen.findByText(/its members have no access to it/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Organization to merge into')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/organizations/3/restore')).toBe(true),
    );
  });
});
