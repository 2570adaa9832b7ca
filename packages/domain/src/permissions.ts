/**
 * Roles and rights of spec 6 / DESIGN 5, computed in one place. Organization rights count only
 * for an approved member; the platform administrator (is_sadm) is always allowed.
 */
import type { TUserStatus } from './auth';

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
