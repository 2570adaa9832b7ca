import type { TEthnicity, TGender } from '@parity/domain/dictionaries';
import type { TBoardMember } from '@parity/domain/lpi/board';
import type { TGrid } from '@parity/domain/lpi/grids';
import type { TIndividual } from '@parity/domain/lpi/individuals';

/**
 * The breakdown by gender and by race/ethnicity of the four groups, from the profile as the LPI
 * tabs read it: staff from the Total Full-Time Employees grid's totals, Senior Leadership and
 * Ownership from the individuals flagged so (head counts), the board from its members.
 */

export const GROUPS = ['Staff', 'Leadership', 'Board', 'Ownership'] as const;
export type TGroup = (typeof GROUPS)[number];
export const NOT_PROVIDED = 'Not provided';

export interface Breakdown {
  /** the categories (genders or races/ethnicities), in dictionary order, 'Not provided' last */
  categories: string[];
  /** counts per group, aligned with categories */
  counts: Record<TGroup, number[]>;
  /** the owners' percentages summed per category (what ownership_score weighs), 2 decimals */
  ownershipShare: number[];
}

interface Named {
  id: number;
  name: string;
  order: number;
}

function byOrder<T extends Named>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.order - b.order || a.id - b.id);
}

function countPeople(
  categories: Named[],
  people: readonly { id: number | null }[],
): { known: number[]; missing: number } {
  const index = new Map(categories.map((c, i) => [c.id, i]));
  const known = categories.map(() => 0);
  let missing = 0;
  for (const person of people) {
    const i = person.id === null ? undefined : index.get(person.id);
    if (i === undefined) missing += 1;
    else known[i] = (known[i] ?? 0) + 1;
  }
  return { known, missing };
}

export interface BreakdownInput {
  staff: TGrid | undefined;
  individuals: readonly TIndividual[];
  board: readonly TBoardMember[];
  genders: readonly TGender[];
  ethnicities: readonly TEthnicity[];
}

function build(
  dictionary: readonly Named[],
  staffCounts: Map<number, number>,
  pick: (person: { gender_id: number | null; ethnicity_id: number | null }) => number | null,
  input: BreakdownInput,
): Breakdown {
  const categories = byOrder(dictionary);
  const leaders = countPeople(
    categories,
    input.individuals.filter((p) => p.is_senior_management).map((p) => ({ id: pick(p) })),
  );
  const owners = countPeople(
    categories,
    input.individuals.filter((p) => p.is_owner).map((p) => ({ id: pick(p) })),
  );
  const board = countPeople(
    categories,
    input.board.map((p) => ({ id: pick(p) })),
  );
  const staff = categories.map((c) => staffCounts.get(c.id) ?? 0);
  const index = new Map(categories.map((c, i) => [c.id, i]));
  const share = [...categories.map(() => 0), 0];
  for (const owner of input.individuals.filter((p) => p.is_owner)) {
    const id = pick(owner);
    const i = (id === null ? undefined : index.get(id)) ?? categories.length;
    share[i] = (share[i] ?? 0) + (owner.ownership ?? 0);
  }
  return {
    categories: [...categories.map((c) => c.name), NOT_PROVIDED],
    counts: {
      Staff: [...staff, 0],
      Leadership: [...leaders.known, leaders.missing],
      Board: [...board.known, board.missing],
      Ownership: [...owners.known, owners.missing],
    },
    ownershipShare: share.map((v) => Math.round(v * 100) / 100),
  };
}

/** Drops the categories nobody is in (keeps at least the dictionary's when all are empty). */
function compact(breakdown: Breakdown): Breakdown {
  const keep = breakdown.categories.map(
    (_, i) => GROUPS.some((g) => (breakdown.counts[g][i] ?? 0) > 0) || (breakdown.ownershipShare[i] ?? 0) > 0,
  );
  if (!keep.some(Boolean)) return breakdown;
  const pick = <T>(list: T[]) => list.filter((_, i) => keep[i]);
  return {
    categories: pick(breakdown.categories),
    counts: {
      Staff: pick(breakdown.counts.Staff),
      Leadership: pick(breakdown.counts.Leadership),
      Board: pick(breakdown.counts.Board),
      Ownership: pick(breakdown.counts.Ownership),
    },
    ownershipShare: pick(breakdown.ownershipShare),
  };
}

export function genderBreakdown(input: BreakdownInput): Breakdown {
  const staff = new Map((input.staff?.totals.byGender ?? []).map((g) => [g.id, g.total]));
  // The staff grid's genders may hold ones the dictionary lacks: its own columns count too.
  const gridGenders = (input.staff?.categories ?? []).flatMap((c) => c.genders);
  const dictionary: Named[] = [...input.genders];
  for (const g of gridGenders) if (!dictionary.some((d) => d.id === g.id)) dictionary.push(g);
  return compact(build(dictionary, staff, (p) => p.gender_id, input));
}

export function raceBreakdown(input: BreakdownInput): Breakdown {
  const rows = input.staff?.rows ?? [];
  const staff = new Map(rows.map((r) => [r.ethnicity_id, r.total]));
  const dictionary: Named[] = [...input.ethnicities];
  rows.forEach((r, i) => {
    if (!dictionary.some((d) => d.id === r.ethnicity_id))
      dictionary.push({ id: r.ethnicity_id, name: r.name, order: 1000 + i });
  });
  return compact(build(dictionary, staff, (p) => p.ethnicity_id, input));
}

/** The table's rows: one per category, a column per group, then the ownership share. */
export function breakdownRows(breakdown: Breakdown): (string | number)[][] {
  return breakdown.categories.map((name, i) => [
    name,
    ...GROUPS.map((g) => breakdown.counts[g][i] ?? 0),
    breakdown.ownershipShare[i] ?? 0,
  ]);
}
