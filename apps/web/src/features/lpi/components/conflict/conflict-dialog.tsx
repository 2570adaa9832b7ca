import { Group, Stack, Text } from '@mantine/core';
import { TAB_TITLES, type TConflictDetail, ZConflictDetail } from '@parity/domain/lpi/tabs';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { openDialog } from '../../../../components/dialog/dialog-store';
import { ApiError } from '../../../../lib/api-client';
import { formatDateTime, relativeTime } from '../../../../lib/dates';
import { personName } from '../versions/format';

/** The server's side of a stale save (409 `stale_save`), or null when the error is anything else. */
export function conflictOf(error: unknown): TConflictDetail | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { detail?: unknown } | null | undefined;
  const parsed = ZConflictDetail.safeParse(body?.detail);
  return parsed.success ? parsed.data : null;
}

export interface ConflictChoice {
  /** Drop the draft and load what the server has. */
  onReload: () => Promise<unknown>;
  /** Save the draft over the other save (based on the server's updated_at). */
  onOverwrite: () => Promise<unknown>;
}

function ConflictContent({
  detail,
  choice,
  close,
}: {
  detail: TConflictDetail;
  choice: ConflictChoice;
  close: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<unknown>) => async () => {
    setBusy(true);
    close();
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Text>
        {personName(detail.updated_by)} saved {TAB_TITLES[detail.tab]}
        {detail.updated_at ? (
          <>
            {' '}
            <time dateTime={detail.updated_at}>{relativeTime(detail.updated_at)}</time> (
            {formatDateTime(detail.updated_at)})
          </>
        ) : null}{' '}
        after you opened it. Your changes are not saved.
      </Text>
      <Text size="sm" c="dimmed">
        Reload to see their changes (your changes to this tab are discarded), or overwrite their save with
        your changes.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button kind="blanc" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button kind="secondary" onClick={run(choice.onReload)} disabled={busy}>
          Reload
        </Button>
        <Button kind="warning" onClick={run(choice.onOverwrite)} disabled={busy}>
          Overwrite with my changes
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Tells who saved the tab since it was opened and lets the user choose: reload, or overwrite with
 * their draft. Nothing is saved until they choose (never a silent overwrite); Cancel keeps the draft.
 */
export function openConflictDialog(detail: TConflictDetail, choice: ConflictChoice): string {
  return openDialog({
    title: 'Someone else saved this tab',
    size: 'medium',
    persistent: true,
    content: (close) => <ConflictContent detail={detail} choice={choice} close={close} />,
  });
}
