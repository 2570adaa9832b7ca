import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconSchool } from '@tabler/icons-react';

export const DEFAULT_TRAINING_URL = 'https://training.parity.example';

/** The training site's address: VITE_TRAINING_URL when set (and not empty), else the default. */
export function trainingUrl(value: string | undefined = import.meta.env.VITE_TRAINING_URL): string {
  return value?.trim() ? value.trim() : DEFAULT_TRAINING_URL;
}

/** The dashboard banner linking to the external training site (opens in a new tab). */
export function TrainingBanner({ url = trainingUrl() }: { url?: string }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      bg="parity.0"
      component="section"
      aria-labelledby="training-title"
    >
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="filled" aria-hidden>
            <IconSchool size={24} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} size="h4" id="training-title">
              Parity Academy
            </Title>
            <Text size="sm">Short courses on diversity data, reporting and running surveys.</Text>
          </Stack>
        </Group>
        <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600}>
          <Group gap={4} component="span" wrap="nowrap">
            Go to training
            <IconExternalLink size={16} aria-hidden />
            <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
          </Group>
        </Anchor>
      </Group>
    </Card>
  );
}
