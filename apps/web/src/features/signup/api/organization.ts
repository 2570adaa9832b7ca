import type {
  TCreateOrganizationRequest,
  TJoinOrganizationRequest,
  TOrganizationAdminList,
  TSignupMembership,
} from '@parity/domain/signup';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The signed-in account's place, from GET /api/user/status (the fields the sign-up steps need). */
export interface SignupAccount {
  id: number;
  name: string;
  email: string;
  organization_id: number | null;
  organization_name: string | null;
  isAllowed: boolean;
  status: string;
}

/** The same key as the dashboard's current account: one cache entry, refreshed after each step. */
export const accountQueryKey = ['current-account'] as const;

export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKey,
    queryFn: () => api.get<SignupAccount>('/api/user/status'),
  });
}

export function useSignupAccount() {
  return useQuery({ ...accountQueryOptions(), staleTime: 0 });
}

export function useOrganizationAdmins(enabled: boolean) {
  return useQuery({
    queryKey: ['organization-admins', 'me'],
    queryFn: () => api.get<TOrganizationAdminList>('/api/organizations/me/admins'),
    enabled,
  });
}

/** POST /api/signup/organization/join; errors (a wrong code) show on the field. */
export function useJoinOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TJoinOrganizationRequest) =>
      api.post<TSignupMembership>('/api/signup/organization/join', input, { silent: true, retries: 0 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

/** POST /api/signup/organization/create */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateOrganizationRequest) =>
      api.post<TSignupMembership>('/api/signup/organization/create', input, { silent: true, retries: 0 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
