import { Anchor, Badge, Center, Chip, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  FEEDBACK_BANDS,
  FEEDBACK_DATES_ORDER_MESSAGE,
  feedbackBandRange,
  type TAdminFeedbackFilters,
} from '@parity/domain/admin-feedback';
import { FEEDBACK_BAND_COLOURS, type FeedbackBand, feedbackBand } from '@parity/domain/feedback';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { ChartPanel } from '../../../../components/charts/chart-panel';
import { LineChart } from '../../../../components/charts/svg-charts';
import { DateField } from '../../../../components/form/date-field';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { formatDateTime } from '../../../../lib/dates';
import {
  ADMIN_FEEDBACK_PAGE_SIZE,
  downloadAdminFeedbackCsv,
  useAdminFeedback,
  useAdminFeedbackOverTime,
} from '../api/feedback';

export const NO_FEEDBACK = 'No feedback matches these filters.';
const ALL_BANDS = 'all';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const bandLabel = (band: FeedbackBand) => {
  const { min, max } = feedbackBandRange(band);
  return `${min}-${max}`;
};

/** The filters kept in the address (band, from, to, page), so a filtered view can be shared. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const bandParam = Number(params.get('band'));
  const band = FEEDBACK_BANDS.includes(bandParam as FeedbackBand) ? (bandParam as FeedbackBand) : undefined;
  const day = (name: string) => {
    const value = params.get(name);
    return value && ISO_DAY.test(value) ? value : undefined;
  };
  const filters: TAdminFeedbackFilters = { band, from: day('from'), to: day('to') };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const set = (next: Partial<TAdminFeedbackFilters> & { page?: number }) => {
    const merged = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value !== undefined && value !== null && !(key === 'page' && value === 1))
        search.set(key, String(value));
    }
    setParams(search, { replace: true });
  };
  return { filters, page, set };
}

/** /admin/feedback: every rating sent from the widget, by band and date, over time, as CSV. */
export function AdminFeedbackRoute() {
  const { filters, page, set } = useFilters();
  const datesInOrder = !filters.from || !filters.to || filters.from <= filters.to;
  return (
    <Stack gap="md">
      <Title order={2}>Feedback</Title>
      <Stack gap="sm" component="search" aria-label="Feedback filters">
        <Chip.Group
          multiple={false}
          value={filters.band ? String(filters.band) : ALL_BANDS}
          onChange={(value) =>
            set({ band: value === ALL_BANDS ? undefined : (Number(value) as FeedbackBand) })
          }
        >
          <Group gap="xs" role="group" aria-label="Rating">
            <Chip value={ALL_BANDS}>All ratings</Chip>
            {FEEDBACK_BANDS.map((band) => (
              <Chip key={band} value={String(band)} color={FEEDBACK_BAND_COLOURS[band]}>
                {bandLabel(band)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group gap="sm" align="flex-start">
          <DateField
            label="From"
            value={filters.from ?? null}
            onChange={(value) => set({ from: value ?? undefined })}
            w={{ base: '100%', xs: 180 }}
          />
          <DateField
            label="To"
            value={filters.to ?? null}
            onChange={(value) => set({ to: value ?? undefined })}
            error={datesInOrder ? undefined : FEEDBACK_DATES_ORDER_MESSAGE}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
      </Stack>
      {datesInOrder ? (
        <>
          <FeedbackTable filters={filters} page={page} onPage={(next) => set({ page: next })} />
          <FeedbackOverTime filters={filters} />
        </>
      ) : null}
    </Stack>
  );
}

function FeedbackTable({
  filters,
  page,
  onPage,
}: {
  filters: TAdminFeedbackFilters;
  page: number;
  onPage: (page: number) => void;
}) {
  const list = useAdminFeedback(filters, page);
  const [downloading, setDownloading] = useState(false);
  if (list.isPending) return <QueryLoader label="Loading the feedback" />;
  if (list.isError) {
    return (
      <QueryError
        error={list.error}
        title="The feedback could not be loaded"
        onRetry={() => void list.refetch()}
      />
    );
  }
  const { data, total } = list.data;
  const pages = pageCount(total, ADMIN_FEEDBACK_PAGE_SIZE);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAdminFeedbackCsv(filters);
    } catch {
      // the API client has shown the failure
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {total} {total === 1 ? 'feedback' : 'feedbacks'}
        </Text>
        <Button
          kind="secondary"
          size="small"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download()}
          loading={downloading}
          disabled={total === 0}
        >
          Download CSV
        </Button>
      </Group>
      {data.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{NO_FEEDBACK}</Text>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Caption>Feedback, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Rating</Table.Th>
                <Table.Th scope="col">Comment</Table.Th>
                <Table.Th scope="col">Page</Table.Th>
                <Table.Th scope="col">User</Table.Th>
                <Table.Th scope="col">Organization</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{formatDateTime(item.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={FEEDBACK_BAND_COLOURS[feedbackBand(item.value)]}
                      aria-label={`Rating ${item.value}`}
                    >
                      {item.value}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{item.comment ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor href={item.url} target="_blank" rel="noopener noreferrer" size="sm">
                      {pathOf(item.url)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {item.user ? (
                      <Stack gap={0}>
                        <Text size="sm">{`${item.user.name} ${item.user.lastname}`.trim()}</Text>
                        <Text size="xs" c="dimmed">
                          {item.user.email}
                        </Text>
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{item.organization?.name ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager pages={pages} page={page} onChange={onPage} />
    </Stack>
  );
}

/** The page's path (the host is always the app's own). */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function FeedbackOverTime({ filters }: { filters: TAdminFeedbackFilters }) {
  const weeks = useAdminFeedbackOverTime(filters);
  const title = 'Ratings over time';
  if (weeks.isPending) return <QueryLoader label="Loading the ratings over time" />;
  if (weeks.isError) {
    return (
      <QueryError
        error={weeks.error}
        title="The ratings over time could not be loaded"
        onRetry={() => void weeks.refetch()}
      />
    );
  }
  const data = weeks.data.data;
  const labels = data.map((week) => week.week);
  const series = [
    { name: 'Feedback', values: data.map((week) => week.count) },
    { name: 'Average rating', values: data.map((week) => week.average) },
  ];
  const yMax = Math.max(10, ...data.map((week) => week.count));
  return (
    <ChartPanel
      title={title}
      description="Per week (from Monday, UTC): how many ratings were sent and their average (1 to 10)."
      fileName="feedback-over-time"
      columns={['Week', 'Feedback', 'Average rating']}
      rows={data.map((week) => [week.week, week.count, week.average])}
    >
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_FEEDBACK}
        </Text>
      ) : (
        <LineChart title={title} labels={labels} series={series} yMax={yMax} />
      )}
    </ChartPanel>
  );
}

export { AdminFeedbackRoute as Component };
