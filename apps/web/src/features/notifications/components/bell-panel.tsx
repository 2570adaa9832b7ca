import { Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useLatestNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { NO_NOTIFICATIONS } from '../lib/messages';
import { NotificationItem } from './notification-item';

/** The bell's popover: the latest five, 'Mark all as read' and 'See all'. Loaded when first needed. */
export function BellPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const latest = useLatestNotifications();
  const markAll = useMarkAllNotificationsRead();
  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" px="md" py="sm">
        <Text fw={700} size="sm" component="h2" m={0}>
          Notifications
        </Text>
        {/* Looks disabled when nothing is unread but keeps focus (a disabled button drops it to the
            page, where Escape no longer reaches the popover to close it). */}
        <Button
          kind="tertiary"
          size="small"
          data-disabled={unread === 0 || undefined}
          aria-disabled={unread === 0 || markAll.isPending}
          aria-busy={markAll.isPending}
          onClick={() => {
            if (unread > 0 && !markAll.isPending) markAll.mutate();
          }}
        >
          Mark all as read
        </Button>
      </Group>
      <Divider />
      <div style={{ maxHeight: 'min(420px, 60vh)', overflowY: 'auto' }}>
        {latest.isPending ? (
          <QueryLoader label="Loading notifications" />
        ) : latest.isError ? (
          <Stack p="sm">
            <QueryError
              error={latest.error}
              title="The notifications could not be loaded"
              onRetry={() => void latest.refetch()}
            />
          </Stack>
        ) : latest.data.items.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" p="lg">
            {NO_NOTIFICATIONS}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Latest notifications"
          >
            {latest.data.items.map((notification) => (
              <Stack component="li" key={notification.id} px="md" py="sm" gap={0}>
                <NotificationItem notification={notification} onOpen={onClose} compact />
              </Stack>
            ))}
          </Stack>
        )}
      </div>
      <Divider />
      <Group justify="center" p="sm">
        <Anchor component={Link} to="/notifications" size="sm" fw={600} onClick={onClose}>
          See all
        </Anchor>
      </Group>
    </Stack>
  );
}
