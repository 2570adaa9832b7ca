import type { Location } from 'react-router';

/**
 * The page a user opened support from: the user menu's router state, or `?from=` once on the
 * contact form. Only a path of this app counts (never another site's address).
 */
export function fromOf(location: Pick<Location, 'state' | 'search'>): string {
  const state = location.state as { from?: unknown } | null;
  const candidate =
    typeof state?.from === 'string' ? state.from : (new URLSearchParams(location.search).get('from') ?? '');
  return candidate.startsWith('/') && !candidate.startsWith('//') && !candidate.startsWith('/support')
    ? candidate
    : '';
}

export const contactPath = (from: string) =>
  from ? `/support/contact?${new URLSearchParams({ from }).toString()}` : '/support/contact';
