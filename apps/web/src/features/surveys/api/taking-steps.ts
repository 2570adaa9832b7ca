import type { TOccupancy, TSurveyTab, TSurveyTabProgress } from '@parity/domain/surveys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INVITATIONS_KEY } from './invitations';

/**
 * Taking a survey (spec 7 Surveys): the steps, the organization's progress and who edits each step,
 * the step the respondent is on, holding a step while editing it, and submitting the response.
 */
export const stepsKey = (surveyId: number) => ['surveys', 'taking', surveyId, 'steps'] as const;
export const progressKey = (surveyId: number, organizationId?: number | null) =>
  ['surveys', 'taking', surveyId, 'progress', organizationId ?? null] as const;

/** GET /api/surveys/{id}/tabs: the steps in weight order. */
export function useSurveySteps(surveyId: number, organizationId?: number | null) {
  return useQuery({
    queryKey: stepsKey(surveyId),
    queryFn: () =>
      api.get<{ data: TSurveyTab[] }>(`/api/surveys/${surveyId}/tabs`, {
        organization_id: organizationId ?? undefined,
      }),
    staleTime: 5 * 60 * 1000,
  });
}

/** GET /api/surveys/{id}/organizations/tabs: each step's completion and who holds it. */
export function useSurveyProgress(surveyId: number, organizationId?: number | null) {
  return useQuery({
    queryKey: progressKey(surveyId, organizationId),
    queryFn: () =>
      api.get<{ data: TSurveyTabProgress[] }>(`/api/surveys/${surveyId}/organizations/tabs`, {
        organization_id: organizationId ?? undefined,
      }),
  });
}

/** PUT /api/surveys/{id}/tabs: records that the respondent moves on from the step (resumed after it). */
export function recordStep(surveyId: number, tabId: number) {
  return api.put<{ tab_id: number; step: number; survey_locked_step: number }>(
    `/api/surveys/${surveyId}/tabs`,
    { tab_id: tabId },
  );
}

/** POST /api/surveys/{id}/occupy: holds (or renews) the step; names whoever holds it. Silent. */
export function occupyStep(surveyId: number, tabId: number) {
  return api.post<TOccupancy>(
    `/api/surveys/${surveyId}/occupy`,
    { tab_id: tabId },
    { silent: true, retries: 0 },
  );
}

/** DELETE /api/surveys/{id}/occupy/{tabId}: releases the caller's hold. Silent. */
export function releaseStep(surveyId: number, tabId: number) {
  return api.delete<TOccupancy>(`/api/surveys/${surveyId}/occupy/${tabId}`, undefined, {
    silent: true,
    retries: 0,
  });
}

/** POST /api/surveys/{id}/submit {accept_terms}. */
export function useSubmitSurvey(surveyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (acceptTerms: boolean) =>
      api.post<{ id: number; submitted_at: string }>(
        `/api/surveys/${surveyId}/submit`,
        { accept_terms: acceptTerms },
        { retries: 0 },
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['surveys', 'taking', surveyId] }),
        queryClient.invalidateQueries({ queryKey: ['lpi'] }),
      ]);
    },
  });
}
