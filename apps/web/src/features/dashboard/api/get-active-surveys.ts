import type { THostedSurvey } from '@parity/domain/surveys';
import { useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { invitationListSchema } from './invitation-schema';

/** The dashboard shows at most this many invitations and hosted surveys (spec 2). */
export const ACTIVE_SURVEYS_SHOWN = 3;

/**
 * GET /api/surveys/invitations?filter=Active: the organization's active invitations, read through
 * the domain schema ('Invalid response' when they do not parse). Silent: the widget says itself
 * when they could not be loaded.
 */
export function useActiveInvitations(enabled: boolean) {
  return useQuery({
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

/** GET /api/surveys: the host organization's surveys; the active ones are shown. */
export function useActiveHostedSurveys(enabled: boolean) {
  return useQuery({
    queryKey: ['surveys', 'hosting', 'dashboard'],
    queryFn: () => api.get<{ data: THostedSurvey[] }>('/api/surveys', undefined, { silent: true }),
    select: (body) => body.data.filter((survey) => survey.status === 'Active'),
    enabled,
  });
}
