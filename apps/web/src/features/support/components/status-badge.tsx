import { Badge } from '@mantine/core';
import { SUPPORT_STATUS_LABELS, type TSupportStatus } from '@parity/domain/support';

const COLORS: Record<TSupportStatus, string> = { open: 'blue', answered: 'green', closed: 'gray' };

export function StatusBadge({ status }: { status: TSupportStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]}>
      {SUPPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
