/**
 * Zod schemas of the scoring library's results, for the API's responses (scoreProfile's output
 * and the survey-level summaries). The library's functions are the source of truth; the tests
 * check that these schemas keep every field they return.
 */
import { z } from 'zod';
import { ZTransparencyScores } from '../lpi/transparency';

export const ZComponentScore = z.object({
  score: z.number().nullable(),
  gender: z.number().nullable(),
  racial: z.number().nullable(),
  w: z.number().nullable(),
  r: z.number().nullable(),
});

export const ZEvenness = z.object({
  value: z.number().nullable(),
  lowConfidence: z.boolean(),
  n: z.number(),
});
export const ZEvennessSet = z.object({ gender: ZEvenness, racial: ZEvenness, combined: ZEvenness });

const ZBadgeLevel = z.enum(['substantial', 'majority']).nullable();
export const ZOwnershipBadges = z.object({
  level: ZBadgeLevel,
  label: z.string().nullable(),
  women: ZBadgeLevel,
  peopleOfColour: ZBadgeLevel,
});

export const ZProfileScores = z.object({
  scoring_version: z.string(),
  staff_score: z.number().nullable(),
  leadership_score: z.number().nullable(),
  ownership_score: z.number().nullable(),
  lpi: z.number().nullable(),
  lpi_prime: z.number().nullable(),
  lpi_prime_gender: z.number().nullable(),
  lpi_prime_racial: z.number().nullable(),
  lpi_ownership: z.number().nullable(),
  lpi_ownership_gender: z.number().nullable(),
  lpi_ownership_racial: z.number().nullable(),
  components: z.object({ staff: ZComponentScore, leadership: ZComponentScore, ownership: ZComponentScore }),
  transparency: ZTransparencyScores,
  evenness: z.object({ prime: ZEvennessSet, ownership: ZEvennessSet }),
  badges: ZOwnershipBadges,
});
export type TProfileScoresJson = z.infer<typeof ZProfileScores>;

export const ZSuppressed = z.object({ suppressed: z.literal(true), n: z.number().int(), reason: z.string() });
export const ZQuartiles = z.object({
  min: z.number(),
  q1: z.number(),
  median: z.number(),
  q3: z.number(),
  max: z.number(),
});
export const ZSurveySummary = z.discriminatedUnion('suppressed', [
  z.object({ suppressed: z.literal(false), n: z.number().int(), mean: z.number(), quartiles: ZQuartiles }),
  ZSuppressed,
]);
export const ZPeerBenchmark = z.discriminatedUnion('suppressed', [
  z.object({ suppressed: z.literal(false), percentile: z.number(), peers: z.number().int() }),
  ZSuppressed,
]);
