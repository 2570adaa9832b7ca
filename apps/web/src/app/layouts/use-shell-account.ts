import type { TopBarUser } from '../../components/top-bar/top-bar';
import { useCurrentAccount } from '../../lib/account';
import { closedPaths, visibleModules, visibleUserMenu } from '../navigation';

/**
 * The signed-in user as the top bar shows it, the modules this user may open, and the paths of
 * those it may not (the breadcrumbs show them as text).
 */
export function useShellAccount() {
  const query = useCurrentAccount();
  const account = query.data;
  let user: TopBarUser | null | undefined;
  if (account) {
    user = {
      name: account.name,
      lastname: account.lastname,
      email: account.email,
      organizationName: account.organization_name,
      links: visibleUserMenu(account),
    };
  } else {
    user = query.isError ? null : undefined;
  }
  return { account, user, navigation: visibleModules(account), closed: closedPaths(account) };
}
