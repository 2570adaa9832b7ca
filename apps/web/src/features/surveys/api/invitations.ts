import { ZSurveyInvitation, ZSurveyInvitationList } from '@parity/domain/survey-invitation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

/**
 * The respondent's invitations (spec 7 Surveys): GET /api/surveys/invitations?filter (a status or a
 * due year) and one invitation, GET /api/surveys/invitations/{surveyId}?organization_id (its
 * request failures are the page's to show). Both are read through the domain schema: data that
 * does not parse is the 'Error' alert 'Invalid response' (spec 8).
 */
export const INVITATIONS_KEY = ['surveys', 'invitations'] as const;
export const invitationKey = (surveyId: number, organizationId?: number | null) =>
  [...INVITATIONS_KEY, 'one', surveyId, organizationId ?? null] as const;

export function invitationsQuery(filter?: string | null) {
  return queryOptions({
    queryKey: [...INVITATIONS_KEY, 'list', filter ?? ''] as const,
    // Silent: the lists show a failure inline with its reason (components/query-state).
    queryFn: async () =>
      parseAnswer(
        ZSurveyInvitationList,
        await api.get<unknown>('/api/surveys/invitations', { filter: filter || undefined }, { silent: true }),
      ),
  });
}

export function useInvitations(filter?: string | null) {
  return useQuery(invitationsQuery(filter));
}

export function useInvitation(surveyId: number, organizationId?: number | null) {
  return useQuery({
    queryKey: invitationKey(surveyId, organizationId),
    queryFn: async () =>
      parseAnswer(
        ZSurveyInvitation,
        await api.get<unknown>(
          `/api/surveys/invitations/${surveyId}`,
          { organization_id: organizationId ?? undefined },
          { silent: true },
        ),
      ),
    retry: false,
  });
}
