import {
  type TAcceptInvitationRequest,
  type TAcceptInvitationResponse,
  type TInvitationDetails,
  ZInvitationDetails,
} from '@parity/domain/signup';
import { useMutation, useQuery } from '@tanstack/react-query';
import { alertStore } from '../../../components/alerts/alert-store';
import { ApiError, api, ERROR_ALERT_TITLE } from '../../../lib/api-client';

/** Spec 8: the error when the invitation's data is malformed. */
export const INVALID_RESPONSE_MESSAGE = 'Invalid response';

/**
 * GET /api/signup/invitations/{uuid}: 404 when unknown, expired or used (shown on the page).
 * Data without the invitation's shape is refused with the 'Invalid response' alert.
 */
export function useInvitation(uuid: string) {
  return useQuery({
    queryKey: ['signup-invitation', uuid],
    queryFn: async (): Promise<TInvitationDetails> => {
      const body = await api.get<unknown>(`/api/signup/invitations/${encodeURIComponent(uuid)}`, undefined, {
        silent: true,
        retries: 0,
      });
      const invitation = ZInvitationDetails.safeParse(body);
      if (invitation.success) return invitation.data;
      alertStore.add({ type: 'error', title: ERROR_ALERT_TITLE, description: INVALID_RESPONSE_MESSAGE });
      throw new ApiError({ status: 200, message: INVALID_RESPONSE_MESSAGE });
    },
    retry: false,
  });
}

export function useAcceptInvitation(uuid: string) {
  return useMutation({
    mutationFn: (input: TAcceptInvitationRequest) =>
      api.post<TAcceptInvitationResponse>(
        `/api/signup/invitations/${encodeURIComponent(uuid)}/accept`,
        input,
        { silent: true, retries: 0 },
      ),
  });
}
