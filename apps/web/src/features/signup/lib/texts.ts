/** Texts of the sign-up steps (spec sections 2 and 8). */

export const AWAITING_APPROVAL_TITLE = 'Awaiting admin approval';
export const ACCESS_DENIED_TITLE = 'Access Denied';
export const NO_INFORMATION = 'No Information';

export function pendingText(organization: string): string {
  return `Your request for access has been sent to all registered admins of ${organization}. Please complete your profile while you wait.`;
}

export function accessDeniedText(organization: string): string {
  return `You do not have permission to access ${organization}. Please contact admin of that organization.`;
}

/** The steps' paths under /signup/processing/{accountId}. */
export const processingPath = (
  accountId: number | string,
  step: 'organization' | 'organization/create' | 'finish',
) => `/signup/processing/${accountId}/${step}`;
