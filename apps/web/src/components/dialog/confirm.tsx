import { Group, Stack, Text } from '@mantine/core';
import { Button, type ButtonType } from '../button/button';
import { closeDialog, openDialog } from './dialog-store';

export interface Choice<T> {
  label: string;
  value: T;
  kind: ButtonType;
}

/**
 * Asks a question answered by one of `choices` (buttons after Cancel, the last the main one);
 * resolves the chosen value, or null when cancelled or closed.
 */
export function choose<T>({
  title,
  message,
  choices,
}: {
  title: string;
  message: string;
  choices: readonly Choice<T>[];
}): Promise<T | null> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: T | null) => {
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
            {choices.map((choice) => (
              <Button
                key={choice.label}
                kind={choice.kind}
                onClick={() => {
                  answer(choice.value);
                  closeDialog(id);
                }}
              >
                {choice.label}
              </Button>
            ))}
          </Group>
        </Stack>
      ),
    });
  });
}

/**
 * Asks before an action (danger: a destructive one, its button red); resolves true when confirmed,
 * false when cancelled or closed.
 */
export async function confirm({
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
  const answer = await choose({
    title,
    message,
    choices: [{ label: confirmLabel, value: true, kind: danger ? 'error' : 'primary' }],
  });
  return answer === true;
}
