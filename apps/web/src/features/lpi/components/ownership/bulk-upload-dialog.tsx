import { Anchor, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Button } from '../../../../components/button/button';
import { toApiError } from '../../../../lib/api-client';
import {
  downloadOwnershipTemplate,
  type OwnershipUploadResult,
  type UploadRowError,
  uploadOwnership,
  uploadRowErrors,
} from '../../api/ownership';
import type { LpiScope } from '../../lib/scope';

export interface BulkUploadDialogProps {
  opened: boolean;
  scope: LpiScope;
  /** The tab state's updated_at the upload is based on. */
  updatedAt: string | null;
  /** Unsaved edits would be lost under the imported rows: the upload waits for a save. */
  blocked: boolean;
  onUploaded: (result: OwnershipUploadResult) => void;
  onClose: () => void;
}

/** 'Bulk Upload': the template link, the file, a progress bar while it uploads, and every row error. */
export function BulkUploadDialog(props: BulkUploadDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Bulk Upload" size="lg">
      {props.opened ? <BulkUploadForm {...props} /> : null}
    </Modal>
  );
}

function BulkUploadForm({ scope, updatedAt, blocked, onUploaded, onClose }: BulkUploadDialogProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<UploadRowError[]>([]);

  const upload = async () => {
    if (!file) return;
    setMessage(null);
    setRowErrors([]);
    setProgress(0);
    try {
      onUploaded(await uploadOwnership(scope, file, updatedAt, setProgress));
    } catch (error) {
      setMessage(toApiError(error).message);
      setRowErrors(uploadRowErrors(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Fill the template (one individual or entity per row) and upload it. Either every row is imported, or
        none and each problem is listed below.
      </Text>
      <Anchor
        component="button"
        type="button"
        onClick={() => {
          void downloadOwnershipTemplate(scope);
        }}
      >
        Download template
      </Anchor>
      <div>
        <label htmlFor={inputId}>
          <Text size="sm" fw={500} component="span">
            Spreadsheet (.xlsx)
          </Text>
        </label>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          style={{ display: 'block', marginTop: 4 }}
        />
      </div>
      {blocked ? <Text c="orange">Save your changes before a bulk upload.</Text> : null}
      {progress !== null ? <Progress value={progress} aria-label="Upload progress" animated /> : null}
      {message ? (
        <Text c="red" role="alert">
          {message}
        </Text>
      ) : null}
      {rowErrors.length ? (
        <Table.ScrollContainer minWidth={400} mah={300}>
          <Table aria-label="Upload errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rowErrors.map((error) => (
                <Table.Tr key={`${error.row}-${error.column}`}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{error.column}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Group justify="flex-end">
        <Button kind="secondary" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" onClick={upload} disabled={!file || blocked} loading={progress !== null}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
