import { Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TRollup, TRollupGroup } from '@parity/domain/investments';
import { MIN_AGGREGATE } from '@parity/domain/scoring/constants';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useRollup } from '../api/portfolio';

const valueText = (group: TRollupGroup, rollup: TRollup) => {
  if (group.value === null) return 'Hidden';
  return rollup.unit === 'percent'
    ? `${group.value.toFixed(2)}%`
    : `${group.value.toLocaleString('en-US')} people`;
};

function GroupTable({
  caption,
  groups,
  rollup,
}: {
  caption: string;
  groups: TRollupGroup[];
  rollup: TRollup;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Title order={3} size="h5">
            {caption}
          </Title>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Group</Table.Th>
            <Table.Th scope="col">Managers reporting</Table.Th>
            <Table.Th scope="col">
              {rollup.unit === 'percent' ? 'Weighted share (%)' : 'Head count (people)'}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Th scope="row" fw={400}>
                {group.name}
              </Table.Th>
              <Table.Td>{group.managers}</Table.Td>
              <Table.Td title={group.reason ?? undefined}>
                {valueText(group, rollup)}
                {group.reason ? (
                  <Text size="xs" c="dimmed">
                    {group.reason}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The portfolio roll-up: staff by gender and by race/ethnicity across the managers that share
 * with us, as head counts or weighted by commitment; groups reported by fewer than 3 managers hidden.
 */
export function RollupPanel({
  weighted,
  onWeightedChange,
}: {
  weighted: boolean;
  onWeightedChange: (weighted: boolean) => void;
}) {
  const rollup = useRollup(weighted);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="rollup-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="rollup-title">
            Portfolio roll-up
          </Title>
          <SegmentedControl
            aria-label="Figures"
            data={[
              { value: 'no', label: 'Head counts' },
              { value: 'yes', label: 'Weighted by commitment' },
            ]}
            value={weighted ? 'yes' : 'no'}
            onChange={(value) => onWeightedChange(value === 'yes')}
          />
        </Group>
        {rollup.isPending ? (
          <QueryLoader label="Loading the roll-up" />
        ) : rollup.isError ? (
          <QueryError
            error={rollup.error}
            title="The roll-up could not be loaded"
            onRetry={() => void rollup.refetch()}
          />
        ) : rollup.data.reporting === 0 ? (
          // Every group would read 'Hidden' with 0 managers: nothing to roll up yet.
          <Text size="sm" c="dimmed" role="status">
            {rollup.data.managers === 0
              ? 'No roll-up yet: it totals the staff of the managers in your portfolio once there are some.'
              : `No roll-up yet: none of your ${rollup.data.managers} managers shares a profile that reports staff with you.`}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Total full-time employees of the {rollup.data.reporting} managers that share their profile with
              you and report staff ({rollup.data.shared} of {rollup.data.managers} managers share;{' '}
              {rollup.data.people.toLocaleString('en-US')} people).{' '}
              {rollup.data.weighted
                ? `Each manager's shares weighted by its commitment (${rollup.data.currency ?? 'no commitment'}).`
                : 'Head counts, unweighted.'}{' '}
              A group reported by fewer than {MIN_AGGREGATE} managers is hidden to protect their privacy.
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <GroupTable caption="By gender" groups={rollup.data.gender} rollup={rollup.data} />
              <GroupTable caption="By race/ethnicity" groups={rollup.data.ethnicity} rollup={rollup.data} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Card>
  );
}
