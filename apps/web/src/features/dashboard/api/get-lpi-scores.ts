import type { TOrganizationLpi } from '@parity/domain/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The dashboard's LPI scores (spec 7 "Dashboard load: ... the organization's LPI analytics scores
 * for organization_id"): GET /api/organizations/{id}/lpi, the latest submission's figures.
 * Silent: the card reports a failure itself (spec 8, analytics failures raise no alert).
 */
export function dashboardLpiQueryOptions(organizationId: number | null | undefined) {
  return queryOptions({
    // the analytics page's key for the same call, so both share one cached answer
    queryKey: ['analytics', 'organization-lpi', organizationId],
    queryFn: () =>
      api.get<TOrganizationLpi>(`/api/organizations/${organizationId}/lpi`, undefined, { silent: true }),
    enabled: typeof organizationId === 'number',
  });
}

export function useDashboardLpi(organizationId: number | null | undefined) {
  return useQuery(dashboardLpiQueryOptions(organizationId));
}
