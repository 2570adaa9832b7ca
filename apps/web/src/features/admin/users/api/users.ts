import type {
  TAdminMessage,
  TAdminPasswordReset,
  TAdminPasswordResetResult,
  TAdminPermissionsUpdate,
  TAdminRolesUpdate,
  TAdminUser,
  TAdminUserList,
  TAdminUserPermissionSet,
  TAdminUserRole,
  TAdminUserSort,
  TAdminUserStatus,
  TAdminUserUpdate,
  TArchivedUserList,
} from '@parity/domain/admin-users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** The admin console's user management calls (/api/admin/users, /api/admin/archived-users). */
const KEY = ['admin', 'users'] as const;

export interface UsersFilter {
  search: string;
  status: TAdminUserStatus | null;
  role: TAdminUserRole | null;
  permissionSet: TAdminUserPermissionSet | null;
  organizationId: number | null;
  sortBy: TAdminUserSort;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function useAdminUsers(filter: UsersFilter) {
  return useQuery({
    queryKey: [...KEY, 'list', filter],
    queryFn: () =>
      api.get<TAdminUserList>('/api/admin/users', {
        search: filter.search || undefined,
        status: filter.status ?? undefined,
        role: filter.role ?? undefined,
        permission_set: filter.permissionSet ?? undefined,
        organization_id: filter.organizationId ?? undefined,
        sort_by: filter.sortBy,
        sort_order: filter.sortOrder,
        limit: filter.limit,
        offset: filter.offset,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One account; none is read for an id that is not a number (null). */
export function useAdminUser(userId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', userId],
    queryFn: () => api.get<TAdminUser>(`/api/admin/users/${userId}`),
    enabled: userId !== null,
  });
}

/** A write on one account: the account and the lists refresh. */
function useUserWrite<Input, Output>(userId: number, write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      if (result && typeof result === 'object' && 'permissions' in result) {
        client.setQueryData([...KEY, 'one', userId], result);
      }
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export const useUpdateUser = (userId: number) =>
  useUserWrite(userId, (input: TAdminUserUpdate) =>
    api.put<TAdminUser>(`/api/admin/users/${userId}`, input, { silent: true }),
  );

export const useDecideUser = (userId: number) =>
  useUserWrite(userId, (decision: 'approve' | 'decline') =>
    api.post<TAdminUser>(`/api/admin/users/${userId}/${decision}`),
  );

export const useSendPasswordReset = (userId: number) =>
  useUserWrite(userId, (input: TAdminPasswordReset) =>
    api.post<TAdminPasswordResetResult>(`/api/admin/users/${userId}/password-reset`, input),
  );

export const useDisableTwoFactor = (userId: number) =>
  useUserWrite(userId, () => api.post<TAdminUser>(`/api/admin/users/${userId}/two-factor/disable`));

export const useArchiveUser = (userId: number) =>
  useUserWrite(userId, () => api.post<TAdminMessage>(`/api/admin/users/${userId}/archive`));

export const useUpdatePermissions = (userId: number) =>
  useUserWrite(userId, (input: TAdminPermissionsUpdate) =>
    api.put<TAdminUser>(`/api/admin/users/${userId}/permissions`, input, { silent: true }),
  );

export const useUpdateRoles = (userId: number) =>
  useUserWrite(userId, (input: TAdminRolesUpdate) =>
    api.put<TAdminUser>(`/api/admin/users/${userId}/roles`, input, { silent: true }),
  );

export function useArchivedUsers(search: string, limit: number, offset: number) {
  return useQuery({
    queryKey: [...KEY, 'archived', search, limit, offset],
    queryFn: () =>
      api.get<TArchivedUserList>('/api/admin/archived-users', { search: search || undefined, limit, offset }),
    placeholderData: keepPreviousData,
  });
}

export function useRestoreUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<TAdminMessage>(`/api/admin/archived-users/${userId}/restore`),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
