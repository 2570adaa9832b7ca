import type { THealthcheck, TUserAccount } from '@parity/domain/account';
import type { TCurrentAccount } from '@parity/domain/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The signed-in account (spec 3, slim): organization, rights and membership status, from
 * GET /api/user/status. One key and one type for every feature; a write that changes the
 * account's place or rights invalidates `currentAccountQueryKey`.
 */
export const currentAccountQueryKey = ['current-account'] as const;

export function getCurrentAccount(): Promise<TCurrentAccount> {
  return api.get<TCurrentAccount>('/api/user/status');
}

export function currentAccountQueryOptions() {
  return queryOptions({
    queryKey: currentAccountQueryKey,
    queryFn: getCurrentAccount,
    staleTime: 5 * 60 * 1000,
  });
}

/** `fresh`: refetch on mount (the sign-up steps, where each step moves the account on). */
export function useCurrentAccount({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...currentAccountQueryOptions(), ...(fresh ? { staleTime: 0 } : {}) });
}

/** The signed-in user's full account (spec 3), GET /api/user-account: the profile and the dashboard. */
export const userAccountQueryKey = ['user-account'] as const;

/** `silent`: no 'Error' alert when it fails (the dashboard, which reads only acknowledgements). */
export function userAccountQueryOptions({ silent = false }: { silent?: boolean } = {}) {
  return queryOptions({
    queryKey: userAccountQueryKey,
    queryFn: () => api.get<TUserAccount>('/api/user-account', undefined, { silent }),
  });
}

/**
 * Profile completeness, under the account's key: a profile save, which invalidates the account,
 * checks it again. Here, not in the users feature, because the dashboard's route waits for it.
 */
export const healthcheckQueryKey = [...userAccountQueryKey, 'healthcheck'] as const;

/**
 * GET /api/user/healthcheck: which of name, last name, title and image the signed-in user's
 * profile misses. Silent: the prompt is only a hint, so a failed check shows nothing.
 */
export function healthcheckQueryOptions() {
  return queryOptions({
    queryKey: healthcheckQueryKey,
    queryFn: () => api.get<THealthcheck>('/api/user/healthcheck', undefined, { silent: true }),
  });
}
