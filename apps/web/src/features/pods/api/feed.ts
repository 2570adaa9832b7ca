import { POD_FEED_PAGE_SIZE, type TPostCreate, type TPostPatch, ZPodFeed } from '@parity/domain/pods/pods';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { podKeys } from './keys';

/** GET /api/pods/{podId}/feed?before: newest first, a keyset page at a time. */
export async function getFeed(podId: number, before: number | null) {
  const answer = await api.get<unknown>(`/api/pods/${podId}/feed`, {
    before: before ?? undefined,
    limit: POD_FEED_PAGE_SIZE,
  });
  return parseAnswer(ZPodFeed, answer, { silent: true });
}

export function useFeed(podId: number) {
  return useInfiniteQuery({
    queryKey: podKeys.feed(podId),
    queryFn: ({ pageParam }) => getFeed(podId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}

function useRefreshFeed(podId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: podKeys.feed(podId) });
}

/** POST /api/pods/{podId}/posts: a post, or a reply with `parentId`. */
export function useCreatePost(podId: number) {
  const refresh = useRefreshFeed(podId);
  return useMutation({
    mutationFn: (body: TPostCreate) => api.post<unknown>(`/api/pods/${podId}/posts`, body, { retries: 0 }),
    onSuccess: refresh,
  });
}

/** PATCH /api/pods/{podId}/posts/{postId}: the author edits their own post. */
export function useUpdatePost(podId: number) {
  const refresh = useRefreshFeed(podId);
  return useMutation({
    mutationFn: ({ postId, body }: { postId: number; body: TPostPatch }) =>
      api.patch<unknown>(`/api/pods/${podId}/posts/${postId}`, body, { retries: 0 }),
    onSuccess: refresh,
  });
}

/** DELETE /api/pods/{podId}/posts/{postId}: the author, or a pod admin. */
export function useDeletePost(podId: number) {
  const refresh = useRefreshFeed(podId);
  return useMutation({
    mutationFn: (postId: number) =>
      api.delete<unknown>(`/api/pods/${podId}/posts/${postId}`, undefined, { retries: 0 }),
    onSuccess: refresh,
  });
}
