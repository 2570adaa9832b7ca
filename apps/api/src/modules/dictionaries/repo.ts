import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  colors,
  ethnicities,
  genderCategories,
  genders,
  globalIndustries,
  globalIndustryTypes,
  legalStructures,
  options,
} from '../../db/schema/dictionaries';

export function listGenderCategories(db: DbOrTx) {
  return db
    .select({ id: genderCategories.id, name: genderCategories.name, order: genderCategories.order })
    .from(genderCategories)
    .orderBy(asc(genderCategories.order), asc(genderCategories.name), asc(genderCategories.id));
}

export function listGenders(db: DbOrTx) {
  return db
    .select({ id: genders.id, name: genders.name, order: genders.order, category_id: genders.category_id })
    .from(genders)
    .orderBy(asc(genders.order), asc(genders.name), asc(genders.id));
}

export function listEthnicities(db: DbOrTx) {
  return db
    .select({
      id: ethnicities.id,
      name: ethnicities.name,
      order: ethnicities.order,
      is_white: ethnicities.is_white,
      is_undisclosed: ethnicities.is_undisclosed,
    })
    .from(ethnicities)
    .orderBy(asc(ethnicities.order), asc(ethnicities.name), asc(ethnicities.id));
}

/** By id: the palette is seeded in hue order. */
export function listColors(db: DbOrTx) {
  return db
    .select({ id: colors.id, name: colors.name, hex: colors.hex })
    .from(colors)
    .orderBy(asc(colors.id));
}

/** By id: the spec's rules name legal structures 1-10, so the list keeps that order. */
export function listLegalStructures(db: DbOrTx) {
  return db
    .select({ id: legalStructures.id, name: legalStructures.name })
    .from(legalStructures)
    .orderBy(asc(legalStructures.id));
}

export function listGlobalIndustryTypes(db: DbOrTx) {
  return db
    .select({ id: globalIndustryTypes.id, name: globalIndustryTypes.name, key: globalIndustryTypes.key })
    .from(globalIndustryTypes)
    .orderBy(asc(globalIndustryTypes.id));
}

/** By type, then id: ids are seeded in display order (AUM bands ascending, sectors before their industries). */
export function listGlobalIndustries(db: DbOrTx) {
  return db
    .select({
      id: globalIndustries.id,
      name: globalIndustries.name,
      type_id: globalIndustries.type_id,
      parent_id: globalIndustries.parent_id,
    })
    .from(globalIndustries)
    .orderBy(asc(globalIndustries.type_id), asc(globalIndustries.id));
}

export function listOptions(db: DbOrTx, group: string) {
  return db
    .select({ id: options.id, name: options.name })
    .from(options)
    .where(eq(options.group, group))
    .orderBy(asc(options.order), asc(options.name), asc(options.id));
}

export function listOptionsOfGroups(db: DbOrTx, groups: readonly string[]) {
  return db
    .select({ group: options.group, id: options.id, name: options.name })
    .from(options)
    .where(inArray(options.group, [...groups]))
    .orderBy(asc(options.group), asc(options.order), asc(options.name), asc(options.id));
}
