import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { BENCHMARK_KEYS, type TBenchmark } from '@parity/domain/analytics';
import { PEER_BENCHMARK_MIN } from '@parity/domain/scoring/constants';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { ChartSvg, SERIES_COLOURS } from '../../../components/charts/svg-charts';
import { QueryError } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { useBenchmark, useSubmittedSurveys } from '../api/analytics';

export const BENCHMARK_LABELS: Record<(typeof BENCHMARK_KEYS)[number], string> = {
  lpi: 'LPI',
  lpi_prime: 'LPI prime',
  lpi_ownership: 'LPI ownership',
  staff_score: 'Total Full-Time Employees score',
  leadership_score: 'Senior Leadership score',
  ownership_score: 'Ownership score',
};
export const NO_SUBMITTED_SURVEY =
  'Your organization has not submitted a survey yet: the peer benchmark compares it with the other respondents of a survey it submitted.';

const round = (v: number) => Math.round(v * 100) / 100;

/** One bar per figure: the percentile (0-100) among the survey's other respondents. */
function PercentileBars({ title, benchmark }: { title: string; benchmark: TBenchmark }) {
  const width = 640;
  const left = 210;
  const right = 60;
  const rowH = 30;
  const height = 16 + BENCHMARK_KEYS.length * rowH + 20;
  const plotW = width - left - right;
  return (
    <ChartSvg title={title} width={width} height={height}>
      {[0, 25, 50, 75, 100].map((t) => (
        <g key={t}>
          <line
            x1={left + (plotW * t) / 100}
            x2={left + (plotW * t) / 100}
            y1={8}
            y2={height - 20}
            stroke="#e9ecef"
          />
          <text x={left + (plotW * t) / 100} y={height - 6} fontSize={11} textAnchor="middle" fill="#868e96">
            {t}
          </text>
        </g>
      ))}
      {BENCHMARK_KEYS.map((key, i) => {
        const figure = benchmark.scores[key];
        const top = 12 + i * rowH;
        return (
          <g key={key}>
            <text x={left - 8} y={top + 13} fontSize={12} textAnchor="end" fill="#343a40">
              {BENCHMARK_LABELS[key]}
            </text>
            {figure.suppressed ? (
              <text x={left + 4} y={top + 13} fontSize={11} fill="#868e96">
                hidden
              </text>
            ) : (
              <>
                <rect
                  x={left}
                  y={top}
                  width={(plotW * figure.percentile) / 100}
                  height={18}
                  fill={SERIES_COLOURS[0]}
                />
                <text
                  x={left + (plotW * figure.percentile) / 100 + 6}
                  y={top + 13}
                  fontSize={11}
                  fill="#343a40"
                >
                  {Math.round(figure.percentile)}
                </text>
              </>
            )}
          </g>
        );
      })}
    </ChartSvg>
  );
}

/**
 * The peer benchmark (spec issue: "where its scores fall among the survey's respondents"): for a
 * survey the organization submitted, its percentile per figure among the other respondents, shown
 * only once at least PEER_BENCHMARK_MIN organizations submitted; otherwise the reason.
 */
export function PeerBenchmark() {
  const surveys = useSubmittedSurveys();
  const [chosen, setChosen] = useState<number | null>(null);
  const surveyId = chosen ?? surveys.data?.[0]?.survey_id ?? null;
  const benchmark = useBenchmark(surveyId);
  const survey = surveys.data?.find((s) => s.survey_id === surveyId);

  let body: React.ReactNode;
  if (surveys.isError || benchmark.isError) {
    body = (
      <QueryError error={surveys.error ?? benchmark.error} title="The peer benchmark could not be loaded" />
    );
  } else if (!surveys.data || (surveyId !== null && !benchmark.data)) {
    body = (
      <Center py="md">
        <Loader aria-label="Loading the peer benchmark" />
      </Center>
    );
  } else if (surveyId === null || !benchmark.data) {
    body = (
      <Text size="sm" c="dimmed">
        {NO_SUBMITTED_SURVEY}
      </Text>
    );
  } else if (benchmark.data.reason !== null) {
    body = (
      <Alert color="gray" icon={<IconLock aria-hidden />} role="status" title="Not shown yet">
        {benchmark.data.reason}
      </Alert>
    );
  } else {
    const data = benchmark.data;
    const title = `Peer benchmark: ${survey?.title ?? 'survey'}`;
    body = (
      <ChartPanel
        title={title}
        description={`Your organization's percentile among the survey's ${data.respondents - 1} other respondents: the share of them scoring lower (ties count half). 100 means above all of them.`}
        fileName={`peer-benchmark-survey-${data.survey_id}`}
        columns={['Figure', 'Percentile', 'Peers', 'Hidden because']}
        rows={BENCHMARK_KEYS.map((key) => {
          const figure = data.scores[key];
          return figure.suppressed
            ? [BENCHMARK_LABELS[key], null, null, figure.reason]
            : [BENCHMARK_LABELS[key], round(figure.percentile), figure.peers, null];
        })}
      >
        <PercentileBars title={title} benchmark={data} />
      </ChartPanel>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="peer-benchmark-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="peer-benchmark-title">
          Peer benchmark
        </Title>
        <Text size="sm" c="dimmed">
          Where your scores fall among the respondents of a survey you submitted, shown once at least{' '}
          {PEER_BENCHMARK_MIN} organizations have submitted. No other organization's scores are shown.
        </Text>
        {surveys.data && surveys.data.length > 0 ? (
          <Select
            label="Survey"
            value={surveyId === null ? null : String(surveyId)}
            onChange={(value) => value && setChosen(Number(value))}
            data={surveys.data.map((s) => ({
              value: String(s.survey_id),
              label: `${s.title} (${s.host.name})`,
            }))}
            allowDeselect={false}
            maw={420}
          />
        ) : null}
        {body}
      </Stack>
    </Paper>
  );
}
