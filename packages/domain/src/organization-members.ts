import { z } from 'zod';

export const LAST_ADMIN_MESSAGE =
  'An organization must keep at least one admin. Give another member the manage settings permission first.';
export const MEMBER_REMOVED_MESSAGE = 'The member was removed from the organization.';
export const PERMISSIONS_UPDATED_MESSAGE = 'Permissions were updated';
/** Spec 8: the alert when manage_settings is granted. */
export const ADMIN_ACCESS_GRANTED_MESSAGE = 'Administrator access granted successfully';

const ZFlags = z.object({
  manage_settings: z.boolean(),
  user_manage_surveys: z.boolean(),
  survey_creation: z.boolean(),
  average_lpi_score_access: z.boolean(),
});

/** PUT /api/organizations/me/members/{userId}/permissions (absent flags stay as they are). */
export const ZPermissionsUpdate = ZFlags.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one permission.' });
export type TPermissionsUpdate = z.infer<typeof ZPermissionsUpdate>;

export const ZMemberPermissions = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  permissions: ZFlags,
});
export type TMemberPermissions = z.infer<typeof ZMemberPermissions>;

export const ZPermissionList = z.object({ data: z.array(ZMemberPermissions), total: z.number().int() });
export type TPermissionList = z.infer<typeof ZPermissionList>;
