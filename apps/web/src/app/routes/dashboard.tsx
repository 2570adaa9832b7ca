import { useCurrentAccount } from '../../features/auth/api/get-current-account';
import { DashboardView } from '../../features/dashboard/components/dashboard-view';

/** / (dashboard): composes the current account (auth) with the dashboard's view. */
export function DashboardRoute() {
  const account = useCurrentAccount();
  return <DashboardView account={account.data} isError={account.isError} />;
}

export { DashboardRoute as Component };
