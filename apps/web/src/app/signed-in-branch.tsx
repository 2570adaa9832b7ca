import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { getAccessToken } from '../lib/token-storage';

/**
 * The signed-in pages' parent. A logout clears the query cache at once (session-navigation.ts),
 * but the page being left can render again before the login page replaces it, and a render
 * builds its removed queries anew: once the branch is gone, signed out, nothing is left to.
 */
export function SignedInBranch() {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      if (!getAccessToken()) queryClient.clear();
    },
    [queryClient],
  );
  return <Outlet />;
}
