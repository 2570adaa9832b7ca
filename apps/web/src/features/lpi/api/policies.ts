import type { TPolicy, TPolicyFields, TPolicyRecords } from '@parity/domain/lpi/policies';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LpiScope, readCall, scopeKey, surveyIdOf } from '../lib/scope';

/** Query keys of the Policies tab. */
export const policiesKeys = {
  list: ['lpi', 'policies', 'list'] as const,
  records: (scope: LpiScope) => ['lpi', 'policies', ...scopeKey(scope)] as const,
  /** The organization's own records (what a survey copy loads from). */
  own: ['lpi', 'policies', 'me'] as const,
};

export function fetchPolicyList(scope: LpiScope) {
  const surveyId = surveyIdOf(scope);
  return api
    .get<{ data: TPolicy[] }>('/api/policies', surveyId ? { survey_id: surveyId } : {})
    .then((res) => res.data);
}

export function fetchPolicyRecords(scope: LpiScope) {
  const { path, params } = readCall(scope, '/api/policies/organization', '/api/policies/organization');
  return api.get<TPolicyRecords>(path, params);
}

export function usePolicyList(scope: LpiScope) {
  return useQuery({ queryKey: policiesKeys.list, queryFn: () => fetchPolicyList(scope) });
}

export function usePolicyRecords(scope: LpiScope) {
  return useQuery({ queryKey: policiesKeys.records(scope), queryFn: () => fetchPolicyRecords(scope) });
}

/** The organization's own records, for 'Load from organization profile' in a survey. */
export function useOwnPolicyRecords(enabled: boolean) {
  return useQuery({
    queryKey: policiesKeys.own,
    queryFn: () => fetchPolicyRecords({ kind: 'organization' }),
    enabled,
  });
}

export interface PolicyWrite {
  policy_id: number;
  fields: TPolicyFields;
  files: File[];
  /** The tab state's updated_at the edit is based on. */
  updatedAt: string | null;
}

/** Writes report their own errors (a 409 gets the stale-save handling), so they are silent. */
const SILENT = { silent: true } as const;

/** POST /api/policies (multipart, files as files[i]). */
export function createPolicy(scope: LpiScope, write: PolicyWrite) {
  return api.upload<TPolicyRecords>(
    '/api/policies',
    write.files,
    {
      policy_id: write.policy_id,
      ...write.fields,
      survey_id: surveyIdOf(scope),
      ...(scope.kind === 'survey' ? { organization_id: scope.organizationId } : {}),
      updated_at: write.updatedAt,
    },
    SILENT,
  );
}

/** POST /api/policies/update (new files are added to the record). */
export function updatePolicy(scope: LpiScope, id: number, write: PolicyWrite) {
  return api.upload<TPolicyRecords>(
    '/api/policies/update',
    write.files,
    {
      id,
      policy_id: write.policy_id,
      ...write.fields,
      survey_id: surveyIdOf(scope),
      updated_at: write.updatedAt,
    },
    SILENT,
  );
}

/** DELETE /api/policies/organization/{id} or /api/policies/{id}/surveys/{surveyId}. */
export function deletePolicy(scope: LpiScope, id: number, updatedAt: string | null) {
  const path =
    scope.kind === 'survey'
      ? `/api/policies/${id}/surveys/${scope.surveyId}`
      : `/api/policies/organization/${id}`;
  return api.delete<TPolicyRecords>(path, { updated_at: updatedAt }, SILENT);
}

/** POST /api/policies/{organization_policy_id}/surveys/{surveyId}. */
export function loadPolicyIntoSurvey(
  surveyId: number,
  organizationPolicyId: number,
  updatedAt: string | null,
) {
  return api.post<TPolicyRecords>(
    `/api/policies/${organizationPolicyId}/surveys/${surveyId}`,
    { updated_at: updatedAt },
    SILENT,
  );
}
