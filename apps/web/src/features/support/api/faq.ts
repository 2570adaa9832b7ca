import {
  FAQ_PAGE_SIZE,
  type TFaqEntryInput,
  type TSupportTopic,
  ZFaqEntry,
  ZFaqList,
} from '@parity/domain/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

export const faqKeys = {
  all: ['faq'] as const,
  list: (q: string, topic: TSupportTopic | null) => ['faq', q, topic] as const,
};

/** GET /api/faq (public): every entry matching, topics in order (the FAQ is small: one page of 100). */
export function useFaq(q: string, topic: TSupportTopic | null) {
  return useQuery({
    queryKey: faqKeys.list(q, topic),
    queryFn: async () =>
      parseAnswer(
        ZFaqList,
        await api.get<unknown>('/api/faq', {
          q: q || undefined,
          topic: topic ?? undefined,
          limit: FAQ_PAGE_SIZE,
        }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSaveFaqEntry(entryId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TFaqEntryInput) =>
      parseAnswer(
        ZFaqEntry,
        entryId === null
          ? await api.post<unknown>('/api/faq', body, { retries: 0 })
          : await api.patch<unknown>(`/api/faq/${entryId}`, body, { retries: 0 }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: faqKeys.all }),
  });
}

export function useDeleteFaqEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => api.delete<unknown>(`/api/faq/${entryId}`, undefined, { retries: 0 }),
    onSuccess: () => void client.invalidateQueries({ queryKey: faqKeys.all }),
  });
}
