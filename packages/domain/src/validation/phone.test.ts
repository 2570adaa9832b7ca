import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callingCodeOf,
  checkPhone,
  formatPhone,
  listPhoneCountries,
  PHONE_INPUT_MAXLENGTH,
  PHONE_NATIONAL_MAX,
  PHONE_NATIONAL_MIN,
  parseIpCountryReply,
  stripToPhoneCharacters,
} from './phone';

afterEach(() => vi.restoreAllMocks());

describe('phone number (spec 5)', () => {
  it('has the spec limits', () => {
    expect([PHONE_NATIONAL_MIN, PHONE_NATIONAL_MAX, PHONE_INPUT_MAXLENGTH]).toEqual([2, 17, 25]);
  });

  it('reads a number against the selected country unless it starts with +', () => {
    expect(checkPhone('020 7946 0958', { country: 'GB' })).toMatchObject({ country: 'GB', valid: true });
    expect(checkPhone('020 7946 0958', { country: 'US' })?.valid).toBe(false);
    expect(checkPhone('+1 212 555 0123', { country: 'GB' })).toMatchObject({ country: 'US', valid: true });
  });

  it('tells valid from possible', () => {
    // The right length for the US, but no US area code starts with 1.
    const check = checkPhone('(123) 456-7890', { country: 'US' });
    expect(check).toMatchObject({ possible: true, valid: false });
    expect(checkPhone('12', { country: 'US' })).toMatchObject({ possible: false, valid: false });
  });

  it('gives no parsed number past 17 national digits (parse errors are swallowed)', () => {
    expect(checkPhone('+49 1234567890 12345678')).toBeNull();
    expect(checkPhone('+1 212 555 0123 456 789 01')).toBeNull();
  });

  it('reads back its own RFC 3966 and IDD output', () => {
    expect(checkPhone('tel:+12125550123', { country: 'US' })).toMatchObject({ country: 'US', valid: true });
    expect(checkPhone('011 44 20 7946 0958', { country: 'US' })).toMatchObject({
      country: 'GB',
      valid: true,
    });
  });

  it('digit-only mode refuses letters; the strip helper keeps only the allowed characters', () => {
    expect(checkPhone('+1 (212) 555-0123', { digitsOnly: true })?.valid).toBe(true);
    expect(checkPhone('+1 212 555 0123 ext. 5', { digitsOnly: true })?.valid).toBe(false);
    expect(stripToPhoneCharacters('+1 (212) abc 555-0123.')).toBe('+1 (212)  555-0123');
  });

  it('a custom pattern must match the whole text', () => {
    const pattern = /\+\d+/g;
    expect(checkPhone('+12125550123', { pattern })?.valid).toBe(true);
    expect(checkPhone('+1 212 555 0123', { pattern })?.valid).toBe(false);
  });

  it('outside the allowed countries is invalid; ignored countries are invalid', () => {
    expect(checkPhone('+1 212 555 0123', { allowedCountries: ['us', 'ca'] })?.valid).toBe(true);
    expect(checkPhone('+44 20 7946 0958', { allowedCountries: ['US'] })?.valid).toBe(false);
    expect(checkPhone('+44 20 7946 0958', { ignoredCountries: ['gb'] })?.valid).toBe(false);
  });

  it('formats in every display mode', () => {
    expect(formatPhone('2125550123', 'national', 'US')).toBe('(212) 555-0123');
    expect(formatPhone('2125550123', 'international', 'US')).toBe('+1 212 555 0123');
    expect(formatPhone('2125550123', 'e164', 'US')).toBe('+12125550123');
    expect(formatPhone('2125550123', 'rfc3966', 'US')).toBe('tel:+12125550123');
    expect(formatPhone('+44 20 7946 0958', 'idd', 'US')).toBe('011 44 20 7946 0958');
    expect(formatPhone('+44 20 7946 0958', 'auto', 'US')).toBe('+44 20 7946 0958');
    expect(formatPhone('020 7946 0958', 'auto', 'GB')).toBe('020 7946 0958');
    expect(formatPhone('', 'auto')).toBeNull();
  });

  it('logs an invalid mode and formats internationally', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatPhone('2125550123', 'fancy', 'US')).toBe('+1 212 555 0123');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('fancy'));
  });

  it('lists countries: all, only allowed, minus ignored', () => {
    expect(listPhoneCountries().length).toBeGreaterThan(200);
    expect(listPhoneCountries({ allowedCountries: ['us', 'GB', 'XX'] })).toEqual(['US', 'GB']);
    expect(listPhoneCountries({ ignoredCountries: ['US'] })).not.toContain('US');
    expect(callingCodeOf('gb')).toBe('44');
    expect(callingCodeOf('XX')).toBeNull();
  });

  it('reads ip2c.org replies', () => {
    expect(parseIpCountryReply('1;US;USA;United States')).toBe('US');
    expect(parseIpCountryReply('0;;;WRONG INPUT')).toBeNull();
    expect(parseIpCountryReply('2;ZZ;ZZZ;Unknown')).toBeNull();
    expect(parseIpCountryReply('<html>')).toBeNull();
  });
});
