/**
 * Roles and rights of spec 6 / DESIGN 5, computed in one place. Organization rights count only
 * for an approved member; the platform administrator (is_sadm) is always allowed.
 */
import type { TUserStatus } from './auth';

/** Spec 6 Roles and permissions: the four flags of a membership an organization admin manages. */
export const PERMISSION_FLAGS = [
  'manage_settings',
  'user_manage_surveys',
  'survey_creation',
  'average_lpi_score_access',
] as const;
export type TPermissionFlag = (typeof PERMISSION_FLAGS)[number];

export const PERMISSION_LABELS: Record<TPermissionFlag, string> = {
  manage_settings: 'Manage settings (organization admin)',
  user_manage_surveys: 'Manage surveys',
  survey_creation: 'Create surveys',
  average_lpi_score_access: 'Average LPI score access',
};

export interface MembershipRights {
  status: 'pending' | 'approved' | 'declined';
  manage_settings: boolean;
  user_manage_surveys: boolean;
  survey_creation: boolean;
  average_lpi_score_access: boolean;
}

export interface RightsInput {
  is_sadm: boolean;
  /** Null when the user belongs to no (live) organization. */
  membership: MembershipRights | null;
}

export interface AccountFlags {
  /** Approved member of an organization, or platform administrator. */
  isAllowed: boolean;
  /** manage_settings of an approved member */
  isOrganizationAdministrator: boolean;
  /** is_sadm */
  isAdministrator: boolean;
  /** user_manage_surveys of an approved member */
  isSurveyHost: boolean;
  /** average_lpi_score_access of an approved member */
  hasLpiAccess: boolean;
  /** survey_creation of an approved member */
  hasSurveyCreation: boolean;
  status: TUserStatus;
}

export function accountFlags({ is_sadm, membership }: RightsInput): AccountFlags {
  const approved = membership?.status === 'approved';
  return {
    isAllowed: approved || is_sadm,
    isOrganizationAdministrator: approved && membership.manage_settings,
    isAdministrator: is_sadm,
    isSurveyHost: approved && membership.user_manage_surveys,
    hasLpiAccess: approved && membership.average_lpi_score_access,
    hasSurveyCreation: approved && membership.survey_creation,
    status: membership?.status ?? 'none',
  };
}

/** The message a pending (or declined) caller gets from routes only allowed accounts may call. */
export const AWAITING_APPROVAL_MESSAGE = 'Your account is awaiting approval.';

/** Spec 8, word for word (its "You request" included): what a member awaiting approval is told. */
export function pendingAccessText(organization: string): string {
  return `You request for access has been sent to all registered admins of ${organization}. Please complete your profile while you wait.`;
}

/** Spec 8: what a member refused access is told. */
export function accessDeniedText(organization: string): string {
  return `You do not have permission to access ${organization}. Please contact admin of that organization.`;
}

/** Where an organization admin switches members' permissions (their own included). */
export const PERMISSIONS_PAGE_PATH = '/organizations/private/permissions';

/**
 * Why an approved member cannot change the LPI profile: without LPI access (average LPI score
 * access). A member asks an admin; an admin lacks only the right, which they may give themselves.
 */
export function noLpiAccessText(flags: Pick<AccountFlags, 'isOrganizationAdministrator'>): string {
  return flags.isOrganizationAdministrator
    ? 'You are an organization admin, but you do not have LPI access: turn on Average LPI score access for yourself on the Permissions page (Organization › Permissions).'
    : 'You do not have LPI access: ask an organization admin to grant it.';
}

// --- permission sets (spec 3 User account `permission_sets`) ------------------------------------

/**
 * Named presets of the four organization permissions. The membership's flags stay the only
 * stored rights: a set is applied by writing its flags, and a user's set is a name derived from
 * their flags (the one set they match exactly, or 'Custom').
 */
export const PERMISSION_SETS = [
  { name: 'Member', description: 'No organization permission', permissions: [] },
  {
    name: 'LPI editor',
    description: 'Average LPI score access',
    permissions: ['average_lpi_score_access'],
  },
  {
    name: 'Survey host',
    description: 'Manage surveys and create surveys',
    permissions: ['user_manage_surveys', 'survey_creation'],
  },
  {
    name: 'Organization administrator',
    description: 'All four organization permissions',
    permissions: [...PERMISSION_FLAGS],
  },
] as const satisfies readonly {
  name: string;
  description: string;
  permissions: readonly TPermissionFlag[];
}[];
export type TPermissionSetName = (typeof PERMISSION_SETS)[number]['name'];
export const PERMISSION_SET_NAMES = PERMISSION_SETS.map((s) => s.name) as TPermissionSetName[];
/** The name of flags that match no set. */
export const CUSTOM_PERMISSION_SET = 'Custom';

export type PermissionFlags = Record<TPermissionFlag, boolean>;

/** The four flags a set turns on (the others off). */
export function permissionSetFlags(name: TPermissionSetName): PermissionFlags {
  const set = PERMISSION_SETS.find((s) => s.name === name);
  if (!set) throw new Error(`Unknown permission set: ${name}`);
  const on = new Set<TPermissionFlag>(set.permissions);
  return Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, on.has(flag)])) as PermissionFlags;
}

/** The names of the sets these flags match exactly, or ['Custom'] when none does. */
export function permissionSetsOf(flags: PermissionFlags): string[] {
  const names = PERMISSION_SETS.filter((set) => {
    const wanted = permissionSetFlags(set.name);
    return PERMISSION_FLAGS.every((flag) => !!flags[flag] === wanted[flag]);
  }).map((set) => set.name);
  return names.length > 0 ? names : [CUSTOM_PERMISSION_SET];
}

/** The switches applying a set would change, in the flags' order. */
export function permissionSetChanges(
  current: PermissionFlags,
  name: TPermissionSetName,
): { permission: TPermissionFlag; from: boolean; to: boolean }[] {
  const next = permissionSetFlags(name);
  return PERMISSION_FLAGS.filter((flag) => !!current[flag] !== next[flag]).map((flag) => ({
    permission: flag,
    from: !!current[flag],
    to: next[flag],
  }));
}
