import type { TGrid, THistoricalGrids, TTypedGrids } from '@parity/domain/lpi/grids';
import { defineTab } from '../reporting/tabs';
import { copyCells } from './repo';
import {
  flattenGrid,
  readHistorical,
  readSimpleGrid,
  readTypedGrids,
  type SimpleGridTab,
  type TypedGridTab,
} from './service';

// The grid tabs of the LPI profile, as the reporting core knows them: what a read answers (and a
// version stores), the readable diff of two versions, and the survey copy of the organization's grid.

for (const tab of ['staff', 'us_staff'] as const satisfies readonly SimpleGridTab[]) {
  defineTab<TGrid>({
    tab,
    read: (db, scope) => readSimpleGrid(db, scope, tab),
    copyToSurvey: (tx, organizationId, surveyId) => copyCells(tx, organizationId, surveyId, tab),
    flatten: flattenGrid,
  });
}

for (const tab of [
  'investment',
  'us_investment',
  'committee',
  'us_committee',
] as const satisfies readonly TypedGridTab[]) {
  defineTab<TTypedGrids>({
    tab,
    read: (db, scope) => readTypedGrids(db, scope, tab),
    copyToSurvey: (tx, organizationId, surveyId) => copyCells(tx, organizationId, surveyId, tab),
    flatten: flattenGrid,
  });
}

defineTab<THistoricalGrids>({
  tab: 'insights',
  read: (db, scope) => readHistorical(db, scope),
  copyToSurvey: (tx, organizationId, surveyId) => copyCells(tx, organizationId, surveyId, 'historical'),
  flatten: flattenGrid,
});
