import { useNavigate, useParams, useSearchParams } from 'react-router';

export interface PathTabs<T extends string> {
  /** The open tab (the first one when the path names none). */
  tab: T;
  /** Where the page must go instead: the path of an old `?tab=` link, or /404 for an unknown tab. */
  redirect: string | null;
  /** Opens a tab: the address becomes its path (replaced: Back leaves the page, not the tab). */
  select: (value: string | null) => void;
}

/**
 * A page's tabs as paths (spec 2: /admin/users/{id}/permissions), read from the route's optional
 * `:tab?` segment: the first tab is the page's own path, the others a segment after it (`segments`
 * names one that differs from the tab: a pod event's Documents are /files). The query string
 * (?occurrence=, ?option=) is kept.
 */
export function usePathTabs<T extends string>(
  base: string,
  tabs: readonly [T, ...T[]],
  segments: Partial<Record<T, string>> = {},
): PathTabs<T> {
  const segment = useParams().tab;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [first] = tabs;
  const segmentOf = (tab: T) => segments[tab] ?? tab;
  const hrefOf = (tab: T, query: URLSearchParams) => {
    const path = tab === first ? base : `${base}/${segmentOf(tab)}`;
    const rest = query.toString();
    return rest ? `${path}?${rest}` : path;
  };
  const named = segment === undefined ? first : tabs.find((t) => t !== first && segmentOf(t) === segment);
  const tab = named ?? first;

  let redirect: string | null = null;
  const legacy = search.get('tab');
  if (legacy !== null) {
    const query = new URLSearchParams(search);
    query.delete('tab');
    redirect = hrefOf(tabs.find((t) => t === legacy || segmentOf(t) === legacy) ?? first, query);
  } else if (named === undefined) {
    redirect = '/404';
  }

  const select = (value: string | null) => {
    const next = tabs.find((t) => t === value);
    if (next && next !== tab) void navigate(hrefOf(next, search), { replace: true });
  };
  return { tab, redirect, select };
}
