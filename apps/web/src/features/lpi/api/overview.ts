import type {
  TOrganizationMetaResponse,
  TOverviewHealthcheck,
  TOverviewValues,
} from '@parity/domain/lpi/overview';
import type { TAddressFound } from '@parity/domain/places';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LpiScope, readCall, scopeKey, surveyIdOf } from '../lib/scope';

/** The Overview tab's calls (spec 7 Organization reporting): organization meta and its healthcheck. */

export const overviewKey = (scope: LpiScope) => ['lpi', 'overview', ...scopeKey(scope)] as const;
export const healthcheckKey = (scope: LpiScope) => ['lpi', 'healthcheck', ...scopeKey(scope)] as const;

export function fetchMeta(scope: LpiScope) {
  const { path, params } = readCall(scope, '/api/organization/me/meta-v2', '/api/organization/meta-v2');
  return api.get<TOrganizationMetaResponse>(path, params);
}

export function useMeta(scope: LpiScope) {
  return useQuery({ queryKey: overviewKey(scope), queryFn: () => fetchMeta(scope), staleTime: Infinity });
}

/** The save body of POST /api/organization/meta-v2 (legal_structure_id is sent as legal_structure). */
export interface OverviewSaveBody extends TOverviewValues {
  office_address_found?: TAddressFound | null;
}

/** POST /api/organization/meta-v2; silent: the LPI page reports failures. */
export function saveMeta(scope: LpiScope, updatedAt: string | null, values: OverviewSaveBody) {
  return api.post<TOrganizationMetaResponse>(
    '/api/organization/meta-v2',
    { ...values, survey_id: surveyIdOf(scope), updated_at: updatedAt },
    { silent: true },
  );
}

/** GET /api/organization/meta/healthcheck (the caller's organization; survey_id in a survey). */
export function useHealthcheck(scope: LpiScope, enabled = true) {
  const surveyId = surveyIdOf(scope);
  return useQuery({
    queryKey: healthcheckKey(scope),
    queryFn: () =>
      api.get<TOverviewHealthcheck>(
        '/api/organization/meta/healthcheck',
        surveyId ? { survey_id: surveyId } : {},
      ),
    enabled,
  });
}
