/**
 * Transparency (DESIGN 9): per component, the fields and grid cells reported (filled and not
 * undisclosed) over those the profile requests; the overall figure is weighted like the LPI
 * (ownership 0.40, leadership 0.35, staff 0.25), a component that requests nothing is dropped and
 * the remaining weights rescaled. A component under 50% is flagged not viable.
 *
 * - staff: people in the total full-time employee grid. Requested: the larger of the grid's total
 *   and the overview's total_full_time_employees; reported: people whose ethnicity and gender are
 *   both disclosed.
 * - leadership / ownership: per person the demographic fields the scores use (gender and
 *   ethnicity). Requested: 2 x the larger of the rows flagged (senior leadership / owner) and the
 *   overview's total_leaders / total_owners; reported: those fields filled and not undisclosed.
 */
import { z } from 'zod';
import { TRANSPARENCY_VIABLE_PERCENT, TRANSPARENCY_WEIGHTS } from '../scoring/constants';

export const DEMOGRAPHIC_FIELDS_PER_PERSON = 2;

export const TRANSPARENCY_COMPONENTS = ['staff', 'leadership', 'ownership'] as const;
export type TTransparencyComponentKey = (typeof TRANSPARENCY_COMPONENTS)[number];

export interface TStaffCounts {
  /** sum of every cell of the staff grid */
  gridTotal: number;
  /** sum of the cells whose ethnicity and gender are both disclosed */
  disclosed: number;
  /** the overview's total_full_time_employees */
  expected: number;
}

export interface TPeopleCounts {
  /** rows flagged (senior leadership, or owner) */
  people: number;
  /** demographic fields of those rows that are filled and not undisclosed */
  fieldsReported: number;
  /** the overview's total_leaders or total_owners */
  expected: number;
}

export interface TTransparencyInput {
  staff: TStaffCounts;
  leadership: TPeopleCounts;
  ownership: TPeopleCounts;
}

export const ZTransparencyComponent = z.object({
  reported: z.number(),
  requested: z.number(),
  /** 0-100 with 2 decimals, null when nothing is requested */
  percent: z.number().nullable(),
  viable: z.boolean(),
});
export type TTransparencyComponent = z.infer<typeof ZTransparencyComponent>;

export const ZTransparencyScores = z.object({
  staff_score: z.number().nullable(),
  leadership_score: z.number().nullable(),
  ownership_score: z.number().nullable(),
  /** the weighted overall transparency (%), null when no component requests anything */
  transparency: z.number().nullable(),
  staff: ZTransparencyComponent,
  leadership: ZTransparencyComponent,
  ownership: ZTransparencyComponent,
});
export type TTransparencyScores = z.infer<typeof ZTransparencyScores>;

export const ZTransparencyResponse = z.object({
  data: z.array(ZTransparencyScores),
  organization_id: z.number().int(),
  survey_id: z.number().int().nullable(),
});
export type TTransparencyResponse = z.infer<typeof ZTransparencyResponse>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** One component from its reported and requested counts. */
export function transparencyComponent(reported: number, requested: number): TTransparencyComponent {
  const req = nonNegative(requested);
  const rep = Math.min(nonNegative(reported), req);
  const percent = req > 0 ? round2((100 * rep) / req) : null;
  return {
    reported: rep,
    requested: req,
    percent,
    viable: percent !== null && percent >= TRANSPARENCY_VIABLE_PERCENT,
  };
}

export function staffComponent(counts: TStaffCounts): TTransparencyComponent {
  return transparencyComponent(
    counts.disclosed,
    Math.max(nonNegative(counts.gridTotal), nonNegative(counts.expected)),
  );
}

export function peopleComponent(counts: TPeopleCounts): TTransparencyComponent {
  const people = Math.max(nonNegative(counts.people), nonNegative(counts.expected));
  return transparencyComponent(counts.fieldsReported, DEMOGRAPHIC_FIELDS_PER_PERSON * people);
}

/** The weighted overall figure of components (those with percent null are dropped). */
export function weightedTransparency(
  components: Record<TTransparencyComponentKey, TTransparencyComponent>,
): number | null {
  let weight = 0;
  let sum = 0;
  for (const key of TRANSPARENCY_COMPONENTS) {
    const percent = components[key].percent;
    if (percent === null) continue;
    weight += TRANSPARENCY_WEIGHTS[key];
    sum += TRANSPARENCY_WEIGHTS[key] * percent;
  }
  return weight > 0 ? round2(sum / weight) : null;
}

export function computeTransparency(input: TTransparencyInput): TTransparencyScores {
  const staff = staffComponent(input.staff);
  const leadership = peopleComponent(input.leadership);
  const ownership = peopleComponent(input.ownership);
  return {
    staff_score: staff.percent,
    leadership_score: leadership.percent,
    ownership_score: ownership.percent,
    transparency: weightedTransparency({ staff, leadership, ownership }),
    staff,
    leadership,
    ownership,
  };
}
