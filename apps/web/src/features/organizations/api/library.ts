import type { TOrganizationFile, TOrganizationFileList } from '@parity/domain/organization-files';
import { FILES_PAGE_SIZE } from '@parity/domain/organization-files';
import type { TOrganizationImageSaved } from '@parity/domain/organization-settings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentAccountQueryKey } from '../../../lib/account';
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
      void queryClient.invalidateQueries({ queryKey: currentAccountQueryKey });
    },
  });
}
