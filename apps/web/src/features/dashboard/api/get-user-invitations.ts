import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { invitationListSchema } from './invitation-schema';

/** The dashboard shows at most this many invitations (spec 2). */
export const INVITATIONS_SHOWN = 3;

/**
 * GET /api/surveys/users/{id}/invitations?limit=3: the signed-in user's survey invitations, the
 * open ones first, read through the domain schema ('Invalid response' when they do not parse).
 * Silent: the widget says itself when they could not be loaded.
 */
export function userInvitationsQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: ['surveys', 'invitations', 'user', userId, INVITATIONS_SHOWN],
    queryFn: async () => {
      const [schema, answer] = await Promise.all([
        invitationListSchema(),
        api.get<unknown>(
          `/api/surveys/users/${userId}/invitations`,
          { limit: INVITATIONS_SHOWN },
          { silent: true },
        ),
      ]);
      return parseAnswer(schema, answer, { silent: true });
    },
    enabled: typeof userId === 'number',
  });
}

export function useUserInvitations(userId: number | undefined) {
  return useQuery(userInvitationsQueryOptions(userId));
}
