import {
  type TAttendeeStatus,
  type TEventInput,
  type TEventPatch,
  ZAttendeeList,
  ZEventDetail,
  ZEventFileList,
  ZEventList,
} from '@parity/domain/calendar/events';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { ATTENDEES_PAGE_SIZE, EVENTS_PAGE_SIZE, podKeys } from './keys';

/** GET /api/pods/{podId}/events: the pod's upcoming or past events (calendar events), paged. */
export function usePodEvents(podId: number, when: 'upcoming' | 'past', page: number) {
  return useQuery({
    queryKey: podKeys.events(podId, when, page),
    queryFn: async () =>
      parseAnswer(
        ZEventList,
        await api.get<unknown>(`/api/pods/${podId}/events`, { when, page, pageSize: EVENTS_PAGE_SIZE }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/pods/{podId}/events: any member adds an event whose audience is the pod. */
export function useCreatePodEvent(podId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TEventInput) =>
      parseAnswer(ZEventDetail, await api.post<unknown>(`/api/pods/${podId}/events`, body, { retries: 0 })),
    onSuccess: (event) => {
      client.setQueryData(podKeys.event(event.id), event);
      void client.invalidateQueries({ queryKey: podKeys.pod(podId) });
    },
  });
}

/** GET /api/pods/{podId}/events/{eventId}: 404 for a non-member or another pod's event. */
export function usePodEvent(podId: number, eventId: number) {
  return useQuery({
    queryKey: podKeys.event(eventId),
    queryFn: async () =>
      parseAnswer(ZEventDetail, await api.get<unknown>(`/api/pods/${podId}/events/${eventId}`), {
        silent: true,
      }),
  });
}

/** PATCH /api/events/{eventId} (the whole series): the organizer and the pod's admins (canEdit). */
export function useUpdatePodEvent(podId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ eventId, body }: { eventId: number; body: Partial<TEventPatch> }) =>
      parseAnswer(ZEventDetail, await api.patch<unknown>(`/api/events/${eventId}`, body, { retries: 0 })),
    onSuccess: (event) => {
      client.setQueryData(podKeys.event(event.id), event);
      void client.invalidateQueries({ queryKey: podKeys.pod(podId) });
    },
  });
}

/** DELETE /api/events/{eventId} (the whole series): its attendees get a cancellation. */
export function useDeletePodEvent(podId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => api.delete<unknown>(`/api/events/${eventId}`, undefined, { retries: 0 }),
    onSuccess: (_answer, eventId) => {
      client.removeQueries({ queryKey: podKeys.event(eventId) });
      void client.invalidateQueries({ queryKey: podKeys.pod(podId) });
    },
  });
}

/** The calendar's attendee list of the event (members read it). */
export function useEventAttendees(eventId: number, page: number) {
  return useQuery({
    queryKey: podKeys.attendees(eventId, page),
    queryFn: async () =>
      parseAnswer(
        ZAttendeeList,
        await api.get<unknown>(`/api/events/${eventId}/attendees`, { page, pageSize: ATTENDEES_PAGE_SIZE }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/events/{eventId}/attendees/me: attend, maybe or decline. */
export function useAnswerEvent(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: TAttendeeStatus) =>
      api.put<unknown>(`/api/events/${eventId}/attendees/me`, { status }, { retries: 0 }),
    onSuccess: () => client.invalidateQueries({ queryKey: podKeys.event(eventId) }),
  });
}

export function useEventFiles(eventId: number) {
  return useQuery({
    queryKey: podKeys.eventFiles(eventId),
    queryFn: async () =>
      parseAnswer(ZEventFileList, await api.get<unknown>(`/api/events/${eventId}/files`), { silent: true }),
  });
}

/** POST /api/events/{eventId}/files: the organizer and the attendees add documents. */
export function useUploadEventFile(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadWithProgress<unknown>(`/api/events/${eventId}/files`, file, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: podKeys.eventFiles(eventId) }),
  });
}

/** DELETE /api/events/{eventId}/files/{fileId}: its uploader, the organizer and the pod's admins. */
export function useDeleteEventFile(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      api.delete<unknown>(`/api/events/${eventId}/files/${fileId}`, undefined, { retries: 0 }),
    onSuccess: () => client.invalidateQueries({ queryKey: podKeys.eventFiles(eventId) }),
  });
}

export function downloadEventFile(eventId: number, fileId: string, name: string) {
  return downloadFile(`/api/events/${eventId}/files/${fileId}`, name);
}
