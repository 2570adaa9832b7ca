import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Header buttons, on the right (under the title on small screens). */
  actions?: ReactNode;
  /** A line above the title, e.g. a "Last updated" date. */
  eyebrow?: ReactNode;
}

export function PageHeader({ title, description, actions, eyebrow }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} maw={760}>
        {eyebrow ? (
          <Text size="sm" c="dimmed">
            {eyebrow}
          </Text>
        ) : null}
        <Title order={1}>{title}</Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
