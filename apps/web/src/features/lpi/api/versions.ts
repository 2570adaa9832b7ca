import type { TTabKey, TTabVersions } from '@parity/domain/lpi/tabs';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LpiScope, scopeKey } from '../lib/scope';
import { scopeParams } from './reporting';

/** The version history of the LPI tabs (GET /api/lpi/versions?tab=...). */

export const versionsKey = (scope: LpiScope, tab: TTabKey) => ['lpi', 'versions', tab, ...scopeKey(scope)];

export function getTabVersions(scope: LpiScope, tab: TTabKey) {
  return api.get<TTabVersions>('/api/lpi/versions', { tab, ...scopeParams(scope) });
}

/** The histories of a page's save units, fetched while the panel is open. */
export function useTabVersions(scope: LpiScope, tabs: readonly TTabKey[], enabled: boolean) {
  return useQueries({
    queries: tabs.map((tab) => ({
      queryKey: versionsKey(scope, tab),
      queryFn: () => getTabVersions(scope, tab),
      enabled,
      staleTime: 0,
    })),
  });
}
