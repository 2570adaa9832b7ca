import { z } from 'zod';
import { organizationRuleFields, refineOrganizationForm } from './organization-form';

/** Spec 5 Organization form on the settings page of the organization space. */
export const ORGANIZATION_UPDATED_MESSAGE = 'Organization was updated';
export const PRIMARY_CONTACT_MESSAGE = 'Primary Contact must be an approved member of the organization';
export const COLOR_MESSAGE = 'Colour is not one of the colours';
export const LEGAL_STRUCTURE_MESSAGE = 'Legal Structure is not one of the legal structures';

/** GET /api/organizations/me/settings */
export const ZOrganizationSettings = z.object({
  id: z.number().int(),
  name: z.string(),
  about: z.string().nullable(),
  website: z.string().nullable(),
  color_id: z.number().int().nullable(),
  legal_structure: z.number().int().nullable(),
  inception_date: z.string().nullable(),
  primary_contact_id: z.number().int().nullable(),
  /** the primary contact's full name, shown while the members are not listed */
  primary_contact_name: z.string().nullable(),
  is_publicly_traded: z.boolean(),
  ticker_symbol: z.string().nullable(),
  total_full_time_employees: z.number().int(),
  total_leaders: z.number().int(),
  total_owners: z.number().int(),
  is_public: z.boolean(),
  /** outsiders see the latest profile scores on the public page when public and this is set */
  publish_scores: z.boolean(),
  /** GET /api/organizations/{id}/logo (with a version), or null */
  logo: z.string().nullable(),
  cover: z.string().nullable(),
});
export type TOrganizationSettings = z.infer<typeof ZOrganizationSettings>;

export const ZWebsite = z
  .string()
  .trim()
  .max(2048, 'Website must be not more than 2048 characters long')
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), {
    message: 'Website must be a valid URL starting with http:// or https://',
  });

/**
 * PUT /api/organizations/me: the whole form. The rule fields (legal_structure, inception_date,
 * primary_contact_id, is_publicly_traded, ticker_symbol and the three counts) follow
 * organization-form.ts; about, website, color_id, is_public and publish_scores stay as they are when absent.
 */
export const ZOrganizationSettingsUpdate = z
  .strictObject({
    name: z.string().trim().max(255, 'Name must be not more than 255 characters long').nullish(),
    ...organizationRuleFields,
    about: z.string().trim().max(5000, 'About must be not more than 5000 characters long').nullish(),
    website: ZWebsite.nullish(),
    color_id: z.number().int().positive().max(2_147_483_647).nullish(),
    is_public: z.boolean().optional(),
    publish_scores: z.boolean().optional(),
  })
  .superRefine((values, ctx) => refineOrganizationForm({ requireName: true })(values, ctx));
export type TOrganizationSettingsUpdate = z.infer<typeof ZOrganizationSettingsUpdate>;

export const ZOrganizationSettingsSaved = z.object({
  message: z.string(),
  organization: ZOrganizationSettings,
});
export type TOrganizationSettingsSaved = z.infer<typeof ZOrganizationSettingsSaved>;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ORGANIZATION_IMAGE_TYPES_MESSAGE = 'The image must be a PNG, JPEG or WebP file.';
export const ORGANIZATION_IMAGE_SIZE_MESSAGE = 'The image must be at most 5 MB.';

export const ZOrganizationImageSaved = z.object({ message: z.string(), url: z.string() });
export type TOrganizationImageSaved = z.infer<typeof ZOrganizationImageSaved>;
