import { z } from 'zod';
import type { TProfileScores } from './scoring/profile';

/** Spec 3 Organization: the directory query of /organizations. */
export const ORGANIZATION_SORT_FIELDS = ['name', 'created_at'] as const;
export const ORGANIZATION_PAGE_SIZE = 30;

/** Size bands of the directory over total_full_time_employees. */
export const ORGANIZATION_SIZE_BANDS = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type TOrganizationSizeBand = (typeof ORGANIZATION_SIZE_BANDS)[number];
/** The inclusive employee range of a band (1000+ is more than 1000). */
export const SIZE_BAND_RANGES: Record<TOrganizationSizeBand, [number, number | null]> = {
  '1-10': [1, 10],
  '11-50': [11, 50],
  '51-200': [51, 200],
  '201-1000': [201, 1000],
  '1000+': [1001, null],
};
export function sizeBand(employees: number | null | undefined): TOrganizationSizeBand | null {
  if (!employees || employees < 1) return null;
  for (const band of ORGANIZATION_SIZE_BANDS) {
    const [min, max] = SIZE_BAND_RANGES[band];
    if (employees >= min && (max === null || employees <= max)) return band;
  }
  return null;
}

const dbId = z.coerce.number().int().positive().max(2_147_483_647);

export const ZOrganizationDirectoryQuery = z.strictObject({
  search_query: z.string().trim().max(100).optional(),
  legal_structure_id: dbId.optional(),
  /** a sector or an industry (global industries): matches gi_sector_id or gi_industry_id */
  industry_id: dbId.optional(),
  size: z.enum(ORGANIZATION_SIZE_BANDS).optional(),
  /** an AUM band (global industries of type gi_aum) */
  aum_id: dbId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ORGANIZATION_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort_by: z.enum(ORGANIZATION_SORT_FIELDS).default('name'),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
});
export type TOrganizationDirectoryQuery = z.infer<typeof ZOrganizationDirectoryQuery>;

export const ZOrganizationDirectoryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  legal_structure_id: z.number().int().nullable(),
  website: z.string().nullable(),
  about: z.string().nullable(),
  /** the industry's name (else the sector's), or null */
  industry: z.string().nullable(),
  /** the AUM band's name, or null */
  aum: z.string().nullable(),
  size_band: z.enum(ORGANIZATION_SIZE_BANDS).nullable(),
});
export type TOrganizationDirectoryItem = z.infer<typeof ZOrganizationDirectoryItem>;

export const ZOrganizationDirectory = z.object({
  data: z.array(ZOrganizationDirectoryItem),
  total: z.number().int(),
});
export type TOrganizationDirectory = z.infer<typeof ZOrganizationDirectory>;

/**
 * Spec 3 Organization sections: the parts of an organization's page (spec 2 Organizations) the
 * caller opens. Everyone who sees the page opens About; the organization's own approved members
 * also open its private subpages (my organization).
 */
export const ORGANIZATION_PUBLIC_SECTIONS = ['about'] as const;
export const ORGANIZATION_PRIVATE_SECTIONS = [
  'feed',
  'members',
  'permissions',
  'files',
  'media',
  'settings',
  'invitations',
  'contacts',
  'lpi',
] as const;
export const ZOrganizationSection = z.enum([
  ...ORGANIZATION_PUBLIC_SECTIONS,
  ...ORGANIZATION_PRIVATE_SECTIONS,
]);
export type TOrganizationSection = z.infer<typeof ZOrganizationSection>;

/**
 * Spec 3 Organization lpi_score and evenness, from a submission's stored scores: the LPI and the
 * combined evenness of its people (staff and senior leadership, 0-1); null when not scored.
 */
export function organizationScores(scores: Partial<TProfileScores> | null | undefined): {
  lpi_score: number | null;
  evenness: number | null;
} {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    lpi_score: number(scores?.lpi),
    evenness: number(scores?.evenness?.prime?.combined?.value),
  };
}

/** The public page of one organization (/organizations/{organizationId}). */
export const ZOrganizationPublic = z.object({
  id: z.number().int(),
  name: z.string(),
  about: z.string().nullable(),
  website: z.string().nullable(),
  inception_date: z.string().nullable(),
  legal_structure_id: z.number().int().nullable(),
  ticker_symbol: z.string().nullable(),
  is_publicly_traded: z.boolean(),
  logo: z.string().nullable(),
  cover: z.string().nullable(),
  legal_structure: z.string().nullable(),
  aum: z.string().nullable(),
  total_full_time_employees: z.number().int(),
  /** the size band of its full-time employees (the directory's size filter), null when none */
  size_of_workforce: z.enum(ORGANIZATION_SIZE_BANDS).nullable(),
  total_owners: z.number().int(),
  total_leaders: z.number().int(),
  color_id: z.number().int().nullable(),
  primary_phone: z.string().nullable(),
  /** outsiders only ever see public organizations (true); its own members may see false */
  is_public: z.boolean(),
  /**
   * Whether the organization publishes its LPI scores here; the scores
   * (GET /api/organizations/{id}/lpi and /evenness) answer outsiders only when true.
   */
  publish_scores: z.boolean(),
  /**
   * Its latest profile submission's LPI and combined evenness (0-1): for its own members and
   * platform admins, and for others only when it publishes its scores; else null.
   */
  lpi_score: z.number().nullable(),
  evenness: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** the parts of its page the caller opens: about; its own members also the private subpages */
  sections: z.array(ZOrganizationSection),
  /** primary first */
  addresses: z.array(z.object({ id: z.number().int(), address: z.string(), is_primary: z.boolean() })),
  /** public name and title; email only for the organization's own members and platform admins */
  primary_contact: z
    .object({
      id: z.number().int(),
      name: z.string(),
      lastname: z.string(),
      title: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  /** the global industry identifiers that are set, with their names */
  identifiers: z.array(z.object({ key: z.string(), id: z.number().int(), name: z.string().nullable() })),
});
export type TOrganizationPublic = z.infer<typeof ZOrganizationPublic>;
