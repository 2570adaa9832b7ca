import { z } from 'zod';

/** The admin console's organization codes (issue 14 point 5): every organization's sign-up codes. */

export const ADMIN_CODES_DEFAULT_LIMIT = 30;
export const ADMIN_CODES_MAX_LIMIT = 100;
export const ADMIN_CODE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type TAdminCodeStatus = (typeof ADMIN_CODE_STATUSES)[number];

/** GET /api/admin/codes?search&limit&offset (search: the organization's name or the code). */
export const ZAdminCodesQuery = z.object({
  search: z.string().trim().max(200, 'Value must be not more than 200 characters long').optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_CODES_MAX_LIMIT).default(ADMIN_CODES_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TAdminCodesQuery = z.infer<typeof ZAdminCodesQuery>;

export const ZAdminCode = z.object({
  id: z.number().int(),
  code: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(ADMIN_CODE_STATUSES),
});
export type TAdminCode = z.infer<typeof ZAdminCode>;

export const ZAdminCodeList = z.object({ data: z.array(ZAdminCode), total: z.number().int() });
export type TAdminCodeList = z.infer<typeof ZAdminCodeList>;

const ZExpiry = z.iso
  .datetime({ offset: true, error: 'The expiry must be a date and time (ISO 8601).' })
  .nullish();

/** POST /api/admin/codes: a new code for an organization, with an optional expiry. */
export const ZAdminCodeCreate = z.strictObject({
  organization_id: z.number({ error: 'Choose an organization' }).int().positive('Choose an organization'),
  expires_at: ZExpiry,
});
export type TAdminCodeCreate = z.infer<typeof ZAdminCodeCreate>;

export const ZAdminCodeParams = z.object({ id: z.coerce.number().int().positive() });
