import type {
  TAdminClient,
  TAdminClientCreate,
  TAdminClientList,
  TAdminClientUpdate,
  TAdminClientWithSecret,
} from '@parity/domain/admin-clients';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** The admin console's OAuth clients (/api/admin/clients). */
export const ADMIN_CLIENTS_PAGE_SIZE = 30;
const KEY = ['admin', 'clients'] as const;

export function useAdminClients(search: string, page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', search, page],
    queryFn: () =>
      api.get<TAdminClientList>('/api/admin/clients', {
        search: search || undefined,
        limit: ADMIN_CLIENTS_PAGE_SIZE,
        offset: (page - 1) * ADMIN_CLIENTS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminClient(clientId: string) {
  return useQuery({
    queryKey: [...KEY, 'one', clientId],
    queryFn: () => api.get<TAdminClient>(`/api/admin/clients/${encodeURIComponent(clientId)}`),
  });
}

function useClientWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

const path = (clientId: string) => `/api/admin/clients/${encodeURIComponent(clientId)}`;

export const useCreateClient = () =>
  useClientWrite((body: TAdminClientCreate) =>
    api.post<TAdminClientWithSecret>('/api/admin/clients', body, { retries: 0 }),
  );
export const useUpdateClient = (clientId: string) =>
  useClientWrite((body: TAdminClientUpdate) => api.put<TAdminClient>(path(clientId), body, { retries: 0 }));
export const useRotateClient = (clientId: string) =>
  useClientWrite(() => api.post<TAdminClientWithSecret>(`${path(clientId)}/rotate`, {}, { retries: 0 }));
export const useRevokeClient = (clientId: string) =>
  useClientWrite(() => api.post<TAdminClient>(`${path(clientId)}/revoke`, {}, { retries: 0 }));
