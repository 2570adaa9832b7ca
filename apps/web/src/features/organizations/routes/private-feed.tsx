import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError } from '../../../components/query-state/query-state';
import { formatDateTime } from '../../../lib/dates';
import { FEED_PAGE_SIZE, useFeed } from '../api/space';

export const NO_ACTIVITY = 'No activity yet';

/** /organizations/private/feed: who changed the profile, joined, uploaded... newest first, 30 a page. */
export function PrivateFeedRoute() {
  const [page, setPage] = useState(1);
  const feed = useFeed(page);
  const items = feed.data?.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Activity feed">
      {feed.isPending ? (
        <Skeleton height={120} role="status" aria-busy="true" aria-label="Loading the activity feed" />
      ) : feed.isError ? (
        <QueryError
          error={feed.error}
          title="The activity feed could not be loaded"
          onRetry={() => void feed.refetch()}
        />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_ACTIVITY}
        </Text>
      ) : (
        <Stack gap="md">
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Events">
            {items.map((item) => (
              <li key={item.id} data-kind={item.kind}>
                <Text size="sm">{item.summary}</Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                </Text>
              </li>
            ))}
          </Stack>
          <Pager pages={pageCount(feed.data?.total ?? 0, FEED_PAGE_SIZE)} page={page} onChange={setPage} />
        </Stack>
      )}
    </Card>
  );
}

export { PrivateFeedRoute as Component };
