import { Group, Stack, Text } from '@mantine/core';
import { Button } from '../../../components/button/button';
import { type DialogSize, openDialog } from '../../../components/dialog/dialog-store';

export const DIALOG_SIZES: readonly DialogSize[] = ['small', 'medium', 'large', 'x-large'];

function openSample(size: DialogSize, persistent = false) {
  openDialog({
    title: persistent ? 'Share your feedback' : `A ${size} dialog`,
    size,
    persistent,
    content: (close) => (
      <Stack gap="md">
        <Text>
          {persistent
            ? 'A persistent dialog ignores Escape and clicks on the backdrop; only its buttons close it.'
            : 'Escape, a click on the backdrop or the close button closes this dialog. Focus stays inside it while it is open.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button kind="tertiary" onClick={close}>
            Cancel
          </Button>
          <Button kind="primary" onClick={close}>
            Done
          </Button>
        </Group>
      </Stack>
    ),
  });
}

export function DialogSamples() {
  return (
    <Group gap="sm">
      {DIALOG_SIZES.map((size) => (
        <Button key={size} kind="primary-outlined" onClick={() => openSample(size)}>
          Open {size} dialog
        </Button>
      ))}
      <Button kind="secondary" onClick={() => openSample('small', true)}>
        Open persistent dialog
      </Button>
    </Group>
  );
}
