import { Group, Stack, Text } from '@mantine/core';
import { Button } from '../button/button';
import { closeDialog, openDialog } from './dialog-store';

/**
 * Asks before an action (danger: a destructive one, its button red); resolves true when confirmed,
 * false when cancelled or closed.
 */
export function confirm({
  title,
  message,
  confirmLabel,
  danger = false,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    const id = openDialog({
      title,
      size: 'small',
      onClose: () => answer(false),
      content: (
        <Stack gap="md">
          <Text size="sm">{message}</Text>
          <Group justify="flex-end" gap="sm">
            <Button kind="blanc" onClick={() => closeDialog(id)}>
              Cancel
            </Button>
            <Button
              kind={danger ? 'error' : 'primary'}
              onClick={() => {
                answer(true);
                closeDialog(id);
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
