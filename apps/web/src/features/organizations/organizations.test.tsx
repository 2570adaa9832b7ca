import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { clearDictionaryCache } from '../../lib/dictionaries';
import { setTokens } from '../../lib/token-storage';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import type { OrganizationPublic, OrganizationsPage } from './api/organizations';

configure({ asyncUtilTimeout: 15000 });
// Lazy route modules compile on first use; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

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

const LEGAL_STRUCTURES = [
  { id: 2, name: 'Limited Partnership' },
  { id: 3, name: 'Limited Liability Company' },
];

function organization(id: number): OrganizationsPage['data'][number] {
  return {
    id,
    name: `Firm${id}`,
    logo: id === 1 ? '/broken-logo.png' : null,
    legal_structure_id: id % 2 ? 2 : 3,
    website: null,
    about: null,
    industry: null,
    aum: null,
    size_band: null,
  };
}

function directory(total: number) {
  return (url: URL) => {
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const ids = Array.from(
      { length: Math.max(0, Math.min(limit, total - offset)) },
      (_, i) => offset + i + 1,
    );
    return json({ data: ids.map(organization), total } satisfies OrganizationsPage);
  };
}

/** The requested URLs; handlers by "METHOD /path" see the URL with its query. */
const stub = (handlers: Record<string, (url: URL) => Response | Promise<Response>>) =>
  stubFetch(
    Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, ({ url }) => handler(url)])),
    ({ url }) => url,
  );

const base = {
  'GET /api/user/status': () => json(ACCOUNT),
  'GET /api/organization-legal-structures': () => json(LEGAL_STRUCTURES),
};

describe('/organizations (directory)', () => {
  it('lists 30 a page with logo and legal structure, pages on, searches and filters', async () => {
    const calls = stub({ ...base, 'GET /api/organizations': directory(40) });
    const { router } = renderApp('/organizations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organizations' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Firm1' })).toHaveAttribute('href', '/organizations/1');
    expect(screen.getAllByRole('link', { name: /^Firm\d+$/ })).toHaveLength(30);
    expect(screen.getByText('40 organizations')).toBeInTheDocument();
    expect((await screen.findAllByText('Limited Partnership')).length).toBeGreaterThan(0);

    // A logo that fails to load falls back to the default image.
    const logo = screen.getByRole('img', { name: 'Firm1 logo' });
    expect(logo).toHaveAttribute('src', '/broken-logo.png');
    fireEvent.error(logo);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Firm1 logo' })).toHaveAttribute('src', '/default-logo.svg'),
    );
    expect(screen.getByRole('img', { name: 'Firm2 logo' })).toHaveAttribute('src', '/default-logo.svg');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Firm31' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const page2 = calls.filter((url) => url.pathname === '/api/organizations').at(-1);
    expect(page2?.searchParams.get('limit')).toBe('30');
    expect(page2?.searchParams.get('offset')).toBe('30');

    await user.type(screen.getByRole('textbox', { name: 'Search organizations' }), 'cedar');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=cedar'));
    await waitFor(() =>
      expect(
        calls
          .filter((url) => url.pathname === '/api/organizations')
          .at(-1)
          ?.searchParams.get('search_query'),
      ).toBe('cedar'),
    );

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Legal structure' }),
      'Limited Liability Company',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?search=cedar&legal_structure=3'));
    await waitFor(() => {
      const last = calls.filter((url) => url.pathname === '/api/organizations').at(-1);
      expect(last?.searchParams.get('legal_structure_id')).toBe('3');
      expect(last?.searchParams.get('offset')).toBe('0');
    });
  });

  it('filters by industry, size and AUM band and shows industry and AUM on each card', async () => {
    const calls = stub({
      ...base,
      'GET /api/global-industry-hierarchy-type': () =>
        json([
          { id: 1, name: 'Sector', key: 'gi_sector_id' },
          { id: 2, name: 'Industry', key: 'gi_industry_id' },
          { id: 4, name: 'AUM', key: 'gi_aum' },
        ]),
      'GET /api/global-industry-hierarchy': () =>
        json([
          { id: 10, name: 'Financials', type_id: 1, parent_id: null },
          { id: 11, name: 'Private Equity', type_id: 2, parent_id: 10 },
          { id: 40, name: '$1B-$5B', type_id: 4, parent_id: null },
        ]),
      'GET /api/organizations': () =>
        json({
          data: [{ ...organization(1), industry: 'Private Equity', aum: '$1B-$5B', size_band: '11-50' }],
          total: 1,
        } satisfies OrganizationsPage),
    });
    const { router } = renderApp('/organizations');
    const card = (await screen.findByRole('link', { name: 'Firm1' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Industry: Private Equity')).toBeInTheDocument();
    expect(within(card).getByText('AUM: $1B-$5B')).toBeInTheDocument();

    const user = userEvent.setup();
    const industry = screen.getByRole('combobox', { name: 'Industry' });
    await waitFor(() =>
      expect(within(industry).getByRole('option', { name: 'Private Equity' })).toBeInTheDocument(),
    );
    await user.selectOptions(industry, 'Private Equity');
    await waitFor(() => expect(router.state.location.search).toBe('?industry=11'));
    // The router's state moves before the page renders it (a transition): a person picks the next
    // filter once the first one shows, and so does the test.
    await waitFor(() => expect(industry).toHaveValue('11'));
    const sizeSelect = screen.getByRole('combobox', { name: 'Size' });
    await user.selectOptions(sizeSelect, '1000+ employees');
    await waitFor(() => expect(router.state.location.search).toBe('?industry=11&size=1000%2B'));
    await waitFor(() => expect(sizeSelect).toHaveValue('1000+'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assets under management' }), '$1B-$5B');
    await waitFor(() => expect(router.state.location.search).toBe('?industry=11&size=1000%2B&aum=40'));
    await waitFor(() => {
      const last = calls.filter((url) => url.pathname === '/api/organizations').at(-1);
      expect(last?.searchParams.get('industry_id')).toBe('11');
      expect(last?.searchParams.get('size')).toBe('1000+');
      expect(last?.searchParams.get('aum_id')).toBe('40');
    });
  });

  it('says when no organization is found', async () => {
    stub({ ...base, 'GET /api/organizations': () => json({ data: [], total: 0 }) });
    renderApp('/organizations?search=zzz');
    expect(await screen.findByText('No organizations found')).toBeInTheDocument();
  });

  it('shows a loading state while the list loads', async () => {
    stub({ ...base, 'GET /api/organizations': () => new Promise<Response>(() => {}) });
    renderApp('/organizations');
    expect(await screen.findByLabelText('Loading organizations')).toHaveAttribute('aria-busy', 'true');
  });

  it('is in the top bar for approved members only', async () => {
    stub({ ...base, 'GET /api/organizations': directory(1) });
    renderApp('/organizations');
    const modules = await screen.findByRole('navigation', { name: 'Modules' });
    expect(await within(modules).findByRole('link', { name: 'Organizations' })).toHaveAttribute(
      'href',
      '/organizations',
    );
  });
});

describe('/organizations/{organizationId} (public page)', () => {
  const CEDAR: OrganizationPublic = {
    id: 3,
    name: 'Cedar Equity',
    about: 'Growth equity investor.',
    website: 'https://www.cedar-equity.example',
    inception_date: '2012-09-01',
    legal_structure_id: 3,
    ticker_symbol: null,
    is_publicly_traded: false,
    logo: null,
    cover: null,
    legal_structure: 'Limited Liability Company',
    aum: null,
    total_full_time_employees: 0,
    size_of_workforce: null,
    total_owners: 3,
    total_leaders: 4,
    color_id: null,
    primary_phone: null,
    is_public: true,
    publish_scores: false,
    lpi_score: null,
    evenness: null,
    created_at: '2012-09-01T09:00:00.000Z',
    updated_at: '2026-03-14T10:20:00.000Z',
    sections: ['about'],
    addresses: [],
    primary_contact: null,
    identifiers: [],
  };

  const SET = (combined: number | null) => ({
    gender: { value: 0.5, lowConfidence: false, n: 10 },
    racial: { value: 0.4, lowConfidence: false, n: 10 },
    combined: { value: combined, lowConfidence: false, n: 10 },
  });
  const ref = {
    organization_id: 3,
    survey_id: null,
    submission_id: 41,
    submitted_at: '2026-03-14T10:20:00.000Z',
    scoring_version: '2.1.0',
  };
  const LPI = {
    ...ref,
    scores: {
      lpi: 6.456,
      lpi_prime: null,
      lpi_prime_gender: 5,
      lpi_prime_racial: 4,
      lpi_ownership: 5,
      lpi_ownership_gender: 5,
      lpi_ownership_racial: 5,
      staff_score: 50,
      leadership_score: 40,
      ownership_score: 30,
      transparency: 83.333,
    },
    badges: null,
  };
  const EVENNESS = { ...ref, evenness: { prime: SET(0.7234), ownership: SET(null) } };
  const NEVER = {
    organization_id: 3,
    survey_id: null,
    submission_id: null,
    submitted_at: null,
    scoring_version: null,
  };

  it('shows no scores section while the organization does not publish them, and does not ask for them', async () => {
    const calls = stub({ ...base, 'GET /api/organizations/3': () => json(CEDAR) });
    renderApp('/organizations/3');
    await screen.findByRole('heading', { level: 1, name: 'Cedar Equity' });
    expect(screen.queryByRole('heading', { name: 'Published LPI scores' })).not.toBeInTheDocument();
    expect(calls.some((url) => /\/(lpi|evenness)$/.test(url.pathname))).toBe(false);
  });

  it('shows the published LPI scores: 2 decimals, N/A, transparency %, evenness ×100, version and date', async () => {
    stub({
      ...base,
      'GET /api/organizations/3': () => json({ ...CEDAR, publish_scores: true }),
      'GET /api/organizations/3/lpi': () => json(LPI),
      'GET /api/organizations/3/evenness': () => json(EVENNESS),
    });
    renderApp('/organizations/3');
    const section = await screen.findByRole('region', { name: 'Published LPI scores' });
    const field = (name: string) => section.querySelector(`[data-field="${name}"] dd`);
    await waitFor(() => expect(field('lpi')).toHaveTextContent('6.46'));
    expect(field('lpi_prime')).toHaveTextContent('N/A');
    expect(field('lpi_ownership')).toHaveTextContent('5.00');
    expect(field('transparency')).toHaveTextContent('83.3%');
    expect(field('evenness_prime')).toHaveTextContent('72.3');
    expect(field('evenness_ownership')).toHaveTextContent('N/A');
    expect(field('scoring_version')).toHaveTextContent('2.1.0');
    expect(field('submitted_at')).toHaveTextContent('Mar 14, 2026');
    expect(within(section).getByText('LPI prime')).toBeInTheDocument();
  });

  it('says when a publishing organization has not submitted its profile yet', async () => {
    stub({
      ...base,
      'GET /api/organizations/3': () => json({ ...CEDAR, publish_scores: true }),
      'GET /api/organizations/3/lpi': () => json({ ...NEVER, scores: null, badges: null }),
      'GET /api/organizations/3/evenness': () => json({ ...NEVER, evenness: null }),
    });
    renderApp('/organizations/3');
    const section = await screen.findByRole('region', { name: 'Published LPI scores' });
    expect(await within(section).findByText('No submitted profile yet')).toBeInTheDocument();
    expect(section.querySelector('[data-field="lpi"]')).toBeNull();
  });

  it('says when the published scores cannot be loaded', async () => {
    stub({ ...base, 'GET /api/organizations/3': () => json({ ...CEDAR, publish_scores: true }) });
    renderApp('/organizations/3');
    const section = await screen.findByRole('region', { name: 'Published LPI scores' });
    expect(await within(section).findByText('The published scores could not be loaded')).toBeInTheDocument();
  });

  it('shows the About fields', async () => {
    stub({ ...base, 'GET /api/organizations/3': () => json(CEDAR) });
    renderApp('/organizations/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cedar Equity' })).toBeInTheDocument();
    const field = (name: string) => document.querySelector(`[data-field="${name}"] dd`);
    expect(field('about')).toHaveTextContent('Growth equity investor.');
    expect(within(field('website') as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.cedar-equity.example',
    );
    expect(field('inception_date')).toHaveTextContent('Sep 1, 2012');
    await waitFor(() => expect(field('legal_structure')).toHaveTextContent('Limited Liability Company'));
    expect(field('ticker_symbol')).toHaveTextContent('No information');
    expect(field('primary_phone')).toHaveTextContent('No information');
    expect(field('size_of_workforce')).toHaveTextContent('No information');
    expect(field('addresses')).toHaveTextContent('No information');
    expect(field('primary_contact')).toHaveTextContent('No information');
    expect(screen.getByRole('tab', { name: 'About' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Organizations' })).toHaveAttribute(
      'href',
      '/organizations',
    );
  });

  it('shows AUM, phone, size of workforce, addresses (primary first), the primary contact and the identifiers', async () => {
    stub({
      ...base,
      'GET /api/organizations/3': () =>
        json({
          ...CEDAR,
          aum: '$1B-$5B',
          primary_phone: '+1 617 555 0100',
          total_full_time_employees: 45,
          size_of_workforce: '11-50',
          addresses: [
            { id: 1, address: '1 Main St, Boston', is_primary: true },
            { id: 2, address: '2 Side St, Austin', is_primary: false },
          ],
          primary_contact: { id: 9, name: 'Eve', lastname: 'Stone', title: 'Partner', email: null },
          identifiers: [{ key: 'gi_sector_id', id: 10, name: 'Financials' }],
        } satisfies OrganizationPublic),
    });
    renderApp('/organizations/3');
    await screen.findByRole('heading', { level: 1, name: 'Cedar Equity' });
    const field = (name: string) => document.querySelector(`[data-field="${name}"] dd`);
    expect(field('aum')).toHaveTextContent('$1B-$5B');
    expect(field('primary_phone')).toHaveTextContent('+1 617 555 0100');
    expect(field('size_of_workforce')).toHaveTextContent('11-50 employees');
    expect(field('addresses')).toHaveTextContent('1 Main St, Boston (primary) 2 Side St, Austin');
    expect(field('primary_contact')).toHaveTextContent('Eve Stone · Partner');
    expect(field('identifiers')).toHaveTextContent('Sector: Financials');
  });

  it("links one's own organization's page to managing it, for its admins and (as My organization) its members", async () => {
    const ACME = { ...CEDAR, id: 2, name: 'Acme Capital Partners' };
    stub({ ...base, 'GET /api/organizations/2': () => json(ACME) });
    const { router } = renderApp('/organizations/2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Manage organization' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/private/feed'));
    cleanupApps();

    stub({
      ...base,
      'GET /api/user/status': () => json({ ...ACCOUNT, isOrganizationAdministrator: false }),
      'GET /api/organizations/2': () => json(ACME),
    });
    renderApp('/organizations/2');
    expect(await screen.findByRole('link', { name: 'Open My organization' })).toHaveAttribute(
      'href',
      '/organizations/private',
    );
  });

  it("offers no way to manage another organization's page, nor one's own while pending", async () => {
    stub({ ...base, 'GET /api/organizations/3': () => json(CEDAR) });
    renderApp('/organizations/3');
    await screen.findByRole('heading', { level: 1, name: 'Cedar Equity' });
    expect(screen.queryByRole('link', { name: /Manage organization|Open My organization/ })).toBeNull();
    cleanupApps();

    stub({
      ...base,
      'GET /api/user/status': () =>
        json({ ...ACCOUNT, organization_id: 3, isAllowed: false, status: 'pending' }),
      'GET /api/organizations/3': () => json(CEDAR),
    });
    renderApp('/organizations/3');
    await screen.findByRole('heading', { level: 1, name: 'Cedar Equity' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Account menu/ })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Manage organization|Open My organization/ })).toBeNull();
  });

  it('says when the organization cannot be loaded (private or unknown: 404)', async () => {
    stub({ ...base });
    renderApp('/organizations/99');
    expect(await screen.findByText('This organization could not be loaded')).toBeInTheDocument();
  });

  it('sends a non-numeric id to /404', async () => {
    stub(base);
    const { router } = renderApp('/organizations/abc');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/404');
  });
});
