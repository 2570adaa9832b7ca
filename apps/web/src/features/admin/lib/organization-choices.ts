import type { TAdminOrganizationList, TAdminOrganizationState } from '@parity/domain/admin-organizations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The console's organization pickers: twenty organizations matching what the administrator
 * types, from the admin list (private ones included, which the public directory hides). A filter
 * asks for every state, a write (a new code) for live ones only.
 */
export function useOrganizationChoices(search: string, state: TAdminOrganizationState = 'all') {
  return useQuery({
    queryKey: ['admin', 'organization-choices', state, search],
    queryFn: () =>
      api.get<TAdminOrganizationList>('/api/admin/organizations', {
        search: search || undefined,
        state,
        limit: 20,
      }),
    placeholderData: keepPreviousData,
  });
}
