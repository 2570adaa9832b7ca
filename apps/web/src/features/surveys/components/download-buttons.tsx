import { IconFileSpreadsheet, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button/button';
import { downloadResponse, type ExportFormat } from '../api/export-files';

/** A file name for the response: the survey's title, safe for any file system. */
export const responseFileName = (title: string) =>
  title
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-') || 'survey-response';

/** Download PDF, Download .xlsx and Print for one organization's response. */
export function DownloadButtons({
  surveyId,
  organizationId,
  fileName,
}: {
  surveyId: number;
  organizationId: number;
  fileName: string;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadResponse(surveyId, organizationId, format, fileName);
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        kind="secondary"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        loading={busy === 'pdf'}
        onClick={() => void download('pdf')}
      >
        Download PDF
      </Button>
      <Button
        kind="secondary"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        loading={busy === 'xlsx'}
        onClick={() => void download('xlsx')}
      >
        Download .xlsx
      </Button>
      <Button kind="blanc" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
        Print
      </Button>
    </>
  );
}
