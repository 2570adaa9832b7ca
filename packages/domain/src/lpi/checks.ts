/**
 * The LPI data checks (issue #19): figures of one tab that must agree with the Overview's declared
 * totals or with each other. A failing check does not stop a save (people fill tabs in any order);
 * it is shown on the grid, the tab and the survey step, and a survey step whose data fails one is
 * marked complete only with a note explaining the mismatch, which the survey's host reads.
 */
import { z } from 'zod';
import { REQUIRED_OWNERSHIP_TOTAL } from '../constants';
import { ZTabKey } from './tabs';

export const ZCheckIssue = z.object({
  /** the save unit whose data fails the check */
  tab: ZTabKey,
  code: z.enum(['staff_total', 'ownership_total', 'owners_listed', 'leaders_listed', 'headcount_change']),
  /** what is wrong and what to do */
  message: z.string(),
});
export type TCheckIssue = z.infer<typeof ZCheckIssue>;

/** The longest note a respondent may leave on a step whose data fails a check. */
export const CHECK_NOTE_MAX_LENGTH = 2000;
export const ZCheckNote = z
  .string()
  .trim()
  .min(1, 'Explain the mismatch in the note')
  .max(CHECK_NOTE_MAX_LENGTH, `Note must be at most ${CHECK_NOTE_MAX_LENGTH} characters`);

/** The 422 answer's message when Mark Complete meets failing checks without a note. */
export const CHECKS_NEED_NOTE_MESSAGE =
  'This step’s data does not add up. Fix it, or mark the step complete with a note explaining the mismatch.';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const percent = (cents: number) => `${(cents / 100).toFixed(2)}%`;

/** The staff grid's head count against the Overview's Total Full-Time Employees. */
export function checkStaffTotal(gridTotal: number, declaredFte: number): TCheckIssue[] {
  if (gridTotal === declaredFte) return [];
  return [
    {
      tab: 'staff',
      code: 'staff_total',
      message:
        `The staff grid adds up to ${count(gridTotal, 'employee', 'employees')}; the Overview declares ` +
        `${count(declaredFte, 'full-time employee', 'full-time employees')}. Correct the grid or the ` +
        'Overview’s Total Full-Time Employees.',
    },
  ];
}

/** The total the owners' percentages must reach, as the tab and the help write it: '100.00%'. */
export const OWNERSHIP_TOTAL_TEXT = percent(REQUIRED_OWNERSHIP_TOTAL * 100);

/** What the ownership alert says when the owners' percentages do not total 100.00%. */
export const ownershipTotalMessage = (ownershipSum: number) =>
  `Owner percentages add up to ${percent(Math.round(ownershipSum * 100))}; they must total ${OWNERSHIP_TOTAL_TEXT}`;

/** The owners' percentages must total 100.00% as soon as an owner is listed or declared. */
export function checkOwnershipTotal(
  ownershipSum: number,
  owners: number,
  declaredOwners: number,
): TCheckIssue[] {
  const cents = Math.round(ownershipSum * 100);
  if (cents === REQUIRED_OWNERSHIP_TOTAL * 100 || (owners === 0 && declaredOwners === 0)) return [];
  return [
    {
      tab: 'ownership',
      code: 'ownership_total',
      message: ownershipTotalMessage(ownershipSum),
    },
  ];
}

/** The owners and leaders listed against the Overview's Total Owners and Total Leaders. */
export function checkListedPeople(
  listed: { owners: number; leaders: number },
  declared: { owners: number; leaders: number },
): TCheckIssue[] {
  const issues: TCheckIssue[] = [];
  if (listed.owners !== declared.owners) {
    issues.push({
      tab: 'ownership',
      code: 'owners_listed',
      message:
        `${count(listed.owners, 'owner is', 'owners are')} listed; the Overview declares ` +
        `${count(declared.owners, 'owner', 'owners')}. List every owner, or correct the Overview’s Total Owners.`,
    });
  }
  if (listed.leaders !== declared.leaders) {
    issues.push({
      tab: 'ownership',
      code: 'leaders_listed',
      message:
        `${count(listed.leaders, 'leader is', 'leaders are')} listed; the Overview declares ` +
        `${count(declared.leaders, 'leader', 'leaders')}. List every member of senior leadership, or ` +
        'correct the Overview’s Total Leaders.',
    });
  }
  return issues;
}

// The historical insight types (grids.ts HISTORICAL_TYPES, which reads this file's schema).
const HIRES = 1;
const ATTRITION = 3;

/**
 * Hires minus attrition of a year against that year's change in head count (the head count at
 * the end of the year less the one at its start), for the years whose two head counts are known
 * and whose hires or attrition are reported (a year with neither reported is not filled in yet).
 * `grids` are the historical grids (year, type, totals: the reported counts' sum and how many
 * cells are reported).
 */
export function checkHeadcountChange(
  grids: readonly { year: number; type: number; totals: { all: number; reported: number } }[],
  headcounts: ReadonlyMap<number, number>,
): TCheckIssue[] {
  const issues: TCheckIssue[] = [];
  const years = [...new Set(grids.map((g) => g.year))].sort((a, b) => a - b);
  for (const year of years) {
    const start = headcounts.get(year - 1);
    const end = headcounts.get(year);
    if (start === undefined || end === undefined) continue;
    const grid = (type: number) => grids.find((g) => g.year === year && g.type === type);
    if (!grid(HIRES)?.totals.reported && !grid(ATTRITION)?.totals.reported) continue;
    const total = (type: number) => grid(type)?.totals.all ?? 0;
    const net = total(HIRES) - total(ATTRITION);
    const change = end - start;
    if (net === change) continue;
    issues.push({
      tab: 'insights',
      code: 'headcount_change',
      message:
        `In ${year}, hires minus attrition is ${net.toLocaleString('en-US')} but head count changed by ` +
        `${change.toLocaleString('en-US')} (from ${start.toLocaleString('en-US')} to ${end.toLocaleString('en-US')}). ` +
        'Correct the hires or the attrition of that year.',
    });
  }
  return issues;
}

/** What the checks read: the Overview's declared totals and the figures of the other tabs. */
export interface TCheckInput {
  overview?: { total_full_time_employees: number; total_owners: number; total_leaders: number };
  staff?: { totals: { all: number } };
  ownership?: { totals: { ownership_sum: number; owners: number; leaders: number } };
  insights?: {
    grids: readonly { year: number; type: number; totals: { all: number; reported: number } }[];
  };
  /** head count at the end of each year, where known (the organization's earlier submissions) */
  headcounts?: ReadonlyMap<number, number>;
}

/** Every check whose figures are given, as one list of issues. */
export function lpiChecks(input: TCheckInput): TCheckIssue[] {
  const issues: TCheckIssue[] = [];
  const { overview, staff, ownership, insights } = input;
  if (overview && staff)
    issues.push(...checkStaffTotal(staff.totals.all, overview.total_full_time_employees));
  if (ownership) {
    const { ownership_sum, owners, leaders } = ownership.totals;
    issues.push(...checkOwnershipTotal(ownership_sum, owners, overview?.total_owners ?? 0));
    if (overview) {
      issues.push(
        ...checkListedPeople(
          { owners, leaders },
          { owners: overview.total_owners, leaders: overview.total_leaders },
        ),
      );
    }
  }
  if (insights && input.headcounts) issues.push(...checkHeadcountChange(insights.grids, input.headcounts));
  return issues;
}
