import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { Button } from '../../../components/button/button';
import { useExportOrganizationData } from '../api/export';

/** The admins' "Export data" section of the organization settings (issue 21 point 6). */
export function ExportDataCard() {
  const exportData = useExportOrganizationData();
  const busy = (format: 'json' | 'xlsx') => exportData.isPending && exportData.variables === format;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="export-data-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="export-data-title">
          Export data
        </Title>
        <Text size="sm">
          Download everything the organization keeps here: its record, the LPI profile with its versions and
          submissions, the list of files, the members and the audit log. The download is recorded in the audit
          log.
        </Text>
        <Group gap="sm">
          <Button kind="blanc" loading={busy('json')} onClick={() => exportData.mutate('json')}>
            Download JSON
          </Button>
          <Button kind="blanc" loading={busy('xlsx')} onClick={() => exportData.mutate('xlsx')}>
            Download Excel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
