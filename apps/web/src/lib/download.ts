import { api, type RequestOptions } from './api-client';
import type { QueryParams } from './api-url';

/** Hands a blob to the browser as a file, through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Files are served behind the Bearer token, so a plain link cannot fetch them: blob, then save. */
export async function downloadFile(
  url: string,
  fileName: string,
  params?: QueryParams,
  options?: RequestOptions,
) {
  saveBlob(await api.download(url, params, options), fileName);
}
