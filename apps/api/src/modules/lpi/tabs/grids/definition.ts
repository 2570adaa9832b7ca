import { checkStaffTotal } from '@parity/domain/lpi/checks';
import type { TGrid, THistoricalGrids, TTypedGrids } from '@parity/domain/lpi/grids';
import type { TabDefinition } from '../../engine/tabs';
import { declaredTotals } from '../ownership/repo';
import { copyCells } from './repo';
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
  } satisfies TabDefinition<THistoricalGrids>,
};
