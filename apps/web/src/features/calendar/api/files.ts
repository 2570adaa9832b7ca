import { ZEventFileList } from '@parity/domain/calendar/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { calendarKeys } from './keys';

/** GET /api/events/{id}/files: the documents attached to the event. */
export async function getEventFiles(eventId: number) {
  const answer = await api.get<unknown>(`/api/events/${eventId}/files`);
  return parseAnswer(ZEventFileList, answer, { silent: true }).data;
}

export function useEventFiles(eventId: number) {
  return useQuery({ queryKey: calendarKeys.files(eventId), queryFn: () => getEventFiles(eventId) });
}

/** POST /api/events/{id}/files (multipart, the organization files' rules: 413, 415). */
export function useUploadEventFile(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadWithProgress<unknown>(`/api/events/${eventId}/files`, file, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.files(eventId) }),
  });
}

export function useDeleteEventFile(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      api.delete<unknown>(`/api/events/${eventId}/files/${fileId}`, undefined, { retries: 0 }),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.files(eventId) }),
  });
}

export function downloadEventFile(eventId: number, fileId: string, name: string) {
  return downloadFile(`/api/events/${eventId}/files/${fileId}`, name);
}
