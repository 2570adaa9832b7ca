/**
 * Representation, the component scores (staff, leadership, ownership; 0-100) and the indices
 * (lpi, lpi_prime, lpi_ownership; 0-10) of DESIGN 9.
 *
 * Missing data: a group with nothing disclosed has no score (null). When only one of its two
 * dimensions is disclosed (say every gender but no ethnicity), the score is that dimension's term
 * alone, as an index drops a missing component and rescales the others; the missing dimension
 * counts against transparency instead.
 */
import {
  GENDER_BENCHMARK,
  INDEX_MAX,
  LPI_PRIME_WEIGHTS,
  LPI_WEIGHTS,
  OWNERSHIP_GENDER_BENCHMARK,
  OWNERSHIP_RACIAL_BENCHMARK,
  REP_WEIGHTS,
  SCORE_MAX,
  TAU,
} from './constants';
import { peopleOfColourShare, type TGroupEntry, womenShare } from './group';

export const clip = (x: number) => Math.min(1, Math.max(0, x));

/** A component score (0-100) with its gender-only and racial-only variants. */
export interface TComponentScore {
  score: number | null;
  gender: number | null;
  racial: number | null;
  /** the shares the score is built on (0-1), null when nothing is disclosed */
  w: number | null;
  r: number | null;
}

/**
 * Σ weight x value / Σ weight over the values that are not null; null when all are. The weights
 * of the values present are thereby rescaled to sum to 1.
 */
export function weightedMean<K extends string>(
  values: Record<K, number | null>,
  weights: Record<K, number>,
): number | null {
  let total = 0;
  let sum = 0;
  for (const key of Object.keys(weights) as K[]) {
    const value = values[key];
    if (value === null || value === undefined) continue;
    total += weights[key];
    sum += weights[key] * value;
  }
  return total > 0 ? sum / total : null;
}

function twoTerms(
  w: number | null,
  r: number | null,
  genderBenchmark: number,
  racialBenchmark: number,
): TComponentScore {
  const gender = w === null ? null : SCORE_MAX * clip(w / genderBenchmark);
  const racial = r === null ? null : SCORE_MAX * clip(r / racialBenchmark);
  return { score: weightedMean({ gender, racial }, REP_WEIGHTS), gender, racial, w, r };
}

/** Rep of a group x 100: 100 x [0.5 clip(w / 0.5) + 0.5 clip(r / TAU)]. */
export function representation(group: readonly TGroupEntry[]): TComponentScore {
  return twoTerms(womenShare(group), peopleOfColourShare(group), GENDER_BENCHMARK, TAU);
}

/** staff_score: Rep of the total full-time employee grid (head counts). */
export const staffScore = representation;
/** leadership_score: Rep of the individuals flagged senior leadership. */
export const leadershipScore = representation;

/**
 * ownership_score: 100 x 0.5 x [clip(Ew / 0.5) + clip(Er / 0.5)], Ew and Er the shares of the
 * ownership held by women/non-binary owners and by owners of colour. The percentages are
 * normalised by the sum of the percentages of the owners whose attribute is disclosed, so
 * ownership that does not sum to 100 (or undisclosed owners) does not shrink the score.
 */
export function ownershipScore(owners: readonly TGroupEntry[]): TComponentScore {
  return twoTerms(
    womenShare(owners),
    peopleOfColourShare(owners),
    OWNERSHIP_GENDER_BENCHMARK,
    OWNERSHIP_RACIAL_BENCHMARK,
  );
}

const toIndex = (score: number | null) => (score === null ? null : (score * INDEX_MAX) / SCORE_MAX);

export interface TIndices {
  lpi: number | null;
  lpi_prime: number | null;
  lpi_prime_gender: number | null;
  lpi_prime_racial: number | null;
  lpi_ownership: number | null;
  lpi_ownership_gender: number | null;
  lpi_ownership_racial: number | null;
}

/** The indices (0-10) from the component scores (0-100). */
export function indices(components: {
  staff: TComponentScore;
  leadership: TComponentScore;
  ownership: TComponentScore;
}): TIndices {
  const { staff, leadership, ownership } = components;
  const prime = (pick: (c: TComponentScore) => number | null) =>
    toIndex(weightedMean({ leadership: pick(leadership), staff: pick(staff) }, LPI_PRIME_WEIGHTS));
  return {
    lpi: toIndex(
      weightedMean(
        { ownership: ownership.score, leadership: leadership.score, staff: staff.score },
        LPI_WEIGHTS,
      ),
    ),
    lpi_prime: prime((c) => c.score),
    lpi_prime_gender: prime((c) => c.gender),
    lpi_prime_racial: prime((c) => c.racial),
    lpi_ownership: toIndex(ownership.score),
    lpi_ownership_gender: toIndex(ownership.gender),
    lpi_ownership_racial: toIndex(ownership.racial),
  };
}
