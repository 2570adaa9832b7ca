import type { THostedSurvey, TSurveyInvitation } from '@parity/domain/surveys';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The dashboard shows at most this many invitations and hosted surveys (spec 2). */
export const ACTIVE_SURVEYS_SHOWN = 3;

/**
 * GET /api/surveys/invitations?filter=Active: the organization's active invitations. Silent: the
 * widget says itself when they could not be loaded.
 */
export function useActiveInvitations(enabled: boolean) {
  return useQuery({
    queryKey: ['surveys', 'invitations', 'list', 'Active'],
    queryFn: () =>
      api.get<{ data: TSurveyInvitation[] }>(
        '/api/surveys/invitations',
        { filter: 'Active' },
        { silent: true },
      ),
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
