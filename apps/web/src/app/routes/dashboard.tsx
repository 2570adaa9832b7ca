import { DashboardView } from '../../features/dashboard/components/dashboard-view';
import { ProfileCompletenessPrompt } from '../../features/users/components/profile-completeness-prompt';
import { useCurrentAccount } from '../../lib/account';

/** / (dashboard): composes the current account and the users feature's profile prompt with the dashboard's view. */
export function DashboardRoute() {
  const account = useCurrentAccount();
  return (
    <DashboardView
      account={account.data}
      error={account.error}
      profilePrompt={<ProfileCompletenessPrompt />}
    />
  );
}

export { DashboardRoute as Component };
