import { Stack, Text } from '@mantine/core';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { useAdminDashboard, useMaintenanceStatus } from '../api/dashboard';
import { DashboardCharts } from '../components/dashboard-charts';
import { MaintenanceForm } from '../components/maintenance-form';

/** /admin (the Dashboard section): the maintenance switch, then the platform's figures. */
export function AdminDashboardRoute() {
  const maintenance = useMaintenanceStatus();
  const dashboard = useAdminDashboard();
  return (
    <Stack gap="md">
      {maintenance.isPending ? (
        <QueryLoader label="Loading the maintenance status" />
      ) : maintenance.isError ? (
        <QueryError
          error={maintenance.error}
          title="The maintenance status could not be loaded"
          onRetry={() => void maintenance.refetch()}
        />
      ) : (
        <MaintenanceForm status={maintenance.data} />
      )}
      {dashboard.isPending ? (
        <QueryLoader label="Loading the platform's figures" />
      ) : dashboard.isError ? (
        <QueryError
          error={dashboard.error}
          title="The platform's figures could not be loaded"
          onRetry={() => void dashboard.refetch()}
        />
      ) : dashboard.data.organizations.length === 0 &&
        dashboard.data.users.every((row) => row.count === 0) ? (
        <Text c="dimmed">No organizations or users yet.</Text>
      ) : (
        <DashboardCharts dashboard={dashboard.data} />
      )}
    </Stack>
  );
}

export { AdminDashboardRoute as Component };
