import { ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';

const SHADES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

const PALETTES = [
  { name: 'parity', use: 'Brand, primary actions, links' },
  { name: 'success', use: 'Success and completion' },
  { name: 'action', use: 'Calls to act, guidance' },
  { name: 'warning', use: 'Warnings (dark text on it)' },
  { name: 'danger', use: 'Errors and destructive actions' },
] as const;

/** The theme's palettes; shade 6 is the filled colour, shade 1 and 9 the light variant. */
export function ColourSamples() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {PALETTES.map(({ name, use }) => (
        <Stack key={name} gap={6}>
          <Text fw={600}>
            <code>{name}</code>
          </Text>
          <Text size="sm" c="dimmed">
            {use}
          </Text>
          <Group gap={4} aria-hidden="true">
            {SHADES.map((shade) => (
              <ColorSwatch
                key={shade}
                color={`var(--mantine-color-${name}-${shade})`}
                size={24}
                radius="sm"
              />
            ))}
          </Group>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
