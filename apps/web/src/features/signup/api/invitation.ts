import type {
  TAcceptInvitationRequest,
  TAcceptInvitationResponse,
  TInvitationDetails,
} from '@parity/domain/signup';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/signup/invitations/{uuid}: 404 when unknown, expired or used (shown on the page). */
export function useInvitation(uuid: string) {
  return useQuery({
    queryKey: ['signup-invitation', uuid],
    queryFn: () =>
      api.get<TInvitationDetails>(`/api/signup/invitations/${encodeURIComponent(uuid)}`, undefined, {
        silent: true,
        retries: 0,
      }),
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
