import type { TTabKey } from '@parity/domain/lpi/tabs';
import type { TabDefinition } from './engine/tabs';
import { GRID_TABS } from './tabs/grids/definition';
import { miscellaneousTab, overviewTab, practicesTab } from './tabs/overview/definition';
import { boardTab, ownershipTab } from './tabs/ownership/definition';
import { policiesTab } from './tabs/policies/definition';

/**
 * Every tab of the LPI profile and its definition (how it is read, copied into a survey and
 * diffed), listed once: submit snapshots, version diffs, survey steps, exports and seeds read them
 * from here.
 */
export const TABS = {
  overview: overviewTab,
  staff: GRID_TABS.staff,
  us_staff: GRID_TABS.us_staff,
  ownership: ownershipTab,
  board: boardTab,
  insights: GRID_TABS.insights,
  investment: GRID_TABS.investment,
  us_investment: GRID_TABS.us_investment,
  committee: GRID_TABS.committee,
  us_committee: GRID_TABS.us_committee,
  policies: policiesTab,
  practices: practicesTab,
  miscellaneous: miscellaneousTab,
} satisfies Record<TTabKey, TabDefinition<unknown>>;
