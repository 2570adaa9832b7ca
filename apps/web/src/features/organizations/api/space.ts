import type { TAuditLog, TFeed } from '@parity/domain/organization-audit';
import { AUDIT_PAGE_SIZE } from '@parity/domain/organization-audit';
import type { TOrganizationCode, TPendingInvitationList } from '@parity/domain/organization-invitations';
import type {
  TMemberPermissions,
  TPermissionList,
  TPermissionsUpdate,
} from '@parity/domain/organization-members';
import type {
  TOrganizationSettings,
  TOrganizationSettingsSaved,
  TOrganizationSettingsUpdate,
} from '@parity/domain/organization-settings';
import type { TInvitation, TMember, TOrganizationAdminList } from '@parity/domain/signup';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentAccountQueryKey, useCurrentAccount } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/**
 * The calls of the private organization space (/organizations/private): the caller's account,
 * the feed, members and their approval, permissions, settings, invitations and the code.
 */

/** Whether the signed-in account administers its organization (manage_settings). */
export function useIsOrganizationAdmin(): boolean {
  return useCurrentAccount().data?.isOrganizationAdministrator === true;
}

const SPACE = ['organization-space'] as const;

// --- Feed -------------------------------------------------------------------------------------

export const FEED_PAGE_SIZE = AUDIT_PAGE_SIZE;

/** GET /api/organizations/me/feed: newest first, 30 a page. */
export function useFeed(page: number) {
  return useQuery({
    queryKey: [...SPACE, 'feed', page],
    queryFn: () =>
      api.get<TFeed>('/api/organizations/me/feed', {
        limit: FEED_PAGE_SIZE,
        offset: (page - 1) * FEED_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

// --- Settings ---------------------------------------------------------------------------------

/** GET /api/organizations/me/settings: the organization form's values (members read). */
export function useOrganizationSettings() {
  return useQuery({
    queryKey: [...SPACE, 'settings'],
    queryFn: () => api.get<TOrganizationSettings>('/api/organizations/me/settings'),
  });
}

/** Re-reads everything of the space (and the account, whose organization name and logo show). */
function useRefreshSpace() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: SPACE });
    void queryClient.invalidateQueries({ queryKey: currentAccountQueryKey });
  };
}

/** PUT /api/organizations/me: the whole form (a rule violation answers 400 with detail per field). */
export function useUpdateSettings() {
  const refresh = useRefreshSpace();
  return useMutation({
    mutationFn: (body: TOrganizationSettingsUpdate) =>
      api.put<TOrganizationSettingsSaved>('/api/organizations/me', body, { silent: true }),
    onSuccess: refresh,
  });
}

// --- Members ----------------------------------------------------------------------------------

/** GET /api/organizations/me/admins: the admin of organization cards. */
export function useAdmins() {
  return useQuery({
    queryKey: [...SPACE, 'admins'],
    queryFn: () => api.get<TOrganizationAdminList>('/api/organizations/me/admins'),
  });
}

export type Decision = 'approve' | 'decline';

/** POST /api/organizations/{organization_id}/users/{user_id}/approve | decline. */
export function useDecide() {
  const refresh = useRefreshSpace();
  return useMutation({
    mutationFn: ({
      organizationId,
      userId,
      decision,
    }: {
      organizationId: number;
      userId: number;
      decision: Decision;
    }) => api.post<TMember>(`/api/organizations/${organizationId}/users/${userId}/${decision}`),
    onSuccess: refresh,
  });
}

/** DELETE /api/organizations/me/members/{userId} (409 for the last admin). */
export function useRemoveMember() {
  const refresh = useRefreshSpace();
  return useMutation({
    mutationFn: (userId: number) =>
      api.delete<{ message: string }>(`/api/organizations/me/members/${userId}`),
    onSuccess: refresh,
  });
}

// --- Permissions ------------------------------------------------------------------------------

/** GET /api/organizations/me/permissions: approved members with their four flags. */
export function usePermissions() {
  return useQuery({
    queryKey: [...SPACE, 'permissions'],
    queryFn: () => api.get<TPermissionList>('/api/organizations/me/permissions'),
  });
}

/** PUT /api/organizations/me/members/{userId}/permissions (409 when it would demote the last admin). */
export function useUpdatePermissions() {
  const refresh = useRefreshSpace();
  return useMutation({
    mutationFn: ({ userId, flags }: { userId: number; flags: TPermissionsUpdate }) =>
      api.put<TMemberPermissions>(`/api/organizations/me/members/${userId}/permissions`, flags),
    onSuccess: refresh,
  });
}

// --- Invitations ------------------------------------------------------------------------------

/** GET /api/organizations/me/invitations: pending ones, newest first, with expiry. */
export function useInvitations() {
  return useQuery({
    queryKey: [...SPACE, 'invitations'],
    queryFn: () => api.get<TPendingInvitationList>('/api/organizations/me/invitations'),
  });
}

/** POST /api/organizations/me/invitations {email}: mails a /signup/invitation/{uuid} link. */
export function useInvite() {
  const refresh = useRefreshSpace();
  return useMutation({
    mutationFn: (email: string) => api.post<TInvitation>('/api/organizations/me/invitations', { email }),
    onSuccess: refresh,
  });
}

/** POST /api/organizations/me/invitations/{id}/resend: a new link and a new 7-day expiry. */
export function useResendInvitation() {
  const refresh = useRefreshSpace();
  return useMutation({
    mutationFn: (id: number) => api.post<TInvitation>(`/api/organizations/me/invitations/${id}/resend`),
    onSuccess: refresh,
  });
}

/** DELETE /api/organizations/me/invitations/{id}: the link stops working. */
export function useRevokeInvitation() {
  const refresh = useRefreshSpace();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/organizations/me/invitations/${id}`),
    onSuccess: refresh,
  });
}

// --- Organization code ------------------------------------------------------------------------

/** GET /api/organizations/me/code (admins). */
export function useOrganizationCode(enabled: boolean) {
  return useQuery({
    queryKey: [...SPACE, 'code'],
    queryFn: () => api.get<TOrganizationCode>('/api/organizations/me/code'),
    enabled,
  });
}

/** POST /api/organizations/me/code/rotate {expires_at?}: the old code stops working at once. */
export function useRotateCode() {
  const refresh = useRefreshSpace();
  return useMutation({
    mutationFn: (expiresAt: string | null) =>
      api.post<TOrganizationCode>('/api/organizations/me/code/rotate', { expires_at: expiresAt }),
    onSuccess: refresh,
  });
}

// --- Audit log --------------------------------------------------------------------------------

/** GET /api/organizations/me/audit-log (admins): every write with the values before and after. */
export function useAuditLog(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...SPACE, 'audit-log', page],
    queryFn: () =>
      api.get<TAuditLog>('/api/organizations/me/audit-log', {
        limit: AUDIT_PAGE_SIZE,
        offset: (page - 1) * AUDIT_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
