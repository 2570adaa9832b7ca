import { ZUnreadCount } from '@parity/domain/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { markReadInLists, refreshLists, setUnreadCount } from '../lib/cache';

/** POST /api/notifications/{id}/read -> {unread} (idempotent). */
export async function markNotificationRead(notificationId: number) {
  const answer = await api.post<unknown>(`/api/notifications/${notificationId}/read`);
  return parseAnswer(ZUnreadCount, answer);
}

/** Marks one notification read: shown read at once, then the lists are fetched in their new order. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ unread }, notificationId) => {
      markReadInLists(client, [notificationId], new Date().toISOString());
      setUnreadCount(client, unread);
      void refreshLists(client);
    },
  });
}
