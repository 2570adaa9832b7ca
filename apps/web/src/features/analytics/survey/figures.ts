import {
  EVENNESS_KEYS,
  SURVEY_OPTION_KEYS,
  type TEvennessKey,
  type TLpiKey,
  type TSurveyScoreKey,
} from '@parity/domain/analytics';

/** The hosted survey's Analytics options (spec 2: lpi and evenness, default lpi). */
export const SURVEY_OPTIONS = ['lpi', 'evenness'] as const;
export type TSurveyOption = (typeof SURVEY_OPTIONS)[number];

export const FIGURE_LABELS: Record<TSurveyScoreKey, string> = {
  lpi: 'LPI',
  lpi_prime: 'LPI prime',
  lpi_prime_gender: 'LPI prime, gender',
  lpi_prime_racial: 'LPI prime, race',
  lpi_ownership: 'LPI ownership',
  lpi_ownership_gender: 'LPI ownership, gender',
  lpi_ownership_racial: 'LPI ownership, race',
  staff_score: 'Total Full-Time Employees score',
  leadership_score: 'Senior Leadership score',
  ownership_score: 'Ownership score',
  transparency: 'Transparency',
  prime_combined: 'Evenness, head counts',
  prime_gender: 'Evenness, head counts by gender',
  prime_racial: 'Evenness, head counts by race',
  ownership_combined: 'Evenness, ownership',
  ownership_gender: 'Evenness, ownership by gender',
  ownership_racial: 'Evenness, ownership by race',
};

export const optionKeys = (option: TSurveyOption): readonly TSurveyScoreKey[] => SURVEY_OPTION_KEYS[option];

const isEvenness = (key: TSurveyScoreKey): key is TEvennessKey =>
  (EVENNESS_KEYS as readonly string[]).includes(key);
const INDEX_KEYS: readonly TLpiKey[] = [
  'lpi',
  'lpi_prime',
  'lpi_prime_gender',
  'lpi_prime_racial',
  'lpi_ownership',
  'lpi_ownership_gender',
  'lpi_ownership_racial',
];

export interface FigureScale {
  /** the top of the figure's range as shown (10 for the indices, 100 otherwise) */
  max: number;
  /** stored value x factor = shown value (evenness is stored 0-1 and shown x100) */
  factor: number;
  suffix: string;
  /** the range, in words */
  range: string;
}

export function scaleOf(key: TSurveyScoreKey): FigureScale {
  if ((INDEX_KEYS as readonly string[]).includes(key))
    return { max: 10, factor: 1, suffix: '', range: '0 to 10' };
  if (isEvenness(key))
    return { max: 100, factor: 100, suffix: '', range: '0 (one group only) to 100 (every group equal)' };
  if (key === 'transparency') return { max: 100, factor: 1, suffix: '%', range: '0 to 100%' };
  return { max: 100, factor: 1, suffix: '', range: '0 to 100' };
}

/** The value as shown, rounded to 2 decimals (a number, for tables and CSV); null stays null. */
export function shown(key: TSurveyScoreKey, value: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.round(value * scaleOf(key).factor * 100) / 100;
}

/** The value as text: 2 decimals with its unit, N/A when null. */
export function formatFigure(key: TSurveyScoreKey, value: number | null | undefined): string {
  const v = shown(key, value);
  return v === null ? 'N/A' : `${v.toFixed(2)}${scaleOf(key).suffix}`;
}

/** A percentile as text (no decimals), N/A when null. */
export function formatPercentile(value: number | null | undefined): string {
  return typeof value === 'number' ? `${Math.round(value)}` : 'N/A';
}
