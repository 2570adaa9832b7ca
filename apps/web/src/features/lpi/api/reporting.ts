import type { TTabState } from '@parity/domain/lpi/tabs';
import type { TTabTitles } from '@parity/domain/lpi/titles';
import type { TMarkCompleteResult } from '@parity/domain/surveys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-url';
import { type LpiScope, scopeKey } from '../lib/scope';

/**
 * The reporting core's calls around the LPI profile page: the signed-in account (whose profile,
 * LPI access), the tab titles' counts, every tab's state, submitting the profile and marking a
 * survey step complete.
 */

/**
 * The scope as the core's GET calls take it (organization_id and survey_id; nothing for the
 * caller's own profile). The core's reads never create survey copies, so `report` is not sent.
 */
export function scopeParams(scope: LpiScope): QueryParams {
  return scope.kind === 'survey' ? { organization_id: scope.organizationId, survey_id: scope.surveyId } : {};
}

export const tabTitlesKey = (scope: LpiScope) => ['lpi', 'tab-titles', ...scopeKey(scope)];
export const tabStatesKey = (scope: LpiScope) => ['lpi', 'tab-states', ...scopeKey(scope)];

/** The counts of the tab titles (spec 2), from GET /api/lpi/tab-titles. */
export function useTabTitles(scope: LpiScope) {
  return useQuery({
    queryKey: tabTitlesKey(scope),
    queryFn: () => api.get<TTabTitles>('/api/lpi/tab-titles', scopeParams(scope)),
  });
}

/** Every tab's state in the scope: editable, completed (survey steps), last save. */
export function useTabStates(scope: LpiScope) {
  return useQuery({
    queryKey: tabStatesKey(scope),
    queryFn: () => api.get<{ data: TTabState[] }>('/api/lpi/tab-states', scopeParams(scope)),
  });
}

export interface SubmissionResult {
  id: number;
  organization_id: number;
  survey_id: number | null;
  submitted_at: string;
}

/** POST /api/organizations/{organizationId}/lpi: submits the profile (or a survey response). */
export function submitProfile(organizationId: number, surveyId: number | null = null) {
  return api.post<SubmissionResult>(
    `/api/organizations/${organizationId}/lpi`,
    surveyId === null ? undefined : { survey_id: surveyId },
  );
}

export function useSubmitProfile(scope: LpiScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId }: { organizationId: number }) =>
      submitProfile(organizationId, scope.kind === 'survey' ? scope.surveyId : null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lpi'] }),
  });
}

/**
 * POST /api/surveys/{id}/mark-complete/{tabId}: marks a survey step complete, or incomplete with
 * `completed: false` (spec 4 Completion). A step whose data fails a check answers 422 unless a note
 * explains the mismatch (issue #19): the caller shows that answer, so the request is silent. Part
 * of the surveys module.
 */
export function markStepComplete(surveyId: number, tabId: number, completed: boolean, note?: string) {
  return api.post<TMarkCompleteResult>(
    `/api/surveys/${surveyId}/mark-complete/${tabId}`,
    note === undefined ? { completed } : { completed, note },
    { silent: true },
  );
}

export interface MarkStepInput {
  surveyId: number;
  tabId: number;
  completed: boolean;
  note?: string;
}

export function useMarkStepComplete(scope: LpiScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ surveyId, tabId, completed, note }: MarkStepInput) =>
      markStepComplete(surveyId, tabId, completed, note),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tabStatesKey(scope) }),
  });
}
