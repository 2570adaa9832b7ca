import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { LOGIN_PATH, loginPathFor } from '../features/auth/lib/redirect';
import { onLogout } from '../lib/session';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * What logging out means for the shell (spec section 4): cached server data goes, and the user
 * lands on /login, with a `redirect` back to the page being left (or being opened).
 * Register it before the router is created: the sign-in guard may log out during the first load.
 */
export function bindLogoutToRouter(
  queryClient: QueryClient,
  getRouter: () => AppRouter | undefined,
): () => void {
  return onLogout(() => {
    queryClient.clear();
    const router = getRouter();
    if (!router) return; // first load: the guard's own redirect takes the user to /login
    const location = router.state.navigation.location ?? router.state.location;
    if (location.pathname === LOGIN_PATH) return;
    void router.navigate(loginPathFor(location), { replace: true });
  });
}
