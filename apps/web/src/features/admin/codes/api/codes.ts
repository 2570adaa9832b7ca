import type { TAdminCode, TAdminCodeCreate, TAdminCodeList } from '@parity/domain/admin-codes';
import type { TOrganizationDirectory } from '@parity/domain/organization';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const ADMIN_CODES_PAGE_SIZE = 30;
const codesKey = ['admin', 'codes'] as const;

export function useAdminCodes(search: string, page: number) {
  return useQuery({
    queryKey: [...codesKey, search, page],
    queryFn: () =>
      api.get<TAdminCodeList>('/api/admin/codes', {
        search: search || undefined,
        limit: ADMIN_CODES_PAGE_SIZE,
        offset: (page - 1) * ADMIN_CODES_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The organization picker's options: the platform's organizations matching what is typed. */
export function useOrganizationOptions(search: string) {
  return useQuery({
    queryKey: ['admin', 'organization-options', search],
    queryFn: () =>
      api.get<TOrganizationDirectory>('/api/organizations', { search_query: search || undefined, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}

function useCodeWrite<Input>(write: (input: Input) => Promise<TAdminCode>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

export const useCreateCode = () =>
  useCodeWrite((body: TAdminCodeCreate) => api.post<TAdminCode>('/api/admin/codes', body, { retries: 0 }));
export const useRotateCode = () =>
  useCodeWrite((id: number) => api.post<TAdminCode>(`/api/admin/codes/${id}/rotate`, {}, { retries: 0 }));
export const useRevokeCode = () =>
  useCodeWrite((id: number) => api.post<TAdminCode>(`/api/admin/codes/${id}/revoke`, {}, { retries: 0 }));
