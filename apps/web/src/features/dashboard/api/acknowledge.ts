import type { TUserAccount } from '@parity/domain/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userAccountQueryKey, userAccountQueryOptions } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export const GETTING_STARTED = 'getting_started';

export function hasAcknowledged(account: TUserAccount | undefined, type: string): boolean {
  return (account?.acknowledgements ?? []).includes(type);
}

/** The profile's full-account query (one cache entry); the dashboard reads only `acknowledgements`. */
export function useAccountAcknowledgements() {
  return useQuery({ ...userAccountQueryOptions({ silent: true }), staleTime: 60_000 });
}

/** POST /api/acknowledgment {type}; the account then lists it. */
export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: string) => api.post<unknown>('/api/acknowledgment', { type }),
    onSuccess: (_answer, type) => {
      queryClient.setQueryData<TUserAccount>(userAccountQueryKey, (account) =>
        account ? { ...account, acknowledgements: [...account.acknowledgements, type] } : account,
      );
      void queryClient.invalidateQueries({ queryKey: userAccountQueryKey });
    },
  });
}
