import { Badge } from '@mantine/core';
import { SUPPORT_STATUS_LABELS, type TSupportStatus } from '@parity/domain/support';

// The theme's colours, whose light badges keep the contrast AA asks for.
const COLORS: Record<TSupportStatus, string> = { open: 'warning', answered: 'success', closed: 'gray' };

export function StatusBadge({ status }: { status: TSupportStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]}>
      {SUPPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
