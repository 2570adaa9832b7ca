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
