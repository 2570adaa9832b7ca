import { describe, expect, it } from 'vitest';
import {
  accountFlags,
  CUSTOM_PERMISSION_SET,
  type MembershipRights,
  PERMISSION_SET_NAMES,
  permissionSetChanges,
  permissionSetFlags,
  permissionSetsOf,
} from './permissions';

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

describe('permission sets', () => {
  it('names the set the flags match exactly', () => {
    expect(permissionSetsOf(none)).toEqual(['Member']);
    expect(permissionSetsOf(all)).toEqual(['Organization administrator']);
    expect(permissionSetsOf({ ...none, average_lpi_score_access: true })).toEqual(['LPI editor']);
    expect(permissionSetsOf({ ...none, user_manage_surveys: true, survey_creation: true })).toEqual([
      'Survey host',
    ]);
  });

  it("calls flags that match no set 'Custom'", () => {
    expect(permissionSetsOf({ ...none, user_manage_surveys: true })).toEqual([CUSTOM_PERMISSION_SET]);
    expect(permissionSetsOf({ ...all, manage_settings: false })).toEqual(['Custom']);
  });

  it('gives every set flags that name it back, and no two sets the same flags', () => {
    for (const name of PERMISSION_SET_NAMES)
      expect(permissionSetsOf(permissionSetFlags(name))).toEqual([name]);
    const distinct = new Set(PERMISSION_SET_NAMES.map((n) => JSON.stringify(permissionSetFlags(n))));
    expect(distinct.size).toBe(PERMISSION_SET_NAMES.length);
  });

  it('lists the switches applying a set changes', () => {
    expect(permissionSetChanges({ ...none, average_lpi_score_access: true }, 'Survey host')).toEqual([
      { permission: 'user_manage_surveys', from: false, to: true },
      { permission: 'survey_creation', from: false, to: true },
      { permission: 'average_lpi_score_access', from: true, to: false },
    ]);
    expect(permissionSetChanges(all, 'Organization administrator')).toEqual([]);
  });
});
