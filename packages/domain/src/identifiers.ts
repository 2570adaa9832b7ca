import { z } from 'zod';
import { GLOBAL_INDUSTRY_KEYS, type TGlobalIndustryKey } from './dictionaries';

/**
 * An organization's global industry identifiers (spec 3): one optional, nullable id per hierarchy
 * type (sector, industry, sub-industry, AUM, investment vehicle, asset class, strategy).
 */
const ZIdentifierValue = z.number().int().positive().nullable().optional();

export const ZIdentifiers = z
  .object(
    Object.fromEntries(GLOBAL_INDUSTRY_KEYS.map((key) => [key, ZIdentifierValue])) as Record<
      TGlobalIndustryKey,
      typeof ZIdentifierValue
    >,
  )
  .strict();
export type TIdentifiers = Partial<Record<TGlobalIndustryKey, number | null>>;

/** The cascade of the hierarchy: a parent's change clears these descendants. */
export const IDENTIFIER_DESCENDANTS: Readonly<
  Partial<Record<TGlobalIndustryKey, readonly TGlobalIndustryKey[]>>
> = {
  gi_sector_id: ['gi_industry_id', 'gi_sub_industry_id'],
  gi_industry_id: ['gi_sub_industry_id'],
};

/** Sets one identifier and clears the ones below it when it changed. */
export function setIdentifier(value: TIdentifiers, key: TGlobalIndustryKey, id: number | null): TIdentifiers {
  const next: TIdentifiers = { ...value, [key]: id };
  if ((value[key] ?? null) !== id) {
    for (const child of IDENTIFIER_DESCENDANTS[key] ?? []) next[child] = null;
  }
  return next;
}
