import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { maintenanceStatusQueryOptions } from '../../lib/maintenance';

/**
 * The maintenance message over every signed-in page while maintenance mode is on. Its query
 * re-reads the status every two minutes, so a switch shows without a reload; a failed read
 * shows nothing (the status was logged).
 */
export function MaintenanceBanner() {
  const { data } = useQuery(maintenanceStatusQueryOptions());
  if (!data?.maintenance) return null;
  return (
    <Alert color="yellow" variant="light" title="Maintenance" role="status">
      {data.message ?? 'The platform is under maintenance: changes cannot be saved for now.'}
    </Alert>
  );
}
