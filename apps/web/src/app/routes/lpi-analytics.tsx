import { AnalyticsPage } from '../../features/analytics/components/analytics-page';
import { Breakdowns } from '../../features/analytics/components/breakdowns';
import { useBoard } from '../../features/lpi/api/board';
import { useStaffGrid } from '../../features/lpi/api/grids';
import { useOwnership } from '../../features/lpi/api/ownership';

const SCOPE = { kind: 'organization' } as const;

/** The breakdowns read the organization's own LPI profile, through the LPI tabs' queries (one cache). */
function LpiBreakdowns() {
  const staff = useStaffGrid(SCOPE, 'staff');
  const ownership = useOwnership(SCOPE);
  const board = useBoard(SCOPE);
  return <Breakdowns staff={staff} ownership={ownership} board={board} />;
}

/** /lpi/analytics and /organizations/private/lpi/analytics: analytics composed with the LPI profile. */
export function LpiAnalyticsRoute() {
  return <AnalyticsPage breakdowns={<LpiBreakdowns />} />;
}

export { LpiAnalyticsRoute as Component };
