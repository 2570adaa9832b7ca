import { z } from 'zod';
import { organizationFormErrors, organizationRuleFields } from './organization-form';
import { ZWebsite } from './organization-settings';

// The platform administrators' organizations (issue 14 point 4, spec 2 Admin: Organizations).

export const ADMIN_ORGANIZATION_SORTS = ['name', 'created_at', 'members'] as const;
export type TAdminOrganizationSort = (typeof ADMIN_ORGANIZATION_SORTS)[number];
export const ADMIN_ORGANIZATION_STATES = ['live', 'deleted', 'all'] as const;
export type TAdminOrganizationState = (typeof ADMIN_ORGANIZATION_STATES)[number];
export const ADMIN_ORGANIZATIONS_DEFAULT_LIMIT = 25;
export const ADMIN_ORGANIZATIONS_MAX_LIMIT = 100;

const ZId = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(2_147_483_647, 'Too large');

/** GET /api/admin/organizations */
export const ZAdminOrganizationListQuery = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  legal_structure: ZId.optional(),
  visibility: z.enum(['public', 'private'], { error: 'visibility must be public or private' }).optional(),
  state: z.enum(ADMIN_ORGANIZATION_STATES, { error: 'state must be live, deleted or all' }).default('live'),
  sort_by: z
    .enum(ADMIN_ORGANIZATION_SORTS, { error: 'sort_by must be name, created_at or members' })
    .default('name'),
  sort_order: z.enum(['asc', 'desc'], { error: 'sort_order must be asc or desc' }).default('asc'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_ORGANIZATIONS_MAX_LIMIT)
    .default(ADMIN_ORGANIZATIONS_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TAdminOrganizationListQuery = z.input<typeof ZAdminOrganizationListQuery>;

export const ZAdminOrganizationParams = z.object({ organizationId: ZId });

export const ZAdminOrganizationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  legal_structure: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  is_public: z.boolean(),
  /** approved members */
  members: z.number().int(),
  /** the LPI index (0-100) of the latest submitted own profile, or null */
  lpi: z.number().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type TAdminOrganizationRow = z.infer<typeof ZAdminOrganizationRow>;
export const ZAdminOrganizationList = z.object({
  data: z.array(ZAdminOrganizationRow),
  total: z.number().int(),
});
export type TAdminOrganizationList = z.infer<typeof ZAdminOrganizationList>;

/** GET /api/admin/organizations/{organizationId}: the record (a deleted one too). */
export const ZAdminOrganization = ZAdminOrganizationRow.extend({
  about: z.string().nullable(),
  website: z.string().nullable(),
  is_publicly_traded: z.boolean(),
  ticker_symbol: z.string().nullable(),
  /** members waiting for approval */
  pending_members: z.number().int(),
  updated_at: z.string(),
});
export type TAdminOrganization = z.infer<typeof ZAdminOrganization>;

/** The fields of the organization form (organization-form.ts) the admin's About form has. */
const ADMIN_RULE_FIELDS = ['name', 'legal_structure', 'is_publicly_traded', 'ticker_symbol'] as const;

/**
 * PUT /api/admin/organizations/{organizationId}: the About form. Name, legal structure, publicly
 * traded and ticker follow the organization form's rules (spec 5); the profile's other rules
 * (inception date, primary contact, head counts) belong to the organization's own reporting.
 */
export const ZAdminOrganizationUpdate = z
  .strictObject({
    name: z.string().trim().max(255, 'Name must be not more than 255 characters long'),
    about: z.string().trim().max(5000, 'About must be not more than 5000 characters long').nullish(),
    website: ZWebsite.nullish(),
    legal_structure: organizationRuleFields.legal_structure,
    is_publicly_traded: z.boolean().optional(),
    ticker_symbol: organizationRuleFields.ticker_symbol,
    is_public: z.boolean().optional(),
  })
  .superRefine((values, ctx) => {
    const errors = organizationFormErrors(values, { requireName: true });
    for (const field of ADMIN_RULE_FIELDS) {
      const message = errors[field];
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type TAdminOrganizationUpdate = z.infer<typeof ZAdminOrganizationUpdate>;
export type TAdminOrganizationUpdateInput = z.input<typeof ZAdminOrganizationUpdate>;

export const ADMIN_SURVEY_INVITATION_STATUSES = ['invited', 'in_progress', 'submitted', 'declined'] as const;

/** GET /api/admin/organizations/{organizationId}/surveys */
export const ZAdminOrganizationSurveys = z.object({
  hosted: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      /** draft (not started), open, closed (past due), archived or deleted */
      status: z.enum(['scheduled', 'open', 'closed', 'archived', 'deleted']),
      start: z.string(),
      due: z.string(),
      /** organizations invited */
      invited: z.number().int(),
      /** of them, submitted */
      submitted: z.number().int(),
    }),
  ),
  invited: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      host: z.object({ id: z.number().int(), name: z.string() }),
      /** invited, in_progress, submitted, declined */
      status: z.string(),
      due: z.string(),
      submitted_at: z.string().nullable(),
    }),
  ),
});
export type TAdminOrganizationSurveys = z.infer<typeof ZAdminOrganizationSurveys>;

/** POST /api/admin/organizations/{organizationId}/merge */
export const ZAdminOrganizationMerge = z.strictObject({
  into: z
    .number({ error: 'Choose the organization to merge into' })
    .int()
    .positive('Choose the organization to merge into')
    .max(2_147_483_647),
});
export type TAdminOrganizationMerge = z.infer<typeof ZAdminOrganizationMerge>;

/** How many rows of each kind moved. */
export const ZAdminOrganizationMerged = z.object({
  message: z.string(),
  source: z.object({ id: z.number().int(), name: z.string() }),
  target: z.object({ id: z.number().int(), name: z.string() }),
  moved: z.record(z.string(), z.number().int()),
});
export type TAdminOrganizationMerged = z.infer<typeof ZAdminOrganizationMerged>;

export const ORGANIZATION_DELETED_MESSAGE = 'The organization was deleted: its members lost access to it.';
export const ORGANIZATION_RESTORED_MESSAGE = 'The organization was restored: its members have access again.';
export const ALREADY_DELETED_MESSAGE = 'This organization is already deleted.';
export const NOT_DELETED_MESSAGE = 'This organization is not deleted.';
export const MERGE_SELF_MESSAGE = 'An organization cannot be merged into itself.';
export const MERGE_DELETED_MESSAGE = 'Merges go between live organizations: one of them is deleted.';
export const MERGE_TARGET_MISSING_MESSAGE = 'No such organization to merge into.';

/** What a merge moves, in words, for the confirmation (the API's `moved` keys). */
export const MERGE_MOVES = [
  'members',
  'pending sign-up invitations',
  'sign-up codes',
  'contacts',
  'files',
  'LPI profile data',
  'hosted surveys',
  'survey invitations and responses',
  'labels',
  'feedback',
  'bookmarks',
] as const;
