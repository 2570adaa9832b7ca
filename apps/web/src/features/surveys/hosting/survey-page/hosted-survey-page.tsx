import { Alert, Badge, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header/page-header';
import { QueryError } from '../../../../components/query-state/query-state';
import { formatDate } from '../../../../lib/dates';
import { STATUS_COLORS } from '../../components/survey-tile';
import { useSurveyOverview } from '../api/hosting';
import { RequestedInsights } from '../components/insight-types';
import { SurveyHostActions } from '../survey-host-actions';
import { InvitationsTab } from './invitations-tab';
import { ReportsTab } from './reports-tab';
import { ResponseRatesTab } from './response-rates-tab';

/** The hosted survey's tabs (spec 2): Response Rates, Invitations, Analytics, and the reports. */
export const HOSTED_TABS = [
  { value: 'response-rates', label: 'Response Rates' },
  { value: 'invitations', label: 'Invitations' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'reports', label: 'Reports' },
] as const;
type HostedTab = (typeof HOSTED_TABS)[number]['value'];

/** The Analytics tab, given by the route (the analytics feature's panel). */
export interface HostedSurveyAnalytics {
  panel: (surveyId: number) => ReactNode;
  /** The address of the panel's view of one respondent's scores (the Invitations tab links to it). */
  respondentHref: (organizationId: number) => string;
  /** An analytics action of the page's header ('Open in BI tool'), when there is one. */
  headerAction?: ReactNode;
}

/**
 * /surveys/hosting/{surveyId}: the host's page of one survey. The open tab is kept in the address
 * (?tab=) so that a reload or a shared link opens it again.
 */
export function HostedSurveyPage({ analytics }: { analytics: HostedSurveyAnalytics }) {
  const surveyId = Number(useParams().surveyId);
  const [params, setParams] = useSearchParams();
  const overview = useSurveyOverview(surveyId);
  const tab: HostedTab = HOSTED_TABS.some((t) => t.value === params.get('tab'))
    ? (params.get('tab') as HostedTab)
    : 'response-rates';

  if (overview.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the survey" />
      </Center>
    );
  }
  if (overview.isError) {
    return (
      <QueryError
        error={overview.error}
        title="The survey could not be loaded"
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const survey = overview.data;
  if (!survey.can_manage) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Error" role="alert">
        This survey does not exist or you cannot host it.
      </Alert>
    );
  }

  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    next.set('tab', value ?? 'response-rates');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <PageHeader
        eyebrow={survey.host.name}
        title={survey.title}
        description={
          <Group gap="sm" component="span">
            <Badge color={STATUS_COLORS[survey.status]} variant="light" component="span">
              {survey.status}
            </Badge>
            <Text span size="sm">
              Start {formatDate(survey.start)} · Due {formatDate(survey.due)}
            </Text>
          </Group>
        }
        actions={
          <>
            {analytics.headerAction}
            <SurveyHostActions survey={survey} />
          </>
        }
      />
      <Group gap="sm" component="section" aria-labelledby="requested-insights">
        <Text size="sm" fw={600} id="requested-insights">
          Requested insights
        </Text>
        <RequestedInsights ids={survey.insight_type_ids} />
      </Group>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List aria-label="Survey hosting">
          {HOSTED_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="response-rates" pt="md">
          <ResponseRatesTab surveyId={surveyId} />
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          <InvitationsTab
            surveyId={surveyId}
            closed={survey.status === 'Past Due' || survey.status === 'Archived'}
            respondentHref={analytics.respondentHref}
          />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          {analytics.panel(surveyId)}
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ReportsTab surveyId={surveyId} title={survey.title} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
