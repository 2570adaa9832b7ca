import type { TGridRowData, TIndividualData } from './group';
import { scoreProfile, type TProfileScores, type TScoringProfile } from './profile';

/**
 * The one mapping from a submission's snapshot (every tab as its GET answers it: staff grid rows,
 * ownership and leadership rows, the overview's declared totals) to the scoring library's input.
 * Submitting and seeding both store `scoresOfSnapshot(snapshot)` with the submission, so every
 * score the analytics read was computed once, from the snapshot it belongs to.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A finite number (numeric strings too, as numeric columns may arrive), else null. */
function numberOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

const flag = (value: unknown) => value === true || value === 1 || value === '1';

/** Staff grid rows ({ethnicity_id, genders: [{id, value}]}) -> the library's grid rows. */
export function staffRowsOf(staff: unknown): TGridRowData[] {
  if (!isObject(staff)) return [];
  const rows: TGridRowData[] = [];
  for (const row of asArray(staff.rows)) {
    if (!isObject(row)) continue;
    const ethnicity = numberOf(row.ethnicity_id);
    if (ethnicity === null) continue;
    const genders = asArray(row.genders).flatMap((cell) => {
      if (!isObject(cell)) return [];
      const id = numberOf(cell.id);
      const value = numberOf(cell.value);
      return id === null || value === null || value <= 0 ? [] : [{ id, value }];
    });
    if (genders.length) rows.push({ ethnicity_id: ethnicity, genders });
  }
  return rows;
}

/** Ownership and Senior Leadership rows -> the library's individuals (leaders and owners). */
export function individualsOf(ownership: unknown): TIndividualData[] {
  if (!isObject(ownership)) return [];
  return asArray(ownership.rows).flatMap((row) =>
    isObject(row)
      ? [
          {
            gender_id: numberOf(row.gender_id),
            ethnicity_id: numberOf(row.ethnicity_id),
            is_senior_management: flag(row.is_senior_management),
            is_owner: flag(row.is_owner),
            ownership: numberOf(row.ownership),
          },
        ]
      : [],
  );
}

/** The totals the profile requests: the overview's, else those the ownership tab repeats. */
export function totalsOf(snapshot: Json): NonNullable<TScoringProfile['totals']> {
  const overview = isObject(snapshot.overview) ? snapshot.overview : {};
  const ownershipTotals =
    isObject(snapshot.ownership) && isObject(snapshot.ownership.totals) ? snapshot.ownership.totals : {};
  return {
    total_full_time_employees: numberOf(overview.total_full_time_employees),
    total_leaders: numberOf(overview.total_leaders) ?? numberOf(ownershipTotals.total_leaders),
    total_owners: numberOf(overview.total_owners) ?? numberOf(ownershipTotals.total_owners),
  };
}

/** A submission's snapshot (tab key -> tab data) as the scoring library's profile. */
export function profileOfSnapshot(snapshot: unknown): TScoringProfile {
  const all = isObject(snapshot) ? snapshot : {};
  return {
    staff: staffRowsOf(all.staff),
    individuals: individualsOf(all.ownership),
    totals: totalsOf(all),
  };
}

/** Every score of a submission's snapshot (what `submissions.scores` stores). */
export function scoresOfSnapshot(snapshot: unknown): TProfileScores {
  return scoreProfile(profileOfSnapshot(snapshot));
}
