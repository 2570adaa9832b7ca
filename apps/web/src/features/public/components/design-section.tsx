import { Box, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function DesignSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" id={id}>
      <Title order={2} id={`${id}-title`} mb={4}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" mb="md" maw={760}>
          {description}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}
