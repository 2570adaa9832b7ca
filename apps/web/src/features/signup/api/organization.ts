import type {
  TCreateOrganizationRequest,
  TJoinOrganizationRequest,
  TOrganizationAdminList,
  TSignupAccount,
  TSignupMembership,
} from '@parity/domain/signup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentAccountQueryKey } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { signupHeaders } from '../lib/signup-token';

export function useOrganizationAdmins(enabled: boolean) {
  return useQuery({
    queryKey: ['organization-admins', 'me'],
    queryFn: () => api.get<TOrganizationAdminList>('/api/organizations/me/admins'),
    enabled,
  });
}

export const signupAccountQueryKey = (accountId: string) => ['signup-account', accountId] as const;

/**
 * GET /api/signup/account: the account a sign-up step acts on, signed in or by the verification
 * link's sign-up token (no sign-in needed, spec 2). Always fresh: the step decides from its status.
 */
export function useSignupAccount(accountId: string) {
  return useQuery({
    queryKey: signupAccountQueryKey(accountId),
    queryFn: () =>
      api.get<TSignupAccount>('/api/signup/account', undefined, { headers: signupHeaders(accountId) }),
    staleTime: 0,
  });
}

function useSignupMutation<I>(url: string, accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) =>
      api.post<TSignupMembership>(url, input, {
        silent: true,
        retries: 0,
        headers: signupHeaders(accountId),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: signupAccountQueryKey(accountId) });
      await queryClient.invalidateQueries({ queryKey: currentAccountQueryKey });
    },
  });
}

/** POST /api/signup/organization/join; errors (a wrong code) show on the field. */
export const useJoinOrganization = (accountId: string) =>
  useSignupMutation<TJoinOrganizationRequest>('/api/signup/organization/join', accountId);

/** POST /api/signup/organization/create */
export const useCreateOrganization = (accountId: string) =>
  useSignupMutation<TCreateOrganizationRequest>('/api/signup/organization/create', accountId);
