import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-state/query-state';
import { formatDate } from '../../../lib/dates';
import { INVITATIONS_SHOWN, useUserInvitations } from '../api/get-user-invitations';
import { DASHBOARD_TITLE_LENGTH, DashboardTitle } from './dashboard-title';

export const NO_INVITATIONS = 'No survey invitations yet';
export const INVITATIONS_FAILED = 'The invitations could not be loaded';

/**
 * The dashboard's invitations widget (spec 2: at most 3 invitations): the signed-in user's
 * survey invitations, the open ones first, each linking to the survey's page; 'See all' opens
 * /surveys.
 */
export function InvitationsWidget({ userId }: { userId: number }) {
  // Deferred: React Query's answers re-render through useSyncExternalStore, which React renders at
  // once; the widget's content then renders in an interruptible render instead (on a phone, one
  // blocking render of 50-200 ms per card; issue #20).
  const invitations = useDeferredValue(useUserInvitations(userId));

  let content: ReactNode;
  if (invitations.isPending) {
    content = (
      <Skeleton
        height={72}
        radius="md"
        role="status"
        aria-busy="true"
        aria-label="Loading your invitations"
      />
    );
  } else if (invitations.isError) {
    content = (
      <QueryError
        error={invitations.error}
        title={INVITATIONS_FAILED}
        onRetry={() => void invitations.refetch()}
      />
    );
  } else if (invitations.data.data.length === 0) {
    content = (
      <Text size="sm" c="dimmed" role="status">
        {NO_INVITATIONS}
      </Text>
    );
  } else {
    content = (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your invitations">
        {invitations.data.data.slice(0, INVITATIONS_SHOWN).map((i) => (
          <Stack component="li" key={i.id} gap={2}>
            <Anchor
              component={Link}
              to={`/surveys/${i.survey_id}?organizationId=${i.organization_id}`}
              fw={500}
              lineClamp={1}
              title={i.title}
            >
              <DashboardTitle title={i.title} length={DASHBOARD_TITLE_LENGTH} />
            </Anchor>
            <Text size="xs" c="dimmed">
              {i.status} · Due {formatDate(i.due)} · {i.host.name}
            </Text>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="invitations-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="invitations-title">
            Survey invitations
          </Title>
          <Anchor component={Link} to="/surveys" size="sm">
            See all
          </Anchor>
        </Group>
        {content}
      </Stack>
    </Card>
  );
}
