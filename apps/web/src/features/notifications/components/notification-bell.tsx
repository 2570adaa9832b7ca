import { ActionIcon, Badge, Popover } from '@mantine/core';
import type { TNotification } from '@parity/domain/notifications';
import { createReactComponent } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useUnreadCount } from '../api/get-unread-count';
import { loadBellLive } from './load-bell-live';

// The bell is in every signed-in page's first load: its popover, its toast and the live stream
// load after the first paint (the stream starts them loading on mount).
const BellPanel = lazy(() => loadBellLive().then(({ BellPanel }) => ({ default: BellPanel })));
const AlertToast = lazy(() => loadBellLive().then(({ AlertToast }) => ({ default: AlertToast })));

// Tabler's bell, drawn here: its shared IconBell module (row actions, the invitations tab) would be
// a file of its own in every signed-in first load.
const BellIcon = createReactComponent('outline', 'bell', 'Bell', [
  ['path', { d: 'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6' }],
  ['path', { d: 'M9 17v1a3 3 0 0 0 6 0v-1' }],
]);

/** The badge's text: the count, capped at 99+. */
export function badgeCount(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The bell's accessible name: 'Notifications, 3 unread'. */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

/** Opens the tab's live stream while mounted; its new 'alert' notifications come back for a toast. */
function useLiveNotifications(onAlert: (notification: TNotification) => void) {
  const client = useQueryClient();
  useEffect(() => {
    let leave: (() => void) | undefined;
    let unmounted = false;
    void loadBellLive().then(({ openNotificationStream }) => {
      if (unmounted) return;
      leave = openNotificationStream(client, (notification) => {
        if (notification.type === 'alert') onAlert(notification);
      });
    });
    return () => {
      unmounted = true;
      leave?.();
    };
  }, [client, onAlert]);
}

/**
 * The top bar's bell: the unread count (99+ at most) on an icon button that opens the latest
 * five, 'See all' and 'Mark all as read'; live through the stream. Only the icon and its badge
 * take room in the bar, so it fits at 390 px.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const [toast, setToast] = useState<TNotification | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const unread = useUnreadCount().data?.unread;
  useLiveNotifications(setToast);

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        shadow="md"
        width="min(360px, calc(100vw - 16px))"
        trapFocus
        returnFocus
        withinPortal={false}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            // The badge sits over the icon's corner.
            style={{ overflow: 'visible' }}
            aria-label={bellLabel(unread)}
          >
            <BellIcon size={20} stroke={1.75} aria-hidden />
            {unread ? (
              <Badge
                size="xs"
                circle={unread < 10}
                color="danger"
                pos="absolute"
                top={-2}
                right={-4}
                px={unread < 10 ? 0 : 4}
                style={{ pointerEvents: 'none' }}
                aria-hidden
                data-testid="notification-badge"
              >
                {badgeCount(unread)}
              </Badge>
            ) : null}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          {opened ? (
            <Suspense fallback={null}>
              <BellPanel unread={unread ?? 0} onClose={() => setOpened(false)} />
            </Suspense>
          ) : null}
        </Popover.Dropdown>
      </Popover>
      {toast ? (
        <Suspense fallback={null}>
          <AlertToast key={toast.id} notification={toast} onClose={closeToast} />
        </Suspense>
      ) : null}
    </>
  );
}
