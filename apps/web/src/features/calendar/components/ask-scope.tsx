import { Group, Stack, Text } from '@mantine/core';
import type { TEventScope } from '@parity/domain/calendar/events';
import { Button } from '../../../components/button/button';
import { closeDialog, openDialog } from '../../../components/dialog/dialog-store';

const QUESTIONS = {
  move: {
    title: 'Move a recurring event',
    message: 'Move only this occurrence, or every occurrence of the series?',
  },
  edit: { title: 'Edit a recurring event', message: 'Change only this occurrence, or the whole series?' },
  delete: { title: 'Delete a recurring event', message: 'Delete only this occurrence, or the whole series?' },
} as const;

/**
 * Asks which part of a recurring event a change applies to: "This occurrence" or "The whole
 * series"; null when the dialog is closed without an answer (the change is then dropped).
 */
export function askScope(action: keyof typeof QUESTIONS): Promise<TEventScope | null> {
  const { title, message } = QUESTIONS[action];
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: TEventScope | null) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    const id = openDialog({
      title,
      size: 'small',
      onClose: () => answer(null),
      content: (
        <Stack gap="md">
          <Text size="sm">{message}</Text>
          <Group justify="flex-end" gap="sm">
            <Button kind="blanc" onClick={() => closeDialog(id)}>
              Cancel
            </Button>
            <Button
              kind="secondary"
              onClick={() => {
                answer('occurrence');
                closeDialog(id);
              }}
            >
              This occurrence
            </Button>
            <Button
              kind={action === 'delete' ? 'error' : 'primary'}
              onClick={() => {
                answer('series');
                closeDialog(id);
              }}
            >
              The whole series
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
