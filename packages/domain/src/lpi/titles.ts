/**
 * The counts shown in the LPI tab titles (spec 2 "Screen header actions on the profile"): staff
 * tabs show the sum of entered values (staff as entered / total employees from the overview),
 * ownership the owners plus leaders flagged over total owners plus total leaders, board its rows.
 */
import { z } from 'zod';
import { ZCheckIssue } from './checks';

const count = z.number().int().nonnegative();
const entered = z.object({ entered: count });

export const ZTabTitles = z.object({
  staff: z.object({ entered: count, total: count }),
  us_staff: entered,
  ownership: z.object({ flagged: count, total: count }),
  board: z.object({ rows: count }),
  insights: entered,
  investment: entered,
  us_investment: entered,
  committee: entered,
  us_committee: entered,
  /** the failing data checks of the tabs (issue #19): the tab list marks their tabs */
  checks: z.array(ZCheckIssue).optional(),
});
export type TTabTitles = z.infer<typeof ZTabTitles>;
