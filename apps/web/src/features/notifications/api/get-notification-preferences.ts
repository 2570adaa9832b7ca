import { ZNotificationPreferences } from '@parity/domain/notifications';
import { useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications/preferences: every kind's delivery, defaults filled in. */
export async function getNotificationPreferences() {
  const answer = await api.get<unknown>('/api/notifications/preferences');
  return parseAnswer(ZNotificationPreferences, answer, { silent: true });
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationKeys.preferences, queryFn: getNotificationPreferences });
}
