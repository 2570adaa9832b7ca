import { Anchor, Card, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { displayName } from '@parity/domain/account';
import { formatFileSize } from '@parity/domain/file-size';
import { listAction, listItem } from '@parity/domain/list-item';
import type { TOrganizationFile } from '@parity/domain/organization-files';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { confirm } from '../../../components/dialog/confirm';
import { Pager, pageCount } from '../../../components/pager/pager';
import { ProtectedImage } from '../../../components/protected-image/protected-image';
import { QueryError } from '../../../components/query-state/query-state';
import { RowActions } from '../../../components/row-actions/row-actions';
import { formatDate } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';
import {
  FILES_PAGE_SIZE,
  type Library,
  useDeleteFromLibrary,
  useLibrary,
  useUploadToLibrary,
} from '../api/library';
import { DOCUMENT_LIMIT, MEDIA_LIMIT } from '../lib/file-limits';
import { DEFAULT_LOGO } from './organization-logo';
import { UploadButton } from './upload-button';

const TEXTS = {
  files: { title: 'Documents', upload: 'Upload document', empty: 'No documents yet', limit: DOCUMENT_LIMIT },
  media: { title: 'Media', upload: 'Upload image', empty: 'No images yet', limit: MEDIA_LIMIT },
} as const;

function uploader(file: TOrganizationFile) {
  return file.uploaded_by ? displayName(file.uploaded_by.name, file.uploaded_by.lastname) : 'No information';
}

/** A file: download it (the row says when it is saved), or delete it when the caller may. */
const fileItem = (file: TOrganizationFile) =>
  listItem(file.id, [
    listAction({ id: 'download', title: 'Download', icon: 'download', primary: true }),
    file.can_delete && listAction({ id: 'delete', title: 'Delete', icon: 'delete', type: 'danger' }),
  ]);

function FileActions({ file, library }: { file: TOrganizationFile; library: Library }) {
  const remove = useDeleteFromLibrary(library);
  const onDelete = async () => {
    const confirmed = await confirm({
      danger: true,
      title: 'Delete file',
      message: `Delete ${file.name}? This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return false;
    const answer = await remove.mutateAsync(file.id);
    showAlert('success', 'Success!', answer.message);
  };
  return (
    <RowActions
      item={fileItem(file)}
      label={file.name}
      onAction={(action) => (action === 'download' ? downloadFile(file.download_url, file.name) : onDelete())}
    />
  );
}

/** The documents (files) or images (media) of the organization: upload with progress, list, download, delete. */
export function LibraryPage({ library }: { library: Library }) {
  const texts = TEXTS[library];
  const [page, setPage] = useState(1);
  const files = useLibrary(library, page);
  const upload = useUploadToLibrary(library);
  const rows = files.data?.data ?? [];

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={texts.title}>
      <Stack gap="md">
        <UploadButtonFor library={library} label={texts.upload} upload={upload.mutateAsync} />
        {files.isPending ? (
          <Skeleton height={80} aria-busy="true" />
        ) : files.isError ? (
          <QueryError
            error={files.error}
            title={`The ${texts.title.toLowerCase()} could not be loaded`}
            onRetry={() => void files.refetch()}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {texts.empty}
          </Text>
        ) : library === 'media' ? (
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, md: 4 }}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {rows.map((file) => (
              <Card component="li" key={file.id} withBorder radius="md" padding="xs">
                <Stack gap={6}>
                  <ProtectedImage
                    src={file.preview_url}
                    alt={file.name}
                    fallback={DEFAULT_LOGO}
                    h={140}
                    radius="sm"
                    fit="cover"
                  />
                  <Text size="sm" fw={500} truncate>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.size)} · {uploader(file)}
                  </Text>
                  <FileActions file={file} library={library} />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Uploaded by</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((file) => (
                  <Table.Tr key={file.id}>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        onClick={() => void downloadFile(file.download_url, file.name).catch(() => {})}
                      >
                        {file.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatFileSize(file.size)}</Table.Td>
                    <Table.Td>{uploader(file)}</Table.Td>
                    <Table.Td>{formatDate(file.created_at)}</Table.Td>
                    <Table.Td>
                      <FileActions file={file} library={library} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager pages={pageCount(files.data?.total ?? 0, FILES_PAGE_SIZE)} page={page} onChange={setPage} />
      </Stack>
    </Card>
  );
}

function UploadButtonFor({
  library,
  label,
  upload,
}: {
  library: Library;
  label: string;
  upload: (input: { file: File; onProgress: (percent: number) => void }) => Promise<unknown>;
}) {
  return (
    <UploadButton
      label={label}
      limit={TEXTS[library].limit}
      upload={(file, onProgress) =>
        upload({ file, onProgress }).then(() =>
          showAlert('success', 'Success!', `${file.name} was uploaded.`),
        )
      }
    />
  );
}
