/** What the bell loads after the first paint (see load-bell-live.ts). */
export { getUnreadCount } from '../api/get-unread-count-answer';
export { openNotificationStream } from '../lib/notification-stream';
export { AlertToast } from './alert-toast';
export { BellPanel } from './bell-panel';
export { BellPopover } from './bell-popover';
