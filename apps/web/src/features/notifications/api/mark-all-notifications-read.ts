import { ZUnreadCount } from '@parity/domain/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { markReadInLists, refreshLists, setUnreadCount } from '../lib/cache';

/** POST /api/notifications/read-all -> {unread: 0}. */
export async function markAllNotificationsRead() {
  const answer = await api.post<unknown>('/api/notifications/read-all');
  return parseAnswer(ZUnreadCount, answer);
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ unread }) => {
      markReadInLists(client, 'all', new Date().toISOString());
      setUnreadCount(client, unread);
      void refreshLists(client);
    },
  });
}
