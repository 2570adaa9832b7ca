import { Anchor, Card, Group, Progress, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-state/query-state';
import { formatDate } from '../../../lib/dates';
import {
  ACTIVE_SURVEYS_SHOWN,
  useActiveHostedSurveys,
  useActiveInvitations,
} from '../api/get-active-surveys';
import { DASHBOARD_TITLE_LENGTH, DashboardTitle } from './dashboard-title';

export const NO_ACTIVE_SURVEYS = 'No active surveys found';

interface Row {
  id: number;
  title: string;
  to: string;
  detail: string;
  progress: number;
  /** What the progress bar measures, after the title: 'progress' or 'response rate'. */
  measure: string;
}

function SurveyRows({
  rows,
  pending,
  error,
  label,
}: {
  rows: Row[] | undefined;
  pending: boolean;
  /** the failure of the rows' query, shown with the API's reason */
  error: unknown;
  label: string;
}): ReactNode {
  if (pending)
    return (
      <Skeleton height={72} radius="md" role="status" aria-busy="true" aria-label={`Loading ${label}`} />
    );
  if (error) return <QueryError error={error} title="The surveys could not be loaded" />;
  if (!rows?.length) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {NO_ACTIVE_SURVEYS}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {rows.slice(0, ACTIVE_SURVEYS_SHOWN).map((row) => (
        <Stack component="li" key={row.id} gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={row.to} fw={500} lineClamp={1} title={row.title}>
              <DashboardTitle title={row.title} length={DASHBOARD_TITLE_LENGTH} />
            </Anchor>
            <Text size="xs" fw={600}>
              {row.progress}%
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {row.detail}
          </Text>
          <Progress value={row.progress} size="xs" aria-label={`${row.title} ${row.measure}`} />
        </Stack>
      ))}
    </Stack>
  );
}

export interface ActiveSurveysWidgetProps {
  /** The account's name, for the third tab ('For {account name}'). */
  accountName: string;
  /**
   * Hosts see their organization's active surveys and their response rates under Hosting, the tab
   * they open on; others its empty message, and open on Taking.
   */
  isSurveyHost: boolean;
}

/**
 * The dashboard's active-surveys widget (spec 2): tabs Taking (the organization's active
 * invitations; the default), Hosting (the host organization's active surveys with their response
 * rates; a survey host's default, issue #19) and 'For {account name}' (always its empty message);
 * at most 3 of each, 'No active surveys found' when none.
 */
export function ActiveSurveysWidget({ accountName, isSurveyHost }: ActiveSurveysWidgetProps) {
  // Deferred: React Query's answers re-render through useSyncExternalStore, which React renders at
  // once; the widget's content then renders in an interruptible render instead (on a phone, one
  // blocking render of 50-200 ms per card; issue #20).
  const invitations = useDeferredValue(useActiveInvitations(true));
  const hosted = useDeferredValue(useActiveHostedSurveys(isSurveyHost));

  // Continue Response opens at the survey's locked step (surveys.taking.survey).
  const takingRows = invitations.data?.data.map((i) => ({
    id: i.id,
    title: i.title,
    to: `/surveys/taking/${i.survey_id}?organizationId=${i.organization_id}&step=${i.survey_locked_step}`,
    detail: `Due ${formatDate(i.due)} · ${i.host.name}`,
    progress: i.survey_progress,
    measure: 'progress',
  }));
  const hostingRows = hosted.data?.map((s) => ({
    id: s.id,
    title: s.title,
    to: `/surveys/hosting/${s.id}`,
    detail: `Due ${formatDate(s.due)} · ${s.submitted} of ${s.invited} invited organizations submitted`,
    progress: s.progress_percent,
    measure: 'response rate',
  }));

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="active-surveys-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="active-surveys-title">
            Active surveys
          </Title>
          <Anchor component={Link} to="/surveys" size="sm">
            All surveys
          </Anchor>
        </Group>
        <Tabs defaultValue={isSurveyHost ? 'hosting' : 'taking'} keepMounted={false}>
          <Tabs.List aria-label="Active surveys">
            <Tabs.Tab value="taking">Taking</Tabs.Tab>
            <Tabs.Tab value="hosting">Hosting</Tabs.Tab>
            <Tabs.Tab value="for-you">For {accountName}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="taking" pt="md">
            <SurveyRows
              rows={takingRows}
              pending={invitations.isPending}
              error={invitations.error}
              label="Surveys you are taking"
            />
          </Tabs.Panel>
          <Tabs.Panel value="hosting" pt="md">
            <SurveyRows
              rows={isSurveyHost ? hostingRows : []}
              pending={isSurveyHost && hosted.isPending}
              error={isSurveyHost ? hosted.error : null}
              label="Surveys you are hosting"
            />
          </Tabs.Panel>
          <Tabs.Panel value="for-you" pt="md">
            <Text size="sm" c="dimmed" role="status">
              {NO_ACTIVE_SURVEYS}
            </Text>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
