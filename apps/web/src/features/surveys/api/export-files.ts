import { api } from '../../../lib/api-client';

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
  const blob = await api.download(`/api/surveys/${surveyId}/export.${format}`, {
    organization_id: organizationId ?? undefined,
  });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}
