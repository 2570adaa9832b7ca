import { Paper, Text } from '@mantine/core';
import type { TMaintenanceStatus } from '@parity/domain/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  MAINTENANCE_REFRESH_MS,
  maintenanceStatusQueryKey,
  maintenanceStatusQueryOptions,
} from '../../lib/maintenance';

/**
 * The stored maintenance status, re-read on mount (unless fresh) and every two minutes so a
 * switch shows without a reload. It reads the cache rather than observing a query: an observer
 * would put the query back while logout clears the cache (a failed read was logged).
 */
function useMaintenanceStatus(): TMaintenanceStatus | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const status = useSyncExternalStore(subscribe, () =>
    queryClient.getQueryData<TMaintenanceStatus>(maintenanceStatusQueryKey),
  );
  useEffect(() => {
    void queryClient.prefetchQuery(maintenanceStatusQueryOptions());
    const timer = setInterval(
      () => void queryClient.prefetchQuery({ ...maintenanceStatusQueryOptions(), staleTime: 0 }),
      MAINTENANCE_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [queryClient]);
  return status;
}

/** The maintenance message over every signed-in page while maintenance mode is on. */
export function MaintenanceBanner() {
  const status = useMaintenanceStatus();
  if (!status?.maintenance) return null;
  // Paper and Text rather than Alert: both are in the first load of every page already.
  return (
    <Paper role="status" aria-labelledby="maintenance-banner-title" withBorder p="sm" bg="yellow.0">
      <Text id="maintenance-banner-title" fw={700} size="sm">
        Maintenance
      </Text>
      <Text size="sm">
        {status.message ?? 'The platform is under maintenance: changes cannot be saved for now.'}
      </Text>
    </Paper>
  );
}
