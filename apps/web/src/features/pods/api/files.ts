import { ZPodFile, ZPodFileList } from '@parity/domain/pods/pods';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { FILES_PAGE_SIZE, type FileListParams, podKeys } from './keys';

/** GET /api/pods/{podId}/files: searched, sorted, a page at a time. */
export function usePodFiles(podId: number, params: FileListParams) {
  return useQuery({
    queryKey: podKeys.files(podId, params),
    queryFn: async () =>
      parseAnswer(
        ZPodFileList,
        await api.get<unknown>(`/api/pods/${podId}/files`, {
          q: params.q || undefined,
          sort: params.sort,
          dir: params.dir,
          page: params.page,
          pageSize: FILES_PAGE_SIZE,
        }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/pods/{podId}/files (multipart, the organization documents' rules: 413, 415) -> the
 * file, which a post may then attach. The feed gains a "file added" entry.
 */
export function useUploadPodFile(podId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      parseAnswer(ZPodFile, await uploadWithProgress<unknown>(`/api/pods/${podId}/files`, file, onProgress)),
    onSuccess: () => client.invalidateQueries({ queryKey: podKeys.pod(podId) }),
  });
}

export function useDeletePodFile(podId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      api.delete<unknown>(`/api/pods/${podId}/files/${fileId}`, undefined, { retries: 0 }),
    onSuccess: () => client.invalidateQueries({ queryKey: podKeys.pod(podId) }),
  });
}

export function downloadPodFile(podId: number, fileId: string, name: string) {
  return downloadFile(`/api/pods/${podId}/files/${fileId}`, name);
}
