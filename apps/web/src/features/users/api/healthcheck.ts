import type { THealthcheck } from '@parity/domain/account';
import { useQuery } from '@tanstack/react-query';
import { userAccountQueryKey } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/**
 * Profile completeness, under the account's key: a profile save, which invalidates the account,
 * checks it again.
 */
export const healthcheckQueryKey = [...userAccountQueryKey, 'healthcheck'] as const;

/**
 * GET /api/user/healthcheck: which of name, last name, title and image the signed-in user's
 * profile misses. Silent: the prompt is only a hint, so a failed check shows nothing.
 */
export function useProfileHealthcheck() {
  return useQuery({
    queryKey: healthcheckQueryKey,
    queryFn: () => api.get<THealthcheck>('/api/user/healthcheck', undefined, { silent: true }),
  });
}
