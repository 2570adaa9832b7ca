import type { TExportFormat } from '@parity/domain/data-portability';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** GET /api/organizations/me/export: all of the organization's data as a file (admins). */
export function useExportOrganizationData() {
  return useMutation({
    mutationFn: (format: TExportFormat) =>
      downloadFile('/api/organizations/me/export', `organization-data.${format}`, { format }),
  });
}
