import type { TMaintenanceStatus } from '@parity/domain/settings';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Where the answer of GET api/settings/maintenance is stored (spec 7: "stored as maintenance
 * status"): the query cache under this key, which the maintenance banner reads.
 */
export const maintenanceStatusQueryKey = ['maintenance-status'] as const;

/** GET api/settings/maintenance; a failure is logged and re-thrown (spec 8). */
export async function fetchMaintenanceStatus(): Promise<TMaintenanceStatus> {
  try {
    return await api.get<TMaintenanceStatus>('/api/settings/maintenance');
  } catch (error) {
    console.error('The maintenance status could not be loaded', error);
    throw error;
  }
}

/** How often a signed-in page re-reads the status, so a switch shows without a reload. */
export const MAINTENANCE_REFRESH_MS = 2 * 60 * 1000;

export function maintenanceStatusQueryOptions() {
  return queryOptions({
    queryKey: maintenanceStatusQueryKey,
    queryFn: fetchMaintenanceStatus,
    staleTime: MAINTENANCE_REFRESH_MS,
  });
}

/** Fetches the maintenance status into the query cache (at start-up); rejects when the fetch failed. */
export function loadMaintenanceStatus(queryClient: QueryClient): Promise<TMaintenanceStatus> {
  return queryClient.fetchQuery(maintenanceStatusQueryOptions());
}
