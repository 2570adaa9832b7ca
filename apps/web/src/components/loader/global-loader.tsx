import { Group, Loader, Paper, Text } from '@mantine/core';
import { useLoading } from '../../lib/loading';

export const DEFAULT_LOADING_TEXT = 'Loading...';

interface GlobalLoaderProps {
  label?: string;
}

/**
 * The app-wide request indicator. The live region stays mounted so screen readers announce the
 * text when it appears; the indicator itself shows only after the show delay of lib/loading.
 */
export function GlobalLoader({ label = DEFAULT_LOADING_TEXT }: GlobalLoaderProps) {
  const { visible, slow } = useLoading();
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy={visible}
      data-slow={slow || undefined}
      style={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 1000 }}
    >
      {visible ? (
        <Paper shadow="md" radius="xl" px="md" py={6} withBorder>
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{label}</Text>
          </Group>
        </Paper>
      ) : null}
    </div>
  );
}
