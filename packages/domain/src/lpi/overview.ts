/**
 * The Overview tab (spec 3 "Organization meta" and "Overview form", spec 5 "Reporting overview"):
 * what GET /api/organization/[me/]meta-v2 answers, what POST /api/organization/meta-v2 takes, and
 * the healthcheck of GET /api/organization/meta/healthcheck.
 */
import { z } from 'zod';
import { ZIdentifiers } from '../identifiers';
import {
  ORGANIZATION_FORM_LABELS,
  organizationFormErrors,
  organizationRuleFields,
  refineOrganizationForm,
  type TOrganizationFormErrors,
  type TOrganizationRulesInput,
} from '../organization-form';
import { ZAddressFound, ZPlaceDetails } from '../places';
import { phone } from '../validation/phone';
import { url } from '../validation/rules';
import { zFieldRules } from '../validation/zod';
import { ZSaveBase, ZTabKey, ZTabState } from './tabs';

/** The server's answer when a save breaks the overview rules (spec 8 alert 'Error!'). */
export const META_VALIDATION_MESSAGE = 'LPI organization meta validation error';

export const OVERVIEW_LABELS = {
  ...ORGANIZATION_FORM_LABELS,
  website: 'Website',
  primary_phone: 'Primary Phone',
  office_address_found: 'Primary Address',
  identifiers: 'Global Industries',
} as const;

export const ZMetaAddress = z.object({
  id: z.number().int(),
  address: z.string(),
  place_id: z.string().nullable(),
  details: ZPlaceDetails.nullable(),
  /** 1 for the primary address, else 0 (spec 3) */
  primary_address: z.union([z.literal(0), z.literal(1)]),
});
export type TMetaAddress = z.infer<typeof ZMetaAddress>;

/** Spec 3 Organization meta, in either scope. */
export const ZOrganizationMeta = z.object({
  id: z.number().int(),
  survey_id: z.number().int().nullable(),
  name: z.string(),
  about: z.string().nullable(),
  inception_date: z.string().nullable(),
  primary_phone: z.string().nullable(),
  primary_address_id: z.number().int().nullable(),
  addresses: z.array(ZMetaAddress),
  primary_contact_id: z.number().int().nullable(),
  /** the primary contact's full name (a reader who cannot list the members still sees who it is) */
  primary_contact_name: z.string().nullable(),
  color_id: z.number().int().nullable(),
  evenness: z.number().nullable(),
  lpi_score: z.number().nullable(),
  website: z.string().nullable(),
  is_publicly_traded: z.union([z.literal(0), z.literal(1)]),
  legal_structure_id: z.number().int().nullable(),
  aum: z.number().int().nullable(),
  is_public: z.union([z.literal(0), z.literal(1)]),
  ticker_symbol: z.string().nullable(),
  total_full_time_employees: z.number().int(),
  total_owners: z.number().int(),
  total_leaders: z.number().int(),
  identifiers: ZIdentifiers,
});
export type TOrganizationMeta = z.infer<typeof ZOrganizationMeta>;

export const ZOrganizationMetaResponse = z.object({ data: ZOrganizationMeta, state: ZTabState });
export type TOrganizationMetaResponse = z.infer<typeof ZOrganizationMetaResponse>;

/** What the Overview form edits (the draft of the web form and the save body's fields). */
export interface TOverviewValues extends TOrganizationRulesInput {
  website?: string | null;
  primary_phone?: string | null;
  identifiers?: z.infer<typeof ZIdentifiers>;
  office_address_id?: number | null;
  office_address_found?: z.infer<typeof ZAddressFound> | null;
}

/** Spec 5 Reporting overview plus the organization form's shared count and ticker rules. */
export function overviewErrors(
  values: TOverviewValues,
  today?: string,
): TOrganizationFormErrors & Partial<Record<'website' | 'primary_phone', string>> {
  const errors: TOrganizationFormErrors & Partial<Record<'website' | 'primary_phone', string>> =
    organizationFormErrors(values, { today });
  const website = values.website?.trim();
  if (website) {
    const message = url(website);
    if (message) errors.website = message;
  }
  const phoneText = values.primary_phone?.trim();
  if (phoneText) {
    const message = phone()(phoneText);
    if (message) errors.primary_phone = message;
  }
  return errors;
}

const id = z.number().int().positive().max(2_147_483_647);

/** The Overview form's schema: the rules of overviewErrors, each message on its field. */
export const ZOverviewForm = zFieldRules((values: TOverviewValues) => overviewErrors(values));

/** POST /api/organization/meta-v2 */
export const ZOverviewSave = ZSaveBase.extend({
  ...organizationRuleFields,
  website: z.string().trim().max(2048).nullish(),
  primary_phone: z.string().trim().max(25).nullish(),
  identifiers: ZIdentifiers.optional(),
  office_address_id: id.nullish(),
  office_address_found: ZAddressFound.nullish(),
})
  .strict()
  .superRefine((values, ctx) => {
    refineOrganizationForm()(values, ctx);
    const errors = overviewErrors(values);
    if (errors.website) ctx.addIssue({ code: 'custom', path: ['website'], message: errors.website });
    if (errors.primary_phone) {
      ctx.addIssue({ code: 'custom', path: ['primary_phone'], message: errors.primary_phone });
    }
  });
export type TOverviewSave = z.infer<typeof ZOverviewSave>;

/** The fields of the overview the healthcheck requires (spec 5 Reporting overview). */
export const OVERVIEW_REQUIRED_FIELDS = ['legal_structure', 'inception_date', 'primary_contact_id'] as const;

/** GET /api/organization/meta/healthcheck */
export const ZOverviewHealthcheck = z.object({
  /** every required overview field is filled and the overview rules hold */
  complete: z.boolean(),
  /** the overview fields that are missing or break a rule */
  missing: z.array(z.string()),
  /** the messages of those fields (labelled, spec 5) */
  errors: z.record(z.string(), z.string()),
  /** per tab: whether it holds any data in this scope */
  tabs: z.partialRecord(ZTabKey, z.boolean()),
});
export type TOverviewHealthcheck = z.infer<typeof ZOverviewHealthcheck>;

/** The meta as the rules see it (legal_structure_id is sent back as legal_structure). */
export function metaToValues(meta: TOrganizationMeta): TOverviewValues {
  return {
    legal_structure: meta.legal_structure_id,
    inception_date: meta.inception_date,
    primary_contact_id: meta.primary_contact_id,
    is_publicly_traded: meta.is_publicly_traded === 1,
    ticker_symbol: meta.ticker_symbol,
    total_full_time_employees: meta.total_full_time_employees,
    total_leaders: meta.total_leaders,
    total_owners: meta.total_owners,
    website: meta.website,
    primary_phone: meta.primary_phone,
    identifiers: meta.identifiers,
    office_address_id: meta.primary_address_id,
    office_address_found: null,
  };
}
