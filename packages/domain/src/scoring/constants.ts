/**
 * Every constant of the scoring method (DESIGN 9), in one place. Changing any of them changes the
 * scores users see: bump SCORING_VERSION and add a line to SCORING_CHANGELOG (and to the version
 * history of docs/scoring.md).
 */

export const SCORING_VERSION = '1.0.0';

export const SCORING_CHANGELOG: readonly { version: string; date: string; changes: string }[] = [
  {
    version: '1.0.0',
    date: '2026-11-22',
    changes:
      'First method: representation against 50% women/non-binary and 40% people of colour; ' +
      'staff, leadership and ownership scores; lpi weighted 0.40/0.35/0.25; lpi_prime 0.6/0.4; ' +
      'Pielou evenness over a fixed K; survey means and type 7 quartiles; diverse-ownership badges at 25% and 50%.',
  },
];

/** The share of women and non-binary people at which the gender term of Rep is full. */
export const GENDER_BENCHMARK = 0.5;
/** TAU: the share of people of colour at which the racial term of Rep is full. */
export const TAU = 0.4;
/** Weights of the two terms of Rep (gender, racial). */
export const REP_WEIGHTS = { gender: 0.5, racial: 0.5 } as const;

/** ownership_score: each ownership-weighted share is full at 50%. */
export const OWNERSHIP_GENDER_BENCHMARK = 0.5;
export const OWNERSHIP_RACIAL_BENCHMARK = 0.5;

/** lpi = 10 x (0.40 ownership + 0.35 leadership + 0.25 staff) / 100. */
export const LPI_WEIGHTS = { ownership: 0.4, leadership: 0.35, staff: 0.25 } as const;
/** lpi_prime = 10 x (0.6 leadership + 0.4 staff) / 100. */
export const LPI_PRIME_WEIGHTS = { leadership: 0.6, staff: 0.4 } as const;
/** Component scores run 0-100, the indices 0-10. */
export const SCORE_MAX = 100;
export const INDEX_MAX = 10;

/** Evenness: a group of this many people or fewer has no evenness (null). */
export const EVENNESS_MIN_PEOPLE = 2;
/** Evenness of a group of fewer people than this is marked low confidence. */
export const LOW_CONFIDENCE_BELOW = 10;

/** An aggregate over fewer organizations (or people) than this is suppressed. */
export const MIN_AGGREGATE = 3;
/** A respondent's peer benchmark is shown only when at least this many respondents submitted. */
export const PEER_BENCHMARK_MIN = 5;

/** Diverse-ownership badges: the share of ownership held by women or by people of colour. */
export const BADGE_THRESHOLDS = { substantial: 0.25, majority: 0.5 } as const;
export const BADGE_LABELS = {
  substantial: 'Substantially diverse-owned',
  majority: 'Majority diverse-owned',
} as const;

/**
 * The reference data the scores classify people by. The defaults are the ids of
 * apps/api/src/db/migrations/0001_reference_data.sql; the API may pass the rows it reads.
 */
export interface TScoringReference {
  /** every gender and its category */
  genders: readonly { id: number; category_id: number }[];
  /** gender categories: which count as women/non-binary, which is "undisclosed" */
  genderCategories: readonly { id: number; women_or_non_binary: boolean; undisclosed: boolean }[];
  /** every ethnicity: White or not, undisclosed or not */
  ethnicities: readonly { id: number; is_white: boolean; is_undisclosed: boolean }[];
}

export const DEFAULT_REFERENCE: TScoringReference = {
  genders: [
    { id: 1, category_id: 1 }, // Woman
    { id: 2, category_id: 2 }, // Man
    { id: 3, category_id: 3 }, // Non-binary
    { id: 4, category_id: 3 }, // Another gender identity
    { id: 5, category_id: 4 }, // Undisclosed
  ],
  genderCategories: [
    { id: 1, women_or_non_binary: true, undisclosed: false }, // Women
    { id: 2, women_or_non_binary: false, undisclosed: false }, // Men
    { id: 3, women_or_non_binary: true, undisclosed: false }, // Non-binary/other
    { id: 4, women_or_non_binary: false, undisclosed: true }, // Undisclosed
  ],
  ethnicities: [
    { id: 1, is_white: false, is_undisclosed: false },
    { id: 2, is_white: false, is_undisclosed: false },
    { id: 3, is_white: false, is_undisclosed: false },
    { id: 4, is_white: false, is_undisclosed: false },
    { id: 5, is_white: false, is_undisclosed: false },
    { id: 6, is_white: false, is_undisclosed: false },
    { id: 7, is_white: true, is_undisclosed: false }, // White
    { id: 8, is_white: false, is_undisclosed: false },
    { id: 9, is_white: false, is_undisclosed: true }, // Undisclosed
  ],
};

/** Transparency's weights (those of the LPI) and the share under which a component is not viable. */
export const TRANSPARENCY_WEIGHTS = { ownership: 0.4, leadership: 0.35, staff: 0.25 } as const;
export const TRANSPARENCY_VIABLE_PERCENT = 50;
