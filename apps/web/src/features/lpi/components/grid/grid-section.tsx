import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '../../../../components/query-state/query-state';

const fmt = (n: number) => n.toLocaleString('en-US');

/** A save unit's heading with its count (spec 2 Tab titles: the sum of entered values). */
export function GridSection({
  title,
  entered,
  total,
  query,
  children,
}: {
  title: string;
  entered: number | null;
  /** shown as "entered / total" when known */
  total?: number | null;
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>;
  children: ReactNode;
}) {
  const count =
    entered === null
      ? null
      : total !== undefined && total !== null
        ? `${fmt(entered)} / ${fmt(total)}`
        : fmt(entered);
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Group gap="xs" align="baseline">
        <Title order={2} size="h3">
          {title}
        </Title>
        {count !== null ? (
          <Text c="dimmed" fw={600} data-testid="grid-count">
            {count}
          </Text>
        ) : null}
      </Group>
      {query.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading...</Text>
        </Group>
      ) : query.isError ? (
        <QueryError error={query.error} title="This grid could not be loaded" />
      ) : (
        children
      )}
    </Stack>
  );
}
