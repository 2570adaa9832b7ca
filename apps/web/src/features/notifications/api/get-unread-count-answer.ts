import { ZUnreadCount } from '@parity/domain/notifications';
import { api, parseAnswer } from '../../../lib/api-client';

/** GET /api/notifications/unread-count -> {unread}, read through the domain schema. */
export async function getUnreadCount(): Promise<{ unread: number }> {
  const answer = await api.get<unknown>('/api/notifications/unread-count');
  return parseAnswer(ZUnreadCount, answer, { silent: true });
}
