import type { TMember, TMemberList } from '@parity/domain/signup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The caller's organization's members, GET /api/organizations/me/members (every status, pending
 * first), under one key for every view: the members page, the settings' contacts and the LPI
 * overview's Primary Contact. The key sits under the organization space's prefix, which each
 * member write (approve, decline, remove, permissions) invalidates.
 */
export const membersQueryKey = ['organization-space', 'members'] as const;

export function membersQueryOptions({ silent = false }: { silent?: boolean } = {}) {
  return queryOptions({
    queryKey: membersQueryKey,
    queryFn: () => api.get<TMemberList>('/api/organizations/me/members', undefined, { silent }),
  });
}

export function useMembers() {
  return useQuery(membersQueryOptions());
}

/** The approved members: the Primary Contact choices (no 'Error' alert: the field stays usable). */
export function useApprovedMembers(enabled = true) {
  return useQuery({
    ...membersQueryOptions({ silent: true }),
    select: (body): TMember[] => body.data.filter((m) => m.status === 'approved'),
    enabled,
    staleTime: 60_000,
  });
}
