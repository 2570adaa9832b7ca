import { lpiValues, type TOrganizationLpi } from '@parity/domain/analytics';
import { scoreProfile } from '@parity/domain/scoring/profile';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../lib/token-storage';
import { callsTo, json, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';
import { DIVERSITY_IMPACT_SAMPLE, START_REPORTING_PATH } from './lpi-card';

configure({ asyncUtilTimeout: 10000 });
vi.setConfig({ testTimeout: 30_000 });

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
    organization_id: ACCOUNT.organization_id as number,
    survey_id: null,
    submission_id: 11,
    submitted_at: '2026-11-20T10:00:00.000Z',
    scoring_version: '1.0.0',
    scores: SCORES,
    badges: null,
    survey_title: null,
    transparency_components: {
      staff: { reported: 185, requested: 189, percent: 97.88, viable: true },
      leadership: { reported: 6, requested: 18, percent: 33.33, viable: false },
      ownership: { reported: 2, requested: 6, percent: 33.33, viable: false },
    },
    counts: { staff: 189, leaders: 9, owners: 3 },
    ...overrides,
  };
}

function stubDashboard(lpi: TOrganizationLpi | Response, account: Partial<typeof ACCOUNT> = {}) {
  return stubFetch({
    'GET /api/user/status': () => json({ ...ACCOUNT, ...account }),
    'GET /api/organizations/me/admins': () => json({ data: [] }),
    'GET /api/user-account': () => json({ id: ACCOUNT.id, acknowledgements: ['getting_started'] }),
    [`GET /api/organizations/${ACCOUNT.organization_id}/lpi`]: () =>
      lpi instanceof Response ? lpi : json(lpi),
  });
}

const card = async () => {
  const heading = await screen.findByRole('heading', { level: 2, name: 'LPI health' });
  return heading.closest('section') as HTMLElement;
};

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});
afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard LPI card', () => {
  it('shows the gauge, 2-decimal values, transparency with %, and the score cards by weight, rounded, linking to their tabs', async () => {
    stubDashboard(latest());
    renderApp('/');
    const lpi = await card();
    expect(await within(lpi).findByTestId('dashboard-lpi')).toHaveTextContent('6.46');
    expect(within(lpi).getByTestId('dashboard-transparency')).toHaveTextContent('87.50%');
    expect(within(lpi).getByRole('meter', { name: 'Health gauge' })).toHaveAttribute('value', '6.456');
    expect(within(lpi).getByText('7.25')).toBeInTheDocument();
    const cards = within(within(lpi).getByRole('list', { name: 'Score cards' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      'Total Full-Time Employees score62out of 100, from 189 full-time employees',
      'Senior Leadership score48out of 100, from 9 senior leaders',
      'Ownership score73out of 100, from 3 owners',
    ]);
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/lpi/fte');
    expect(within(cards[1]!).getByRole('link')).toHaveAttribute('href', '/lpi/ownership');
    expect(within(cards[2]!).getByRole('link')).toHaveAttribute('href', '/lpi/ownership');
  });

  it('shows N/A on the gauge and values when null, and 0 on cards that are not numeric', async () => {
    stubDashboard(
      latest({
        submission_id: null,
        submitted_at: null,
        scoring_version: null,
        scores: null,
        transparency_components: null,
        counts: null,
      }),
    );
    renderApp('/');
    const lpi = await card();
    expect(await within(lpi).findByTestId('dashboard-lpi')).toHaveTextContent('N/A');
    expect(within(lpi).getByTestId('dashboard-transparency')).toHaveTextContent('N/A');
    expect(within(lpi).getByText('Health gauge: N/A')).toBeInTheDocument();
    expect(within(lpi).queryByRole('meter')).not.toBeInTheDocument();
    const cards = within(within(lpi).getByRole('list', { name: 'Score cards' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      'Total Full-Time Employees score0out of 100',
      'Senior Leadership score0out of 100',
      'Ownership score0out of 100',
    ]);
    expect(within(lpi).getByText(/No scores yet/)).toBeInTheDocument();
  });

  it('states the scale of each figure: the LPI values 0-10, transparency a %, the tiles scores out of 100 beside the head counts they read', async () => {
    stubDashboard(latest());
    renderApp('/');
    const lpi = await card();
    await within(lpi).findByTestId('dashboard-lpi');
    for (const label of [
      'LPI (0–10)',
      'LPI prime (0–10)',
      'LPI ownership (0–10)',
      'Transparency (% reported)',
    ]) {
      expect(within(lpi).getByText(label)).toBeInTheDocument();
    }
    const tiles = within(lpi).getByRole('list', { name: 'Score cards' });
    expect(within(tiles).getByRole('link', { name: 'Senior Leadership score' })).toBeInTheDocument();
    expect(within(tiles).getByText('out of 100, from 9 senior leaders')).toBeInTheDocument();
  });

  it('shows how transparency is made of its components, linking to the scoring explanation', async () => {
    stubDashboard(latest());
    renderApp('/');
    const lpi = await card();
    const parts = await within(lpi).findByTestId('dashboard-transparency-parts');
    expect(parts).toHaveTextContent(
      'Weighted 40% ownership (33.33%), 35% leadership (33.33%), 25% staff (97.88%).',
    );
    expect(within(parts).getByRole('link', { name: 'How scores are made' })).toHaveAttribute(
      'href',
      '/scoring#transparency',
    );
  });

  it('names the submission the figures come from: the profile, or a survey response by its title', async () => {
    stubDashboard(latest());
    renderApp('/');
    let lpi = await card();
    expect(await within(lpi).findByTestId('dashboard-source')).toHaveTextContent(
      'From the profile submitted Nov 20, 2026',
    );
    cleanupApps();
    document.body.innerHTML = '';

    stubDashboard(
      latest({ survey_id: 4, survey_title: '2025 DEI Survey', submitted_at: '2025-10-20T15:30:00.000Z' }),
    );
    renderApp('/');
    lpi = await card();
    expect(await within(lpi).findByTestId('dashboard-source')).toHaveTextContent(
      'From the response to 2025 DEI Survey, submitted Oct 20, 2025',
    );
  });

  it('shows START REPORTING to organization administrators only', async () => {
    stubDashboard(latest());
    renderApp('/');
    const lpi = await card();
    expect(await within(lpi).findByRole('link', { name: 'START REPORTING' })).toHaveAttribute(
      'href',
      START_REPORTING_PATH,
    );
    cleanupApps();
    document.body.innerHTML = '';

    stubDashboard(latest(), { isOrganizationAdministrator: false });
    renderApp('/');
    const member = await card();
    await within(member).findByTestId('dashboard-lpi');
    expect(within(member).queryByRole('link', { name: 'START REPORTING' })).not.toBeInTheDocument();
  });

  it("shows a real organization's scores without the demo's sample list", async () => {
    stubDashboard(latest(), { email: 'ada@acme-capital.com' });
    renderApp('/');
    const lpi = await card();
    expect(await within(lpi).findByTestId('dashboard-lpi')).toHaveTextContent('6.46');
    expect(within(lpi).queryByRole('heading', { name: 'Diversity impact score' })).not.toBeInTheDocument();
    expect(within(lpi).queryByText('Sample data')).not.toBeInTheDocument();
  });

  it('lists the diversity impact score by month in the demo (a .test account), labelled as sample data', async () => {
    stubDashboard(latest());
    renderApp('/');
    const lpi = await card();
    const list = within(lpi).getByRole('list', { name: 'Diversity impact score by month (sample data)' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      `January${DIVERSITY_IMPACT_SAMPLE[0].score.toFixed(2)}`,
    );
    expect(within(lpi).getByText('Sample data')).toBeInTheDocument();
  });

  it("shows the scoring library's LPI of a profile, to 2 decimals", async () => {
    const scores = scoreProfile({
      staff: [
        {
          ethnicity_id: 7,
          genders: [
            { id: 1, value: 9 },
            { id: 2, value: 11 },
          ],
        },
        { ethnicity_id: 2, genders: [{ id: 1, value: 3 }] },
      ],
      individuals: [
        { gender_id: 1, ethnicity_id: 2, is_senior_management: true, is_owner: true, ownership: 60 },
        { gender_id: 2, ethnicity_id: 7, is_senior_management: true, is_owner: true, ownership: 40 },
      ],
    });
    stubDashboard(latest({ scores: lpiValues(scores) }));
    renderApp('/');
    const lpi = await card();
    expect(await within(lpi).findByTestId('dashboard-lpi')).toHaveTextContent(
      (scores.lpi as number).toFixed(2),
    );
    expect(within(lpi).getByTestId('dashboard-transparency')).toHaveTextContent(
      `${(scores.transparency.transparency as number).toFixed(2)}%`,
    );
  });

  it('says when the scores cannot be loaded, and is absent for a pending account', async () => {
    stubDashboard(json({ message: 'Organization not found.', error: 'not_found' }, 404));
    renderApp('/');
    const lpi = await card();
    expect(await within(lpi).findByText('The LPI scores could not be loaded')).toBeInTheDocument();
    cleanupApps();
    document.body.innerHTML = '';

    stubDashboard(latest(), { status: 'pending' });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Awaiting admin approval' });
    expect(screen.queryByRole('heading', { name: 'LPI health' })).not.toBeInTheDocument();
  });
});

describe("the dashboard's cards", () => {
  it('each read its answer once: started before the cards mount, not again as they do', async () => {
    const calls = stubFetch({
      'GET /api/user/status': () => json({ ...ACCOUNT, status: 'approved' }),
      'GET /api/organizations/me/admins': () => json({ data: [] }),
      'GET /api/user-account': () => json({ id: ACCOUNT.id, acknowledgements: ['getting_started'] }),
      [`GET /api/organizations/${ACCOUNT.organization_id}/lpi`]: () => json(latest()),
      'GET /api/surveys/invitations': () => json({ data: [] }),
      [`GET /api/surveys/users/${ACCOUNT.id}/invitations`]: () => json({ data: [] }),
    });
    renderApp('/');
    expect(within(await card()).getByTestId('dashboard-lpi')).toHaveTextContent('6.46');
    expect(await screen.findByText('No survey invitations yet')).toBeInTheDocument();
    expect(await screen.findAllByText('No active surveys found')).not.toHaveLength(0);
    for (const path of [
      `/api/organizations/${ACCOUNT.organization_id}/lpi`,
      '/api/surveys/invitations',
      `/api/surveys/users/${ACCOUNT.id}/invitations`,
    ]) {
      expect(callsTo(calls, 'GET', path), path).toHaveLength(1);
    }
  });
});
