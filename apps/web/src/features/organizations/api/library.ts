import type { TOrganizationFile, TOrganizationFileList } from '@parity/domain/organization-files';
import { FILES_PAGE_SIZE } from '@parity/domain/organization-files';
import type { TOrganizationImageSaved } from '@parity/domain/organization-settings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';

/** The organization's documents (files) and images (media), and its logo and cover. */
export type Library = 'files' | 'media';
export { FILES_PAGE_SIZE };

const libraryKey = (library: Library) => ['organization-space', 'library', library] as const;

/** GET /api/organizations/me/{files|media}: newest first, 30 a page. */
export function useLibrary(library: Library, page: number) {
  return useQuery({
    queryKey: [...libraryKey(library), page],
    queryFn: () =>
      api.get<TOrganizationFileList>(`/api/organizations/me/${library}`, {
        limit: FILES_PAGE_SIZE,
        offset: (page - 1) * FILES_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/organizations/me/{files|media} with upload progress. */
export function useUploadToLibrary(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadWithProgress<TOrganizationFile>(`/api/organizations/me/${library}`, file, onProgress),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKey(library) });
      void queryClient.invalidateQueries({ queryKey: ['organization-space', 'feed'] });
    },
  });
}

/** DELETE /api/organizations/me/{files|media}/{id} (admins or the uploader). */
export function useDeleteFromLibrary(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/organizations/me/${library}/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKey(library) });
      void queryClient.invalidateQueries({ queryKey: ['organization-space', 'feed'] });
    },
  });
}

/** POST /api/organizations/me/{logo|cover} with upload progress (admins). */
export function useUploadOrganizationImage(which: 'logo' | 'cover') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadWithProgress<TOrganizationImageSaved>(`/api/organizations/me/${which}`, file, onProgress),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['organization-space'] });
      void queryClient.invalidateQueries({ queryKey: ['current-account'] });
    },
  });
}

/** Files are served behind the Bearer token: fetched as a blob, then handed to the browser. */
export async function downloadFile(url: string, name: string) {
  const blob = await api.download(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/** An API image (behind the Bearer token) as an object URL; other sources as they are. */
export function useProtectedImage(src: string | null | undefined) {
  const isApi = Boolean(src && /^\/?api\//.test(src));
  const query = useQuery({
    queryKey: ['protected-image', src],
    queryFn: async () => URL.createObjectURL(await api.download(src as string, undefined, { silent: true })),
    enabled: isApi,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!src) return { url: null, failed: false };
  return isApi ? { url: query.data ?? null, failed: query.isError } : { url: src, failed: false };
}
