import type { TSurveyInvitation } from '@parity/domain/surveys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The respondent's invitations (spec 7 Surveys): GET /api/surveys/invitations?filter (a status or a
 * due year) and one invitation, GET /api/surveys/invitations/{surveyId}?organization_id.
 */
export const INVITATIONS_KEY = ['surveys', 'invitations'] as const;
export const invitationKey = (surveyId: number, organizationId?: number | null) =>
  [...INVITATIONS_KEY, 'one', surveyId, organizationId ?? null] as const;

export function invitationsQuery(filter?: string | null) {
  return queryOptions({
    queryKey: [...INVITATIONS_KEY, 'list', filter ?? ''] as const,
    queryFn: () =>
      api.get<{ data: TSurveyInvitation[] }>('/api/surveys/invitations', { filter: filter || undefined }),
  });
}

export function useInvitations(filter?: string | null) {
  return useQuery(invitationsQuery(filter));
}

export function useInvitation(surveyId: number, organizationId?: number | null) {
  return useQuery({
    queryKey: invitationKey(surveyId, organizationId),
    queryFn: () =>
      api.get<TSurveyInvitation>(
        `/api/surveys/invitations/${surveyId}`,
        { organization_id: organizationId ?? undefined },
        { silent: true },
      ),
    retry: false,
  });
}

/** The fields of the signed-in account the survey pages need (the app's account cache entry). */
export interface SurveysAccount {
  id: number;
  name: string;
  organization_id: number | null;
  organization_name: string | null;
  isOrganizationAdministrator: boolean;
  isSurveyHost: boolean;
  hasLpiAccess: boolean;
}

export function useSurveysAccount() {
  return useQuery(
    queryOptions({
      queryKey: ['current-account'],
      queryFn: () => api.get<SurveysAccount>('/api/user/status'),
      staleTime: 5 * 60 * 1000,
    }),
  );
}
