import {
  Alert,
  Avatar,
  Badge,
  Card,
  Group,
  Pagination,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { THostedSurvey } from '@parity/domain/surveys';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { formatDay, NO_INFORMATION, STATUS_COLORS } from '../../taking/components/survey-tile';
import { type HostedSurveysScope, useHostedSurveys } from '../api/hosting';

export const HOSTED_PAGE_SIZE = 9;
export const HOSTED_STATUSES = ['Active', 'Past Due', 'Archived'] as const;

/**
 * A hosted survey's tile (spec 3 Survey tile, hosting): title, due date, status, host, the share of
 * invited organizations that submitted, and a link to the hosted survey page.
 */
export function HostedSurveyTile({ survey }: { survey: THostedSurvey }) {
  const hasInfo = Boolean(survey.due) || Boolean(survey.host?.name);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={survey.title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={3} size="h5" lineClamp={2}>
              {survey.title}
            </Title>
            <Badge color={STATUS_COLORS[survey.status]} variant="light" style={{ flexShrink: 0 }}>
              {survey.status}
            </Badge>
          </Group>
          {hasInfo ? (
            <Stack gap={4}>
              {survey.due ? (
                <Text size="sm" c="dimmed">
                  Due <time dateTime={survey.due}>{formatDay(survey.due)}</time>
                </Text>
              ) : null}
              {survey.host?.name ? (
                <Group gap="xs" wrap="nowrap">
                  <Avatar
                    src={survey.host.logo || null}
                    alt={`${survey.host.name} logo`}
                    size="sm"
                    radius="sm"
                  >
                    {survey.host.name.slice(0, 1)}
                  </Avatar>
                  <Text size="sm">{survey.host.name}</Text>
                </Group>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {NO_INFORMATION}
            </Text>
          )}
        </Stack>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {survey.submitted} of {survey.invited} invited submitted
            </Text>
            <Text size="xs" fw={500}>
              {survey.progress_percent}%
            </Text>
          </Group>
          <Progress value={survey.progress_percent} size="sm" aria-label={`${survey.title} response rate`} />
          <Button
            component={Link}
            to={`/surveys/hosting/${survey.id}`}
            kind="secondary"
            fullWidth
            aria-label={`Open ${survey.title}`}
          >
            Open
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * Hosted surveys as tiles, with the filter (a status or a due year, kept in the URL's `filter`),
 * loading, error and empty states, and pages of HOSTED_PAGE_SIZE.
 */
export function HostedSurveyTiles({ scope, empty }: { scope: HostedSurveysScope; empty: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter');
  const all = useHostedSurveys(scope, null);
  const filtered = useHostedSurveys(scope, filter);
  const list = filter ? filtered : all;
  const [page, setPage] = useState(1);

  const years = useMemo(
    () =>
      [...new Set((all.data?.data ?? []).map((s) => s.due.slice(0, 4)))].sort((a, b) => b.localeCompare(a)),
    [all.data],
  );
  const shown = list.data?.data ?? [];
  const pages = Math.max(1, Math.ceil(shown.length / HOSTED_PAGE_SIZE));
  const current = Math.min(page, pages);

  const setFilter = (value: string | null) => {
    setPage(1);
    const next = new URLSearchParams(params);
    if (value) next.set('filter', value);
    else next.delete('filter');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Filter"
          placeholder="All surveys"
          clearable
          value={filter}
          onChange={setFilter}
          data={[
            { group: 'Status', items: HOSTED_STATUSES.map((s) => ({ value: s, label: s })) },
            ...(years.length
              ? [{ group: 'Due year', items: years.map((y) => ({ value: y, label: y })) }]
              : []),
          ]}
          w={240}
        />
      </Group>
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading surveys">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={190} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Alert color="danger" icon={<IconAlertCircle aria-hidden />} title="The surveys could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button kind="blanc" size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : shown.length === 0 ? (
        <div role="status">{empty}</div>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {shown.slice((current - 1) * HOSTED_PAGE_SIZE, current * HOSTED_PAGE_SIZE).map((survey) => (
              <HostedSurveyTile key={survey.id} survey={survey} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
