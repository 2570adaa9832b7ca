import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The signed-in user's status of spec section 3 (current account, slim), from GET /api/user/status. */
export interface CurrentAccount {
  id: number;
  name: string;
  lastname: string | null;
  email: string;
  organization_id: number | null;
  organization_name: string | null;
  organization_logo: string | null;
  isAllowed: boolean;
  isOrganizationAdministrator: boolean;
  isAdministrator: boolean;
  isSurveyHost: boolean;
  hasLpiAccess: boolean;
  hasSurveyCreation: boolean;
  /** approved, pending, or another state (declined, deactivated...). */
  status: string;
}

export const currentAccountQueryKey = ['current-account'] as const;

export function getCurrentAccount(): Promise<CurrentAccount> {
  return api.get<CurrentAccount>('/api/user/status');
}

export function currentAccountQueryOptions() {
  return queryOptions({
    queryKey: currentAccountQueryKey,
    queryFn: getCurrentAccount,
    staleTime: 5 * 60 * 1000,
  });
}

export function useCurrentAccount() {
  return useQuery(currentAccountQueryOptions());
}
