import { Anchor, Group, List, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@parity/domain/file-size';
import { policyStatusMessage, type TPolicyRecord } from '@parity/domain/lpi/policies';
import { Button } from '../../../../components/button/button';

export interface PolicyRecordViewProps {
  record: TPolicyRecord;
  now: Date;
  /** Edit and delete (hidden when read-only). */
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onDownload: (attachment: TPolicyRecord['attachments'][number]) => void;
}

const DATES: { key: 'current_as_of' | 'established_at' | 'last_reviewed_at'; label: string }[] = [
  { key: 'current_as_of', label: 'Current as of' },
  { key: 'established_at', label: 'Established' },
  { key: 'last_reviewed_at', label: 'Last reviewed' },
];

/** One record of a policy: the status message, its dates, attachments and revision. */
export function PolicyRecordView({
  record,
  now,
  editable,
  onEdit,
  onDelete,
  onDownload,
}: PolicyRecordViewProps) {
  const dates = DATES.filter(({ key }) => record[key]);
  return (
    <Stack gap={4} data-testid={`policy-record-${record.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={500}>{policyStatusMessage(record, now)}</Text>
          <Text size="sm" c="dimmed">
            Revision {record.revision}
            {dates.map(({ key, label }) => ` · ${label} ${record[key]}`).join('')}
          </Text>
        </Stack>
        {editable && (
          <Group gap="xs" wrap="nowrap">
            <Button kind="tertiary" size="small" onClick={onEdit} aria-label={`Edit ${record.name}`}>
              Edit
            </Button>
            <Button kind="tertiary" size="small" onClick={onDelete} aria-label={`Delete ${record.name}`}>
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {record.attachments.length > 0 && (
        <List size="sm" aria-label={`Attachments of ${record.name}`}>
          {record.attachments.map((attachment) => (
            <List.Item key={attachment.id}>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => onDownload(attachment)}
                aria-label={`Download ${attachment.name}`}
              >
                {attachment.name}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                ({formatFileSize(attachment.size)})
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
