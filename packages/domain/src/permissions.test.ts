import { describe, expect, it } from 'vitest';
import { accountFlags, type MembershipRights } from './permissions';

const all: Omit<MembershipRights, 'status'> = {
  manage_settings: true,
  user_manage_surveys: true,
  survey_creation: true,
  average_lpi_score_access: true,
};
const none = {
  manage_settings: false,
  user_manage_surveys: false,
  survey_creation: false,
  average_lpi_score_access: false,
};

describe('accountFlags', () => {
  it('gives an approved member every flag it holds', () => {
    expect(accountFlags({ is_sadm: false, membership: { status: 'approved', ...all } })).toEqual({
      isAllowed: true,
      isOrganizationAdministrator: true,
      isAdministrator: false,
      isSurveyHost: true,
      hasLpiAccess: true,
      hasSurveyCreation: true,
      status: 'approved',
    });
    expect(accountFlags({ is_sadm: false, membership: { status: 'approved', ...none } })).toMatchObject({
      isAllowed: true,
      isOrganizationAdministrator: false,
      isSurveyHost: false,
    });
  });

  it.each(['pending', 'declined'] as const)('gives a %s member no rights even with flags set', (status) => {
    expect(accountFlags({ is_sadm: false, membership: { status, ...all } })).toEqual({
      isAllowed: false,
      isOrganizationAdministrator: false,
      isAdministrator: false,
      isSurveyHost: false,
      hasLpiAccess: false,
      hasSurveyCreation: false,
      status,
    });
  });

  it('allows the platform administrator without an organization', () => {
    expect(accountFlags({ is_sadm: true, membership: null })).toEqual({
      isAllowed: true,
      isOrganizationAdministrator: false,
      isAdministrator: true,
      isSurveyHost: false,
      hasLpiAccess: false,
      hasSurveyCreation: false,
      status: 'none',
    });
  });

  it('allows nothing to a user without organization', () => {
    expect(accountFlags({ is_sadm: false, membership: null })).toMatchObject({
      isAllowed: false,
      status: 'none',
    });
  });
});
