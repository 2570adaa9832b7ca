import type {
  TCustomQuestionInput,
  TFormResponse,
  TFormValue,
  TMiscellaneousResponse,
} from '@parity/domain/lpi/forms';
import { FORM_IDS, type TTabState } from '@parity/domain/lpi/tabs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LpiScope, readCall, scopeKey } from '../lib/scope';

/** The Practices and Miscellaneous forms' calls (spec 7): form generator and miscellaneous questions. */

export const practicesKey = (scope: LpiScope) => ['lpi', 'practices', ...scopeKey(scope)] as const;
export const miscellaneousKey = (scope: LpiScope) => ['lpi', 'miscellaneous', ...scopeKey(scope)] as const;

export function fetchPractices(scope: LpiScope) {
  const path = `/api/form-generator/${FORM_IDS.PRACTICES}`;
  const call = readCall(scope, path, path);
  return api.get<TFormResponse>(call.path, call.params);
}

export function usePractices(scope: LpiScope, enabled = true) {
  return useQuery({
    queryKey: practicesKey(scope),
    queryFn: () => fetchPractices(scope),
    staleTime: Infinity,
    enabled,
  });
}

export function fetchMiscellaneous(scope: LpiScope) {
  const path = `/api/miscellaneous-questions/${FORM_IDS.MISCELLANEOUS}`;
  const call = readCall(scope, path, path);
  return api.get<TMiscellaneousResponse>(call.path, call.params);
}

export function useMiscellaneous(scope: LpiScope, enabled = true) {
  return useQuery({
    queryKey: miscellaneousKey(scope),
    queryFn: () => fetchMiscellaneous(scope),
    staleTime: Infinity,
    enabled,
  });
}

/** Where a save goes: the survey copy, or the organization's own profile (its id from the account). */
function savePrefix(scope: LpiScope, organizationId: number | null) {
  if (scope.kind === 'survey') return `/api/surveys/${scope.surveyId}`;
  if (organizationId === null) throw new Error('The organization is not known yet.');
  return `/api/organizations/${organizationId}`;
}

/** PUT .../form-generator/8; silent: the LPI page reports failures. */
export function savePractices(
  scope: LpiScope,
  organizationId: number | null,
  updatedAt: string | null,
  data: TFormValue[],
) {
  return api.put<TFormResponse>(
    `${savePrefix(scope, organizationId)}/form-generator/${FORM_IDS.PRACTICES}`,
    { updated_at: updatedAt, data, meta_data: {} },
    { silent: true },
  );
}

/** PUT .../miscellaneous-questions/10; silent: the LPI page reports failures. */
export function saveMiscellaneous(
  scope: LpiScope,
  organizationId: number | null,
  updatedAt: string | null,
  questions: TCustomQuestionInput[],
  data: TFormValue[],
) {
  return api.put<TMiscellaneousResponse>(
    `${savePrefix(scope, organizationId)}/miscellaneous-questions/${FORM_IDS.MISCELLANEOUS}`,
    { updated_at: updatedAt, questions, data },
    { silent: true },
  );
}

/** DELETE /api/miscellaneous-question/{id} */
export function deleteMiscellaneousQuestion(id: number) {
  return api.delete<{ message: string; state: TTabState }>(`/api/miscellaneous-question/${id}`);
}
