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
export function useUnreadCount(enabled = true) {
  return useQuery({
    enabled,
    queryKey: UNREAD_COUNT_KEY,
    // Reading the signal lets TanStack Query cancel the read when the bell unmounts while its lazy
    // part is still loading: no request is sent for a page that is gone.
    queryFn: async ({ signal }) => {
      const live = await loadBellLive();
      signal.throwIfAborted();
      return live.getUnreadCount();
    },
    staleTime: 30_000,
  });
}
