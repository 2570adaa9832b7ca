import { z } from 'zod';

/**
 * Reference data ("dictionaries", spec sections 3 and 7): the response shapes of the dictionary
 * endpoints, their names and paths. Every endpoint answers `{ data: ... }`.
 */

const id = z.number().int();

/** A plain option list entry (languages, tags, titles, interests, roles, reasons, attributes). */
export const ZOption = z.object({ id, name: z.string() });
export type TOption = z.infer<typeof ZOption>;

export const ZGenderCategory = z.object({ id, name: z.string(), order: z.number().int() });
export type TGenderCategory = z.infer<typeof ZGenderCategory>;

export const ZGender = z.object({ id, name: z.string(), order: z.number().int(), category_id: id });
export type TGender = z.infer<typeof ZGender>;

export const ZEthnicity = z.object({
  id,
  name: z.string(),
  order: z.number().int(),
  /** Everyone but White counts as a person of colour in the scores. */
  is_white: z.boolean(),
  /** Undisclosed answers are left out of shares and count against transparency. */
  is_undisclosed: z.boolean(),
});
export type TEthnicity = z.infer<typeof ZEthnicity>;

export const ZColor = z.object({ id, name: z.string(), hex: z.string().regex(/^#[0-9a-fA-F]{6}$/) });
export type TColor = z.infer<typeof ZColor>;

export const ZLegalStructure = z.object({ id, name: z.string() });
export type TLegalStructure = z.infer<typeof ZLegalStructure>;

/** The organization `identifiers` keys, one per global industry hierarchy type. */
export const GLOBAL_INDUSTRY_KEYS = [
  'gi_sector_id',
  'gi_industry_id',
  'gi_sub_industry_id',
  'gi_aum',
  'gi_investment_vehicle_id',
  'gi_asset_class_id',
  'gi_strategy_id',
] as const;
export const ZGlobalIndustryKey = z.enum(GLOBAL_INDUSTRY_KEYS);
export type TGlobalIndustryKey = z.infer<typeof ZGlobalIndustryKey>;

export const ZGlobalIndustryType = z.object({ id, name: z.string(), key: ZGlobalIndustryKey });
export type TGlobalIndustryType = z.infer<typeof ZGlobalIndustryType>;

/** One node: sectors have no parent, industries point at a sector, sub-industries at an industry. */
export const ZGlobalIndustry = z.object({ id, name: z.string(), type_id: id, parent_id: id.nullable() });
export type TGlobalIndustry = z.infer<typeof ZGlobalIndustry>;

export const ZIdentificationCategory = z.enum(['individual', 'entity']);
export type TIdentificationCategory = z.infer<typeof ZIdentificationCategory>;

/** Spec 3: an identification option's category is derived from its name. */
export function identificationCategory(name: string): TIdentificationCategory {
  return /\b(entity|fund)\b/i.test(name) ? 'entity' : 'individual';
}

export const ZIdentificationOption = ZOption.extend({ category: ZIdentificationCategory });
export type TIdentificationOption = z.infer<typeof ZIdentificationOption>;

/** The option groups of GET /api/attributes/relations. */
export const ATTRIBUTE_GROUPS = [
  'immigration',
  'military_member',
  'lgbtq',
  'disabled',
  'identification',
  'board_type',
  'board_position',
  'us_citizen',
  'us_based',
] as const;
export type TAttributeGroup = (typeof ATTRIBUTE_GROUPS)[number];

export const ZAttributeOptions = z.object({
  immigration: z.array(ZOption),
  military_member: z.array(ZOption),
  lgbtq: z.array(ZOption),
  disabled: z.array(ZOption),
  identification: z.array(ZIdentificationOption),
  board_type: z.array(ZOption),
  board_position: z.array(ZOption),
  us_citizen: z.array(ZOption),
  us_based: z.array(ZOption),
});
export type TAttributeOptions = z.infer<typeof ZAttributeOptions>;

/** The yes/no attribute groups (immigration, military_member, lgbtq, disabled, us_citizen, us_based). */
export const YES_NO_OPTION_IDS = { YES: 1, NO: 2, PREFER_NOT_TO_SAY: 3 } as const;

/** Stable ids seeded by migration, for rules and scores that must name a category. */
export const GENDER_CATEGORY_IDS = { WOMEN: 1, MEN: 2, NON_BINARY_OTHER: 3, UNDISCLOSED: 4 } as const;

/** The `data` schema of each dictionary, by the client-side name of spec section 3. */
export const DICTIONARY_SCHEMAS = {
  genders: z.array(ZGender),
  genderCategories: z.array(ZGenderCategory),
  ethnicities: z.array(ZEthnicity),
  colors: z.array(ZColor),
  languages: z.array(ZOption),
  tags: z.array(ZOption),
  functionalTitles: z.array(ZOption),
  corporateTitles: z.array(ZOption),
  interests: z.array(ZOption),
  roles: z.array(ZOption),
  globalReasonForChange: z.array(ZOption),
  globalIndustryHierarchy: z.array(ZGlobalIndustry),
  globalIndustryHierarchyTypes: z.array(ZGlobalIndustryType),
  legalStructures: z.array(ZLegalStructure),
  attributeOptions: ZAttributeOptions,
} as const;

export type TDictionaryName = keyof typeof DICTIONARY_SCHEMAS;
export const DICTIONARY_NAMES = Object.keys(DICTIONARY_SCHEMAS) as TDictionaryName[];
export const ZDictionaryName = z.enum(DICTIONARY_NAMES as [TDictionaryName, ...TDictionaryName[]]);

/** The `data` of each dictionary's response, by name. */
export type TDictionaries = { [K in TDictionaryName]: z.infer<(typeof DICTIONARY_SCHEMAS)[K]> };

/** The envelope every dictionary endpoint answers with. */
export function dictionaryResponse<T extends z.ZodType>(data: T) {
  return z.object({ data });
}
