import {
  type TPodCreate,
  type TPodLeave,
  type TPodMailPreference,
  type TPodPatch,
  ZPodDetail,
  ZPodList,
} from '@parity/domain/pods/pods';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { PODS_PAGE_SIZE, type PodScope, podKeys } from './keys';

/** GET /api/pods?scope=mine|discover: the pods I belong to, or the listed ones I could join. */
export async function getPods(scope: PodScope, q: string, page: number) {
  const answer = await api.get<unknown>('/api/pods', {
    scope,
    q: q || undefined,
    page,
    pageSize: PODS_PAGE_SIZE,
  });
  return parseAnswer(ZPodList, answer, { silent: true });
}

/** `enabled` false: the scope is not known yet (a platform administrator's 'all' waits for the account). */
export function usePods(scope: PodScope, q: string, page: number, enabled = true) {
  return useQuery({
    queryKey: podKeys.list(scope, q, page),
    queryFn: () => getPods(scope, q, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/pods/{podId}: 404 for a pod the caller may not see (an open pod's preview otherwise). */
export async function getPod(podId: number) {
  return parseAnswer(ZPodDetail, await api.get<unknown>(`/api/pods/${podId}`), { silent: true });
}

export function usePod(podId: number) {
  return useQuery({ queryKey: podKeys.detail(podId), queryFn: () => getPod(podId) });
}

/** After a write to a pod: its page and the lists showing it read again. */
function useRefreshPod() {
  const client = useQueryClient();
  return (podId: number) => {
    void client.invalidateQueries({ queryKey: podKeys.pod(podId) });
    void client.invalidateQueries({ queryKey: podKeys.lists });
  };
}

export function useCreatePod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TPodCreate) =>
      parseAnswer(ZPodDetail, await api.post<unknown>('/api/pods', body, { retries: 0 })),
    onSuccess: (pod) => {
      client.setQueryData(podKeys.detail(pod.id), pod);
      void client.invalidateQueries({ queryKey: podKeys.lists });
    },
  });
}

export function useUpdatePod(podId: number) {
  const refresh = useRefreshPod();
  return useMutation({
    mutationFn: async (body: TPodPatch) =>
      parseAnswer(ZPodDetail, await api.patch<unknown>(`/api/pods/${podId}`, body, { retries: 0 })),
    onSuccess: () => refresh(podId),
  });
}

export function useDeletePod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (podId: number) => api.delete<unknown>(`/api/pods/${podId}`, undefined, { retries: 0 }),
    onSuccess: (_answer, podId) => {
      client.removeQueries({ queryKey: podKeys.pod(podId) });
      void client.invalidateQueries({ queryKey: podKeys.lists });
    },
  });
}

/** POST /api/pods/{podId}/join: an open pod is joined at once; an invite-only one gets a request. */
export function useJoinPod(podId: number) {
  const refresh = useRefreshPod();
  return useMutation({
    mutationFn: () => api.post<unknown>(`/api/pods/${podId}/join`, {}, { retries: 0 }),
    onSuccess: () => refresh(podId),
  });
}

/** DELETE /api/pods/{podId}/join: withdraw my request to join an invite-only pod. */
export function useWithdrawJoinRequest(podId: number) {
  const refresh = useRefreshPod();
  return useMutation({
    mutationFn: () => api.delete<unknown>(`/api/pods/${podId}/join`, undefined, { retries: 0 }),
    onSuccess: () => refresh(podId),
  });
}

/** POST /api/pods/{podId}/leave: the last admin names a successor. */
export function useLeavePod(podId: number) {
  const refresh = useRefreshPod();
  return useMutation({
    mutationFn: (body: TPodLeave) => api.post<unknown>(`/api/pods/${podId}/leave`, body, { retries: 0 }),
    onSuccess: () => refresh(podId),
  });
}

/** PUT /api/pods/{podId}/mail-preference: every post, a daily digest, or no mail. */
export function useMailPreference(podId: number) {
  const refresh = useRefreshPod();
  return useMutation({
    mutationFn: (mailPreference: TPodMailPreference) =>
      api.put<unknown>(`/api/pods/${podId}/mail-preference`, { mailPreference }, { retries: 0 }),
    onSuccess: () => refresh(podId),
  });
}
