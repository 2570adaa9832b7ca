/** Texts of the sign-up steps (spec 2); spec 8's access texts are in @parity/domain/permissions. */

export const AWAITING_APPROVAL_TITLE = 'Awaiting admin approval';
export const ACCESS_DENIED_TITLE = 'Access Denied';
export const NO_INFORMATION = 'No Information';

/** The steps' paths under /signup/processing/{accountId}. */
export const processingPath = (
  accountId: number | string,
  step: 'organization' | 'organization/create' | 'finish',
) => `/signup/processing/${accountId}/${step}`;
