import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * An image the API serves behind the Bearer token (a user's photo, an organization's logo or
 * cover, a file preview) as an object URL, fetched once per source; other sources as they are.
 */
export function useProtectedImage(src: string | null | undefined): { url: string | null; failed: boolean } {
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
