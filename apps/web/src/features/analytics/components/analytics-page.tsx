import { Alert, Anchor, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { percentText } from '@parity/domain/analytics-display';
import { LPI_PAGE_TITLES, LPI_PAGES, type TLpiPage } from '@parity/domain/lpi/tabs';
import { TRANSPARENCY_VIABLE_PERCENT } from '@parity/domain/scoring/constants';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { Heatmap, LineChart } from '../../../components/charts/svg-charts';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { TabBar } from '../../../components/tab-bar/tab-bar';
import { useCurrentAccount } from '../../../lib/account';
import {
  useHistoricalEvenness,
  useHistoricalLpi,
  useOrganizationLpi,
  useTransparency,
} from '../api/analytics';
import { PeerBenchmark } from '../components/peer-benchmark';
import { ScoreSummary } from '../components/score-summary';

const REPORTING = '/organizations/private/lpi';
export const EMPTY_MESSAGE = 'Submit the LPI profile to see its scores';

/** The analytics options (spec 2), default lpi. */
const OPTIONS = ['lpi', 'evenness'] as const;
type TOption = (typeof OPTIONS)[number];

const round2 = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
const day = (iso: string) => iso.slice(0, 10);

/** The scores over time: LPI indices (0-10) or evenness (shown x100). */
function HistoryPanel({ option, onOption }: { option: TOption; onOption: (option: TOption) => void }) {
  const lpi = useHistoricalLpi();
  const evenness = useHistoricalEvenness(option === 'evenness');
  const controls = (
    <SegmentedControl
      size="xs"
      aria-label="Score shown over time"
      value={option}
      onChange={(value) => onOption(value as TOption)}
      data={[
        { value: 'lpi', label: 'LPI' },
        { value: 'evenness', label: 'Evenness' },
      ]}
    />
  );
  const query = option === 'lpi' ? lpi : evenness;
  if (query.isError) return <QueryError error={query.error} title="The scores could not be loaded" />;
  if (!query.data) return <QueryLoader label="Loading the scores over time" />;

  let labels: string[];
  let series: { name: string; values: (number | null)[] }[];
  let yMax: number;
  if (option === 'lpi') {
    const data = lpi.data?.data ?? [];
    labels = data.map((p) => day(p.submitted_at));
    series = [
      { name: 'LPI', values: data.map((p) => round2(p.scores.lpi)) },
      { name: 'LPI prime', values: data.map((p) => round2(p.scores.lpi_prime)) },
      { name: 'LPI ownership', values: data.map((p) => round2(p.scores.lpi_ownership)) },
    ];
    yMax = 10;
  } else {
    const data = evenness.data?.data ?? [];
    labels = data.map((p) => day(p.submitted_at));
    const x100 = (v: number | null | undefined) => (typeof v === 'number' ? round2(v * 100) : null);
    series = [
      { name: 'Head counts', values: data.map((p) => x100(p.evenness.prime_combined)) },
      { name: 'Head counts, gender', values: data.map((p) => x100(p.evenness.prime_gender)) },
      { name: 'Head counts, race', values: data.map((p) => x100(p.evenness.prime_racial)) },
      { name: 'Ownership', values: data.map((p) => x100(p.evenness.ownership_combined)) },
    ];
    yMax = 100;
  }
  const columns = ['Submitted', ...series.map((s) => s.name)];
  const rows = labels.map((label, i) => [label, ...series.map((s) => s.values[i] ?? null)]);
  const title = option === 'lpi' ? 'LPI over time' : 'Evenness over time';
  return (
    <ChartPanel
      title={title}
      description={
        option === 'lpi'
          ? 'One point per submission of the profile; indices from 0 to 10.'
          : 'One point per submission of the profile; evenness from 0 (one group only) to 100 (every group equal).'
      }
      fileName={option === 'lpi' ? 'lpi-over-time' : 'evenness-over-time'}
      columns={columns}
      rows={rows}
      controls={controls}
    >
      {labels.length === 0 ? (
        <Text size="sm" c="dimmed">
          No submission of the profile yet: the scores above come from a survey response.
        </Text>
      ) : (
        <LineChart title={title} labels={labels} series={series} yMax={yMax} />
      )}
    </ChartPanel>
  );
}

const COMPONENT_LABELS = { staff: 'Staff', leadership: 'Leadership', ownership: 'Ownership' } as const;

function TransparencyPanel() {
  const transparency = useTransparency();
  if (transparency.isError)
    return <QueryError error={transparency.error} title="The scores could not be loaded" />;
  const scores = transparency.data?.data[0];
  if (!transparency.data) return <QueryLoader label="Loading the transparency" />;
  if (!scores) return null;
  const components = (['staff', 'leadership', 'ownership'] as const).map((key) => ({
    label: COMPONENT_LABELS[key],
    ...scores[key],
  }));
  const title = 'Transparency of the current profile, per component';
  return (
    <ChartPanel
      title={title}
      description={`What the current profile (saved changes since the latest submission included) reports over what it asks for: ${percentText(scores.transparency)} overall, weighted as the submitted figure above is; a component under ${TRANSPARENCY_VIABLE_PERCENT}% is not viable.`}
      fileName="transparency-per-component"
      columns={['Component', 'Reported', 'Requested', 'Transparency (%)', 'Viable']}
      rows={components.map((c) => [
        c.label,
        c.reported,
        c.requested,
        c.percent,
        c.percent === null ? 'nothing requested' : c.viable ? 'viable' : 'not viable',
      ])}
    >
      <Heatmap title={title} cells={components} threshold={TRANSPARENCY_VIABLE_PERCENT} />
    </ChartPanel>
  );
}

/**
 * /lpi/analytics and /organizations/private/lpi/analytics (spec 2 LPI analytics, options lpi and
 * evenness): the organization's latest scores, their history, its breakdowns (`breakdowns`: the
 * route gives them the LPI profile's data) and transparency. Every member reads it (no LPI access
 * needed).
 */
export function AnalyticsPage({ breakdowns }: { breakdowns: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const reporting = pathname.startsWith(REPORTING);
  const basePath = reporting ? REPORTING : '/lpi';
  const slug = (page: TLpiPage) => (reporting && page === 'fte' ? 'staff' : page);
  const [search, setSearch] = useSearchParams();
  const option: TOption = search.get('option') === 'evenness' ? 'evenness' : 'lpi';
  const setOption = (next: TOption) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'lpi') params.delete('option');
        else params.set('option', next);
        return params;
      },
      { replace: true },
    );

  const account = useCurrentAccount();
  const organizationId = account.data?.organization_id;
  const latest = useOrganizationLpi(organizationId);

  let content: ReactNode;
  if (account.isError || latest.isError)
    content = <QueryError error={account.error ?? latest.error} title="The scores could not be loaded" />;
  else if (account.data && organizationId == null)
    content = <Alert color="blue">Join an organization to see its scores.</Alert>;
  else if (!latest.data) content = <QueryLoader label="Loading the scores" />;
  else if (latest.data.submission_id === null || latest.data.scores === null)
    content = (
      <Alert color="blue" title="No scores yet" role="status">
        <Text size="sm">
          {EMPTY_MESSAGE}.{' '}
          <Anchor component={Link} to={`${REPORTING}/overview`}>
            Go to reporting
          </Anchor>
        </Text>
      </Alert>
    );
  else
    content = (
      <Stack gap="md">
        <ScoreSummary
          latest={{ ...latest.data, scores: latest.data.scores }}
          pageHref={(page) => `${basePath}/${slug(page)}`}
        />
        <HistoryPanel option={option} onOption={setOption} />
        {breakdowns}
        <TransparencyPanel />
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageHeader title={reporting ? 'Reporting' : 'LPI analytics'} />
      <TabBar
        label="LPI profile tabs"
        value="analytics"
        onChange={(value) => navigate(`${basePath}/${slug(value as TLpiPage)}`)}
        tabs={[
          ...LPI_PAGES.map((page) => ({ value: page, label: LPI_PAGE_TITLES[page] })),
          { value: 'analytics', label: 'Analytics' },
        ]}
      >
        {LPI_PAGES.map((page) => (
          <Tabs.Panel key={page} value={page}>
            {null}
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="analytics" pt="md">
          <Stack gap="md">
            {content}
            {typeof organizationId === 'number' ? <PeerBenchmark /> : null}
          </Stack>
        </Tabs.Panel>
      </TabBar>
    </Stack>
  );
}
