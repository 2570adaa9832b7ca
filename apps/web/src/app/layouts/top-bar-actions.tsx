import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** The top bar's controls beside the user menu, the same in every signed-in layout. */
export function TopBarActions() {
  return <NotificationBell />;
}
