import type { TOrganizationEvenness, TOrganizationLpi } from '@parity/domain/analytics';
import type {
  TOrganizationDirectory,
  TOrganizationPublic,
  TOrganizationSizeBand,
} from '@parity/domain/organization';
import { ORGANIZATION_PAGE_SIZE, ORGANIZATION_SIZE_BANDS } from '@parity/domain/organization';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export { ORGANIZATION_PAGE_SIZE, ORGANIZATION_SIZE_BANDS };
export type OrganizationSizeBand = TOrganizationSizeBand;
export type OrganizationsPage = TOrganizationDirectory;
export type OrganizationPublic = TOrganizationPublic;

/** The directory's filters (spec: name, industry, legal structure and size; and the AUM band). */
export interface DirectoryFilters {
  searchQuery: string;
  legalStructureId?: number | undefined;
  /** a sector or an industry */
  industryId?: number | undefined;
  size?: OrganizationSizeBand | undefined;
  aumId?: number | undefined;
}

/** GET /api/organizations: the public directory, 30 a page. */
export function useOrganizations(filters: DirectoryFilters, page: number) {
  return useQuery({
    queryKey: ['organizations', { ...filters, page }],
    queryFn: () =>
      api.get<OrganizationsPage>('/api/organizations', {
        search_query: filters.searchQuery || undefined,
        legal_structure_id: filters.legalStructureId,
        industry_id: filters.industryId,
        size: filters.size,
        aum_id: filters.aumId,
        limit: ORGANIZATION_PAGE_SIZE,
        offset: (page - 1) * ORGANIZATION_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/organizations/{id}: the public page (404 for another's private organization). */
export function useOrganization(id: number) {
  return useQuery({
    queryKey: ['organizations', id],
    queryFn: () => api.get<OrganizationPublic>(`/api/organizations/${id}`),
  });
}

/**
 * GET /api/organizations/{id}/lpi and /evenness: the published scores of the public page. Only
 * asked when the organization publishes them (publish_scores); outsiders get 404 otherwise.
 */
export function usePublishedLpi(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['organizations', id, 'lpi'],
    queryFn: () => api.get<TOrganizationLpi>(`/api/organizations/${id}/lpi`),
    enabled,
  });
}

export function usePublishedEvenness(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['organizations', id, 'evenness'],
    queryFn: () => api.get<TOrganizationEvenness>(`/api/organizations/${id}/evenness`),
    enabled,
  });
}
