import { Tooltip } from '@mantine/core';
import type { TCheckIssue } from '@parity/domain/lpi/checks';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The warning marker of a tab or step whose data fails a check (issue #19), naming what is wrong. */
export function CheckMarker({ issues }: { issues: readonly TCheckIssue[] }) {
  const label = `Data check: ${issues.map((issue) => issue.message).join(' ')}`;
  return (
    <Tooltip label={label} multiline w={320} withinPortal>
      <IconAlertTriangle size={16} color="var(--mantine-color-warning-9)" role="img" aria-label={label} />
    </Tooltip>
  );
}
