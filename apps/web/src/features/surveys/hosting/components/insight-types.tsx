import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { INSIGHT_TYPES, insightTypeName } from '@parity/domain/survey-request';

/** The insights a host requests (spec 3 insight types): one checkbox each, kept in the list's order. */
export function InsightTypesField({
  value,
  onChange,
}: {
  value: readonly number[];
  onChange: (next: number[]) => void;
}) {
  return (
    <Checkbox.Group
      label="Requested insights"
      description="The insights you want from the responses."
      value={value.map(String)}
      onChange={(next) => {
        const chosen = new Set(next.map(Number));
        onChange(INSIGHT_TYPES.filter((type) => chosen.has(type.id)).map((type) => type.id));
      }}
    >
      <Stack gap="xs" mt="xs">
        {INSIGHT_TYPES.map((type) => (
          <Checkbox key={type.id} value={String(type.id)} label={type.name} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The requested insights where the host reads the survey: a badge each, or that none were asked. */
export function RequestedInsights({ ids }: { ids: readonly number[] }) {
  const names = ids.map(insightTypeName).filter((name): name is string => name !== null);
  if (names.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No insights requested
      </Text>
    );
  return (
    <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Requested insights">
      {names.map((name) => (
        <Badge key={name} component="li" variant="light" color="parity" tt="none">
          {name}
        </Badge>
      ))}
    </Group>
  );
}
