import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of a sign-in page: one h1 and a line of help. */
export function AuthPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      {children ? <Text c="dimmed">{children}</Text> : null}
    </Stack>
  );
}
