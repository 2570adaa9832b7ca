/**
 * Pielou's evenness J = H / ln K (DESIGN 9), H = -Σ p ln p over the shares p of the disclosed
 * weight. K is fixed by the reference data, never the number of groups observed: 3 gender
 * categories (Women, Men, Non-binary/other), 8 ethnicities, 24 ethnicity x gender cells. So a
 * staff of only men and women, evenly split, is not perfectly even (J = ln 2 / ln 3).
 *
 * A group of 0 or 1 person (counting those whose attribute is disclosed) has no evenness (null);
 * fewer than 10 is marked low confidence.
 */
import { EVENNESS_MIN_PEOPLE, LOW_CONFIDENCE_BELOW } from './constants';
import type { TClassifier, TGroupEntry } from './group';

export interface TEvenness {
  /** 0-1 (shown x100), null when the group has 0 or 1 person or K < 2 */
  value: number | null;
  lowConfidence: boolean;
  /** the people counted (attribute disclosed, weight above 0) */
  n: number;
}

export type TEvennessKind = 'gender' | 'racial' | 'combined';

/** J of weights over a fixed number of categories K (categories absent from `weights` weigh 0). */
export function pielou(weights: readonly number[], k: number): number | null {
  if (k < 2) return null;
  const total = weights.reduce((sum, w) => sum + (w > 0 ? w : 0), 0);
  if (total <= 0) return null;
  let h = 0;
  for (const w of weights) {
    const p = w / total;
    if (p > 0) h -= p * Math.log(p);
  }
  return Math.min(1, Math.max(0, h / Math.log(k)));
}

function cellKey(e: TGroupEntry, kind: TEvennessKind): string | null {
  if (kind === 'gender') return e.genderCategory === null ? null : String(e.genderCategory);
  if (kind === 'racial') return e.ethnicity === null ? null : String(e.ethnicity);
  return e.genderCategory === null || e.ethnicity === null ? null : `${e.genderCategory}/${e.ethnicity}`;
}

export function categoriesK(kind: TEvennessKind, c: TClassifier): number {
  if (kind === 'gender') return c.genderCategoryIds.length;
  if (kind === 'racial') return c.ethnicityIds.length;
  return c.genderCategoryIds.length * c.ethnicityIds.length;
}

/** Evenness of a group (head counts or ownership weights) of one kind. */
export function evenness(group: readonly TGroupEntry[], kind: TEvennessKind, c: TClassifier): TEvenness {
  const cells = new Map<string, number>();
  let n = 0;
  for (const e of group) {
    const key = cellKey(e, kind);
    if (key === null || e.weight <= 0 || e.people <= 0) continue;
    cells.set(key, (cells.get(key) ?? 0) + e.weight);
    n += e.people;
  }
  const value = n < EVENNESS_MIN_PEOPLE ? null : pielou([...cells.values()], categoriesK(kind, c));
  return { value, lowConfidence: n < LOW_CONFIDENCE_BELOW, n };
}

export interface TEvennessSet {
  gender: TEvenness;
  racial: TEvenness;
  combined: TEvenness;
}

export const evennessSet = (group: readonly TGroupEntry[], c: TClassifier): TEvennessSet => ({
  gender: evenness(group, 'gender', c),
  racial: evenness(group, 'racial', c),
  combined: evenness(group, 'combined', c),
});
