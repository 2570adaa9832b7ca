import {
  evennessValues,
  lpiValues,
  type TRespondentDistribution,
  type TSurveyScoreKey,
} from '@parity/domain/analytics';
import { scoreProfile } from '@parity/domain/scoring/profile';
import { mean, percentileRanks, quartileOf, summarize } from '@parity/domain/scoring/survey';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../lib/token-storage';
import { captureDownloads, FORMULA_TEXTS, readCsv } from '../../../testing/downloads';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { cleanupApps, renderApp } from '../../../testing/render';
import {
  LABELS_FAILED_MESSAGE,
  MANAGER_PARAM,
  NO_LABELS_MESSAGE,
  OPTION_PARAM,
  SurveyAnalyticsPanel,
} from './survey-analytics-panel';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30_000 });

const SURVEY = 7;
const WOMAN = 1;
const MAN = 2;
const ASIAN = 2;
const WHITE = 7;

/** A staff-only profile: `women` and `men` White, `asian` Asian women. */
const profile = (women: number, men: number, asian: number) =>
  scoreProfile({
    staff: [
      {
        ethnicity_id: WHITE,
        genders: [
          { id: WOMAN, value: women },
          { id: MAN, value: men },
        ],
      },
      { ethnicity_id: ASIAN, genders: [{ id: WOMAN, value: asian }] },
    ],
    individuals: [],
  });

/** Four respondents scored by the scoring library from their profiles. */
const RESPONDENTS = [
  { organization_id: 11, organization_name: 'Acme Capital Partners', scores: profile(5, 15, 0) },
  { organization_id: 12, organization_name: 'Birch Ventures', scores: profile(10, 10, 5) },
  { organization_id: 13, organization_name: 'Cedar Equity', scores: profile(2, 20, 1) },
  { organization_id: 14, organization_name: 'Delta Partners', scores: profile(8, 8, 8) },
];

/** What the API answers for a figure over the respondents given, computed with the library. */
function distribution(
  key: TSurveyScoreKey,
  respondents = RESPONDENTS,
  labelIds: number[] = [],
): TRespondentDistribution {
  const figureOf = (r: (typeof RESPONDENTS)[number]) =>
    ({ ...lpiValues(r.scores), ...evennessValues(r.scores) })[key];
  const values = respondents.map(figureOf);
  const summary = summarize(values);
  const ranks = percentileRanks(values);
  return {
    survey_id: SURVEY,
    respondents: respondents.length,
    reason: summary.suppressed ? summary.reason : null,
    key,
    label_ids: labelIds,
    summary,
    values: summary.suppressed
      ? []
      : respondents
          .map((r, i) => ({
            organization_id: r.organization_id,
            organization_name: r.organization_name,
            value: values[i] ?? null,
            percentile: ranks[i] ?? null,
            quartile: quartileOf(values[i], summary.quartiles),
          }))
          .sort((a, b) => (b.value ?? 0) - (a.value ?? 0)),
  };
}

const surveyLpi = () => ({
  survey_id: SURVEY,
  respondents: 4,
  reason: null,
  scores: Object.fromEntries(
    Object.keys(lpiValues(RESPONDENTS[0]!.scores)).map((key) => [
      key,
      summarize(RESPONDENTS.map((r) => lpiValues(r.scores)[key as 'lpi'])),
    ]),
  ),
});

/** Stubs fetch with a handler that sees the query string too; returns the calls. */
function stubApi(handler: (path: string, search: URLSearchParams) => Response | undefined) {
  return stubFetch(
    ({ path, search }) => handler(path, search) ?? json({ message: 'Not found.', error: 'not_found' }, 404),
    ({ path, search }) => ({ path, search }),
  );
}

const LABELS = {
  data: [
    { id: 3, name: 'Growth', color: null, organizations: 2 },
    { id: 5, name: 'Europe', color: null, organizations: 1 },
  ],
};

function defaultHandler(overrides: Record<string, (search: URLSearchParams) => Response> = {}) {
  return stubApi((path, search) => {
    const override = overrides[path];
    if (override) return override(search);
    if (path === `/api/analytics/survey/${SURVEY}/distribution`) {
      return json(distribution((search.get('score') ?? 'lpi') as TSurveyScoreKey));
    }
    if (path === `/api/surveys/${SURVEY}/lpi`) return json(surveyLpi());
    if (path === '/api/organization-labels') return json(LABELS);
    return undefined;
  });
}

const render = (path = `/surveys/hosting/${SURVEY}`) =>
  renderApp(path, [
    { path: '/surveys/hosting/:surveyId', element: <SurveyAnalyticsPanel surveyId={SURVEY} /> },
  ]);

beforeEach(() => {
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});
afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SurveyAnalyticsPanel', () => {
  it("shows the LPI by default: n, the library's mean and quartiles, each respondent's position", async () => {
    const calls = defaultHandler();
    render();
    const summary = await screen.findByRole('region', { name: 'Summary across respondents' });
    const lpis = RESPONDENTS.map((r) => r.scores.lpi);
    // the number on the page is the scoring library's mean of the respondents' LPI
    expect(within(summary).getByText('Mean').nextSibling).toHaveTextContent(
      (mean(lpis) as number).toFixed(2),
    );
    expect(within(summary).getByText('Respondents').nextSibling).toHaveTextContent('4');
    const q = summarize(lpis);
    if (q.suppressed) throw new Error('expected a summary');
    expect(within(summary).getByText('Median').nextSibling).toHaveTextContent(q.quartiles.median.toFixed(2));
    expect(within(summary).getByText('Quartile 1').nextSibling).toHaveTextContent(q.quartiles.q1.toFixed(2));
    expect(screen.getByRole('radio', { name: 'LPI' })).toBeChecked();
    expect(calls.find((c) => c.path.endsWith('/distribution'))?.search.get('score')).toBe('lpi');

    const table = screen.getByRole('table', { name: 'Respondents by LPI' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    // highest first; the top one is in the 4th quartile, at the 100th percentile of the others
    const top = [...RESPONDENTS].sort((a, b) => (b.scores.lpi ?? 0) - (a.scores.lpi ?? 0))[0]!;
    expect(rows[0]).toHaveTextContent(top.organization_name);
    expect(rows[0]).toHaveTextContent(`${(top.scores.lpi as number).toFixed(2)}100Q4`);
    expect(screen.getByRole('img', { name: 'Distribution of LPI' })).toBeInTheDocument();
  });

  it('sorts the respondents by organization and has a table view of the distribution', async () => {
    defaultHandler();
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('table', { name: 'Respondents by LPI' });
    await user.click(within(table).getByRole('button', { name: 'Sort by Organization' }));
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual([...RESPONDENTS.map((r) => r.organization_name)].sort());
    expect(within(table).getByRole('columnheader', { name: /Organization/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    const chart = screen.getByRole('region', { name: 'Distribution of LPI' });
    await user.click(within(chart).getByRole('radio', { name: 'Table' }));
    expect(within(chart).getByRole('table', { name: 'Distribution of LPI' })).toBeInTheDocument();
    expect(within(chart).getByRole('button', { name: 'Download Distribution of LPI as CSV' })).toBeEnabled();
  });

  it("neutralises formula-like organization names in the distribution's CSV (OWASP CSV injection); a negative number stays a number", async () => {
    const lpi = distribution('lpi');
    defaultHandler({
      [`/api/analytics/survey/${SURVEY}/distribution`]: () =>
        json({
          ...lpi,
          values: FORMULA_TEXTS.map((organization_name, i) => ({
            ...lpi.values[0]!,
            organization_id: 100 + i,
            organization_name,
            value: -2,
          })),
        }),
    });
    const user = userEvent.setup();
    const blobs = captureDownloads();
    render();
    const chart = await screen.findByRole('region', { name: 'Distribution of LPI' });
    await user.click(within(chart).getByRole('button', { name: 'Download Distribution of LPI as CSV' }));
    const [header, ...rows] = await readCsv(blobs[0]!);
    expect(header).toEqual(['Organization', 'LPI', 'Percentile', 'Quartile']);
    expect(rows.map((row) => row[0])).toEqual(FORMULA_TEXTS.map((name) => `'${name}`));
    expect(rows.map((row) => row[1])).toEqual(FORMULA_TEXTS.map(() => '-2'));
  });

  it('switches to evenness (head counts, shown x100)', async () => {
    const calls = defaultHandler({
      [`/api/surveys/${SURVEY}/evenness`]: () =>
        json({ survey_id: SURVEY, respondents: 4, reason: null, evenness: {} }),
    });
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('table', { name: 'Respondents by LPI' });
    await user.click(screen.getByRole('radio', { name: 'Evenness' }));
    const table = await screen.findByRole('table', { name: 'Respondents by Evenness, head counts' });
    expect(router.state.location.search).toBe(`?${OPTION_PARAM}=evenness`);
    expect(
      calls.some((c) => c.path.endsWith('/distribution') && c.search.get('score') === 'prime_combined'),
    ).toBe(true);
    const values = RESPONDENTS.map((r) => r.scores.evenness.prime.combined.value as number);
    const highest = Math.max(...values);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      (Math.round(highest * 10000) / 100).toFixed(2),
    );
  });

  it('opens on the option in the query string, and lets the figure change', async () => {
    const calls = defaultHandler({
      [`/api/surveys/${SURVEY}/evenness`]: () =>
        json({ survey_id: SURVEY, respondents: 4, reason: null, evenness: {} }),
    });
    const user = userEvent.setup();
    render(`/surveys/hosting/${SURVEY}?tab=analytics&${OPTION_PARAM}=evenness`);
    expect(
      await screen.findByRole('table', { name: 'Respondents by Evenness, head counts' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Evenness' })).toBeChecked();
    await user.click(screen.getByRole('combobox', { name: 'Figure' }));
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(await screen.findByRole('option', { name: 'Evenness, head counts by gender', hidden: true }));
    await screen.findByRole('table', { name: 'Respondents by Evenness, head counts by gender' });
    expect(calls.some((c) => c.search.get('score') === 'prime_gender')).toBe(true);
  });

  it('hides the figures, saying why, when fewer than 3 respondents count', async () => {
    defaultHandler({
      [`/api/analytics/survey/${SURVEY}/distribution`]: () =>
        json(distribution('lpi', RESPONDENTS.slice(0, 2))),
    });
    render();
    expect(await screen.findByText('Hidden to protect privacy')).toBeInTheDocument();
    expect(screen.getAllByText(/fewer than 3 organizations \(2\)/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table', { name: /Respondents by/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Distribution of LPI' })).not.toBeInTheDocument();
  });

  it("names a respondent the panel does not list (figures hidden) from the manager view's answer", async () => {
    const cedar = RESPONDENTS[2]!;
    defaultHandler({
      [`/api/analytics/survey/${SURVEY}/distribution`]: () =>
        json(distribution('lpi', RESPONDENTS.slice(0, 2))),
      [`/api/analytics/survey/${SURVEY}/organization/13/lpi`]: () =>
        json({
          organization_id: 13,
          organization_name: 'Cedar Equity',
          survey_id: SURVEY,
          submission_id: 97,
          submitted_at: '2026-11-20T10:00:00.000Z',
          scoring_version: '1.0.0',
          scores: lpiValues(cedar.scores),
          badges: null,
        }),
    });
    render(`/surveys/hosting/${SURVEY}?${MANAGER_PARAM}=13`);
    expect(await screen.findByRole('dialog', { name: 'Manager view: Cedar Equity' })).toBeInTheDocument();
  });

  it('filters by organization labels: the figures are fetched again with label_ids', async () => {
    const calls = defaultHandler({
      [`/api/analytics/survey/${SURVEY}/distribution`]: (search) =>
        search.get('label_ids') === '3'
          ? json(distribution('lpi', RESPONDENTS.slice(1), [3]))
          : json(distribution('lpi')),
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('table', { name: 'Respondents by LPI' });
    await user.click(screen.getByLabelText('Organization labels', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Growth (2)', hidden: true }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Respondents by LPI' })).getAllByRole('row'),
      ).toHaveLength(4),
    );
    expect(calls.some((c) => c.path.endsWith('/distribution') && c.search.get('label_ids') === '3')).toBe(
      true,
    );
    expect(
      calls.some((c) => c.path === `/api/surveys/${SURVEY}/lpi` && c.search.get('label_ids') === '3'),
    ).toBe(true);
    expect(screen.queryByText('Acme Capital Partners')).not.toBeInTheDocument();
  });

  it('offers no label, without failing, while the labels cannot be loaded', async () => {
    defaultHandler({ '/api/organization-labels': () => json({ message: 'Not found.' }, 404) });
    render();
    await screen.findByRole('table', { name: 'Respondents by LPI' });
    expect(await screen.findByText(LABELS_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Organization labels', { selector: 'input' })).toBeDisabled();
  });

  it('says so when the host has no label yet', async () => {
    defaultHandler({ '/api/organization-labels': () => json({ data: [] }) });
    render();
    expect(await screen.findByText(NO_LABELS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Organization labels', { selector: 'input' })).toBeDisabled();
  });

  it('opens the manager view from the query string and from the table; closing clears the query', async () => {
    const acme = RESPONDENTS[0]!;
    defaultHandler({
      [`/api/analytics/survey/${SURVEY}/organization/11/lpi`]: () =>
        json({
          organization_id: 11,
          survey_id: SURVEY,
          submission_id: 99,
          submitted_at: '2026-11-20T10:00:00.000Z',
          scoring_version: '1.0.0',
          scores: lpiValues(acme.scores),
          badges: acme.scores.badges,
        }),
      [`/api/analytics/survey/${SURVEY}/organization/12/lpi`]: () =>
        json({
          organization_id: 12,
          survey_id: SURVEY,
          submission_id: null,
          submitted_at: null,
          scoring_version: null,
          scores: null,
          badges: null,
        }),
    });
    const user = userEvent.setup();
    const { router } = render(`/surveys/hosting/${SURVEY}?${MANAGER_PARAM}=11`);
    const drawer = await screen.findByRole('dialog', { name: 'Manager view: Acme Capital Partners' });
    const panel = await within(drawer).findByRole('region', {
      name: /Acme Capital Partners: LPI beside the survey/,
    });
    await user.click(within(panel).getByRole('radio', { name: 'Table' }));
    const lpiRow = within(panel).getByRole('row', { name: /^LPI \d/ });
    expect(lpiRow).toHaveTextContent((Math.round((acme.scores.lpi as number) * 100) / 100).toString());
    expect(drawer).not.toHaveTextContent(/gender_id|ethnicity/);
    // its place in the figure shown: the library's percentile among the other respondents
    const acmeRank = percentileRanks(RESPONDENTS.map((r) => r.scores.lpi))[0] as number;
    expect(within(drawer).getByTestId('manager-position')).toHaveTextContent(
      `LPI: percentile ${Math.round(acmeRank)} among the other respondents`,
    );

    await user.click(within(drawer).getByRole('button', { name: 'Close the manager view' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await user.click(screen.getByRole('button', { name: 'Open the manager view of Birch Ventures' }));
    expect(router.state.location.search).toBe(`?${MANAGER_PARAM}=12`);
    expect(
      await screen.findByText('This organization has not submitted the survey yet.'),
    ).toBeInTheDocument();
  });

  it("shows a respondent's evenness in the manager view, flagging low confidence", async () => {
    const birch = RESPONDENTS[1]!;
    defaultHandler({
      [`/api/surveys/${SURVEY}/evenness`]: () =>
        json({ survey_id: SURVEY, respondents: 4, reason: null, evenness: {} }),
      [`/api/analytics/survey/${SURVEY}/organization/12/lpi`]: () =>
        json({
          organization_id: 12,
          survey_id: SURVEY,
          submission_id: 98,
          submitted_at: '2026-11-20T10:00:00.000Z',
          scoring_version: '1.0.0',
          scores: lpiValues(birch.scores),
          badges: null,
        }),
      [`/api/analytics/survey/${SURVEY}/organization/12/evenness`]: () =>
        json({
          organization_id: 12,
          survey_id: SURVEY,
          submission_id: 98,
          submitted_at: '2026-11-20T10:00:00.000Z',
          scoring_version: '1.0.0',
          evenness: birch.scores.evenness,
        }),
    });
    const user = userEvent.setup();
    render(`/surveys/hosting/${SURVEY}?${OPTION_PARAM}=evenness&${MANAGER_PARAM}=12`);
    const drawer = await screen.findByRole('dialog', { name: 'Manager view: Birch Ventures' });
    const panel = await within(drawer).findByRole('region', { name: /evenness beside the survey/ });
    await user.click(within(panel).getByRole('radio', { name: 'Table' }));
    const prime = birch.scores.evenness.prime.combined;
    const row = within(panel).getByRole('row', { name: /^Evenness, head counts \d/ });
    expect(row).toHaveTextContent(`${Math.round((prime.value as number) * 10000) / 100}`);
    expect(row).toHaveTextContent(prime.lowConfidence ? 'yes' : 'no');
    // no owners: no ownership evenness, no confidence flag
    expect(within(panel).getByRole('row', { name: /^Evenness, ownership N\/A/ })).toBeInTheDocument();
  });

  it('says when the analytics cannot be loaded', async () => {
    defaultHandler({
      [`/api/analytics/survey/${SURVEY}/distribution`]: () =>
        json({ message: 'Survey not found.', error: 'not_found' }, 404),
    });
    render();
    expect(await screen.findByText('The analytics could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Survey not found.')).toBeInTheDocument();
  });
});
