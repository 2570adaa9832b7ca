/**
 * The analytics and score endpoints' responses (spec 7 "Analytics", DESIGN 9). Every figure comes
 * from the scores stored with each submission (`submissions.scores`, the scoring library's
 * scoreProfile); survey-level figures are summaries over submitted respondents, suppressed (with
 * the reason) under MIN_AGGREGATE organizations.
 */
import { z } from 'zod';
import { ZTransparencyComponent } from './lpi/transparency';
import type { TProfileScores, TScoringProfile } from './scoring/profile';
import { ZEvennessSet, ZOwnershipBadges, ZPeerBenchmark, ZSurveySummary } from './scoring/schemas';

/** The flat LPI figures of one submission (indices 0-10, component scores 0-100, transparency %). */
export const LPI_KEYS = [
  'lpi',
  'lpi_prime',
  'lpi_prime_gender',
  'lpi_prime_racial',
  'lpi_ownership',
  'lpi_ownership_gender',
  'lpi_ownership_racial',
  'staff_score',
  'leadership_score',
  'ownership_score',
  'transparency',
] as const;
export type TLpiKey = (typeof LPI_KEYS)[number];

/** The flat evenness figures (0-1) of one submission: head counts (prime) or ownership-weighted. */
export const EVENNESS_KEYS = [
  'prime_gender',
  'prime_racial',
  'prime_combined',
  'ownership_gender',
  'ownership_racial',
  'ownership_combined',
] as const;
export type TEvennessKey = (typeof EVENNESS_KEYS)[number];

/** The variants of the paths /api/analytics/[survey/{surveyId}/]lpi|evenness/{variant}. */
export const ANALYTICS_VARIANTS = [
  'prime',
  'prime-gender',
  'prime-racial',
  'ownership',
  'ownership-gender',
  'ownership-racial',
] as const;
export const ZAnalyticsVariant = z.enum(ANALYTICS_VARIANTS);
export type TAnalyticsVariant = z.infer<typeof ZAnalyticsVariant>;

export const LPI_VARIANT_KEY: Record<TAnalyticsVariant, TLpiKey> = {
  prime: 'lpi_prime',
  'prime-gender': 'lpi_prime_gender',
  'prime-racial': 'lpi_prime_racial',
  ownership: 'lpi_ownership',
  'ownership-gender': 'lpi_ownership_gender',
  'ownership-racial': 'lpi_ownership_racial',
};
export const EVENNESS_VARIANT_KEY: Record<TAnalyticsVariant, TEvennessKey> = {
  prime: 'prime_combined',
  'prime-gender': 'prime_gender',
  'prime-racial': 'prime_racial',
  ownership: 'ownership_combined',
  'ownership-gender': 'ownership_gender',
  'ownership-racial': 'ownership_racial',
};

/** /api/organizations/me/{ownership|gender|racial}/lpi|evenness: which figures each answers. */
export const ORGANIZATION_VIEWS = ['ownership', 'gender', 'racial'] as const;
export const ZOrganizationView = z.enum(ORGANIZATION_VIEWS);
export type TOrganizationView = z.infer<typeof ZOrganizationView>;
export const ORGANIZATION_VIEW_KEYS: {
  lpi: Record<TOrganizationView, readonly TLpiKey[]>;
  evenness: Record<TOrganizationView, readonly TEvennessKey[]>;
} = {
  lpi: {
    ownership: ['lpi_ownership', 'lpi_ownership_gender', 'lpi_ownership_racial', 'ownership_score'],
    gender: ['lpi_prime_gender', 'lpi_ownership_gender'],
    racial: ['lpi_prime_racial', 'lpi_ownership_racial'],
  },
  evenness: {
    ownership: ['ownership_gender', 'ownership_racial', 'ownership_combined'],
    gender: ['prime_gender', 'ownership_gender'],
    racial: ['prime_racial', 'ownership_racial'],
  },
};

const nullableNumber = z.number().nullable();
export const ZLpiValues = z.record(z.enum(LPI_KEYS), nullableNumber);
export type TLpiValues = z.infer<typeof ZLpiValues>;
export const ZEvennessValues = z.record(z.enum(EVENNESS_KEYS), nullableNumber);
export type TEvennessValues = z.infer<typeof ZEvennessValues>;

/** The flat LPI figures of stored scores. */
export function lpiValues(scores: TProfileScores): TLpiValues {
  return {
    lpi: scores.lpi,
    lpi_prime: scores.lpi_prime,
    lpi_prime_gender: scores.lpi_prime_gender,
    lpi_prime_racial: scores.lpi_prime_racial,
    lpi_ownership: scores.lpi_ownership,
    lpi_ownership_gender: scores.lpi_ownership_gender,
    lpi_ownership_racial: scores.lpi_ownership_racial,
    staff_score: scores.staff_score,
    leadership_score: scores.leadership_score,
    ownership_score: scores.ownership_score,
    transparency: scores.transparency.transparency,
  };
}

/** The flat evenness values (0-1) of stored scores. */
export function evennessValues(scores: TProfileScores): TEvennessValues {
  const { prime, ownership } = scores.evenness;
  return {
    prime_gender: prime.gender.value,
    prime_racial: prime.racial.value,
    prime_combined: prime.combined.value,
    ownership_gender: ownership.gender.value,
    ownership_racial: ownership.racial.value,
    ownership_combined: ownership.combined.value,
  };
}

/** Which submission the figures come from; all null when the organization never submitted. */
const ZSubmissionRef = z.object({
  organization_id: z.number().int(),
  survey_id: z.number().int().nullable(),
  submission_id: z.number().int().nullable(),
  submitted_at: z.string().nullable(),
  scoring_version: z.string().nullable(),
  /** the manager view names the respondent (the host may not see it listed, e.g. while suppressed) */
  organization_name: z.string().optional(),
});

/** The people a submission counts: staff grid total, rows flagged senior leadership and owner. */
export const ZHeadCounts = z.object({
  staff: z.number(),
  leaders: z.number().int(),
  owners: z.number().int(),
});
export type THeadCounts = z.infer<typeof ZHeadCounts>;

/** The head counts of a scored profile (what its staff, leadership and ownership scores read). */
export function headCounts(profile: TScoringProfile): THeadCounts {
  return {
    staff: profile.staff.reduce(
      (sum, row) => sum + row.genders.reduce((s, cell) => s + (cell.value > 0 ? cell.value : 0), 0),
      0,
    ),
    leaders: profile.individuals.filter((p) => p.is_senior_management).length,
    owners: profile.individuals.filter((p) => p.is_owner).length,
  };
}

/** Transparency's components (reported over requested) of the same submission as the overall figure. */
export const ZTransparencyComponents = z.object({
  staff: ZTransparencyComponent,
  leadership: ZTransparencyComponent,
  ownership: ZTransparencyComponent,
});
export type TTransparencyComponents = z.infer<typeof ZTransparencyComponents>;

/**
 * /api/organizations/{id}/lpi, the manager view's lpi: one submission's LPI figures, its badges,
 * the components of its transparency and the people it counts, all from that one submission.
 */
export const ZOrganizationLpi = ZSubmissionRef.extend({
  scores: ZLpiValues.nullable(),
  badges: ZOwnershipBadges.nullable(),
  /** the survey the submission answers (null: the organization's own profile) */
  survey_title: z.string().nullable(),
  transparency_components: ZTransparencyComponents.nullable(),
  /** the submission's head counts; null before the first submission and in the manager view */
  counts: ZHeadCounts.nullable(),
});
export type TOrganizationLpi = z.infer<typeof ZOrganizationLpi>;

/** /api/organizations/{id}/evenness, the manager view's evenness: one submission's evenness. */
export const ZOrganizationEvenness = ZSubmissionRef.extend({
  evenness: z.object({ prime: ZEvennessSet, ownership: ZEvennessSet }).nullable(),
});
export type TOrganizationEvenness = z.infer<typeof ZOrganizationEvenness>;

/** One variant of one submission (an lpi index, or an evenness with its confidence). */
export const ZScoreValue = ZSubmissionRef.extend({
  variant: ZAnalyticsVariant,
  key: z.string(),
  value: nullableNumber,
  /** evenness only: fewer than 10 people counted */
  low_confidence: z.boolean().optional(),
});
export type TScoreValue = z.infer<typeof ZScoreValue>;

/** /api/organizations/me/{ownership|gender|racial}/lpi|evenness. */
export const ZScoreSubset = ZSubmissionRef.extend({
  view: ZOrganizationView,
  values: z.record(z.string(), nullableNumber),
});
export type TScoreSubset = z.infer<typeof ZScoreSubset>;

const ZHistoricalPoint = z.object({
  submission_id: z.number().int(),
  submitted_at: z.string(),
  scoring_version: z.string().nullable(),
  /** the manager view names the respondent (the host may not see it listed, e.g. while suppressed) */
  organization_name: z.string().optional(),
});
/** /api/organizations/me/historical-lpi: one point per organization-scope submission, oldest first. */
export const ZHistoricalLpi = z.object({
  organization_id: z.number().int(),
  data: z.array(ZHistoricalPoint.extend({ scores: ZLpiValues })),
});
export type THistoricalLpi = z.infer<typeof ZHistoricalLpi>;
export const ZHistoricalEvenness = z.object({
  organization_id: z.number().int(),
  data: z.array(ZHistoricalPoint.extend({ evenness: ZEvennessValues })),
});
export type THistoricalEvenness = z.infer<typeof ZHistoricalEvenness>;

/** Survey-level: the mean and quartiles of each figure over the submitted respondents. */
const ZSurveyBase = z.object({
  survey_id: z.number().int(),
  /** submitted respondents */
  respondents: z.number().int(),
  /** why the figures are hidden (fewer than MIN_AGGREGATE respondents), else null */
  reason: z.string().nullable(),
});
export const ZSurveyLpi = ZSurveyBase.extend({ scores: z.record(z.enum(LPI_KEYS), ZSurveySummary) });
export type TSurveyLpi = z.infer<typeof ZSurveyLpi>;
export const ZSurveyEvenness = ZSurveyBase.extend({
  evenness: z.record(z.enum(EVENNESS_KEYS), ZSurveySummary),
});
export type TSurveyEvenness = z.infer<typeof ZSurveyEvenness>;

/**
 * /api/analytics/survey/{surveyId}/lpi|evenness/{variant}: one figure's distribution for the host,
 * with each respondent's value (empty while the summary is suppressed).
 */
export const ZSurveyDistribution = ZSurveyBase.extend({
  variant: ZAnalyticsVariant,
  key: z.string(),
  summary: ZSurveySummary,
  values: z.array(
    z.object({ organization_id: z.number().int(), organization_name: z.string(), value: nullableNumber }),
  ),
});
export type TSurveyDistribution = z.infer<typeof ZSurveyDistribution>;

/** The figures a respondent's peer benchmark compares. */
export const BENCHMARK_KEYS = [
  'lpi',
  'lpi_prime',
  'lpi_ownership',
  'staff_score',
  'leadership_score',
  'ownership_score',
] as const;
/** /api/analytics/survey/{surveyId}/benchmark: the caller's organization among the respondents. */
export const ZBenchmark = z.object({
  survey_id: z.number().int(),
  organization_id: z.number().int(),
  respondents: z.number().int(),
  /** why no percentile is shown (not submitted, fewer than PEER_BENCHMARK_MIN), else null */
  reason: z.string().nullable(),
  scores: z.record(z.enum(BENCHMARK_KEYS), ZPeerBenchmark),
});
export type TBenchmark = z.infer<typeof ZBenchmark>;

/** Every figure a survey's distribution can show: the LPI figures, then the evenness ones. */
export const SURVEY_SCORE_KEYS = [...LPI_KEYS, ...EVENNESS_KEYS] as const;
export const ZSurveyScoreKey = z.enum(SURVEY_SCORE_KEYS);
export type TSurveyScoreKey = z.infer<typeof ZSurveyScoreKey>;

/** Which figures the hosted survey's Analytics options (lpi, evenness) offer, headline first. */
export const SURVEY_OPTION_KEYS = {
  lpi: LPI_KEYS,
  evenness: ['prime_combined', ...EVENNESS_KEYS.filter((k) => k !== 'prime_combined')],
} as const satisfies Record<'lpi' | 'evenness', readonly TSurveyScoreKey[]>;

/**
 * A survey-level filter by the host's organization labels: a respondent counts when it carries any
 * of them (as the participants list filters), so each label chosen adds its respondents.
 */
export const LABEL_MATCH = 'any' as const;
/**
 * label_ids in a query string: a comma list of label ids ("3,7"), or the parameter repeated (as the
 * participants list takes it); at most MAX_LABEL_FILTER.
 */
export const MAX_LABEL_FILTER = 50;
export const ZLabelIdsQuery = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : value),
  z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'label_ids must be a comma-separated list of label ids')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), 'label_ids must be label ids')
    .refine((ids) => ids.length <= MAX_LABEL_FILTER, `at most ${MAX_LABEL_FILTER} labels`),
);

/**
 * /api/analytics/survey/{surveyId}/distribution: one figure over the submitted respondents (those
 * carrying any label of label_ids when given): the summary, and, unless suppressed, each
 * respondent's value, percentile among the others and quartile, highest value first.
 */
export const ZRespondentDistribution = ZSurveyBase.extend({
  key: ZSurveyScoreKey,
  label_ids: z.array(z.number().int()),
  summary: ZSurveySummary,
  values: z.array(
    z.object({
      organization_id: z.number().int(),
      organization_name: z.string(),
      value: nullableNumber,
      /** 0-100: the share of the other respondents with a value below, ties counted half */
      percentile: nullableNumber,
      quartile: z.number().int().min(1).max(4).nullable(),
    }),
  ),
});
export type TRespondentDistribution = z.infer<typeof ZRespondentDistribution>;
