/**
 * How the dashboard's LPI card and the analytics page show the scores: the cards, the scales and
 * the number formats. Kept apart from the response schemas in analytics.ts so that the
 * dashboard's first load carries no zod.
 */
import type { THeadCounts, TLpiKey } from './analytics';

/**
 * The score cards of the LPI card and the analytics page (spec 2), ordered by weight, each linking
 * to the LPI page of its data (`fte` is tab 2, `ownership` tab 3).
 */
export const SCORE_CARDS = [
  {
    key: 'staff_score',
    weight: 1,
    label: 'Total Full-Time Employees',
    page: 'fte',
    count: 'staff',
    counted: 'full-time employees',
  },
  {
    key: 'leadership_score',
    weight: 2,
    label: 'Senior Leadership',
    page: 'ownership',
    count: 'leaders',
    counted: 'senior leaders',
  },
  {
    key: 'ownership_score',
    weight: 3,
    label: 'Ownership',
    page: 'ownership',
    count: 'owners',
    counted: 'owners',
  },
] as const satisfies readonly {
  key: TLpiKey;
  weight: number;
  label: string;
  page: string;
  /** the head count the score reads, and what it counts */
  count: keyof THeadCounts;
  counted: string;
}[];

/** The scale of each kind of figure, as the pages state it next to the value. */
export const SCALES = { score: 'score, 0–100', index: '0–10', transparency: '% reported' } as const;

/** Where the pages link to for how a figure is made: the in-app copy of docs/scoring.md. */
export const SCORING_PAGE = '/scoring';

/**
 * Which submission figures come from, in words: "profile submitted Oct 19, 2025" or the survey's;
 * the day is written by the caller's date formatter (the web app's one, lib/dates.ts).
 */
export function submissionSource(
  ref: { submitted_at: string | null; survey_title?: string | null },
  writeDate: (iso: string) => string,
): string {
  if (!ref.submitted_at) return 'no submission yet';
  const day = writeDate(ref.submitted_at);
  return ref.survey_title ? `response to ${ref.survey_title}, submitted ${day}` : `profile submitted ${day}`;
}

/** A score card's value: rounded, 0 when not numeric (spec 2). */
export function cardValue(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0;
}

/** An LPI value as the dashboard shows it: 2 decimals, N/A when null (spec 2). */
export function twoDecimals(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : 'N/A';
}

/** Transparency as the dashboard shows it: 2 decimals with a % sign, N/A when null (spec 2). */
export function percentText(value: number | null | undefined): string {
  const text = twoDecimals(value);
  return text === 'N/A' ? text : `${text}%`;
}
