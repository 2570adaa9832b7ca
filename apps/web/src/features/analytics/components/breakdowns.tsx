import { SimpleGrid } from '@mantine/core';
import type { TBoardMember } from '@parity/domain/lpi/board';
import type { TGrid } from '@parity/domain/lpi/grids';
import type { TIndividual } from '@parity/domain/lpi/individuals';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { StackedBars } from '../../../components/charts/svg-charts';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useDictionary } from '../../../lib/dictionaries';
import { type Breakdown, breakdownRows, GROUPS, genderBreakdown, raceBreakdown } from '../lib/breakdown';

/** A query's state as the breakdowns read it (the LPI profile's queries, given by the route). */
interface Source<T> {
  data: T | undefined;
  isError: boolean;
  isPending: boolean;
  error: unknown;
}

export interface BreakdownSources {
  staff: Source<{ data: TGrid }>;
  ownership: Source<{ data: { rows: readonly TIndividual[] } }>;
  board: Source<{ data: { rows: readonly TBoardMember[] } }>;
}

function BreakdownPanel({
  title,
  fileName,
  breakdown,
}: {
  title: string;
  fileName: string;
  breakdown: Breakdown;
}) {
  return (
    <ChartPanel
      title={title}
      description="Head counts from the current profile (as the LPI tabs show it, saved changes since the latest submission included): staff from the Total Full-Time Employees grid, leadership and ownership from the people flagged so, the board members; and the owners' percentages summed."
      fileName={fileName}
      columns={[title.includes('gender') ? 'Gender' : 'Race/Ethnicity', ...GROUPS, 'Ownership (%)']}
      rows={breakdownRows(breakdown)}
    >
      <StackedBars
        title={title}
        segments={breakdown.categories}
        rows={GROUPS.map((group) => ({ label: group, counts: breakdown.counts[group] }))}
      />
    </ChartPanel>
  );
}

/** The breakdowns by gender and by race/ethnicity of the current LPI profile. */
export function Breakdowns({ staff, ownership, board }: BreakdownSources) {
  const genders = useDictionary('genders');
  const ethnicities = useDictionary('ethnicities');
  const queries = [staff, ownership, board, genders, ethnicities];
  const failed = queries.find((q) => q.isError);
  if (failed) return <QueryError error={failed.error} title="The scores could not be loaded" />;
  if (queries.some((q) => q.isPending)) return <QueryLoader label="Loading the breakdowns" />;
  const input = {
    staff: staff.data?.data,
    individuals: ownership.data?.data.rows ?? [],
    board: board.data?.data.rows ?? [],
    genders: genders.data ?? [],
    ethnicities: ethnicities.data ?? [],
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <BreakdownPanel
        title="Breakdown by gender"
        fileName="breakdown-by-gender"
        breakdown={genderBreakdown(input)}
      />
      <BreakdownPanel
        title="Breakdown by race/ethnicity"
        fileName="breakdown-by-race-ethnicity"
        breakdown={raceBreakdown(input)}
      />
    </SimpleGrid>
  );
}
