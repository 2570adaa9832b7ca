import { Card, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  type TNotificationKind,
} from '@parity/domain/notifications';
import { Button } from '../../../components/button/button';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NO_NOTIFICATIONS, NO_UNREAD_NOTIFICATIONS } from '../lib/messages';
import { NotificationItem } from './notification-item';

const ALL_KINDS = 'all';

export interface NotificationFilters {
  kind?: TNotificationKind | undefined;
  unread: boolean;
  page: number;
}

const KIND_OPTIONS = [
  { value: ALL_KINDS, label: 'All kinds' },
  ...NOTIFICATION_KINDS.map((kind) => ({ value: kind, label: NOTIFICATION_KIND_LABELS[kind] })),
];

/** What an empty page says: 'No notifications yet', 'No unread notifications', 'No unread pod posts'... */
export function emptyMessage({ kind, unread }: Pick<NotificationFilters, 'kind' | 'unread'>): string {
  if (!kind) return unread ? NO_UNREAD_NOTIFICATIONS : NO_NOTIFICATIONS;
  const label = NOTIFICATION_KIND_LABELS[kind].toLowerCase();
  return unread ? `No unread ${label}` : `No ${label} yet`;
}

function MarkReadButton({ notificationId, titleId }: { notificationId: number; titleId: string }) {
  const markRead = useMarkNotificationRead();
  return (
    <Button
      kind="blanc"
      size="small"
      aria-describedby={titleId}
      loading={markRead.isPending}
      onClick={() => markRead.mutate(notificationId)}
      style={{ flexShrink: 0 }}
    >
      Mark as read
    </Button>
  );
}

/** The centre's list: filters by kind and unread, unread first, 20 a page. */
export function NotificationList({
  filters,
  onChange,
}: {
  filters: NotificationFilters;
  onChange: (next: NotificationFilters) => void;
}) {
  const list = useNotifications({
    limit: NOTIFICATIONS_PAGE_SIZE,
    offset: (filters.page - 1) * NOTIFICATIONS_PAGE_SIZE,
    kind: filters.kind,
    unread: filters.unread,
  });
  const markAll = useMarkAllNotificationsRead();
  const total = list.data?.total ?? 0;
  const unread = list.data?.unread ?? 0;
  const pages = pageCount(total, NOTIFICATIONS_PAGE_SIZE);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <search aria-label="Filter notifications">
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              label="Kind"
              data={KIND_OPTIONS}
              value={filters.kind ?? ALL_KINDS}
              onChange={(value) =>
                onChange({
                  ...filters,
                  kind: value && value !== ALL_KINDS ? (value as TNotificationKind) : undefined,
                  page: 1,
                })
              }
              allowDeselect={false}
              w={{ base: '100%', xs: 260 }}
            />
            <Switch
              label="Unread only"
              checked={filters.unread}
              onChange={(event) => onChange({ ...filters, unread: event.currentTarget.checked, page: 1 })}
              mb={8}
            />
          </Group>
        </search>
        <Button
          kind="secondary"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </Group>
      {/* An empty page of the filters before stays a loading state: its message would speak of
          the new filters before their answer is in. */}
      {list.isPending || (list.isPlaceholderData && list.data.items.length === 0) ? (
        <Stack role="status" aria-busy="true" aria-label="Loading notifications" gap="sm">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} height={72} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <QueryError
          error={list.error}
          title="The notifications could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Text c="dimmed" ta="center">
            {emptyMessage(filters)}
          </Text>
        </Card>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total} {total === 1 ? 'notification' : 'notifications'}, {unread} unread
          </Text>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notifications">
            {list.data.items.map((notification) => (
              <Card component="li" key={notification.id} withBorder radius="md" padding="sm">
                <NotificationItem
                  notification={notification}
                  actions={(titleId) =>
                    notification.read_at === null ? (
                      <MarkReadButton notificationId={notification.id} titleId={titleId} />
                    ) : null
                  }
                />
              </Card>
            ))}
          </Stack>
          <Pager
            pages={pages}
            page={Math.min(filters.page, pages)}
            onChange={(page) => onChange({ ...filters, page })}
          />
        </>
      )}
    </Stack>
  );
}
