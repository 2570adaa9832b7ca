import { Anchor, Notification, Portal } from '@mantine/core';
import type { TNotification } from '@parity/domain/notifications';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NOTIFICATION_KIND_ICONS, NOTIFICATION_TYPE_LOOK } from './notification-type-icon';

/** How long a new alert stays on screen unless hovered or focused. */
export const ALERT_TOAST_MS = 8000;

/**
 * A new notification of the alert type (it asks for something), shown for a few seconds at the
 * bottom right with a link to what it is about. Loaded when the first one arrives.
 */
export function AlertToast({ notification, onClose }: { notification: TNotification; onClose: () => void }) {
  const markRead = useMarkNotificationRead();
  const { color } = NOTIFICATION_TYPE_LOOK.alert;
  const Icon = NOTIFICATION_KIND_ICONS[notification.kind];
  useEffect(() => {
    const timer = setTimeout(onClose, ALERT_TOAST_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <Portal>
      <Notification
        role="status"
        aria-live="polite"
        color={color}
        icon={<Icon size={18} aria-hidden />}
        title={notification.title}
        withBorder
        onClose={onClose}
        closeButtonProps={{ 'aria-label': 'Close notification' }}
        style={{
          position: 'fixed',
          bottom: 16,
          right: 16,
          zIndex: 1100,
          width: 'min(360px, calc(100vw - 32px))',
        }}
      >
        <Anchor
          component={Link}
          to={notification.link}
          size="sm"
          onClick={() => {
            markRead.mutate(notification.id);
            onClose();
          }}
        >
          Open
        </Anchor>
      </Notification>
    </Portal>
  );
}
