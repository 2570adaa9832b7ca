import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchBox } from '../../features/search/components/search-box';

/** The top bar's controls beside the user menu, the same in every signed-in layout. */
export function TopBarActions() {
  return (
    <>
      <SearchBox />
      <NotificationBell />
    </>
  );
}
