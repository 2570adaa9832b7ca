import {
  type TPodInvite,
  type TPodRole,
  ZPodDetail,
  ZPodInvitationList,
  ZPodInvitationView,
  ZPodJoinRequestList,
  ZPodMemberList,
} from '@parity/domain/pods/pods';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, parseAnswer } from '../../../lib/api-client';
import { MEMBERS_PAGE_SIZE, podKeys } from './keys';

/** GET /api/pods/{podId}/members: searched, a page at a time. */
export function useMembers(podId: number, q: string, page: number) {
  return useQuery({
    queryKey: podKeys.members(podId, q, page),
    queryFn: async () =>
      parseAnswer(
        ZPodMemberList,
        await api.get<unknown>(`/api/pods/${podId}/members`, {
          q: q || undefined,
          page,
          pageSize: MEMBERS_PAGE_SIZE,
        }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/pods/{podId}/requests: the join requests of an invite-only pod (its admins). */
export function useJoinRequests(podId: number, enabled: boolean) {
  return useQuery({
    queryKey: podKeys.requests(podId),
    queryFn: async () =>
      parseAnswer(ZPodJoinRequestList, await api.get<unknown>(`/api/pods/${podId}/requests`), {
        silent: true,
      }),
    enabled,
  });
}

/** GET /api/pods/{podId}/invitations: the invitations not yet accepted (its admins). */
export function useInvitations(podId: number, enabled: boolean) {
  return useQuery({
    queryKey: podKeys.invitations(podId),
    queryFn: async () =>
      parseAnswer(ZPodInvitationList, await api.get<unknown>(`/api/pods/${podId}/invitations`), {
        silent: true,
      }),
    enabled,
  });
}

/** Any change to the people of a pod: its members, requests, invitations, counts and feed. */
function useMembersWrite<Input, Output>(podId: number, write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: podKeys.pod(podId) });
      void client.invalidateQueries({ queryKey: podKeys.lists });
    },
  });
}

const ZInvited = z.object({ invited: z.number().int() });

/** POST /api/pods/{podId}/invitations: users by id and people by email, each mailed an accept link. */
export function useInvite(podId: number) {
  return useMembersWrite(podId, async (body: TPodInvite) =>
    parseAnswer(ZInvited, await api.post<unknown>(`/api/pods/${podId}/invitations`, body, { retries: 0 })),
  );
}

export function useRevokeInvitation(podId: number) {
  return useMembersWrite(podId, (invitationId: number) =>
    api.delete<unknown>(`/api/pods/${podId}/invitations/${invitationId}`, undefined, { retries: 0 }),
  );
}

export function useApproveRequest(podId: number) {
  return useMembersWrite(podId, (userId: number) =>
    api.post<unknown>(`/api/pods/${podId}/requests/${userId}/approve`, {}, { retries: 0 }),
  );
}

export function useDeclineRequest(podId: number) {
  return useMembersWrite(podId, (userId: number) =>
    api.delete<unknown>(`/api/pods/${podId}/requests/${userId}`, undefined, { retries: 0 }),
  );
}

export function useSetRole(podId: number) {
  return useMembersWrite(podId, ({ userId, role }: { userId: number; role: TPodRole }) =>
    api.patch<unknown>(`/api/pods/${podId}/members/${userId}`, { role }, { retries: 0 }),
  );
}

export function useRemoveMember(podId: number) {
  return useMembersWrite(podId, (userId: number) =>
    api.delete<unknown>(`/api/pods/${podId}/members/${userId}`, undefined, { retries: 0 }),
  );
}

/** GET /api/pods/invitations/{token}: what the invited user is asked to accept (404 for others). */
export function useInvitationView(token: string) {
  return useQuery({
    queryKey: podKeys.invitation(token),
    queryFn: async () =>
      parseAnswer(ZPodInvitationView, await api.get<unknown>(`/api/pods/invitations/${token}`), {
        silent: true,
      }),
  });
}

export function useAcceptInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseAnswer(
        ZPodDetail,
        await api.post<unknown>(`/api/pods/invitations/${token}/accept`, {}, { retries: 0 }),
      ),
    onSuccess: (pod) => {
      client.setQueryData(podKeys.detail(pod.id), pod);
      void client.invalidateQueries({ queryKey: podKeys.lists });
    },
  });
}
