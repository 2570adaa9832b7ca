import { NOTIFICATIONS_PAGE_SIZE, ZNotificationList } from '@parity/domain/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { LATEST_PARAMS, type NotificationListParams, notificationKeys } from './keys';

export { NOTIFICATIONS_PAGE_SIZE };

/** GET /api/notifications: the user's notifications, unread first, then newest first. */
export async function getNotifications(params: NotificationListParams) {
  const answer = await api.get<unknown>('/api/notifications', {
    limit: params.limit,
    offset: params.offset,
    kind: params.kind,
    unread: params.unread ? 'true' : undefined,
  });
  return parseAnswer(ZNotificationList, answer, { silent: true });
}

/** One page of the centre, 20 a page (the domain's page size). */
export function useNotifications(params: NotificationListParams) {
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: () => getNotifications(params),
    placeholderData: keepPreviousData,
  });
}

/** The bell's popover: the latest five. */
export function useLatestNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(LATEST_PARAMS),
    queryFn: () => getNotifications(LATEST_PARAMS),
  });
}
