import type { TNotificationKind } from '@parity/domain/notifications';
import { UNREAD_COUNT_KEY } from './get-unread-count';

/** A page of the list as the API is asked for it (GET /api/notifications). */
export interface NotificationListParams {
  limit: number;
  offset: number;
  kind?: TNotificationKind | undefined;
  unread?: boolean | undefined;
}

/**
 * The feature's query keys, one family under 'notifications': the bell, the popover, the page
 * and the live stream read and write the same entries.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: UNREAD_COUNT_KEY,
  lists: ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The bell's popover shows the latest five. */
export const LATEST_SHOWN = 5;
export const LATEST_PARAMS: NotificationListParams = { limit: LATEST_SHOWN, offset: 0 };
