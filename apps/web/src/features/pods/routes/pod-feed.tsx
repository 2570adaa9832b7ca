import { Card, Stack, Text } from '@mantine/core';
import { Button } from '../../../components/button/button';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useFeed } from '../api/feed';
import { FeedEntry } from '../components/feed-entry';
import { PostComposer } from '../components/post-composer';
import { useShownPod } from '../lib/shown-pod';

/** /pods/{podId}: the Activity Feed, newest first, a page at a time (keyset), with a post box. */
export function PodFeedRoute() {
  const pod = useShownPod();
  const feed = useFeed(pod.id);
  const entries = feed.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack gap="md">
      {pod.isMember ? (
        <Card withBorder radius="md" padding="md">
          <PostComposer podId={pod.id} />
        </Card>
      ) : null}
      {feed.isPending ? (
        <QueryLoader label="Loading the activity feed" />
      ) : feed.isError ? (
        <QueryError
          error={feed.error}
          title="The activity feed could not be loaded"
          onRetry={() => void feed.refetch()}
        />
      ) : entries.length === 0 ? (
        <Text c="dimmed" role="status">
          Nothing posted yet.
        </Text>
      ) : (
        <>
          <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Activity feed">
            {entries.map((entry) => (
              <FeedEntry key={entry.id} podId={pod.id} entry={entry} canPost={pod.isMember} />
            ))}
          </Stack>
          {feed.hasNextPage ? (
            <Button
              kind="blanc"
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
              style={{ alignSelf: 'center' }}
            >
              Show older entries
            </Button>
          ) : null}
        </>
      )}
    </Stack>
  );
}
