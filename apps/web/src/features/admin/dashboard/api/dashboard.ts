import type { TAdminDashboard } from '@parity/domain/admin-dashboard';
import type { TMaintenanceStatus, TMaintenanceUpdate } from '@parity/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { maintenanceStatusQueryKey, maintenanceStatusQueryOptions } from '../../../../lib/maintenance';

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export function useAdminDashboard() {
  return useQuery({
    queryKey: adminDashboardQueryKey,
    queryFn: () => api.get<TAdminDashboard>('/api/admin/dashboard', undefined, { silent: true }),
  });
}

export function useMaintenanceStatus() {
  return useQuery(maintenanceStatusQueryOptions());
}

/** PUT /api/admin/maintenance; the answer is the new status, which the banner reads at once. */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TMaintenanceUpdate) =>
      api.put<TMaintenanceStatus>('/api/admin/maintenance', input, { silent: true, retries: 0 }),
    onSuccess: (status) => queryClient.setQueryData(maintenanceStatusQueryKey, status),
  });
}
