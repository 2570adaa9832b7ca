import { ActionIcon, Group, Progress, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatFileSize } from '@parity/domain/file-size';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPES_MESSAGE,
} from '@parity/domain/organization-files';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { downloadEventFile, useDeleteEventFile, useEventFiles, useUploadEventFile } from '../api/files';

/** The organization files' document rules, checked before sending (the API checks them again). */
export function eventFileError(file: File): string | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) return DOCUMENT_TYPES_MESSAGE;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_SIZE_MESSAGE;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/** The Files tab: the event's documents; attendees with edit rights upload and delete. */
export function FilesPanel({ eventId, canEdit }: { eventId: number; canEdit: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const files = useEventFiles(eventId);
  const upload = useUploadEventFile(eventId);
  const remove = useDeleteEventFile(eventId);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const problem = eventFileError(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onError: (failure) => setError(failure.message),
        onSettled: () => setProgress(null),
      },
    );
  };

  const del = async (fileId: string, name: string) => {
    if (
      await confirm({
        title: 'Delete file',
        message: `Delete ${name}?`,
        confirmLabel: 'Delete',
        danger: true,
      })
    )
      remove.mutate(fileId);
  };

  return (
    <Stack gap="md">
      {canEdit ? (
        <Stack gap={6}>
          <Group gap="sm">
            <VisuallyHidden>
              <input
                ref={input}
                id={id}
                type="file"
                tabIndex={-1}
                accept={DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
                aria-label="Upload a document"
                onChange={pick}
                disabled={progress !== null}
              />
            </VisuallyHidden>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => input.current?.click()}
              disabled={progress !== null}
              aria-describedby={`${id}-hint`}
            >
              Upload a document
            </Button>
            <Text id={`${id}-hint`} size="xs" c="dimmed">
              {DOCUMENT_TYPES_MESSAGE} {DOCUMENT_SIZE_MESSAGE}
            </Text>
          </Group>
          {progress !== null ? (
            <Progress value={progress} aria-label="Upload progress" striped animated />
          ) : null}
          {error ? (
            <Text size="sm" c="danger.8" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {files.isPending ? (
        <QueryLoader label="Loading the files" />
      ) : files.isError ? (
        <QueryError
          error={files.error}
          title="The files could not be loaded"
          onRetry={() => void files.refetch()}
        />
      ) : files.data.length === 0 ? (
        <Text c="dimmed" role="status">
          No documents are attached to this event.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Files">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Size</Table.Th>
                <Table.Th scope="col">Uploaded by</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.data.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>{file.name}</Table.Td>
                  <Table.Td>{formatFileSize(file.size)}</Table.Td>
                  <Table.Td>{file.uploadedBy?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={`Download ${file.name}`}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Download ${file.name}`}
                          onClick={() =>
                            void downloadEventFile(eventId, file.id, file.name).catch(() => undefined)
                          }
                        >
                          <IconDownload size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      {canEdit ? (
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
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
