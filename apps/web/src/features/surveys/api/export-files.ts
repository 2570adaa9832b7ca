import type { ResponseDocument } from '@parity/domain/survey-response-document';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export type ExportFormat = 'pdf' | 'xlsx';

/**
 * GET /api/surveys/{id}/export.pdf|xlsx?organization_id: the response as a file, saved through a
 * temporary link (the call carries the Bearer token, so a plain link cannot).
 */
export async function downloadResponse(
  surveyId: number,
  organizationId: number | null | undefined,
  format: ExportFormat,
  fileName: string,
) {
  await downloadFile(`/api/surveys/${surveyId}/export.${format}`, `${fileName}.${format}`, {
    organization_id: organizationId ?? undefined,
  });
}

/**
 * GET /api/surveys/{id}/export.json?organization_id: the response as the document the PDF and the
 * .xlsx print (the printable page shows it).
 */
export function useResponseDocument(surveyId: number, organizationId: number) {
  return useQuery({
    queryKey: ['surveys', 'export', surveyId, organizationId] as const,
    queryFn: () =>
      api.get<ResponseDocument>(`/api/surveys/${surveyId}/export.json`, { organization_id: organizationId }),
  });
}
