import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const GETTING_STARTED = 'getting_started';

/** The part of GET /api/user-account the dashboard reads. */
export interface AccountAcknowledgements {
  acknowledgements?: unknown[];
  /** The contract names {id, name, logo}; a cover is used when the API adds one. */
  organization?: { cover?: string | null } | null;
}

/**
 * The same key as the profile's full-account query (features/users), so the two share one
 * fetch; the dashboard reads only `acknowledgements`.
 */
export const userAccountQueryKey = ['user-account'] as const;

export function hasAcknowledged(account: AccountAcknowledgements | undefined, type: string): boolean {
  return (account?.acknowledgements ?? []).some(
    (entry) =>
      entry === type ||
      (typeof entry === 'object' && entry !== null && (entry as { type?: unknown }).type === type),
  );
}

export function useAccountAcknowledgements() {
  return useQuery({
    queryKey: userAccountQueryKey,
    queryFn: () => api.get<AccountAcknowledgements>('/api/user-account', undefined, { silent: true }),
    staleTime: 60_000,
  });
}

/** POST /api/acknowledgment {type}; the account then lists it. */
export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: string) => api.post<unknown>('/api/acknowledgment', { type }),
    onSuccess: (_answer, type) => {
      queryClient.setQueryData<AccountAcknowledgements>(userAccountQueryKey, (account) =>
        account ? { ...account, acknowledgements: [...(account.acknowledgements ?? []), type] } : account,
      );
      void queryClient.invalidateQueries({ queryKey: userAccountQueryKey });
    },
  });
}
