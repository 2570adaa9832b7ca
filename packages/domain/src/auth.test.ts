import { describe, expect, it } from 'vitest';
import { isValidPassword, PASSWORD_RULE_MESSAGE, ZPassword, ZPasswordGrantRequest } from './auth';

describe('password rule (spec 5)', () => {
  it('accepts 12 to 255 characters with a lowercase, a capital, a digit and a sign', () => {
    expect(isValidPassword('Parity-Demo-2026!')).toBe(true);
    expect(isValidPassword('Abcdefghij1#')).toBe(true);
    expect(isValidPassword(`Aa1?${'x'.repeat(251)}`)).toBe(true);
    for (const sign of '-#$.%&*@!?') expect(isValidPassword(`Abcdefghij1${sign}`), sign).toBe(true);
  });

  it('refuses each missing part, and lengths outside 12-255', () => {
    expect(isValidPassword('Abcdefghi1#')).toBe(false); // 11
    expect(isValidPassword(`Aa1?${'x'.repeat(252)}`)).toBe(false); // 256
    expect(isValidPassword('abcdefghij1#')).toBe(false); // no capital
    expect(isValidPassword('ABCDEFGHIJ1#')).toBe(false); // no lowercase
    expect(isValidPassword('Abcdefghijk#')).toBe(false); // no digit
    expect(isValidPassword('Abcdefghijk1')).toBe(false); // no sign
    expect(isValidPassword('Abcdefghij1_')).toBe(false); // _ is not one of the signs
  });

  it("answers with the spec's message", () => {
    const result = ZPassword.safeParse('short');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([PASSWORD_RULE_MESSAGE]);
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Password must be from 12 to 255 characters, include at least one capital letter, one sign and one number',
    );
  });
});

describe('password grant request', () => {
  it('trims the username and refuses unknown fields', () => {
    const ok = ZPasswordGrantRequest.parse({
      grant_type: 'password',
      username: ' ada@acme.test ',
      password: 'x',
      client_id: 'parity-web',
    });
    expect(ok.username).toBe('ada@acme.test');
    const extra = ZPasswordGrantRequest.safeParse({ ...ok, admin: true });
    expect(extra.success).toBe(false);
  });
});
