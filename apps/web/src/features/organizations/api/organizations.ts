import type { TOrganizationDirectory, TOrganizationPublic } from '@parity/domain/organization';
import { ORGANIZATION_PAGE_SIZE } from '@parity/domain/organization';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export { ORGANIZATION_PAGE_SIZE };
export type OrganizationsPage = TOrganizationDirectory;
export type OrganizationPublic = TOrganizationPublic;

/** GET /api/organizations: the public directory, 30 a page. */
export function useOrganizations(searchQuery: string, legalStructureId: number | undefined, page: number) {
  return useQuery({
    queryKey: ['organizations', { searchQuery, legalStructureId, page }],
    queryFn: () =>
      api.get<OrganizationsPage>('/api/organizations', {
        search_query: searchQuery || undefined,
        legal_structure_id: legalStructureId,
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
