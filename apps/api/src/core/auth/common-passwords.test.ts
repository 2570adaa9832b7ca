import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  COMMON_PASSWORDS,
  EMAIL_PASSWORD_MESSAGE,
  PRODUCT_PASSWORD_MESSAGE,
  weakPasswordReason,
} from './common-passwords';

describe('common-password rules', () => {
  it('keeps a list of a few thousand at most', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(500);
    expect(COMMON_PASSWORDS.size).toBeLessThan(5000);
    expect(COMMON_PASSWORDS.has('password')).toBe(true);
    expect(COMMON_PASSWORDS.has('qwertyuiop')).toBe(true);
  });

  it('refuses common passwords and ones built on them', () => {
    for (const password of [
      'Password123!',
      'P@ssw0rd-2026',
      '123456789Qwerty!',
      'Qwerty-123456',
      'Iloveyou2026!!',
      'Welcome-2026!',
      'Football#1987',
      'Abcdefgh-1234',
    ]) {
      expect(weakPasswordReason(password), password).toBe(COMMON_PASSWORD_MESSAGE);
    }
  });

  it("refuses the product's name in any case or look-alike", () => {
    for (const password of ['Parity-Demo-2026!', 'my-PARITY-2026x', 'P@r1ty-Rocks-99']) {
      expect(weakPasswordReason(password), password).toBe(PRODUCT_PASSWORD_MESSAGE);
    }
  });

  it('refuses the email or its name part', () => {
    expect(weakPasswordReason('Max.Planck-1858!', 'max.planck@acme.test')).toBe(EMAIL_PASSWORD_MESSAGE);
    expect(weakPasswordReason('2026-Ada.Lovelace!', 'ada.lovelace@acme.test')).toBe(EMAIL_PASSWORD_MESSAGE);
    expect(weakPasswordReason('Ada@Acme.Test1', 'ada@acme.test')).toBe(EMAIL_PASSWORD_MESSAGE);
  });

  it('accepts passwords that are not built on any of these', () => {
    for (const password of [
      'Lighthouse-Keeper-47!',
      'Correct-Horse-Battery-9',
      'Ada-Lovelace-1815!',
      'x7#Kq9-mWz2!pL',
    ]) {
      expect(weakPasswordReason(password, 'ada@acme.test'), password).toBeNull();
    }
  });
});
