import {
  Alert,
  Center,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TRespondentDistribution, TSurveyScoreKey } from '@parity/domain/analytics';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { ChartSvg } from '../../../components/charts/svg-charts';
import { QueryError } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { DistributionChart } from './distribution-chart';
import {
  FIGURE_LABELS,
  formatFigure,
  optionKeys,
  SURVEY_OPTIONS,
  scaleOf,
  shown,
  type TSurveyOption,
} from './figures';
import { ManagerView } from './manager-view';
import { RespondentsTable } from './respondents-table';
import { useOrganizationLabels, useSurveyDistribution, useSurveySummary } from './survey-analytics-api';

/** The query-string parameter that opens a respondent's manager view (survives a reload). */
export const MANAGER_PARAM = 'organizationId';
/** The query-string parameter of the option (spec 2: lpi or evenness, default lpi, so absent). */
export const OPTION_PARAM = 'option';
export const NO_LABELS_MESSAGE =
  'No organization labels yet: label respondents in the Invitations tab to filter by them.';
export const LABELS_FAILED_MESSAGE = 'The labels could not be loaded; the figures cover every respondent.';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}

/** n, mean and quartiles of the figure, or why they are hidden. */
function Summary({ data }: { data: TRespondentDistribution }) {
  const { summary, key } = data;
  if (summary.suppressed) {
    return (
      <Alert color="gray" icon={<IconLock aria-hidden />} role="status" title="Hidden to protect privacy">
        {data.respondents === 0 ? 'No respondent has submitted this survey yet. ' : null}
        {summary.reason}
      </Alert>
    );
  }
  const q = summary.quartiles;
  const f = (v: number) => formatFigure(key, v);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Summary across respondents">
      <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} spacing="md">
        <Stat label="Respondents" value={String(summary.n)} />
        <Stat label="Mean" value={f(summary.mean)} />
        <Stat label="Minimum" value={f(q.min)} />
        <Stat label="Quartile 1" value={f(q.q1)} />
        <Stat label="Median" value={f(q.median)} />
        <Stat label="Quartile 3" value={f(q.q3)} />
        <Stat label="Maximum" value={f(q.max)} />
      </SimpleGrid>
      {data.respondents > summary.n ? (
        <Text size="xs" c="dimmed" mt="xs">
          {data.respondents - summary.n} of {data.respondents} respondents have no {FIGURE_LABELS[key]} (no
          data for it) and are left out.
        </Text>
      ) : null}
    </Paper>
  );
}

function Distribution({
  data,
  highlightId,
  onOpen,
}: {
  data: TRespondentDistribution;
  highlightId: number | null;
  onOpen: (organizationId: number) => void;
}) {
  const { key, summary } = data;
  const label = FIGURE_LABELS[key];
  const title = `Distribution of ${label}`;
  const points = data.values.flatMap((v) => {
    const value = shown(key, v.value);
    return value === null ? [] : [{ id: v.organization_id, label: v.organization_name, value }];
  });
  const box = summary.suppressed
    ? null
    : {
        min: shown(key, summary.quartiles.min) as number,
        q1: shown(key, summary.quartiles.q1) as number,
        median: shown(key, summary.quartiles.median) as number,
        q3: shown(key, summary.quartiles.q3) as number,
        max: shown(key, summary.quartiles.max) as number,
      };
  return (
    <Stack gap="md">
      <ChartPanel
        title={title}
        description={`Each submitted respondent's ${label} (${scaleOf(key).range}), with the quartiles and the mean.`}
        fileName={`survey-${data.survey_id}-${key}-distribution`}
        columns={['Organization', label, 'Percentile', 'Quartile']}
        rows={data.values.map((v) => [
          v.organization_name,
          shown(key, v.value),
          v.percentile === null ? null : Math.round(v.percentile * 100) / 100,
          v.quartile,
        ])}
      >
        {summary.suppressed ? (
          <Text size="sm" c="dimmed">
            {summary.reason}
          </Text>
        ) : (
          <DistributionChart
            title={title}
            points={points}
            box={box}
            mean={shown(key, summary.mean)}
            max={scaleOf(key).max}
            highlightId={highlightId}
          />
        )}
      </ChartPanel>
      {summary.suppressed ? null : (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Each respondent's position">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Each respondent's position
            </Title>
            <RespondentsTable
              scoreKey={key}
              respondents={data.values}
              onOpen={(r) => onOpen(r.organization_id)}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** Every figure of the option: n, mean and quartiles, as a table (and its CSV). */
function AllFigures({
  surveyId,
  option,
  labelIds,
}: {
  surveyId: number;
  option: TSurveyOption;
  labelIds: number[];
}) {
  const summary = useSurveySummary(surveyId, option, labelIds);
  if (summary.isError) return <QueryError error={summary.error} title="The analytics could not be loaded" />;
  if (!summary.data) return null;
  const figures = ('scores' in summary.data ? summary.data.scores : summary.data.evenness) as Record<
    string,
    TRespondentDistribution['summary']
  >;
  const keys = optionKeys(option);
  const title =
    option === 'lpi' ? 'Every LPI figure across respondents' : 'Every evenness figure across respondents';
  const rows = keys.map((key) => {
    const s = figures[key];
    if (!s || s.suppressed) return [FIGURE_LABELS[key], s?.n ?? 0, null, null, null, null, s?.reason ?? null];
    return [
      FIGURE_LABELS[key],
      s.n,
      shown(key, s.mean),
      shown(key, s.quartiles.q1),
      shown(key, s.quartiles.median),
      shown(key, s.quartiles.q3),
      null,
    ];
  });
  const boxes = keys.map((key) => {
    const s = figures[key];
    return { key, summary: s && !s.suppressed ? s : null };
  });
  return (
    <ChartPanel
      title={title}
      description="Each figure's middle half (quartiles 1 to 3) and median on its own range; a figure over fewer than 3 respondents is hidden."
      fileName={`survey-${surveyId}-${option}-figures`}
      columns={['Figure', 'Respondents', 'Mean', 'Quartile 1', 'Median', 'Quartile 3', 'Hidden because']}
      rows={rows}
    >
      <FigureBoxes title={title} boxes={boxes} />
    </ChartPanel>
  );
}

/** One row per figure: its quartile box and median, scaled to the figure's range. */
function FigureBoxes({
  title,
  boxes,
}: {
  title: string;
  boxes: {
    key: TSurveyScoreKey;
    summary: Extract<TRespondentDistribution['summary'], { suppressed: false }> | null;
  }[];
}) {
  const width = 640;
  const left = 210;
  const right = 70;
  const rowH = 26;
  const height = 12 + boxes.length * rowH;
  const plotW = width - left - right;
  return (
    <ChartSvg title={title} width={width} height={height}>
      {boxes.map(({ key, summary }, i) => {
        const top = 8 + i * rowH;
        const x = (v: number) =>
          left + (plotW * Math.max(0, Math.min(shown(key, v) ?? 0, scaleOf(key).max))) / scaleOf(key).max;
        return (
          <g key={key}>
            <text x={left - 8} y={top + 13} fontSize={11} textAnchor="end" fill="#343a40">
              {FIGURE_LABELS[key]}
            </text>
            <line x1={left} x2={width - right} y1={top + 9} y2={top + 9} stroke="#e9ecef" />
            {summary ? (
              <>
                <line
                  x1={x(summary.quartiles.min)}
                  x2={x(summary.quartiles.max)}
                  y1={top + 9}
                  y2={top + 9}
                  stroke="#868e96"
                />
                <rect
                  x={x(summary.quartiles.q1)}
                  y={top + 2}
                  width={Math.max(1, x(summary.quartiles.q3) - x(summary.quartiles.q1))}
                  height={14}
                  fill="#a5d8ff"
                  stroke="#343a40"
                />
                <line
                  x1={x(summary.quartiles.median)}
                  x2={x(summary.quartiles.median)}
                  y1={top}
                  y2={top + 18}
                  stroke="#343a40"
                  strokeWidth={2}
                />
                <text x={width - right + 6} y={top + 13} fontSize={11} fill="#343a40">
                  {formatFigure(key, summary.quartiles.median)}
                </text>
              </>
            ) : (
              <text x={left + 4} y={top + 13} fontSize={11} fill="#868e96">
                hidden (fewer than 3)
              </text>
            )}
          </g>
        );
      })}
    </ChartSvg>
  );
}

/**
 * The hosted survey's Analytics tab (spec 2 surveys.hosting.survey, options lpi and evenness,
 * default lpi): one figure's distribution across the submitted respondents with its quartiles,
 * each respondent's position, a filter by the host's organization labels, and the manager view of
 * one respondent (opened from the table, addressable as ?organizationId=). The host sees scores,
 * never a respondent's people; aggregates over fewer than 3 organizations are hidden with the
 * reason. Every chart has a table view and CSV and PNG downloads.
 */
export function SurveyAnalyticsPanel({ surveyId }: { surveyId: number }) {
  const [search, setSearch] = useSearchParams();
  const option: TSurveyOption = search.get(OPTION_PARAM) === 'evenness' ? 'evenness' : 'lpi';
  const [chosenFigure, setFigure] = useState<TSurveyScoreKey | null>(null);
  // the figure chosen while this option is on, else the option's headline figure
  const figure =
    chosenFigure && optionKeys(option).includes(chosenFigure)
      ? chosenFigure
      : (optionKeys(option)[0] as TSurveyScoreKey);
  const [labelIds, setLabelIds] = useState<number[]>([]);

  const distribution = useSurveyDistribution(surveyId, figure, labelIds);
  const summary = useSurveySummary(surveyId, option, labelIds);
  const labels = useOrganizationLabels(surveyId);

  const managerParam = Number(search.get(MANAGER_PARAM));
  const managerId = Number.isInteger(managerParam) && managerParam > 0 ? managerParam : null;
  const setManager = (organizationId: number | null) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (organizationId === null) params.delete(MANAGER_PARAM);
      else params.set(MANAGER_PARAM, String(organizationId));
      return params;
    });
  const listed = distribution.data?.values.find((v) => v.organization_id === managerId);
  const managerName = listed?.organization_name ?? null;

  const changeOption = (next: TSurveyOption) => {
    setFigure(null);
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'lpi') params.delete(OPTION_PARAM);
        else params.set(OPTION_PARAM, next);
        return params;
      },
      { replace: true },
    );
  };

  const labelOptions = (labels.data?.data ?? []).map((l) => ({
    value: String(l.id),
    label: `${l.name} (${l.organizations})`,
  }));

  let content: React.ReactNode;
  if (distribution.isError)
    content = <QueryError error={distribution.error} title="The analytics could not be loaded" />;
  else if (!distribution.data)
    content = (
      <Center py="xl">
        <Loader aria-label="Loading the survey's analytics" />
      </Center>
    );
  else
    content = (
      <Stack gap="md" aria-busy={distribution.isFetching}>
        <Summary data={distribution.data} />
        <Distribution data={distribution.data} highlightId={managerId} onOpen={setManager} />
        <AllFigures surveyId={surveyId} option={option} labelIds={labelIds} />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`survey-${surveyId}-analytics-option`}>
            Scores
          </Text>
          <SegmentedControl
            aria-labelledby={`survey-${surveyId}-analytics-option`}
            value={option}
            onChange={(value) => changeOption(value as TSurveyOption)}
            data={SURVEY_OPTIONS.map((o) => ({ value: o, label: o === 'lpi' ? 'LPI' : 'Evenness' }))}
          />
        </Stack>
        <Select
          label="Figure"
          value={figure}
          onChange={(value) => value && setFigure(value as TSurveyScoreKey)}
          data={optionKeys(option).map((key) => ({ value: key, label: FIGURE_LABELS[key] }))}
          allowDeselect={false}
          w={300}
        />
        <MultiSelect
          label="Organization labels"
          placeholder={labelOptions.length === 0 ? 'No labels' : 'Every respondent'}
          description={
            labels.isError
              ? LABELS_FAILED_MESSAGE
              : labels.data && labelOptions.length === 0
                ? NO_LABELS_MESSAGE
                : 'Respondents carrying any label chosen'
          }
          data={labelOptions}
          value={labelIds.map(String)}
          onChange={(values) => setLabelIds(values.map(Number))}
          disabled={labelOptions.length === 0}
          clearable
          searchable
          w={360}
        />
      </Group>
      {content}
      <ManagerView
        surveyId={surveyId}
        organizationId={managerId}
        organizationName={managerName}
        option={option}
        summary={summary.data}
        position={
          listed && distribution.data
            ? { key: distribution.data.key, percentile: listed.percentile, quartile: listed.quartile }
            : null
        }
        filtered={labelIds.length > 0}
        onClose={() => setManager(null)}
      />
    </Stack>
  );
}
