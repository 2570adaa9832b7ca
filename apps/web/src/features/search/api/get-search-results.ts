import { type TSearchKind, type TSearchResponse, ZSearchResponse } from '@parity/domain/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

export interface SearchParams {
  q: string;
  /** Absent: every kind. */
  kinds?: readonly TSearchKind[];
  limit?: number;
  offset?: number;
}

export const searchQueryKey = ['search'] as const;

/**
 * GET /api/search?q=&kinds=&limit=&offset=: the caller's readable matches, one group per asked
 * kind, read through the domain schema. Silent: the box and the page show a failure inline (a
 * 400's message says what is wrong with the query).
 */
export async function getSearchResults(
  { q, kinds, limit, offset }: SearchParams,
  signal?: AbortSignal,
): Promise<TSearchResponse> {
  const answer = await api.get<unknown>(
    '/api/search',
    { q, kinds: kinds?.length ? kinds.join(',') : undefined, limit, offset: offset || undefined },
    // A 4xx is the query's fault and a retry cannot mend it; a lost answer is retried by the client.
    { silent: true, signal },
  );
  return parseAnswer(ZSearchResponse, answer, { silent: true });
}

export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: [
      ...searchQueryKey,
      params.q,
      params.kinds?.join(',') ?? 'all',
      params.limit ?? null,
      params.offset ?? 0,
    ],
    queryFn: ({ signal }) => getSearchResults(params, signal),
    staleTime: 30_000,
  });
}

/**
 * The results of one query; while the next query's answer is on its way the previous results
 * stay (keepPreviousData), and only the latest query's answer replaces them. An empty query asks
 * nothing.
 */
export function useSearchResults(params: SearchParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...searchQueryOptions(params),
    enabled: enabled && params.q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
