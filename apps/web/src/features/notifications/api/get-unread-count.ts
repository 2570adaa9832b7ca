import { useQuery } from '@tanstack/react-query';
import { loadBellLive } from '../components/load-bell-live';

/**
 * The count's query key, defined here rather than in keys.ts: this file is in every signed-in
 * first load, and keys.ts (imported by the lazy parts) takes the key from it, not the reverse.
 */
export const UNREAD_COUNT_KEY = ['notifications', 'unread-count'] as const;

/**
 * The bell's count (GET /api/notifications/unread-count), fetched by the bell's lazy part, which
 * has the domain schema; the live stream keeps it current and refetches it on every (re)connect.
 * `enabled`: false until the bell starts its live part (after the page's own reads).
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: UNREAD_COUNT_KEY,
    // Enabled once the lazy part is loaded: this import answers at once.
    queryFn: async () => (await loadBellLive()).getUnreadCount(),
    staleTime: 30_000,
  });
}
