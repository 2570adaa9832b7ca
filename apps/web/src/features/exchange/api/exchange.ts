import {
  EXCHANGE_PAGE_SIZE,
  type TGrantCreate,
  type TGrantStatus,
  type TRequestAccept,
  type TRequestCreate,
  type TRequestStatus,
  type TSharedProfile,
  ZExchangeRequest,
  ZExchangeRequestList,
  ZExchangeViewList,
  ZGrant,
  ZGrantList,
  ZSharedProfile,
  ZSharedProfileList,
} from '@parity/domain/exchange';
import type { TOrganizationDirectory } from '@parity/domain/organization';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

export const exchangeKeys = {
  all: ['exchange'] as const,
  grants: (status: TGrantStatus | undefined, page: number) =>
    ['exchange', 'grants', status ?? 'all', page] as const,
  views: (page: number) => ['exchange', 'views', page] as const,
  shared: (page: number) => ['exchange', 'shared', page] as const,
  profile: (organizationId: number) => ['exchange', 'profile', organizationId] as const,
  requests: (direction: 'incoming' | 'outgoing', page: number) =>
    ['exchange', 'requests', direction, page] as const,
};

const page = (n: number) => ({ page: n, limit: EXCHANGE_PAGE_SIZE });

/** GET /api/exchange/grants: my organization's grants, newest first. */
export function useGrants(status: TGrantStatus | undefined, n: number) {
  return useQuery({
    queryKey: exchangeKeys.grants(status, n),
    queryFn: async () =>
      parseAnswer(ZGrantList, await api.get<unknown>('/api/exchange/grants', { ...page(n), status }), {
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/exchange/views: who viewed my organization's shared profile. */
export function useViews(n: number) {
  return useQuery({
    queryKey: exchangeKeys.views(n),
    queryFn: async () =>
      parseAnswer(ZExchangeViewList, await api.get<unknown>('/api/exchange/views', page(n)), {
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/exchange/shared: the profiles shared with my organization now. */
export function useShared(n: number) {
  return useQuery({
    queryKey: exchangeKeys.shared(n),
    queryFn: async () =>
      parseAnswer(ZSharedProfileList, await api.get<unknown>('/api/exchange/shared', page(n)), {
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/exchange/shared/{organizationId}: one shared profile (each read is logged for its owner). */
export function useSharedProfile(organizationId: number) {
  return useQuery({
    queryKey: exchangeKeys.profile(organizationId),
    // Checked by the schema; typed as TSharedProfile, whose field rows keep their label a string
    // (the wire's two-cell arrays, as the survey response document).
    queryFn: async (): Promise<TSharedProfile> =>
      parseAnswer(ZSharedProfile, await api.get<unknown>(`/api/exchange/shared/${organizationId}`), {
        silent: true,
      }) as TSharedProfile,
    retry: false,
  });
}

/** GET /api/exchange/requests: incoming (to my organization) or outgoing (made by it). */
export function useRequests(direction: 'incoming' | 'outgoing', n: number, status?: TRequestStatus) {
  return useQuery({
    queryKey: [...exchangeKeys.requests(direction, n), status ?? 'all'],
    queryFn: async () =>
      parseAnswer(
        ZExchangeRequestList,
        await api.get<unknown>('/api/exchange/requests', { ...page(n), direction, status }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/organizations?search_query: the directory's first matches, for the organization picker. */
export function useOrganizationOptions(search: string) {
  return useQuery({
    queryKey: ['exchange', 'organization-search', search],
    queryFn: () =>
      api.get<TOrganizationDirectory>('/api/organizations', { search_query: search || undefined, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}

/** Any exchange write: every exchange list may have changed. */
function useExchangeWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: exchangeKeys.all }),
  });
}

export const useCreateGrant = () =>
  useExchangeWrite(async (body: TGrantCreate) =>
    parseAnswer(ZGrant, await api.post<unknown>('/api/exchange/grants', body, { retries: 0 })),
  );

export const useRevokeGrant = () =>
  useExchangeWrite(async (grantId: number) =>
    parseAnswer(
      ZGrant,
      await api.post<unknown>(`/api/exchange/grants/${grantId}/revoke`, undefined, { retries: 0 }),
    ),
  );

export const useCreateRequest = () =>
  useExchangeWrite(async (body: TRequestCreate) =>
    parseAnswer(ZExchangeRequest, await api.post<unknown>('/api/exchange/requests', body, { retries: 0 })),
  );

export const useAcceptRequest = () =>
  useExchangeWrite(async ({ requestId, body }: { requestId: number; body: TRequestAccept }) =>
    parseAnswer(
      ZExchangeRequest,
      await api.post<unknown>(`/api/exchange/requests/${requestId}/accept`, body, { retries: 0 }),
    ),
  );

export const useDeclineRequest = () =>
  useExchangeWrite(async (requestId: number) =>
    parseAnswer(
      ZExchangeRequest,
      await api.post<unknown>(`/api/exchange/requests/${requestId}/decline`, undefined, { retries: 0 }),
    ),
  );
