import { Alert, Anchor, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { twoDecimals } from '@parity/domain/analytics-display';
import { EXCHANGE_MESSAGES, EXCHANGE_SCORE_ROWS, tabsText } from '@parity/domain/exchange';
import { Link, useParams } from 'react-router';
import { useCrumbName } from '../../../components/breadcrumbs/crumb-names';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { ResponseBlock } from '../../../components/response-document/response-block';
import { formatDate } from '../../../lib/dates';
import { useSharedProfile } from '../api/exchange';

/** /exchange/shared/{organizationId}: a profile shared with my organization, read only. */
export function SharedProfileRoute() {
  const organizationId = Number(useParams().organizationId);
  const profile = useSharedProfile(organizationId);
  useCrumbName(`/exchange/shared/${organizationId}`, profile.data?.owner.name);
  if (profile.isPending) return <QueryLoader label="Loading the shared profile" />;
  if (profile.isError) {
    return (
      <QueryError
        error={profile.error}
        title="The shared profile could not be opened"
        onRetry={() => void profile.refetch()}
        action={
          <Anchor component={Link} to="/exchange">
            Back to Exchange
          </Anchor>
        }
      />
    );
  }
  const { owner, grant, submission } = profile.data;
  return (
    <Stack gap="md">
      <PageHeader
        eyebrow="Shared with your organization, read only"
        title={owner.name}
        description={`${tabsText(grant.tabs)}; access until ${formatDate(grant.expires_on)}. ${owner.name} sees each time your organization opens this page.`}
      />
      {submission === null ? (
        <Alert color="gray" title="No profile yet" role="status">
          {EXCHANGE_MESSAGES.notSubmitted(owner.name)}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Profile submitted {formatDate(submission.submitted_at)}.
          </Text>
          <Paper withBorder p="md" radius="md" component="section" aria-label="Scores">
            <Title order={2} size="h4" mb="sm">
              Scores
            </Title>
            {submission.scores === null ? (
              <Text c="dimmed">No scores were computed for this submission.</Text>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} component="dl" m={0}>
                {EXCHANGE_SCORE_ROWS.map((row) => (
                  <Stack gap={0} key={row.key}>
                    <Text component="dt" size="xs" c="dimmed">
                      {row.label}
                    </Text>
                    <Text component="dd" m={0} fw={600}>
                      {twoDecimals(submission.scores?.[row.key])}{' '}
                      <Text span size="xs" c="dimmed" fw={400}>
                        ({row.scale})
                      </Text>
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            )}
          </Paper>
          <Tabs defaultValue={submission.tabs[0]?.key} keepMounted={false}>
            <Tabs.List>
              {submission.tabs.map((tab) => (
                <Tabs.Tab key={tab.key} value={tab.key}>
                  {tab.title}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {submission.tabs.map((tab) => (
              <Tabs.Panel key={tab.key} value={tab.key} pt="md">
                <Stack gap="md">
                  {tab.blocks.length === 0 ? (
                    <Text c="dimmed">Nothing was entered on this tab in the submitted profile.</Text>
                  ) : null}
                  {tab.blocks.map((block, b) => (
                    // A block of the document has no id: its place in the tab is its identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: blocks never move
                    <ResponseBlock key={b} block={block} id={`shared-${tab.key}-${b}`} />
                  ))}
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      )}
    </Stack>
  );
}

export { SharedProfileRoute as Component };
