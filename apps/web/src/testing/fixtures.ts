import type { TCurrentAccount } from '@parity/domain/auth';
import type { THostedSurvey } from '@parity/domain/surveys';

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

/** A survey Northwind hosts, as GET /api/surveys lists it. */
export function hostedSurvey(overrides: Partial<THostedSurvey> = {}): THostedSurvey {
  return {
    id: 5,
    title: '2026 DEI Survey',
    survey_type_id: 2,
    start: '2026-09-01',
    due: '2026-12-31',
    status: 'Active',
    host: { id: 1, name: 'Northwind Pension Fund', logo: null },
    invited: 20,
    submitted: 12,
    progress_percent: 60,
    survey_locked_step: 11,
    created_at: '2026-09-01T09:00:00.000Z',
    ...overrides,
  };
}
