import { Anchor, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TNotification } from '@parity/domain/notifications';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, relativeTime } from '../../../lib/dates';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationTypeIcon } from './notification-type-icon';

export interface NotificationItemProps {
  notification: TNotification;
  /** Called when its link is followed (the popover closes). */
  onOpen?: () => void;
  /** Two lines of body at most (the popover). */
  compact?: boolean;
  /** Row actions on the right ('Mark as read'); they get the title's id to describe themselves. */
  actions?: (titleId: string) => ReactNode;
}

/**
 * One notification: its type, its title linking to what it is about (following it marks it
 * read), its body and its age, with the full date on hover. Unread ones are bold with a dot.
 */
export function NotificationItem({ notification, onOpen, compact, actions }: NotificationItemProps) {
  const markRead = useMarkNotificationRead();
  const unread = notification.read_at === null;
  const titleId = `notification-${notification.id}-title`;
  const open = () => {
    if (unread) markRead.mutate(notification.id);
    onOpen?.();
  };
  return (
    // The row's actions go under the text when the row is narrow (390 px), on the right otherwise.
    <Group wrap="wrap" align="flex-start" justify="flex-end" gap="sm" data-unread={unread || undefined}>
      <Group wrap="nowrap" align="flex-start" gap="sm" miw={0} style={{ flex: '1 1 16rem' }}>
        <NotificationTypeIcon kind={notification.kind} type={notification.type} />
        <Stack gap={2} miw={0} flex={1}>
          <Anchor
            component={Link}
            to={notification.link}
            onClick={open}
            id={titleId}
            fw={unread ? 700 : 500}
            c={unread ? undefined : 'dark'}
            size="sm"
          >
            {notification.title}
          </Anchor>
          {unread ? <VisuallyHidden>Unread</VisuallyHidden> : null}
          {notification.body ? (
            <Text size="sm" c="dimmed" lineClamp={compact ? 2 : undefined}>
              {notification.body}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            <time dateTime={notification.created_at} title={formatDateTime(notification.created_at)}>
              {relativeTime(notification.created_at)}
            </time>
          </Text>
        </Stack>
        {unread ? (
          <Box
            w={8}
            h={8}
            mt={6}
            bg="parity.6"
            style={{ borderRadius: '50%', flexShrink: 0 }}
            aria-hidden
            data-testid="unread-dot"
          />
        ) : null}
      </Group>
      {actions?.(titleId)}
    </Group>
  );
}
