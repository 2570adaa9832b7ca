import { DashboardView } from '../../features/dashboard/components/dashboard-view';
import { useProfileHealthcheck } from '../../features/users/api/healthcheck';
import { ProfileCompletenessPrompt } from '../../features/users/components/profile-completeness-prompt';
import { useCurrentAccount } from '../../lib/account';

/** / (dashboard): composes the current account and the users feature's profile prompt with the dashboard's view. */
export function DashboardRoute() {
  const account = useCurrentAccount();
  // The prompt sits above the cards: shown once its check is settled (the preloader sends both
  // reads with the page), it never pushes the cards down after they are painted.
  const healthcheck = useProfileHealthcheck();
  return (
    <DashboardView
      account={healthcheck.isFetched ? account.data : undefined}
      error={account.error}
      profilePrompt={<ProfileCompletenessPrompt />}
    />
  );
}

export { DashboardRoute as Component };
