import type {
  TAdminOrganization,
  TAdminOrganizationList,
  TAdminOrganizationMerged,
  TAdminOrganizationSort,
  TAdminOrganizationState,
  TAdminOrganizationSurveys,
  TAdminOrganizationUpdate,
} from '@parity/domain/admin-organizations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The admin console's organization calls (/api/admin/organizations). */
const KEY = ['admin', 'organizations'] as const;

export interface OrganizationsFilter {
  search: string;
  legalStructure: number | null;
  visibility: 'public' | 'private' | null;
  state: TAdminOrganizationState;
  sortBy: TAdminOrganizationSort;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function useAdminOrganizations(filter: OrganizationsFilter, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'list', filter],
    queryFn: () =>
      api.get<TAdminOrganizationList>('/api/admin/organizations', {
        search: filter.search || undefined,
        legal_structure: filter.legalStructure ?? undefined,
        visibility: filter.visibility ?? undefined,
        state: filter.state,
        sort_by: filter.sortBy,
        sort_order: filter.sortOrder,
        limit: filter.limit,
        offset: filter.offset,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One organization; none is read for an id that is not a number (null). */
export function useAdminOrganization(organizationId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', organizationId],
    queryFn: () => api.get<TAdminOrganization>(`/api/admin/organizations/${organizationId}`),
    enabled: organizationId !== null,
  });
}

export function useAdminOrganizationSurveys(organizationId: number) {
  return useQuery({
    queryKey: [...KEY, 'surveys', organizationId],
    queryFn: () => api.get<TAdminOrganizationSurveys>(`/api/admin/organizations/${organizationId}/surveys`),
  });
}

/** A write on one organization: it and the lists refresh. */
function useOrganizationWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

export const useUpdateOrganization = (organizationId: number) =>
  useOrganizationWrite((input: TAdminOrganizationUpdate) =>
    api.put<TAdminOrganization>(`/api/admin/organizations/${organizationId}`, input, { silent: true }),
  );

export const useSetDeleted = (organizationId: number) =>
  useOrganizationWrite((deleted: boolean) =>
    api.post<{ message: string; organization: TAdminOrganization }>(
      `/api/admin/organizations/${organizationId}/${deleted ? 'delete' : 'restore'}`,
    ),
  );

export const useMergeOrganization = (organizationId: number) =>
  useOrganizationWrite((into: number) =>
    api.post<TAdminOrganizationMerged>(`/api/admin/organizations/${organizationId}/merge`, { into }),
  );
