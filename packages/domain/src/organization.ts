import { z } from 'zod';

/** Spec 3 Organization: the directory query of /organizations. */
export const ORGANIZATION_SORT_FIELDS = ['name', 'created_at'] as const;
export const ORGANIZATION_PAGE_SIZE = 30;

export const ZOrganizationDirectoryQuery = z.strictObject({
  search_query: z.string().trim().max(100).optional(),
  legal_structure_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
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
});
export type TOrganizationDirectoryItem = z.infer<typeof ZOrganizationDirectoryItem>;

export const ZOrganizationDirectory = z.object({
  data: z.array(ZOrganizationDirectoryItem),
  total: z.number().int(),
});
export type TOrganizationDirectory = z.infer<typeof ZOrganizationDirectory>;

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
});
export type TOrganizationPublic = z.infer<typeof ZOrganizationPublic>;
