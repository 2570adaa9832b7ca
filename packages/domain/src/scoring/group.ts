/**
 * A group of people as the scores see it: entries of (gender category, ethnicity, people, weight).
 * A staff grid cell is one entry of `value` people; an individual is one entry of one person; an
 * owner's weight is their ownership percentage. Undisclosed or unknown attributes are null.
 */
import { DEFAULT_REFERENCE, type TScoringReference } from './constants';

export interface TGroupEntry {
  /** the gender category id, null when undisclosed or unknown */
  genderCategory: number | null;
  /** counted as a woman or non-binary person; null when undisclosed */
  womenOrNonBinary: boolean | null;
  /** the ethnicity id, null when undisclosed or unknown */
  ethnicity: number | null;
  /** a person of colour (any ethnicity but White); null when undisclosed */
  personOfColour: boolean | null;
  /** how many people the entry stands for */
  people: number;
  /** the entry's weight in shares: its head count, or an owner's ownership percentage */
  weight: number;
}

/** Plain rows as the LPI tabs store them. */
export interface TGridRowData {
  ethnicity_id: number;
  genders: readonly { id: number; value: number }[];
}
export interface TIndividualData {
  gender_id: number | null;
  ethnicity_id: number | null;
  is_senior_management: boolean | number;
  is_owner: boolean | number;
  /** ownership percentage (0-100), for owners */
  ownership: number | null;
}

/** Resolves ids against the reference data. */
export interface TClassifier {
  gender(genderId: number | null): { category: number; womenOrNonBinary: boolean } | null;
  ethnicity(ethnicityId: number | null): { id: number; personOfColour: boolean } | null;
  /** disclosed gender categories (K of gender evenness) */
  genderCategoryIds: readonly number[];
  /** disclosed ethnicities (K of racial evenness) */
  ethnicityIds: readonly number[];
}

const positive = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;

export function classifier(reference: TScoringReference = DEFAULT_REFERENCE): TClassifier {
  const categories = new Map(reference.genderCategories.map((c) => [c.id, c]));
  const genders = new Map<number, { category: number; womenOrNonBinary: boolean }>();
  for (const g of reference.genders) {
    const category = categories.get(g.category_id);
    if (!category || category.undisclosed) continue;
    genders.set(g.id, { category: category.id, womenOrNonBinary: category.women_or_non_binary });
  }
  const ethnicities = new Map<number, { id: number; personOfColour: boolean }>();
  for (const e of reference.ethnicities) {
    if (e.is_undisclosed) continue;
    ethnicities.set(e.id, { id: e.id, personOfColour: !e.is_white });
  }
  return {
    gender: (id) => (id === null ? null : (genders.get(id) ?? null)),
    ethnicity: (id) => (id === null ? null : (ethnicities.get(id) ?? null)),
    genderCategoryIds: reference.genderCategories.filter((c) => !c.undisclosed).map((c) => c.id),
    ethnicityIds: [...ethnicities.keys()],
  };
}

function entry(
  c: TClassifier,
  genderId: number | null,
  ethnicityId: number | null,
  people: number,
  weight: number,
): TGroupEntry {
  const gender = c.gender(genderId);
  const ethnicity = c.ethnicity(ethnicityId);
  return {
    genderCategory: gender?.category ?? null,
    womenOrNonBinary: gender?.womenOrNonBinary ?? null,
    ethnicity: ethnicity?.id ?? null,
    personOfColour: ethnicity?.personOfColour ?? null,
    people,
    weight,
  };
}

/** The staff grid: one entry per non-empty cell, weighted by its head count. */
export function gridGroup(rows: readonly TGridRowData[], c: TClassifier): TGroupEntry[] {
  const entries: TGroupEntry[] = [];
  for (const row of rows) {
    for (const cell of row.genders) {
      const n = Math.floor(positive(cell.value));
      if (n > 0) entries.push(entry(c, cell.id, row.ethnicity_id, n, n));
    }
  }
  return entries;
}

/** The individuals flagged senior leadership, one person each. */
export function leadershipGroup(individuals: readonly TIndividualData[], c: TClassifier): TGroupEntry[] {
  return individuals
    .filter((p) => Boolean(p.is_senior_management))
    .map((p) => entry(c, p.gender_id, p.ethnicity_id, 1, 1));
}

/** The owners, weighted by their ownership percentage (an owner without one weighs 0). */
export function ownershipGroup(individuals: readonly TIndividualData[], c: TClassifier): TGroupEntry[] {
  return individuals
    .filter((p) => Boolean(p.is_owner))
    .map((p) => entry(c, p.gender_id, p.ethnicity_id, 1, positive(p.ownership)));
}

/**
 * The share of the disclosed weight held by entries matching `pick` (undisclosed entries left
 * out of numerator and denominator); null when nothing is disclosed.
 */
function share(group: readonly TGroupEntry[], pick: (e: TGroupEntry) => boolean | null): number | null {
  let disclosed = 0;
  let matching = 0;
  for (const e of group) {
    const value = pick(e);
    if (value === null || e.weight <= 0) continue;
    disclosed += e.weight;
    if (value) matching += e.weight;
  }
  return disclosed > 0 ? matching / disclosed : null;
}

/** w: the share of women and non-binary people among those whose gender is disclosed. */
export const womenShare = (group: readonly TGroupEntry[]) => share(group, (e) => e.womenOrNonBinary);
/** r: the share of people of colour among those whose ethnicity is disclosed. */
export const peopleOfColourShare = (group: readonly TGroupEntry[]) => share(group, (e) => e.personOfColour);
