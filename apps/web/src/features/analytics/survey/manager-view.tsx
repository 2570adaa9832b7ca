import { Alert, Badge, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import {
  EVENNESS_KEYS,
  evennessValues,
  LPI_KEYS,
  type TSurveyEvenness,
  type TSurveyLpi,
  type TSurveyScoreKey,
} from '@parity/domain/analytics';
import type { TProfileScores } from '@parity/domain/scoring/profile';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { ChartSvg } from '../../../components/charts/svg-charts';
import { QueryError } from '../../../components/query-state/query-state';
import { formatDate } from '../../../lib/dates';
import { FIGURE_LABELS, formatFigure, formatPercentile, scaleOf, shown, type TSurveyOption } from './figures';
import { useManagerEvenness, useManagerLpi } from './survey-analytics-api';

const TEXT = '#343a40';

interface Comparison {
  key: TSurveyScoreKey;
  value: number | null;
  mean: number | null;
  median: number | null;
  /** evenness: fewer than 10 people counted */
  lowConfidence?: boolean;
}

/** Two bars per figure, each on its own range (0-10 or 0-100): the organization's and the survey's mean. */
function ComparisonBars({ title, rows }: { title: string; rows: Comparison[] }) {
  const width = 640;
  const left = 200;
  const right = 64;
  const barH = 10;
  const rowH = 34;
  const height = 16 + rows.length * rowH + 24;
  const plotW = width - left - right;
  const w = (key: TSurveyScoreKey, v: number | null) => {
    const s = shown(key, v);
    return s === null ? 0 : (plotW * Math.max(0, Math.min(s, scaleOf(key).max))) / scaleOf(key).max;
  };
  return (
    <ChartSvg title={title} width={width} height={height}>
      {rows.map((row, i) => {
        const top = 12 + i * rowH;
        return (
          <g key={row.key}>
            <text x={left - 8} y={top + 14} fontSize={11} textAnchor="end" fill={TEXT}>
              {FIGURE_LABELS[row.key]}
            </text>
            <rect x={left} y={top} width={plotW} height={barH} fill="#f1f3f5" />
            <rect x={left} y={top} width={w(row.key, row.value)} height={barH} fill="#e8590c" />
            <rect x={left} y={top + barH + 2} width={plotW} height={barH} fill="#f1f3f5" />
            <rect x={left} y={top + barH + 2} width={w(row.key, row.mean)} height={barH} fill="#1c7ed6" />
            <text x={width - right + 6} y={top + 9} fontSize={11} fill={TEXT}>
              {formatFigure(row.key, row.value)}
            </text>
            <text x={width - right + 6} y={top + barH + 11} fontSize={11} fill={TEXT}>
              {formatFigure(row.key, row.mean)}
            </text>
          </g>
        );
      })}
      <g fontSize={11} fill={TEXT}>
        <rect x={left} y={height - 16} width={12} height={10} fill="#e8590c" />
        <text x={left + 16} y={height - 7}>
          this organization
        </text>
        <rect x={left + 150} y={height - 16} width={12} height={10} fill="#1c7ed6" />
        <text x={left + 166} y={height - 7}>
          survey mean
        </text>
      </g>
    </ChartSvg>
  );
}

function summaryOf(summary: TSurveyLpi | TSurveyEvenness | undefined, key: TSurveyScoreKey) {
  if (!summary) return { mean: null, median: null };
  const figures = ('scores' in summary ? summary.scores : summary.evenness) as Record<
    string,
    TSurveyLpi['scores'][keyof TSurveyLpi['scores']] | undefined
  >;
  const s = figures[key];
  return s && !s.suppressed ? { mean: s.mean, median: s.quartiles.median } : { mean: null, median: null };
}

export interface ManagerViewProps {
  surveyId: number;
  /** the respondent shown; null closes the view */
  organizationId: number | null;
  organizationName: string | null;
  option: TSurveyOption;
  /** the survey's summary of the option's figures, to compare with */
  summary: TSurveyLpi | TSurveyEvenness | undefined;
  /** the respondent's place in the figure the panel shows, when listed there */
  position: { key: TSurveyScoreKey; percentile: number | null; quartile: number | null } | null;
  /** whether the survey's figures are filtered by labels */
  filtered: boolean;
  onClose: () => void;
}

/**
 * The manager view (spec 6): one respondent's submitted scores within the survey beside the
 * survey's means. Scores only: a host never sees a respondent's people.
 */
export function ManagerView({
  surveyId,
  organizationId,
  organizationName,
  option,
  summary,
  position,
  filtered,
  onClose,
}: ManagerViewProps) {
  const lpi = useManagerLpi(surveyId, organizationId);
  const evenness = useManagerEvenness(surveyId, option === 'evenness' ? organizationId : null);
  const name =
    organizationName ??
    lpi.data?.organization_name ??
    (organizationId === null ? '' : `Organization ${organizationId}`);
  const title = `Manager view: ${name}`;

  let body: React.ReactNode;
  const query = option === 'lpi' ? lpi : evenness;
  if (organizationId === null) body = null;
  else if (query.isError) body = <QueryError error={query.error} title="The scores could not be loaded" />;
  else if (!query.data)
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the organization's scores" />
      </Center>
    );
  else if (query.data.submission_id === null)
    body = (
      <Alert color="blue" role="status" title="Not submitted">
        This organization has not submitted the survey yet.
      </Alert>
    );
  else {
    let rows: Comparison[];
    if (option === 'lpi') {
      const scores = lpi.data?.scores ?? null;
      rows = LPI_KEYS.map((key) => ({ key, value: scores?.[key] ?? null, ...summaryOf(summary, key) }));
    } else {
      const stored = evenness.data?.evenness;
      // the same flattening the API uses for the survey's figures
      const values = stored
        ? evennessValues({ evenness: stored } as Pick<TProfileScores, 'evenness'> as TProfileScores)
        : null;
      rows = [...EVENNESS_KEYS].map((key) => {
        const [group, kind] = key.split('_') as ['prime' | 'ownership', 'gender' | 'racial' | 'combined'];
        return {
          key,
          value: values?.[key] ?? null,
          lowConfidence: stored?.[group][kind].lowConfidence ?? false,
          ...summaryOf(summary, key),
        };
      });
    }
    const chartTitle = `${name}: ${option === 'lpi' ? 'LPI' : 'evenness'} beside the survey`;
    const badges = lpi.data?.badges;
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Submitted {formatDate(query.data.submitted_at)} · scoring version {query.data.scoring_version}
        </Text>
        {position && position.percentile !== null ? (
          <Text size="sm" data-testid="manager-position">
            {FIGURE_LABELS[position.key]}: percentile {formatPercentile(position.percentile)} among the other
            respondents, quartile {position.quartile}.
          </Text>
        ) : null}
        {option === 'lpi' && badges?.label ? (
          <Group>
            <Badge color="parity">{badges.label}</Badge>
          </Group>
        ) : null}
        <ChartPanel
          title={chartTitle}
          description={`Each figure on its own range (indices 0 to 10, scores and evenness 0 to 100); the survey's mean and median over the submitted respondents${filtered ? ' carrying the labels chosen' : ''}.`}
          fileName={`manager-view-${organizationId}-${option}`}
          columns={[
            'Figure',
            'This organization',
            'Survey mean',
            'Survey median',
            ...(option === 'evenness' ? ['Low confidence (under 10 people)'] : []),
          ]}
          rows={rows.map((r) => [
            FIGURE_LABELS[r.key],
            shown(r.key, r.value),
            shown(r.key, r.mean),
            shown(r.key, r.median),
            ...(option === 'evenness' ? [r.value === null ? null : r.lowConfidence ? 'yes' : 'no'] : []),
          ])}
        >
          <ComparisonBars title={chartTitle} rows={rows} />
        </ChartPanel>
      </Stack>
    );
  }

  return (
    <Drawer
      opened={organizationId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={title}
      closeButtonProps={{ 'aria-label': 'Close the manager view' }}
    >
      {body}
    </Drawer>
  );
}
