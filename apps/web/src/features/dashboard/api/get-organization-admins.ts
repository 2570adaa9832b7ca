import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One admin of organization card (spec 3): any field may be missing. */
export interface OrganizationAdmin {
  id: number;
  name: string | null;
  lastname: string | null;
  image: string | null;
  email: string | null;
}

export const organizationAdminsQueryKey = ['organizations', 'me', 'admins'] as const;

/** GET /api/organizations/me/admins: the admins of the caller's organization. */
export async function getOrganizationAdmins(): Promise<OrganizationAdmin[]> {
  // Silent: the status card simply lists no admins when they cannot be loaded.
  const body = await api.get<{ data: OrganizationAdmin[] }>('/api/organizations/me/admins', undefined, {
    silent: true,
  });
  return body?.data ?? [];
}

/** The admins' query; the dashboard's loader starts it with the page (the preloader sends it early). */
export const organizationAdminsQueryOptions = () =>
  queryOptions({
    queryKey: organizationAdminsQueryKey,
    queryFn: getOrganizationAdmins,
    staleTime: 5 * 60 * 1000,
  });

export function useOrganizationAdmins(enabled = true) {
  return useQuery({ ...organizationAdminsQueryOptions(), enabled });
}
