import type { TIndividualRow, TOwnershipData, TOwnershipResponse } from '@parity/domain/lpi/individuals';
import type { TTabState } from '@parity/domain/lpi/tabs';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
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

/**
 * Downloads the bulk upload template and hands it to the browser as a file. A failure is logged
 * and answered with nothing (spec 8: the template download returns null), without an alert.
 */
export async function downloadOwnershipTemplate(scope: LpiScope): Promise<null> {
  const surveyId = surveyIdOf(scope);
  try {
    await downloadFile(
      '/api/ownerships/template/download',
      TEMPLATE_FILE_NAME,
      surveyId ? { survey_id: surveyId } : {},
      { silent: true },
    );
  } catch (error) {
    console.error('The ownership template could not be downloaded', error);
  }
  return null;
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
export function uploadOwnership(
  scope: LpiScope,
  file: File,
  updatedAt: string | null,
  onProgress: (percent: number) => void,
): Promise<OwnershipUploadResult> {
  const surveyId = surveyIdOf(scope);
  return uploadWithProgress<OwnershipUploadResult>('/api/process-excel-ownership', file, onProgress, {
    fields: {
      ...(surveyId ? { survey_id: String(surveyId) } : {}),
      updated_at: updatedAt ?? '',
      mode: 'append',
    },
    // The dialog lists the errors itself (every row and column of a 422).
    silent: true,
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
