import {
  SUPPORT_PAGE_SIZE,
  type THelpArticleInput,
  type THelpArticlePatch,
  type TSupportRequestCreate,
  type TSupportStatus,
  ZHelpArticle,
  ZHelpArticleList,
  ZSupportRequestDetail,
  ZSupportRequestList,
} from '@parity/domain/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

/** The support feature's query keys, one family under 'support'. */
export const supportKeys = {
  articles: ['support', 'articles'] as const,
  articleList: (q: string, page: number) => ['support', 'articles', 'list', q, page] as const,
  article: (slug: string) => ['support', 'articles', 'one', slug] as const,
  requests: ['support', 'requests'] as const,
  requestList: (scope: 'mine' | 'all', status: TSupportStatus | null, page: number) =>
    ['support', 'requests', 'list', scope, status, page] as const,
  request: (requestId: number) => ['support', 'requests', 'one', requestId] as const,
};

/* Help articles */

export function useArticles(q: string, page: number) {
  return useQuery({
    queryKey: supportKeys.articleList(q, page),
    queryFn: async () =>
      parseAnswer(
        ZHelpArticleList,
        await api.get<unknown>('/api/support/articles', {
          q: q || undefined,
          page,
          limit: SUPPORT_PAGE_SIZE,
        }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(slug: string) {
  return useQuery({
    queryKey: supportKeys.article(slug),
    queryFn: async () =>
      parseAnswer(ZHelpArticle, await api.get<unknown>(`/api/support/articles/${encodeURIComponent(slug)}`), {
        silent: true,
      }),
  });
}

export function useSaveArticle(slug: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: THelpArticleInput | THelpArticlePatch) =>
      parseAnswer(
        ZHelpArticle,
        slug === null
          ? await api.post<unknown>('/api/support/articles', body, { retries: 0 })
          : await api.patch<unknown>(`/api/support/articles/${slug}`, body, { retries: 0 }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKeys.articles }),
  });
}

export function useDeleteArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) =>
      api.delete<unknown>(`/api/support/articles/${slug}`, undefined, { retries: 0 }),
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKeys.articles }),
  });
}

/* Support requests */

export function useSupportRequests(scope: 'mine' | 'all', status: TSupportStatus | null, page: number) {
  return useQuery({
    queryKey: supportKeys.requestList(scope, status, page),
    queryFn: async () =>
      parseAnswer(
        ZSupportRequestList,
        await api.get<unknown>('/api/support/requests', {
          scope,
          status: status ?? undefined,
          page,
          limit: SUPPORT_PAGE_SIZE,
        }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSupportRequest(requestId: number) {
  return useQuery({
    queryKey: supportKeys.request(requestId),
    queryFn: async () =>
      parseAnswer(ZSupportRequestDetail, await api.get<unknown>(`/api/support/requests/${requestId}`), {
        silent: true,
      }),
  });
}

/** The contact form, sent as multipart/form-data with the optional attachment. */
export function useFileSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ attachment, ...fields }: TSupportRequestCreate & { attachment: File | null }) =>
      parseAnswer(
        ZSupportRequestDetail,
        await api.post<unknown>(
          '/api/support/requests',
          { ...fields, ...(attachment ? { attachment } : {}) },
          { encoding: 'multipart', retries: 0 },
        ),
      ),
    onSuccess: (request) => {
      client.setQueryData(supportKeys.request(request.id), request);
      void client.invalidateQueries({ queryKey: supportKeys.requests });
    },
  });
}

/** A reply (the requester) or an answer (platform administrators), and closing: both answer the request. */
export function useRequestAction(requestId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: { reply: string } | { close: true }) =>
      parseAnswer(
        ZSupportRequestDetail,
        'reply' in action
          ? await api.post<unknown>(
              `/api/support/requests/${requestId}/messages`,
              { body: action.reply },
              { retries: 0 },
            )
          : await api.post<unknown>(`/api/support/requests/${requestId}/close`, undefined, { retries: 0 }),
      ),
    onSuccess: (request) => {
      client.setQueryData(supportKeys.request(requestId), request);
      void client.invalidateQueries({ queryKey: supportKeys.requests });
    },
  });
}
