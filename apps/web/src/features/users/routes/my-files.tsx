import { Anchor, Card, Skeleton, Table, Text } from '@mantine/core';
import { formatFileSize } from '@parity/domain/file-size';
import { QueryError } from '../../../components/query-state/query-state';
import { formatDate } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';
import { useAttachments } from '../api/users';

export const NO_DOCUMENTS = 'No documents yet';

/** /users/private/files (Documents): my uploaded files. */
export function MyFilesRoute() {
  const files = useAttachments();
  const rows = files.data?.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Documents">
      {files.isPending ? (
        <Skeleton height={80} aria-busy="true" />
      ) : files.isError ? (
        <QueryError
          error={files.error}
          title="Your documents could not be loaded"
          onRetry={() => void files.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_DOCUMENTS}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Uploaded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((file) => (
              <Table.Tr key={file.id}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => void downloadFile(file.url, file.name)}
                  >
                    {file.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatFileSize(file.size)}</Table.Td>
                <Table.Td>{formatDate(file.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

export { MyFilesRoute as Component };
