import { z } from 'zod';
import { CUSTOM_PERMISSION_SET, PERMISSION_SET_NAMES } from './permissions';
import { ZEmail } from './signup';

// The platform administrators' user management (issue 14, spec 2 Admin: Users, Archived Users).

export const ADMIN_USER_STATUSES = ['pending', 'approved', 'declined'] as const;
export const ADMIN_USER_ROLES = ['sadm', 'org_admin', 'survey_host', 'member'] as const;
export const ADMIN_USER_SORTS = ['name', 'email', 'created_at', 'last_login_at'] as const;
export type TAdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];
export type TAdminUserRole = (typeof ADMIN_USER_ROLES)[number];
export type TAdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ADMIN_USER_ROLE_LABELS: Record<TAdminUserRole, string> = {
  sadm: 'Platform administrator',
  org_admin: 'Organization admin',
  survey_host: 'Survey host',
  member: 'Member',
};

/** The list's permission set filter: a set's name, or 'Custom' (an organization's flags no set matches). */
export const ADMIN_USER_PERMISSION_SETS = [...PERMISSION_SET_NAMES, CUSTOM_PERMISSION_SET] as const;
export type TAdminUserPermissionSet = (typeof ADMIN_USER_PERMISSION_SETS)[number];

export const ADMIN_USERS_MAX_LIMIT = 100;
export const ADMIN_USERS_DEFAULT_LIMIT = 25;

const required = 'This field is required';

export const ZAdminUserListQuery = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z.enum(ADMIN_USER_STATUSES, { error: 'status must be pending, approved or declined' }).optional(),
  organization_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  role: z.enum(ADMIN_USER_ROLES, { error: 'role must be sadm, org_admin, survey_host or member' }).optional(),
  permission_set: z
    .enum(ADMIN_USER_PERMISSION_SETS, {
      error: `permission_set must be one of: ${ADMIN_USER_PERMISSION_SETS.join(', ')}`,
    })
    .optional(),
  sort_by: z
    .enum(ADMIN_USER_SORTS, { error: 'sort_by must be name, email, created_at or last_login_at' })
    .default('created_at'),
  sort_order: z.enum(['asc', 'desc'], { error: 'sort_order must be asc or desc' }).default('desc'),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_LIMIT).default(ADMIN_USERS_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TAdminUserListQuery = z.input<typeof ZAdminUserListQuery>;

export const ZAdminUserOrganization = z.object({ id: z.number().int(), name: z.string() });

export const ZAdminUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  organization: ZAdminUserOrganization.nullable(),
  /** the membership's status; null without an organization */
  status: z.enum(ADMIN_USER_STATUSES).nullable(),
  is_sadm: z.boolean(),
  two_fa_enabled: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  /** The permission set the organization flags match ('Custom' when none); [] without an organization. */
  permission_sets: z.array(z.string()),
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;

export const ZAdminUserList = z.object({ data: z.array(ZAdminUserRow), total: z.number().int() });
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

export const ZAdminUserPermissions = z.object({
  is_sadm: z.boolean(),
  manage_settings: z.boolean(),
  user_manage_surveys: z.boolean(),
  survey_creation: z.boolean(),
  average_lpi_score_access: z.boolean(),
});
export type TAdminUserPermissions = z.infer<typeof ZAdminUserPermissions>;

export const ZAdminUser = ZAdminUserRow.extend({
  permissions: ZAdminUserPermissions,
  /** The user's roles from the `roles` dictionary (spec 3 user_roles). */
  user_roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  deleted_at: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

const ZName = (label: string) =>
  z.string({ error: required }).trim().min(1, required).max(100, `${label} must be at most 100 characters`);

/** The Profile tab's form (PUT /api/admin/users/{userId}). */
export const ZAdminUserUpdate = z.strictObject({
  name: ZName('Name'),
  lastname: ZName('Last name'),
  title: z.string().trim().max(150, 'Title must be at most 150 characters').nullable().optional(),
  email: ZEmail,
});
export type TAdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;
export type TAdminUserUpdateInput = z.input<typeof ZAdminUserUpdate>;

/** The Permissions tab: any of the flags (absent ones stay); organization flags need a membership. */
export const ZAdminPermissionsUpdate = ZAdminUserPermissions.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one permission.' });
export type TAdminPermissionsUpdate = z.infer<typeof ZAdminPermissionsUpdate>;

export const ADMIN_USER_ROLES_MAX = 50;

/** PUT /api/admin/users/{userId}/roles: the user's whole list of roles (ids of the `roles` dictionary). */
export const ZAdminRolesUpdate = z.strictObject({
  role_ids: z
    .array(z.number({ error: 'role_ids must be role ids' }).int().positive().max(2_147_483_647), {
      error: 'role_ids must be a list of role ids',
    })
    .max(ADMIN_USER_ROLES_MAX, `At most ${ADMIN_USER_ROLES_MAX} roles`),
});
export type TAdminRolesUpdate = z.infer<typeof ZAdminRolesUpdate>;

/** 400 for ids that are not in the `roles` dictionary. */
export const unknownRolesMessage = (ids: number[]) =>
  `Unknown role ${ids.length === 1 ? 'id' : 'ids'}: ${ids.join(', ')}.`;

export const ZAdminMessage = z.object({ message: z.string() });
export type TAdminMessage = z.infer<typeof ZAdminMessage>;

/**
 * An administrator's password reset (issue 38 point 8): by default the user's sessions end with it,
 * so whoever holds them is signed out at once, not only once the link is used.
 */
export const ZAdminPasswordReset = z.strictObject({
  end_sessions: z.boolean({ error: 'end_sessions must be true or false.' }).default(true),
});
export type TAdminPasswordReset = z.output<typeof ZAdminPasswordReset>;
export type TAdminPasswordResetInput = z.input<typeof ZAdminPasswordReset>;

/** `sessions_ended`: how many sign-ins ended with the reset, null when they were kept. */
export const ZAdminPasswordResetResult = ZAdminMessage.extend({
  sessions_ended: z.number().int().nullable(),
});
export type TAdminPasswordResetResult = z.infer<typeof ZAdminPasswordResetResult>;

export function passwordResetSentMessage(sessionsEnded: number | null): string {
  if (sessionsEnded === null) return PASSWORD_RESET_SENT_MESSAGE;
  if (sessionsEnded === 0) return `${PASSWORD_RESET_SENT_MESSAGE} They had no open sessions.`;
  const sessions = sessionsEnded === 1 ? '1 session' : `${sessionsEnded} sessions`;
  return `${PASSWORD_RESET_SENT_MESSAGE} ${sessions} ended: they are signed out everywhere.`;
}

export const EMAIL_TAKEN_MESSAGE = 'Another account already uses this email address.';
export const OWN_ADMIN_RIGHT_MESSAGE = 'You cannot remove your own platform administrator right.';
export const LAST_PLATFORM_ADMIN_MESSAGE = 'The last platform administrator cannot be demoted.';
export const ARCHIVE_SELF_MESSAGE = 'You cannot archive your own account.';
export const NO_MEMBERSHIP_MESSAGE =
  'This user belongs to no organization: organization permissions cannot be set.';
export const PASSWORD_RESET_SENT_MESSAGE = 'A password reset link was sent to the user.';
export const TWO_FACTOR_DISABLED_MESSAGE = 'Two-factor authentication is turned off for this user.';
export const ARCHIVED_MESSAGE = 'The user was archived: their sessions ended.';
export const RESTORED_MESSAGE = 'The user was restored and was sent a link to choose a new password.';

export const ZArchivedUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  organization: ZAdminUserOrganization.nullable(),
  deleted_at: z.string(),
});
export type TArchivedUserRow = z.infer<typeof ZArchivedUserRow>;
export const ZArchivedUserList = z.object({ data: z.array(ZArchivedUserRow), total: z.number().int() });
export type TArchivedUserList = z.infer<typeof ZArchivedUserList>;
export const ZArchivedUserListQuery = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_LIMIT).default(ADMIN_USERS_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TArchivedUserListQuery = z.input<typeof ZArchivedUserListQuery>;
