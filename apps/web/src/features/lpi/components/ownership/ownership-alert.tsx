import { Alert } from '@mantine/core';
import { ownershipAlert } from '@parity/domain/lpi/individuals';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** 'Ownership is 100.00%' with a check at exactly 100.00, else an error saying what to do (an alert, not a block). */
export function OwnershipAlert({ total }: { total: number }) {
  const { type, text } = ownershipAlert(total);
  return type === 'success' ? (
    <Alert color="green" icon={<IconCircleCheck aria-label="Complete" />} data-type="success" role="status">
      {text}
    </Alert>
  ) : (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} data-type="error" role="status">
      {text}
    </Alert>
  );
}
