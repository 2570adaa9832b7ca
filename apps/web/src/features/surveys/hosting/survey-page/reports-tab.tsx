import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { downloadReport } from './api';

/** The reports: every submitted response as one .xlsx workbook. */
export function ReportsTab({ surveyId, title }: { surveyId: number; title: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadReport(surveyId, `${title} responses`);
    } catch {
      // The API client has shown the error alert; the tab says it too.
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" maw={640}>
      <Title order={2} size="h3">
        Reports
      </Title>
      <Text size="sm" c="dimmed">
        Every submitted response in one spreadsheet: the overview and scores, the grids' totals by
        race/ethnicity and gender, the number of owners, senior leaders and board members, the policies, and
        the practices and miscellaneous answers. Individuals are counted, never listed.
      </Text>
      <div>
        <Button
          leftSection={busy ? null : <IconDownload size={16} aria-hidden />}
          rightSection={<IconFileSpreadsheet size={16} aria-hidden />}
          loading={busy}
          onClick={download}
        >
          Download responses (.xlsx)
        </Button>
      </div>
      {failed ? (
        <Alert color="red" role="alert" title="Error">
          The report could not be downloaded. Try again.
        </Alert>
      ) : null}
    </Stack>
  );
}
