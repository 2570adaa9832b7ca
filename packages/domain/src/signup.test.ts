import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from './auth';
import {
  ZCreateOrganizationRequest,
  ZEmail,
  ZJoinOrganizationRequest,
  ZSignupRequest,
  ZVerifyEmailRequest,
} from './signup';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('ZEmail', () => {
  it('trims, and names empty and malformed addresses', () => {
    expect(ZEmail.parse('  nia@newfirm.test ')).toBe('nia@newfirm.test');
    expect(ZEmail.safeParse('').error?.issues[0]?.message).toBe('Field is empty');
    expect(ZEmail.safeParse('nia@').error?.issues[0]?.message).toBe('Email must be a valid email address');
    expect(ZEmail.safeParse(`${'a'.repeat(250)}@x.test`).success).toBe(false);
  });
});

describe('ZSignupRequest', () => {
  const valid = {
    name: ' Nia ',
    lastname: 'Okafor',
    email: 'nia@newfirm.test',
    password: 'New-Person-2026!',
  };

  it('accepts a complete form and trims the names', () => {
    expect(ZSignupRequest.parse(valid)).toEqual({ ...valid, name: 'Nia' });
  });

  it('names every bad field with the spec messages', () => {
    expect(
      messages(ZSignupRequest.safeParse({ name: ' ', lastname: '', email: 'x', password: 'short' })),
    ).toEqual({
      name: 'Field is empty',
      lastname: 'Field is empty',
      email: 'Email must be a valid email address',
      password: PASSWORD_RULE_MESSAGE,
    });
  });

  it('refuses unknown fields (no rights can be sent along)', () => {
    expect(ZSignupRequest.safeParse({ ...valid, is_sadm: true }).success).toBe(false);
  });
});

describe('ZCreateOrganizationRequest', () => {
  it('takes legal structures 1 to 10 only, and an optional http(s) website', () => {
    expect(ZCreateOrganizationRequest.parse({ name: 'Newfirm', legal_structure_id: '4' })).toEqual({
      name: 'Newfirm',
      legal_structure_id: 4,
    });
    expect(
      ZCreateOrganizationRequest.safeParse({ name: 'N', legal_structure_id: 10, website: '' }).success,
    ).toBe(true);
    expect(
      ZCreateOrganizationRequest.safeParse({ name: 'N', legal_structure_id: 1, website: null }).success,
    ).toBe(true);
    expect(
      messages(ZCreateOrganizationRequest.safeParse({ name: '', legal_structure_id: 0, website: 'ftp://x' })),
    ).toEqual({
      name: 'Field is empty',
      legal_structure_id: 'Value is not an allowed option',
      website: 'Website must be a valid URL starting with http:// or https://',
    });
    expect(ZCreateOrganizationRequest.safeParse({ name: 'N', legal_structure_id: 11 }).success).toBe(false);
  });
});

describe('ZJoinOrganizationRequest and ZVerifyEmailRequest', () => {
  it('trims the code and needs one', () => {
    expect(ZJoinOrganizationRequest.parse({ code: ' acme-2026 ' })).toEqual({ code: 'acme-2026' });
    expect(messages(ZJoinOrganizationRequest.safeParse({ code: '  ' }))).toEqual({ code: 'Field is empty' });
  });

  it('needs a positive account id and a uuid', () => {
    const token = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect(ZVerifyEmailRequest.parse({ account_id: '42', token })).toEqual({ account_id: 42, token });
    expect(messages(ZVerifyEmailRequest.safeParse({ account_id: 42, token: 'abc' }))).toEqual({
      token: 'The verification link is malformed.',
    });
    expect(ZVerifyEmailRequest.safeParse({ account_id: 0, token }).success).toBe(false);
  });
});
