import type { TIndividualRow, TOwnershipData, TOwnershipResponse } from '@parity/domain/lpi/individuals';
import type { TTabState } from '@parity/domain/lpi/tabs';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, getErrorText } from '../../../lib/api-client';
import { resolveApiUrl } from '../../../lib/api-url';
import { refreshSession } from '../../../lib/session';
import { getAccessToken } from '../../../lib/token-storage';
import { type LpiScope, readCall, scopeKey, surveyIdOf } from '../lib/scope';

export const ownershipKey = (scope: LpiScope) => ['lpi', 'ownership', ...scopeKey(scope)] as const;

export function fetchOwnership(scope: LpiScope) {
  const { path, params } = readCall(scope, '/api/organization/me/ownership', '/api/ownership');
  return api.get<TOwnershipResponse>(path, params);
}

export function useOwnership(scope: LpiScope) {
  return useQuery({
    queryKey: ownershipKey(scope),
    queryFn: () => fetchOwnership(scope),
    staleTime: Infinity,
  });
}

export interface OwnershipSave {
  updated_at: string | null;
  create: TIndividualRow[];
  update: (TIndividualRow & { id: number })[];
  delete: number[];
}

/** PUT /api/ownership/save; silent: the LPI page reports failures (a 409 opens its conflict dialog). */
export function saveOwnership(scope: LpiScope, body: OwnershipSave) {
  return api.put<TOwnershipResponse>(
    '/api/ownership/save',
    { survey_id: surveyIdOf(scope), ...body },
    { silent: true },
  );
}

export const TEMPLATE_FILE_NAME = 'ownership-and-leadership-template.xlsx';

/** Downloads the bulk upload template and hands it to the browser as a file. */
export async function downloadOwnershipTemplate(scope: LpiScope) {
  const surveyId = surveyIdOf(scope);
  const blob = await api.download(
    '/api/ownerships/template/download',
    surveyId ? { survey_id: surveyId } : {},
  );
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = TEMPLATE_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export interface UploadRowError {
  row: number;
  column: string;
  message: string;
}

export interface OwnershipUploadResult {
  data: TOwnershipData;
  state: TTabState;
  created: number;
}

/**
 * POST /api/process-excel-ownership with upload progress (XMLHttpRequest reports the bytes sent;
 * fetch cannot). `onProgress` gets 0 to 100. Rejects with an ApiError whose body carries the
 * server's answer (a 422 lists every row error in `detail`).
 */
export async function uploadOwnership(
  scope: LpiScope,
  file: File,
  updatedAt: string | null,
  onProgress: (percent: number) => void,
): Promise<OwnershipUploadResult> {
  try {
    return await sendUpload(scope, file, updatedAt, onProgress);
  } catch (error) {
    // An expired access token: refresh once and send again, as the API client does.
    if (error instanceof ApiError && error.status === 401 && (await refreshSession())) {
      onProgress(0);
      return sendUpload(scope, file, updatedAt, onProgress);
    }
    throw error;
  }
}

function sendUpload(
  scope: LpiScope,
  file: File,
  updatedAt: string | null,
  onProgress: (percent: number) => void,
): Promise<OwnershipUploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    const surveyId = surveyIdOf(scope);
    if (surveyId) form.append('survey_id', String(surveyId));
    form.append('updated_at', updatedAt ?? '');
    form.append('mode', 'append');
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', resolveApiUrl('/api/process-excel-ownership'));
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a non-JSON answer stays text
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as OwnershipUploadResult);
      } else {
        const text = getErrorText({ body, status: xhr.status });
        reject(new ApiError({ status: xhr.status, message: text, description: text, body }));
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError({
          status: 0,
          message: 'No response received from server. Please check your internet connection.',
        }),
      );
    xhr.send(form);
  });
}

/** The row errors of a failed upload (422), if that is what it was. */
export function uploadRowErrors(error: unknown): UploadRowError[] {
  if (!(error instanceof ApiError)) return [];
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return [];
  return detail.filter(
    (item): item is UploadRowError =>
      typeof item === 'object' && item !== null && 'row' in item && 'column' in item && 'message' in item,
  );
}
