import type { TNotification, TNotificationList } from '@parity/domain/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { type NotificationListParams, notificationKeys } from '../api/keys';

/**
 * The cache writes the stream's events and the read actions share, so the bell, its popover and
 * the page change together without a refetch where the change is known.
 */

function cachedLists(client: QueryClient) {
  return client
    .getQueryCache()
    .findAll({ queryKey: notificationKeys.lists })
    .map((query) => ({ query, params: query.queryKey[2] as NotificationListParams }));
}

/** The user's unread count, on the bell and on every cached list. */
export function setUnreadCount(client: QueryClient, unread: number): void {
  client.setQueryData(notificationKeys.unreadCount, { unread });
  for (const { query } of cachedLists(client)) {
    client.setQueryData<TNotificationList>(query.queryKey, (list) => (list ? { ...list, unread } : list));
  }
}

/** Shows the given notifications (all of them without ids) as read in every cached list. */
export function markReadInLists(client: QueryClient, ids: readonly number[] | 'all', readAt: string): void {
  const read = (item: TNotification) =>
    item.read_at === null && (ids === 'all' || ids.includes(item.id)) ? { ...item, read_at: readAt } : item;
  for (const { query } of cachedLists(client)) {
    client.setQueryData<TNotificationList>(query.queryKey, (list) =>
      list ? { ...list, items: list.items.map(read) } : list,
    );
  }
}

/**
 * A new notification is unread and the newest, so it heads the first page of every list whose
 * kind filter it matches; later pages shift by one and are fetched again.
 */
export function addNotification(client: QueryClient, notification: TNotification, unread: number): void {
  for (const { query, params } of cachedLists(client)) {
    if (params.kind && params.kind !== notification.kind) continue;
    if (params.offset > 0) {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    client.setQueryData<TNotificationList>(query.queryKey, (list) => {
      if (!list || list.items.some((item) => item.id === notification.id)) return list;
      return {
        ...list,
        items: [notification, ...list.items].slice(0, params.limit),
        total: list.total + 1,
      };
    });
  }
  setUnreadCount(client, unread);
}

/** The lists are refetched where shown (their order, unread first, may have changed). */
export function refreshLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: notificationKeys.lists });
}
