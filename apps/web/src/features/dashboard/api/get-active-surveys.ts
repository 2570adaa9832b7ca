import type { THostedSurvey } from '@parity/domain/surveys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { invitationListSchema } from './invitation-schema';

/** The dashboard shows at most this many invitations and hosted surveys (spec 2). */
export const ACTIVE_SURVEYS_SHOWN = 3;

/**
 * GET /api/surveys/invitations?filter=Active: the organization's active invitations, read through
 * the domain schema ('Invalid response' when they do not parse). Silent: the widget says itself
 * when they could not be loaded.
 */
export function activeInvitationsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['surveys', 'invitations', 'list', 'Active'],
    queryFn: async () => {
      const [schema, answer] = await Promise.all([
        invitationListSchema(),
        api.get<unknown>('/api/surveys/invitations', { filter: 'Active' }, { silent: true }),
      ]);
      return parseAnswer(schema, answer, { silent: true });
    },
    enabled,
  });
}

export function useActiveInvitations(enabled: boolean) {
  return useQuery(activeInvitationsQueryOptions(enabled));
}

/** GET /api/surveys: the host organization's surveys; the active ones are shown. */
export function activeHostedSurveysQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['surveys', 'hosting', 'dashboard'],
    queryFn: () => api.get<{ data: THostedSurvey[] }>('/api/surveys', undefined, { silent: true }),
    enabled,
  });
}

export function useActiveHostedSurveys(enabled: boolean) {
  return useQuery({
    ...activeHostedSurveysQueryOptions(enabled),
    select: (body) => body.data.filter((survey) => survey.status === 'Active'),
  });
}
