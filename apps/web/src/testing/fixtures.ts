import type { TCurrentAccount } from '@parity/domain/auth';

/** The signed-in account of most tests: an approved member and organization administrator with LPI access. */
export const ACCOUNT: TCurrentAccount = {
  id: 4,
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@acme.test',
  organization_id: 2,
  organization_name: 'Acme Capital Partners',
  organization_logo: null,
  isAllowed: true,
  isOrganizationAdministrator: true,
  isAdministrator: false,
  isSurveyHost: false,
  hasLpiAccess: true,
  hasSurveyCreation: false,
  status: 'approved',
};
