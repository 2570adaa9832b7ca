import {
  type AdminReportFilters,
  adminReportFileName,
  type TAdminReport,
  type TAdminReportFormat,
} from '@parity/domain/admin-reports';
import { downloadFile } from '../../../lib/download';

/** A report's filter values as query parameters: empty ones left out. */
export function reportParams(values: object): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Record<string, string | number>;
}

/**
 * GET /api/admin/reports/{report}: the file, streamed by the API, fetched behind the Bearer token
 * and saved under the dated name the API gives it. Silent: the page shows a failure inline.
 */
export function downloadAdminReport<R extends TAdminReport>(
  report: R,
  format: TAdminReportFormat,
  filters: AdminReportFilters[R],
) {
  return downloadFile(
    `/api/admin/reports/${report}`,
    adminReportFileName(report, format, new Date()),
    { ...reportParams(filters), format },
    // A large report takes longer than a JSON read; a retry would start the file again.
    { silent: true, timeoutMs: 300_000, retries: 0 },
  );
}
