import { Center, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  PARTICIPANT_STATUS_LABELS,
  PARTICIPANT_STATUSES,
  type TResponseRates,
} from '@parity/domain/survey-participants';
import { ChartPanel } from '../../../../components/charts/chart-panel';
import { LineChart } from '../../../../components/charts/svg-charts';
import { QueryError } from '../../../../components/query-state/query-state';
import { formatDate } from '../../../../lib/dates';
import { useResponseRates } from './api';
import { formatPercent } from './format';

/** At most this many dates are written under the chart (the table view has them all). */
const AXIS_LABELS = 8;

/**
 * Every step-th date and the last one; a stepped date too close to the last (under three quarters
 * of a step: the last is written ending at the edge) is left out so that the two do not overlap.
 */
export function axisLabels(series: TResponseRates['series']) {
  const step = Math.max(1, Math.ceil(series.length / AXIS_LABELS));
  const last = series.length - 1;
  return series.map((point, i) =>
    i === last || (i % step === 0 && last - i >= step * 0.75)
      ? formatDate(point.date).replace(/, \d{4}$/, '')
      : '',
  );
}

/** Counts and percentages by status, and the cumulative responses over time. */
export function ResponseRatesTab({ surveyId }: { surveyId: number }) {
  const rates = useResponseRates(surveyId);
  if (rates.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label="Loading the response rates" />
      </Center>
    );
  }
  if (rates.isError) {
    return (
      <QueryError
        error={rates.error}
        title="The response rates could not be loaded"
        onRetry={() => void rates.refetch()}
      />
    );
  }
  const { invited, statuses, series } = rates.data;
  if (invited === 0) {
    return (
      <Text c="dimmed" py="lg">
        No organization is invited yet. Invite organizations from the Invitations tab.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="dl" aria-label="Response rates">
        <StatusCard label="Invited" count={invited} percent={100} />
        {PARTICIPANT_STATUSES.map((status) => (
          <StatusCard
            key={status}
            label={PARTICIPANT_STATUS_LABELS[status]}
            count={statuses[status].count}
            percent={statuses[status].percent}
          />
        ))}
      </SimpleGrid>
      <ChartPanel
        headingOrder={2}
        title="Responses over time"
        description="Organizations invited, submitted and declined, cumulative per day."
        fileName={`survey-${surveyId}-responses-over-time`}
        columns={['Date', 'Invited', 'Submitted', 'Declined']}
        rows={series.map((p) => [p.date, p.invited, p.submitted, p.declined])}
      >
        <LineChart
          title="Responses over time"
          labels={axisLabels(series)}
          yMax={Math.max(1, ...series.map((p) => p.invited))}
          series={[
            { name: 'Invited', values: series.map((p) => p.invited) },
            { name: 'Submitted', values: series.map((p) => p.submitted) },
            { name: 'Declined', values: series.map((p) => p.declined) },
          ]}
        />
      </ChartPanel>
    </Stack>
  );
}

function StatusCard({ label, count, percent }: { label: string; count: number; percent: number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} size="xl">
        {count}
        <Text span size="sm" c="dimmed" fw={400} ml={6}>
          {formatPercent(percent)}
        </Text>
      </Text>
    </Paper>
  );
}
