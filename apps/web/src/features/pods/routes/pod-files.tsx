import { ActionIcon, Anchor, Group, Stack, Table, Tooltip } from '@mantine/core';
import { formatFileSize } from '@parity/domain/file-size';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { confirm } from '../../../components/dialog/confirm';
import { Pager, pageCount } from '../../../components/pager/pager';
import { SortableTh } from '../../../components/table/sortable-th';
import { formatDateTime } from '../../../lib/dates';
import { downloadPodFile, useDeletePodFile, usePodFiles, useUploadPodFile } from '../api/files';
import { FILES_PAGE_SIZE, type FileListParams } from '../api/keys';
import { ListRead, ScrollTable, SearchBox, useSearchedPages } from '../components/query-view';
import { UploadFile } from '../components/upload-file';
import { useShownPod } from '../lib/shown-pod';

const COLUMNS: { sort: FileListParams['sort']; label: string }[] = [
  { sort: 'name', label: 'Name' },
  { sort: 'size', label: 'Size' },
  { sort: 'createdAt', label: 'Added' },
];

/** /pods/{podId}/files: the documents shared in the pod, searched and sorted; members upload. */
export function PodFilesRoute() {
  const pod = useShownPod();
  const searched = useSearchedPages();
  const { q, page, setPage } = searched;
  const [order, setOrder] = useState<Pick<FileListParams, 'sort' | 'dir'>>({
    sort: 'createdAt',
    dir: 'desc',
  });
  const files = usePodFiles(pod.id, { q, ...order, page });
  const upload = useUploadPodFile(pod.id);
  const remove = useDeletePodFile(pod.id);

  const sortBy = (sort: FileListParams['sort']) => {
    setOrder((now) => ({ sort, dir: now.sort === sort && now.dir === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };
  const del = async (fileId: string, name: string) => {
    const sure = await confirm({
      title: 'Delete file',
      message: `Delete ${name}?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (sure)
      remove.mutate(fileId, { onSuccess: () => showAlert('success', 'Deleted', `${name} was deleted.`) });
  };

  return (
    <Stack gap="md">
      {pod.isMember ? (
        <UploadFile
          label="Upload a document"
          upload={(file, onProgress) =>
            upload
              .mutateAsync({ file, onProgress })
              .then(() => showAlert('success', 'Uploaded', `${file.name} is shared with the pod.`))
          }
        />
      ) : null}
      <SearchBox label="Search files" placeholder="File name" state={searched} />
      <ListRead
        read={files}
        what="the files"
        empty={q ? 'No file matches.' : 'No documents are shared in this pod yet.'}
      >
        {(list) => (
          <>
            <ScrollTable label="Files" minWidth={560}>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <SortableTh
                      key={column.sort}
                      label={column.label}
                      sorted={order.sort === column.sort ? order.dir : null}
                      onSort={() => sortBy(column.sort)}
                    />
                  ))}
                  <Table.Th scope="col">Uploaded by</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((file) => (
                  <Table.Tr key={file.id}>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        onClick={() =>
                          void downloadPodFile(pod.id, file.id, file.name).catch(() => undefined)
                        }
                      >
                        {file.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatFileSize(file.size)}</Table.Td>
                    <Table.Td>{formatDateTime(file.createdAt)}</Table.Td>
                    <Table.Td>{file.uploadedBy?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      {file.canDelete ? (
                        <Group gap={4} justify="flex-end">
                          <Tooltip label={`Delete ${file.name}`}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${file.name}`}
                              onClick={() => void del(file.id, file.name)}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
            <Pager pages={pageCount(list.total, FILES_PAGE_SIZE)} page={page} onChange={setPage} />
          </>
        )}
      </ListRead>
    </Stack>
  );
}
