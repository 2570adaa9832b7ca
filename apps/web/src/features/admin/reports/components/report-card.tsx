import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  ADMIN_REPORT_COLUMNS,
  ADMIN_REPORT_TITLES,
  type TAdminReport,
  type TAdminReportFormat,
} from '@parity/domain/admin-reports';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../../components/button/button';
import { toApiError } from '../../../../lib/api-client';

const FORMAT_LABELS: Record<TAdminReportFormat, string> = { csv: 'Download CSV', xlsx: 'Download .xlsx' };

export interface ReportCardProps {
  report: TAdminReport;
  description: string;
  /** the report's filter fields */
  children: ReactNode;
  /**
   * Validates the filters and downloads the file; resolves once it is saved, false when the
   * filters are not valid (the fields show why). Rejects with the API's failure.
   */
  onDownload: (format: TAdminReportFormat) => Promise<boolean>;
}

/**
 * One report: what it holds, its filters, its columns, and the two downloads. A failed download
 * says why, inline, until the next try.
 */
export function ReportCard({ report, description, children, onDownload }: ReportCardProps) {
  const titleId = useId();
  const [busy, setBusy] = useState<TAdminReportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const columns = ADMIN_REPORT_COLUMNS[report];

  const download = async (format: TAdminReportFormat) => {
    setBusy(format);
    setError(null);
    setSaved(null);
    try {
      if (await onDownload(format))
        setSaved(format === 'csv' ? 'The CSV file was downloaded.' : 'The .xlsx file was downloaded.');
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void download('csv');
  };

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} id={titleId}>
          {ADMIN_REPORT_TITLES[report]}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <form onSubmit={submit} aria-label={`${ADMIN_REPORT_TITLES[report]} filters`} noValidate>
          <Stack gap="sm">
            {children}
            <Group gap="sm">
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  type={format === 'csv' ? 'submit' : 'button'}
                  kind={format === 'csv' ? 'primary' : 'secondary'}
                  size="small"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  loading={busy === format}
                  disabled={busy !== null && busy !== format}
                  onClick={format === 'csv' ? undefined : () => void download(format)}
                >
                  {FORMAT_LABELS[format]}
                </Button>
              ))}
            </Group>
          </Stack>
        </form>
        {error ? (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title="The report could not be downloaded"
          >
            {error}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed" role="status">
          {saved ?? ''}
        </Text>
        <details>
          <summary>
            <Text component="span" size="sm">
              Columns ({columns.length})
            </Text>
          </summary>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Caption>The file’s columns, in order</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Column</Table.Th>
                  <Table.Th scope="col">What it holds</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {columns.map((column) => (
                  <Table.Tr key={column.header}>
                    <Table.Td>{column.header}</Table.Td>
                    <Table.Td>{column.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
      </Stack>
    </Paper>
  );
}
