import type { TCheckIssue } from '@parity/domain/lpi/checks';
import type {
  TGrid,
  TGridRowInput,
  THistoricalGrids,
  THistoricalRowInput,
  TTypedGrids,
  TTypedRowInput,
} from '@parity/domain/lpi/grids';
import type { TTabKey, TTabState } from '@parity/domain/lpi/tabs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LpiScope, readCall, scopeKey, surveyIdOf } from '../lib/scope';

/** The grid tabs' calls (spec 7): staff, historical insights, investment staff and committee. */

export interface GridResponse<T> {
  data: T;
  state: TTabState;
  /** a tab with data checks (issue #19): the ones its saved figures fail */
  checks?: TCheckIssue[];
}

export type SimpleGridTab = 'staff' | 'us_staff';
export type TypedGridTab = 'investment' | 'us_investment' | 'committee' | 'us_committee';

export const gridKey = (tab: TTabKey, scope: LpiScope) => ['lpi', tab, ...scopeKey(scope)] as const;

const usBased = (tab: TTabKey) => tab.startsWith('us_');

// --- staff -----------------------------------------------------------------------------------------

export function fetchStaff(scope: LpiScope, tab: SimpleGridTab) {
  const { path, params } = readCall(scope, '/api/organization/me/staff', '/api/staff', {
    us_based: usBased(tab),
  });
  return api.get<GridResponse<TGrid>>(path, params);
}

export function useStaffGrid(scope: LpiScope, tab: SimpleGridTab) {
  return useQuery({
    queryKey: gridKey(tab, scope),
    queryFn: () => fetchStaff(scope, tab),
    staleTime: Infinity,
  });
}

/** PUT /api/staff/save(/us-based); silent: the LPI page reports failures. */
export function saveStaff(
  scope: LpiScope,
  tab: SimpleGridTab,
  updatedAt: string | null,
  data: TGridRowInput[],
) {
  return api.put<GridResponse<TGrid>>(
    usBased(tab) ? '/api/staff/save/us-based' : '/api/staff/save',
    { survey_id: surveyIdOf(scope), updated_at: updatedAt, data },
    { silent: true },
  );
}

// --- historical insights ---------------------------------------------------------------------------

export function fetchHistorical(scope: LpiScope) {
  const { path, params } = readCall(
    scope,
    '/api/organization/me/historical-insights',
    '/api/organization/historical-insights',
  );
  return api.get<GridResponse<THistoricalGrids>>(path, params);
}

export function useHistorical(scope: LpiScope) {
  return useQuery({
    queryKey: gridKey('insights', scope),
    queryFn: () => fetchHistorical(scope),
    staleTime: Infinity,
  });
}

export function saveHistorical(scope: LpiScope, updatedAt: string | null, data: THistoricalRowInput[]) {
  return api.put<GridResponse<THistoricalGrids>>(
    '/api/organization/historical-insights',
    { survey_id: surveyIdOf(scope), updated_at: updatedAt, data },
    { silent: true },
  );
}

// --- investment staff and committee ------------------------------------------------------------------

const typedPaths = (tab: TypedGridTab) =>
  tab.endsWith('investment')
    ? { me: '/api/organization/me/investment-staff', scoped: '/api/investment-staff' }
    : { me: '/api/organization/me/investment-committee', scoped: '/api/investment-committee' };

export function fetchTyped(scope: LpiScope, tab: TypedGridTab) {
  const { me, scoped } = typedPaths(tab);
  const { path, params } = readCall(scope, me, scoped, { us_based: usBased(tab) });
  return api.get<GridResponse<TTypedGrids>>(path, params);
}

export function useTypedGrids(scope: LpiScope, tab: TypedGridTab) {
  return useQuery({
    queryKey: gridKey(tab, scope),
    queryFn: () => fetchTyped(scope, tab),
    staleTime: Infinity,
  });
}

export function saveTyped(
  scope: LpiScope,
  tab: TypedGridTab,
  updatedAt: string | null,
  data: Omit<TTypedRowInput, 'survey_id'>[],
) {
  const surveyId = surveyIdOf(scope);
  return api.put<GridResponse<TTypedGrids>>(
    `${typedPaths(tab).scoped}/save${usBased(tab) ? '/us-based' : ''}`,
    {
      survey_id: surveyId,
      updated_at: updatedAt,
      data: data.map((row) => ({ ...row, survey_id: surveyId })),
    },
    { silent: true },
  );
}

// --- the overview's employee count (the staff tab's title) ------------------------------------------

/** total_full_time_employees from the overview (GET meta-v2); null when unknown. */
export function useTotalEmployees(scope: LpiScope) {
  return useQuery({
    queryKey: ['lpi', 'overview-total-employees', ...scopeKey(scope)],
    queryFn: async () => {
      const { path, params } = readCall(
        scope,
        '/api/organization/me/meta-v2',
        '/api/organization/meta-v2',
        scope.kind === 'survey' ? { report: true } : {},
      );
      const response = await api.get<{ data?: { total_full_time_employees?: unknown } }>(path, params, {
        silent: true,
        retries: 0,
      });
      const total = Number(response.data?.total_full_time_employees);
      return Number.isFinite(total) ? total : null;
    },
    retry: false,
    staleTime: 0,
  });
}
