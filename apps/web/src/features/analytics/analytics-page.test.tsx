import type { THistoricalEvenness, THistoricalLpi, TOrganizationLpi } from '@parity/domain/analytics';
import type { TTransparencyResponse } from '@parity/domain/lpi/transparency';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDictionaryCache } from '../../lib/dictionaries';
import { setTokens } from '../../lib/token-storage';
import { captureDownloads, FORMULA_TEXTS, readCsv, readText } from '../../testing/downloads';
import { json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import { EMPTY_MESSAGE } from './components/analytics-page';
import { NO_SUBMITTED_SURVEY } from './components/peer-benchmark';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30_000 });

const STATE = {
  tab: 'staff',
  updated_at: null,
  updated_by: null,
  completed: false,
  editable: true,
  version: 0,
};

const SCORES = {
  lpi: 6.456,
  lpi_prime: 5.5,
  lpi_prime_gender: 5,
  lpi_prime_racial: 6,
  lpi_ownership: 7.25,
  lpi_ownership_gender: 7,
  lpi_ownership_racial: 7.5,
  staff_score: 61.6,
  leadership_score: 48.2,
  ownership_score: 72.5,
  transparency: 87.5,
};

function latest(overrides: Partial<TOrganizationLpi> = {}): TOrganizationLpi {
  return {
    organization_id: 2,
    survey_id: null,
    submission_id: 11,
    submitted_at: '2026-11-20T10:00:00.000Z',
    scoring_version: '1.0.0',
    scores: SCORES,
    badges: {
      level: 'substantial',
      label: 'Substantially diverse-owned',
      women: 'substantial',
      peopleOfColour: null,
    },
    survey_title: null,
    transparency_components: {
      staff: { reported: 38, requested: 40, percent: 95, viable: true },
      leadership: { reported: 6, requested: 8, percent: 75, viable: true },
      ownership: { reported: 4, requested: 4, percent: 100, viable: true },
    },
    counts: { staff: 40, leaders: 4, owners: 2 },
    ...overrides,
  };
}

const HISTORY: THistoricalLpi = {
  organization_id: 2,
  data: [
    {
      submission_id: 10,
      submitted_at: '2025-11-01T10:00:00.000Z',
      scoring_version: '1.0.0',
      scores: { ...SCORES, lpi: 4.1, lpi_prime: 3.333, lpi_ownership: null },
    },
    { submission_id: 11, submitted_at: '2026-11-20T10:00:00.000Z', scoring_version: '1.0.0', scores: SCORES },
  ],
};

const EVENNESS: THistoricalEvenness = {
  organization_id: 2,
  data: [
    {
      submission_id: 11,
      submitted_at: '2026-11-20T10:00:00.000Z',
      scoring_version: '1.0.0',
      evenness: {
        prime_gender: 0.5,
        prime_racial: 0.25,
        prime_combined: 0.4,
        ownership_gender: 0.9,
        ownership_racial: null,
        ownership_combined: 0.8,
      },
    },
  ],
};

const component = (percent: number | null, reported: number, requested: number) => ({
  reported,
  requested,
  percent,
  viable: percent !== null && percent >= 50,
});
const TRANSPARENCY: TTransparencyResponse = {
  organization_id: 2,
  survey_id: null,
  data: [
    {
      staff_score: 100,
      leadership_score: 25,
      ownership_score: 75,
      transparency: 87.5,
      staff: component(100, 40, 40),
      leadership: component(25, 1, 4),
      ownership: component(75, 3, 4),
    },
  ],
};

const person = (
  id: number,
  gender_id: number | null,
  ethnicity_id: number | null,
  leader: boolean,
  owner: boolean,
) => ({
  id,
  identification_id: null,
  name: `Person ${id}`,
  corporate_title_id: null,
  date_of_joining: null,
  gender_id,
  ethnicity_id,
  immigration_id: null,
  veteran_id: null,
  lgbtq_id: null,
  disabled_id: null,
  us_citizen_id: null,
  us_based_id: null,
  is_senior_management: leader,
  date_of_promotion: null,
  is_owner: owner,
  ownership: owner ? 50 : null,
  initial_ownership_date: null,
  organization_id: 2,
  survey_id: null,
  updated_at: '2026-11-20T10:00:00.000Z',
});

const STAFF = {
  categories: [
    { id: 1, name: 'Women', order: 1, genders: [{ id: 1, name: 'Woman', category_id: 1, order: 1 }] },
    { id: 2, name: 'Men', order: 2, genders: [{ id: 2, name: 'Man', category_id: 2, order: 2 }] },
  ],
  rows: [
    { ethnicity_id: 1, name: 'Asian', genders: [], total: 15 },
    { ethnicity_id: 2, name: 'White', genders: [], total: 25 },
  ],
  totals: {
    byGender: [
      { id: 1, total: 18 },
      { id: 2, total: 22 },
    ],
    byCategory: [],
    all: 40,
  },
};

function handlers(overrides: Record<string, () => Response> = {}) {
  return stubFetch({
    'GET /api/user/status': () =>
      json({ ...ACCOUNT, hasLpiAccess: false, isOrganizationAdministrator: false }),
    'GET /api/organizations/2/lpi': () => json(latest()),
    'GET /api/organizations/me/historical-lpi': () => json(HISTORY),
    'GET /api/organizations/me/historical-evenness': () => json(EVENNESS),
    'GET /api/organization/transparency': () => json(TRANSPARENCY),
    'GET /api/organization/me/staff': () => json({ data: STAFF, state: STATE }),
    'GET /api/organization/me/ownership': () =>
      json({
        data: {
          rows: [person(1, 1, 1, true, true), person(2, 2, 2, true, false), person(3, null, 2, false, true)],
          totals: { ownership_sum: 100, owners: 2, leaders: 2, total_owners: 2, total_leaders: 2 },
          option_flags: {},
        },
        state: { ...STATE, tab: 'ownership' },
      }),
    'GET /api/surveys/invitations': () => json({ data: [] }),
    'GET /api/organization/me/boards': () =>
      json({ data: { rows: [], option_flags: {} }, state: { ...STATE, tab: 'board' } }),
    'GET /api/genders': () =>
      json([
        { id: 1, name: 'Woman', order: 1, category_id: 1 },
        { id: 2, name: 'Man', order: 2, category_id: 2 },
      ]),
    'GET /api/ethnicities': () =>
      json([
        { id: 1, name: 'Asian', order: 1, is_person_of_colour: true },
        { id: 2, name: 'White', order: 2, is_person_of_colour: false },
      ]),
    ...overrides,
  });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  clearDictionaryCache();
});

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/lpi/analytics', () => {
  it('shows the gauge, the LPI and transparency values, the score cards by weight and the badges, to a member without LPI access', async () => {
    handlers();
    renderApp('/lpi/analytics');
    expect(await screen.findByTestId('lpi-value')).toHaveTextContent('6.46');
    expect(screen.getByTestId('transparency-value')).toHaveTextContent('87.50%');
    expect(screen.getByRole('meter', { name: 'Health gauge' })).toHaveAttribute('value', '6.456');
    const cards = within(screen.getByRole('list', { name: 'Score cards' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Total Full-Time Employees score62out of 100, from 40 full-time employees',
      'Senior Leadership score48out of 100, from 4 senior leaders',
      'Ownership score73out of 100, from 2 owners',
    ]);
    expect(within(cards[0]!).getByRole('link', { name: 'Total Full-Time Employees score' })).toHaveAttribute(
      'href',
      '/lpi/fte',
    );
    expect(within(cards[1]!).getByRole('link', { name: 'Senior Leadership score' })).toHaveAttribute(
      'href',
      '/lpi/ownership',
    );
    expect(screen.getByText('Substantially diverse-owned')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  });

  it('names the submission its figures come from, with its head counts, dates the badges and shows how transparency is made', async () => {
    handlers();
    renderApp('/lpi/analytics');
    const source = await screen.findByTestId('figures-source');
    expect(source).toHaveTextContent(
      'Figures from the profile submitted Nov 20, 2026 (40 full-time employees, 4 senior leaders, 2 owners).',
    );
    expect(within(source).getByRole('link', { name: 'How scores are made' })).toHaveAttribute(
      'href',
      '/scoring',
    );
    // The summary's date is the last point of the chart over time.
    const chart = await screen.findByRole('region', { name: 'LPI over time' });
    expect(within(chart).getByText('2026-11-20')).toBeInTheDocument();
    expect(screen.getByText('LPI (0–10)')).toBeInTheDocument();
    expect(screen.getByText('Transparency (% reported)')).toBeInTheDocument();
    const parts = screen.getByTestId('transparency-parts');
    expect(parts).toHaveTextContent(
      'The weighted mean of ownership 100.00% (weight 40%), leadership 75.00% (weight 35%) and staff 95.00% (weight 25%)',
    );
    expect(within(parts).getByRole('link', { name: 'How transparency is computed' })).toHaveAttribute(
      'href',
      '/scoring#transparency',
    );
    expect(screen.getByText('Women-owned at least 25%, as submitted Nov 20, 2026')).toBeInTheDocument();
  });

  it('shows N/A for null values and 0 on cards that are not numeric', async () => {
    handlers({
      'GET /api/organizations/2/lpi': () =>
        json(
          latest({
            scores: { ...SCORES, lpi: null, transparency: null, staff_score: null },
            badges: { level: null, label: null, women: null, peopleOfColour: null },
          }),
        ),
    });
    renderApp('/lpi/analytics');
    expect(await screen.findByTestId('lpi-value')).toHaveTextContent('N/A');
    expect(screen.getByTestId('transparency-value')).toHaveTextContent('N/A');
    expect(screen.getByText('Health gauge: N/A')).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Score cards' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Total Full-Time Employees score0out of 100');
  });

  it('switches the scores over time between lpi (default) and evenness, with a table view', async () => {
    handlers();
    const user = userEvent.setup();
    const { router } = renderApp('/lpi/analytics');
    const lpiChart = await screen.findByRole('region', { name: 'LPI over time' });
    expect(within(lpiChart).getByRole('img', { name: 'LPI over time' })).toBeInTheDocument();

    await user.click(within(lpiChart).getByRole('radio', { name: 'Table' }));
    const table = within(lpiChart).getByRole('table', { name: 'LPI over time' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'SubmittedLPILPI primeLPI ownership',
      '2025-11-014.13.33N/A',
      '2026-11-206.465.57.25',
    ]);

    await user.click(screen.getByRole('radio', { name: 'Evenness' }));
    const evenness = await screen.findByRole('region', { name: 'Evenness over time' });
    expect(router.state.location.search).toBe('?option=evenness');
    await user.click(within(evenness).getByRole('radio', { name: 'Table' }));
    const evennessRows = within(within(evenness).getByRole('table')).getAllByRole('row');
    expect(evennessRows[1]).toHaveTextContent('2026-11-2040502580');
  });

  it('downloads a chart table as CSV', async () => {
    handlers();
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/lpi/analytics');
    const heatmap = await screen.findByRole('region', {
      name: 'Transparency of the current profile, per component',
    });
    await user.click(
      within(heatmap).getByRole('button', {
        name: 'Download Transparency of the current profile, per component as CSV',
      }),
    );
    expect(click).toHaveBeenCalledTimes(1);
    expect(blobs).toHaveLength(1);
    expect(await readText(blobs[0]!)).toBe(
      [
        'Component,Reported,Requested,Transparency (%),Viable',
        'Staff,40,40,100,viable',
        'Leadership,1,4,25,not viable',
        'Ownership,3,4,75,viable',
      ].join('\r\n'),
    );
  });

  it('neutralises formula-like labels in the CSV downloads (OWASP CSV injection); a negative number stays a number', async () => {
    handlers({
      'GET /api/genders': () =>
        json(FORMULA_TEXTS.map((name, i) => ({ id: i + 1, name, order: i + 1, category_id: i < 1 ? 1 : 2 }))),
      // A head count for each gender, so that each has a row.
      'GET /api/organization/me/staff': () =>
        json({
          data: {
            ...STAFF,
            totals: { ...STAFF.totals, byGender: FORMULA_TEXTS.map((_, i) => ({ id: i + 1, total: 1 })) },
          },
          state: STATE,
        }),
      'GET /api/organizations/me/historical-lpi': () =>
        json({ ...HISTORY, data: [{ ...HISTORY.data[1]!, scores: { ...SCORES, lpi: -2 } }] }),
    });
    const user = userEvent.setup();
    const blobs = captureDownloads();
    renderApp('/lpi/analytics');
    const gender = await screen.findByRole('region', { name: 'Breakdown by gender' });
    await user.click(within(gender).getByRole('button', { name: 'Download Breakdown by gender as CSV' }));
    const overTime = screen.getByRole('region', { name: 'LPI over time' });
    await user.click(within(overTime).getByRole('button', { name: 'Download LPI over time as CSV' }));
    expect(blobs).toHaveLength(2);
    const [breakdown, lpi] = await Promise.all(blobs.map(readCsv));
    const labels = breakdown!.slice(1).map((row) => row[0]);
    for (const formula of FORMULA_TEXTS) expect(labels).toContain(`'${formula}`);
    expect(lpi![1]![1]).toBe('-2');
  });

  it('breaks staff, leadership, board and ownership down by gender and race', async () => {
    handlers();
    const user = userEvent.setup();
    renderApp('/lpi/analytics');
    const gender = await screen.findByRole('region', { name: 'Breakdown by gender' });
    await user.click(within(gender).getByRole('radio', { name: 'Table' }));
    expect(
      within(within(gender).getByRole('table'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'GenderStaffLeadershipBoardOwnershipOwnership (%)',
      'Woman1810150',
      'Man221000',
      'Not provided000150',
    ]);
    const race = screen.getByRole('region', { name: 'Breakdown by race/ethnicity' });
    await user.click(within(race).getByRole('radio', { name: 'Table' }));
    expect(
      within(within(race).getByRole('table'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Race/EthnicityStaffLeadershipBoardOwnershipOwnership (%)', 'Asian1510150', 'White2510150']);
  });

  it('invites to submit when the organization never submitted', async () => {
    handlers({
      'GET /api/organizations/2/lpi': () =>
        json(
          latest({
            submission_id: null,
            submitted_at: null,
            scoring_version: null,
            scores: null,
            badges: null,
          }),
        ),
    });
    renderApp('/lpi/analytics');
    expect(await screen.findByText(new RegExp(EMPTY_MESSAGE))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to reporting' })).toHaveAttribute(
      'href',
      '/organizations/private/lpi/overview',
    );
  });

  it('says when there is no profile submission to chart over time', async () => {
    handlers({ 'GET /api/organizations/me/historical-lpi': () => json({ organization_id: 2, data: [] }) });
    renderApp('/lpi/analytics');
    const panel = await screen.findByRole('region', { name: 'LPI over time' });
    expect(within(panel).getByText(/No submission of the profile yet/)).toBeInTheDocument();
    expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows an error when the scores fail to load', async () => {
    handlers({
      'GET /api/organizations/2/lpi': () => json({ message: 'Bad id.', error: 'Bad Request' }, 400),
    });
    renderApp('/lpi/analytics');
    expect(await screen.findByText('The scores could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Score cards' })).not.toBeInTheDocument();
  });
});

describe('/organizations/private/lpi/analytics', () => {
  it('shares the LPI profile’s tab bar: every tab, and on a phone a picker of them all', async () => {
    handlers();
    const { router } = renderApp('/organizations/private/lpi/analytics');
    const tabs = await screen.findByRole('tablist', { name: 'LPI profile tabs' });
    expect(within(tabs).getAllByRole('tab')).toHaveLength(10);
    expect(within(tabs).getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    const picker = screen.getByRole('combobox', { name: 'LPI profile tabs' });
    expect(within(picker).getAllByRole('option')).toHaveLength(10);
    await userEvent.setup().selectOptions(picker, 'Total Full-Time Employees');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/private/lpi/staff'));
  });

  it('is the reporting page option: its cards link to the reporting tabs', async () => {
    handlers();
    renderApp('/organizations/private/lpi/analytics');
    const cards = await screen.findByRole('list', { name: 'Score cards' });
    expect(within(cards).getByRole('link', { name: 'Total Full-Time Employees score' })).toHaveAttribute(
      'href',
      '/organizations/private/lpi/staff',
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Reporting' })).toBeInTheDocument(),
    );
  });
});

const invitation = (survey_id: number, title: string, submitted_at: string | null) => ({
  id: survey_id * 10,
  survey_id,
  organization_id: 2,
  title,
  step: 10,
  survey_locked_step: 11,
  completed_steps: 11,
  total_step: 11,
  survey_progress: 100,
  status: submitted_at ? 'Submitted' : 'Active',
  start: '2026-01-01',
  end: '2026-12-31',
  due: '2026-12-31',
  is_legacy: false,
  submitted_at,
  host: { id: 1, name: 'Northwind Pension Fund', logo: null },
  contributors: [],
});

const benchmark = (respondents: number, reason: string | null) => ({
  survey_id: 7,
  organization_id: 2,
  respondents,
  reason,
  scores: Object.fromEntries(
    ['lpi', 'lpi_prime', 'lpi_ownership', 'staff_score', 'leadership_score', 'ownership_score'].map(
      (key, i) => [
        key,
        reason
          ? { suppressed: true, n: respondents, reason }
          : key === 'ownership_score'
            ? { suppressed: true, n: 4, reason: 'This organization has no score to compare.' }
            : { suppressed: false, percentile: 12.5 * (i + 1), peers: respondents - 1 },
      ],
    ),
  ),
});

describe('the peer benchmark on /lpi/analytics', () => {
  const invitations = () =>
    json({
      data: [
        invitation(5, 'Emerging Managers Survey', null),
        invitation(7, '2026 DEI Survey', '2026-11-18T10:00:00.000Z'),
      ],
    });

  it('is suppressed with its reason while fewer than 5 organizations submitted', async () => {
    const reason = 'Shown once at least 5 organizations have submitted (3 so far).';
    const calls = handlers({
      'GET /api/surveys/invitations': invitations,
      'GET /api/analytics/survey/7/benchmark': () => json(benchmark(3, reason)),
    });
    renderApp('/lpi/analytics');
    const section = await screen.findByRole('region', { name: 'Peer benchmark' });
    expect(await within(section).findByText(reason)).toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
    // only the submitted survey is offered
    expect(calls.some((c) => c.path === '/api/analytics/survey/5/benchmark')).toBe(false);
  });

  it("shows the organization's percentile per figure once 5 submitted, with a table view", async () => {
    handlers({
      'GET /api/surveys/invitations': invitations,
      'GET /api/analytics/survey/7/benchmark': () => json(benchmark(9, null)),
    });
    const user = userEvent.setup();
    renderApp('/lpi/analytics');
    const panel = await screen.findByRole('region', { name: 'Peer benchmark: 2026 DEI Survey' });
    expect(within(panel).getByRole('img', { name: 'Peer benchmark: 2026 DEI Survey' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: 'Table' }));
    const rows = within(within(panel).getByRole('table'))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows[1]).toBe('LPI12.58N/A');
    expect(rows[6]).toBe('Ownership scoreN/AN/AThis organization has no score to compare.');
  });

  it('says so when the organization submitted no survey', async () => {
    handlers();
    renderApp('/lpi/analytics');
    const section = await screen.findByRole('region', { name: 'Peer benchmark' });
    expect(await within(section).findByText(NO_SUBMITTED_SURVEY)).toBeInTheDocument();
  });
});
