import { checkHeadcountChange, checkStaffTotal } from '@parity/domain/lpi/checks';
import type { TGrid, THistoricalGrids, TTypedGrids } from '@parity/domain/lpi/grids';
import type { DbOrTx } from '../../../../db/client';
import type { ReportingScope } from '../../engine/scope';
import type { TabDefinition } from '../../engine/tabs';
import { declaredTotals } from '../ownership/repo';
import { copyCells, submittedHeadcounts } from './repo';
import {
  flattenGrid,
  readHistorical,
  readSimpleGrid,
  readTypedGrids,
  type SimpleGridTab,
  type TypedGridTab,
} from './service';

// The grid tabs of the LPI profile, as the engine knows them: what a read answers (and a version
// stores), the readable diff of two versions, and the survey copy of the organization's grid.

const simple = (tab: SimpleGridTab): TabDefinition<TGrid> => ({
  tab,
  read: (db, scope) => readSimpleGrid(db, scope, tab),
  copyToSurvey: (tx, organizationId, surveyId) => copyCells(tx, organizationId, surveyId, tab),
  flatten: flattenGrid,
});

const typed = (tab: TypedGridTab): TabDefinition<TTypedGrids> => ({
  tab,
  read: (db, scope) => readTypedGrids(db, scope, tab),
  copyToSurvey: (tx, organizationId, surveyId) => copyCells(tx, organizationId, surveyId, tab),
  flatten: flattenGrid,
});

/**
 * The head count at the end of each year, where known: a profile reports the head count as it is
 * when the year it reports on begins (a survey's start year, or the year of a submission of the
 * organization's own profile), that is at the end of the year before. The organization's earlier
 * submissions give earlier years; the scope's own Total Full-Time Employees gives the end of the
 * last historical year (`lastYear`).
 */
async function headcounts(db: DbOrTx, scope: ReportingScope, lastYear: number) {
  const known = new Map<number, number>();
  for (const { year, headcount } of await submittedHeadcounts(db, scope.organizationId))
    known.set(year - 1, headcount);
  known.set(lastYear, (await declaredTotals(db, scope)).total_full_time_employees);
  return known;
}

export const GRID_TABS = {
  staff: {
    ...simple('staff'),
    // The staff grid's head count is the Overview's Total Full-Time Employees.
    async checks(db, scope, data) {
      const declared = await declaredTotals(db, scope);
      return checkStaffTotal(data.totals.all, declared.total_full_time_employees);
    },
  } satisfies TabDefinition<TGrid>,
  us_staff: simple('us_staff'),
  investment: typed('investment'),
  us_investment: typed('us_investment'),
  committee: typed('committee'),
  us_committee: typed('us_committee'),
  insights: {
    tab: 'insights',
    read: (db, scope) => readHistorical(db, scope),
    copyToSurvey: (tx, organizationId, surveyId) => copyCells(tx, organizationId, surveyId, 'historical'),
    flatten: flattenGrid,
    // Hires minus attrition of a year is that year's change in head count.
    async checks(db, scope, data) {
      const lastYear = data.years[data.years.length - 1];
      if (lastYear === undefined) return [];
      return checkHeadcountChange(data.grids, await headcounts(db, scope, lastYear));
    },
  } satisfies TabDefinition<THistoricalGrids>,
};
