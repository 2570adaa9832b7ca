import type { TFormResponse } from '@parity/domain/lpi/forms';
import type { TMemberList } from '@parity/domain/signup';
import type { TDeclineRespondentBody, TDeclineResult } from '@parity/domain/survey-participants';
import type { TEditSurveyOverview, TSurveyOverview, TSurveyRequest } from '@parity/domain/survey-request';
import type { THostedSurvey } from '@parity/domain/surveys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/**
 * The calls of survey hosting (spec 7 Surveys): the host's surveys, those the user administers,
 * one survey's overview, the request wizard's create, and the host's edit, grant and delete.
 */
export const HOSTING_KEY = ['surveys', 'hosting'] as const;
const overviewKey = (surveyId: number, organizationId?: number) =>
  ['surveys', 'overview', surveyId, organizationId ?? null] as const;

export type HostedSurveysScope = 'hosting' | 'accessing';

/** GET /api/surveys?filter&scope: the host organization's surveys, or those the user administers. */
export function useHostedSurveys(scope: HostedSurveysScope, filter: string | null, enabled = true) {
  return useQuery({
    queryKey: [...HOSTING_KEY, scope, filter ?? ''],
    enabled,
    queryFn: () =>
      api.get<{ data: THostedSurvey[] }>('/api/surveys', {
        filter: filter || undefined,
        scope: scope === 'accessing' ? 'accessing' : undefined,
      }),
  });
}

/** GET /api/surveys/{id}?organization_id: the survey's overview (invited members, the host, admins). */
export function useSurveyOverview(surveyId: number, organizationId?: number) {
  return useQuery({
    queryKey: overviewKey(surveyId, organizationId),
    queryFn: () =>
      api.get<TSurveyOverview>(
        `/api/surveys/${surveyId}`,
        { organization_id: organizationId },
        { silent: true },
      ),
    retry: false,
  });
}

/** GET /api/organizations/{id}/members: the host organization's members (primary contact, grants). */
export function useOrganizationMembers(organizationId: number | null | undefined) {
  return useQuery({
    queryKey: ['surveys', 'host-members', organizationId ?? null],
    queryFn: () => api.get<TMemberList>(`/api/organizations/${organizationId}/members`),
    enabled: Boolean(organizationId),
  });
}

function useRefreshSurveys() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['surveys'] });
}

/** POST /api/surveys: the request wizard's Create Request. */
export function useCreateSurvey() {
  const refresh = useRefreshSurveys();
  return useMutation({
    mutationFn: (body: TSurveyRequest) =>
      api.post<TSurveyOverview>('/api/surveys', body, { retries: 0, silent: true }),
    onSuccess: refresh,
  });
}

/** PUT /api/surveys/{id}/edit-overview. */
export function useEditSurveyOverview(surveyId: number) {
  const refresh = useRefreshSurveys();
  return useMutation({
    mutationFn: (body: TEditSurveyOverview) =>
      api.put<TSurveyOverview>(`/api/surveys/${surveyId}/edit-overview`, body, { retries: 0 }),
    onSuccess: refresh,
  });
}

/** POST /api/surveys/{id}/grant-administrator-access {user_id}. */
export function useGrantAdministratorAccess(surveyId: number) {
  const refresh = useRefreshSurveys();
  return useMutation({
    mutationFn: (userId: number) =>
      api.post<{ message: string }>(
        `/api/surveys/${surveyId}/grant-administrator-access`,
        { user_id: userId },
        { retries: 0 },
      ),
    onSuccess: refresh,
  });
}

/** DELETE /api/surveys/{id}. */
export function useDeleteSurvey(surveyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/api/surveys/${surveyId}`, undefined, { retries: 0 }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['surveys', 'overview', surveyId] });
      void queryClient.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
}

/** GET /api/form-generator/{8|10}: the Practices or Miscellaneous form's fields (the wizard's settings). */
export function useSettingsForm(formId: number) {
  return useQuery({
    queryKey: ['surveys', 'settings-form', formId],
    queryFn: () => api.get<TFormResponse>(`/api/form-generator/${formId}`),
    staleTime: 5 * 60 * 1000,
  });
}

/** POST /api/surveys/{id}/decline-respondent: the invited organization declines. */
export function useDeclineSurvey(surveyId: number) {
  const refresh = useRefreshSurveys();
  return useMutation({
    mutationFn: (body: TDeclineRespondentBody) =>
      api.post<TDeclineResult>(`/api/surveys/${surveyId}/decline-respondent`, body, { retries: 0 }),
    onSuccess: refresh,
  });
}
