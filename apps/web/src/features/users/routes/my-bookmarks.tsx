import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { QueryError } from '../../../components/query-state/query-state';
import { useSaved } from '../api/users';

export const NO_BOOKMARKS = 'No bookmarks yet';

function titleOf(item: Record<string, unknown>): string {
  for (const key of ['title', 'name', 'url']) {
    const value = item[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return `Saved item ${String(item.id ?? '')}`.trim();
}

/** /users/private/bookmarks: what I saved (GET /api/user-saved). */
export function MyBookmarksRoute() {
  const saved = useSaved();
  const items = saved.data?.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Bookmarks">
      {saved.isPending ? (
        <Skeleton height={80} aria-busy="true" />
      ) : saved.isError ? (
        <QueryError
          error={saved.error}
          title="Your bookmarks could not be loaded"
          onRetry={() => void saved.refetch()}
        />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_BOOKMARKS}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item, index) => (
            <Text component="li" size="sm" key={String(item.id ?? index)}>
              {titleOf(item)}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export { MyBookmarksRoute as Component };
