import {
  Alert,
  Anchor,
  Center,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { LPI_PAGE_TITLES, LPI_PAGES, type TLpiPage } from '@parity/domain/lpi/tabs';
import { TRANSPARENCY_VIABLE_PERCENT } from '@parity/domain/lpi/transparency';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header/page-header';
import { toApiError } from '../../../lib/api-client';
import { useDictionary } from '../../../lib/dictionaries';
import { useBoard } from '../../lpi/api/board';
import { useStaffGrid } from '../../lpi/api/grids';
import { useOwnership } from '../../lpi/api/ownership';
import { useLpiAccount } from '../../lpi/api/reporting';
import {
  useHistoricalEvenness,
  useHistoricalLpi,
  useOrganizationLpi,
  useTransparency,
} from '../api/analytics';
import { ChartPanel } from '../components/chart-panel';
import { PeerBenchmark } from '../components/peer-benchmark';
import { ScoreSummary } from '../components/score-summary';
import { Heatmap, LineChart, StackedBars } from '../components/svg-charts';
import { type Breakdown, breakdownRows, GROUPS, genderBreakdown, raceBreakdown } from '../lib/breakdown';

const SCOPE = { kind: 'organization' } as const;
const REPORTING = '/organizations/private/lpi';
export const EMPTY_MESSAGE = 'Submit the LPI profile to see its scores';

/** The analytics options (spec 2), default lpi. */
const OPTIONS = ['lpi', 'evenness'] as const;
type TOption = (typeof OPTIONS)[number];

const round2 = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
const day = (iso: string) => iso.slice(0, 10);

function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

function Failure({ error }: { error: unknown }) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      title="The scores could not be loaded"
    >
      {toApiError(error).message}
    </Alert>
  );
}

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
  if (query.isError) return <Failure error={query.error} />;
  if (!query.data) return <Loading label="Loading the scores over time" />;

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

function BreakdownPanel({
  title,
  fileName,
  breakdown,
}: {
  title: string;
  fileName: string;
  breakdown: Breakdown;
}) {
  return (
    <ChartPanel
      title={title}
      description="Head counts from the current profile (as the LPI tabs show it, saved changes since the latest submission included): staff from the Total Full-Time Employees grid, leadership and ownership from the people flagged so, the board members; and the owners' percentages summed."
      fileName={fileName}
      columns={[title.includes('gender') ? 'Gender' : 'Race/Ethnicity', ...GROUPS, 'Ownership (%)']}
      rows={breakdownRows(breakdown)}
    >
      <StackedBars
        title={title}
        segments={breakdown.categories}
        rows={GROUPS.map((group) => ({ label: group, counts: breakdown.counts[group] }))}
      />
    </ChartPanel>
  );
}

function Breakdowns() {
  const staff = useStaffGrid(SCOPE, 'staff');
  const ownership = useOwnership(SCOPE);
  const board = useBoard(SCOPE);
  const genders = useDictionary('genders');
  const ethnicities = useDictionary('ethnicities');
  const queries = [staff, ownership, board, genders, ethnicities];
  const failed = queries.find((q) => q.isError);
  if (failed) return <Failure error={failed.error} />;
  if (queries.some((q) => q.isPending)) return <Loading label="Loading the breakdowns" />;
  const input = {
    staff: staff.data?.data,
    individuals: ownership.data?.data.rows ?? [],
    board: board.data?.data.rows ?? [],
    genders: genders.data ?? [],
    ethnicities: ethnicities.data ?? [],
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <BreakdownPanel
        title="Breakdown by gender"
        fileName="breakdown-by-gender"
        breakdown={genderBreakdown(input)}
      />
      <BreakdownPanel
        title="Breakdown by race/ethnicity"
        fileName="breakdown-by-race-ethnicity"
        breakdown={raceBreakdown(input)}
      />
    </SimpleGrid>
  );
}

const COMPONENT_LABELS = { staff: 'Staff', leadership: 'Leadership', ownership: 'Ownership' } as const;

function TransparencyPanel() {
  const transparency = useTransparency();
  if (transparency.isError) return <Failure error={transparency.error} />;
  const scores = transparency.data?.data[0];
  if (!transparency.data) return <Loading label="Loading the transparency" />;
  if (!scores) return null;
  const components = (['staff', 'leadership', 'ownership'] as const).map((key) => ({
    label: COMPONENT_LABELS[key],
    ...scores[key],
  }));
  const title = 'Transparency per component';
  return (
    <ChartPanel
      title={title}
      description={`What the current profile reports over what it asks for; a component under ${TRANSPARENCY_VIABLE_PERCENT}% is not viable.`}
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
 * evenness): the organization's latest scores, their history, its breakdowns and transparency.
 * Every member reads it (no LPI access needed).
 */
export function Component() {
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

  const account = useLpiAccount();
  const organizationId = account.data?.organization_id;
  const latest = useOrganizationLpi(organizationId);

  let content: ReactNode;
  if (account.isError || latest.isError) content = <Failure error={account.error ?? latest.error} />;
  else if (account.data && organizationId == null)
    content = <Alert color="blue">Join an organization to see its scores.</Alert>;
  else if (!latest.data) content = <Loading label="Loading the scores" />;
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
          scores={latest.data.scores}
          badges={latest.data.badges}
          submittedAt={latest.data.submitted_at}
          pageHref={(page) => `${basePath}/${slug(page)}`}
        />
        <HistoryPanel option={option} onOption={setOption} />
        <Breakdowns />
        <TransparencyPanel />
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageHeader title={reporting ? 'Reporting' : 'LPI analytics'} />
      <Tabs
        value="analytics"
        onChange={(value) => {
          if (value && value !== 'analytics') navigate(`${basePath}/${slug(value as TLpiPage)}`);
        }}
      >
        <Tabs.List aria-label="LPI profile tabs" style={{ flexWrap: 'wrap' }}>
          {LPI_PAGES.map((page) => (
            <Tabs.Tab key={page} value={page}>
              {LPI_PAGE_TITLES[page]}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
        </Tabs.List>
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
      </Tabs>
    </Stack>
  );
}
