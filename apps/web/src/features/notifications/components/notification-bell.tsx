import { ActionIcon, Badge } from '@mantine/core';
import type { TNotification } from '@parity/domain/notifications';
import { createReactComponent } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { usePartAfterReads } from '../../../lib/part-after-reads';
import { useUnreadCount } from '../api/get-unread-count';
import { type BellLive, loadBellLive } from './load-bell-live';

// The bell is in every signed-in page's first load, so it keeps to what that load already has:
// its popover, its toast and the live stream load after the page's reads (load-bell-live.ts),
// and it draws Tabler's bell itself (the shared IconBell module would be one more file).
const BellIcon = createReactComponent('outline', 'bell', 'Bell', [
  [
    'path',
    {
      d: 'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6',
      key: 'svg-0',
    },
  ],
  ['path', { d: 'M9 17v1a3 3 0 0 0 6 0v-1', key: 'svg-1' }],
]);

function warnNotLoaded(error: unknown) {
  console.warn('The notification bell could not load its popover and live updates', error);
}

/** The badge's text: the count, capped at 99+. */
export function badgeCount(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The bell's accessible name: 'Notifications, 3 unread'. */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * While the bell's live part is loaded and mounted, the tab's live stream is open and new 'alert'
 * notifications come back for a toast.
 */
function useLiveStream(live: BellLive | null, onAlert: (notification: TNotification) => void) {
  const client = useQueryClient();
  useEffect(() => {
    if (!live) return;
    return live.openNotificationStream(client, (notification) => {
      if (notification.type === 'alert') onAlert(notification);
    });
  }, [client, live, onAlert]);
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
  // The live part (the popover, the count's fetcher, the stream) loads once the page's own reads
  // have settled (on a phone its chunks, schemas and stream would otherwise queue before the
  // page's content), or at once by a click; the same button stands in for its target until then.
  const { part: live, loadNow, standIn, control } = usePartAfterReads(loadBellLive, warnNotLoaded);
  useLiveStream(live, setToast);
  const unread = useUnreadCount(live !== null).data?.unread;

  const button = (ref: (node: HTMLButtonElement | null) => void) => (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size="lg"
      radius="xl"
      // The badge sits over the icon's corner.
      style={{ overflow: 'visible' }}
      aria-label={bellLabel(unread)}
      aria-haspopup="dialog"
      aria-expanded={opened}
      // A controlled popover leaves the toggle to its target. It opens on its loaded part (at
      // once but on a first click racing the load), so focus lands in it.
      onClick={() => void loadNow().then(() => setOpened((open) => !open), warnNotLoaded)}
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
  );

  return (
    <>
      {live ? (
        <live.BellPopover
          opened={opened}
          onChange={setOpened}
          dropdown={opened ? <live.BellPanel unread={unread ?? 0} onClose={() => setOpened(false)} /> : null}
        >
          {button(control)}
        </live.BellPopover>
      ) : (
        button(standIn)
      )}
      {toast && live ? <live.AlertToast key={toast.id} notification={toast} onClose={closeToast} /> : null}
    </>
  );
}
