import type { TSearchKind } from '@parity/domain/search';

export const SEARCH_PATH = '/search';

/** The /search page's URL parameters: the query, one kind (none: all) and its page. */
export function searchParamsOf(q: string, kind?: TSearchKind | null, page = 1): URLSearchParams {
  const params = new URLSearchParams({ q });
  if (kind) params.set('kind', kind);
  if (page > 1) params.set('page', String(page));
  return params;
}

export function searchPath(q: string, kind?: TSearchKind | null, page = 1): string {
  return `${SEARCH_PATH}?${searchParamsOf(q, kind, page)}`;
}

export function resultCount(total: number): string {
  return total === 1 ? '1 result' : `${total} results`;
}
