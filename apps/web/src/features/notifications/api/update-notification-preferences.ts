import { type TNotificationPreferences, ZNotificationPreferences } from '@parity/domain/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** PUT /api/notifications/preferences: the kinds sent change; answers every kind, as the GET. */
export async function updateNotificationPreferences(body: TNotificationPreferences) {
  const answer = await api.put<unknown>('/api/notifications/preferences', body);
  return parseAnswer(ZNotificationPreferences, answer);
}

export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => client.setQueryData(notificationKeys.preferences, preferences),
  });
}
