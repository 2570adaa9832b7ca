import type { TEraseAccountRequest } from '@parity/domain/data-portability';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentAccountQueryKey, userAccountQueryKey, userAccountQueryOptions } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import type { Attachment, PublicProfile, UserAccount, UsersPage } from './types';

/** The directory's page size (spec 9: lists of people page by 30). */
export const USERS_PAGE_SIZE = 30;

export function useUserAccount() {
  return useQuery(userAccountQueryOptions());
}

/** POST /api/user-account/{id}: multipart form, booleans as 1/0, arrays as name[]. */
export function useUpdateUserAccount(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, unknown>) =>
      api.post<UserAccount>(`/api/user-account/${id}`, fields, { encoding: 'multipart', retries: 0 }),
    onSuccess: (account) => {
      if (account && typeof account === 'object' && 'id' in account) {
        queryClient.setQueryData(userAccountQueryKey, account);
      }
      void queryClient.invalidateQueries({ queryKey: userAccountQueryKey });
      void queryClient.invalidateQueries({ queryKey: currentAccountQueryKey });
    },
  });
}

/** POST /api/users/image (multipart `file`). */
export function uploadUserImage(file: File) {
  return api.upload<unknown>('/api/users/image', file, undefined, { retries: 0 });
}

export function useAccount(id: number) {
  return useQuery({
    queryKey: ['accounts', id],
    queryFn: () => api.get<PublicProfile>(`/api/accounts/${id}`),
  });
}

export function useUsers(searchQuery: string, page: number) {
  return useQuery({
    queryKey: ['users', { searchQuery, page }],
    queryFn: () =>
      api.get<UsersPage>('/api/users', {
        search_query: searchQuery || undefined,
        limit: USERS_PAGE_SIZE,
        offset: (page - 1) * USERS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAttachments() {
  return useQuery({
    queryKey: ['account-attachments-detailed'],
    queryFn: () => api.get<{ data: Attachment[] }>('/api/account-attachments-detailed'),
  });
}

export function useSaved() {
  return useQuery({
    queryKey: ['user-saved'],
    queryFn: () => api.get<{ data: Record<string, unknown>[] }>('/api/user-saved'),
  });
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => api.post<unknown>('/api/passwords/update', body, { retries: 0 }),
  });
}

/** DELETE /api/user-account: erases the own account (personal data removed), confirmed by the password. */
export function useEraseAccount() {
  return useMutation({
    mutationFn: (body: TEraseAccountRequest) =>
      api.delete<{ message: string }>('/api/user-account', undefined, { retries: 0, silent: true }, body),
  });
}

export function useDeactivateAccount() {
  return useMutation({
    mutationFn: () => api.put<unknown>('/api/user-account/deactivate', undefined, { retries: 0 }),
  });
}
