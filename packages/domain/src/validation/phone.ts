import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { MESSAGES, type RuleResult } from './rules';

/** Spec 5 "Phone number": the national number is 2 to 17 digits; inputs default to 25 characters. */
export const PHONE_NATIONAL_MIN = 2;
export const PHONE_NATIONAL_MAX = 17;
export const PHONE_INPUT_MAXLENGTH = 25;

/** The validation result of spec 3 "Phone input". */
export interface PhoneCheck {
  country: string | undefined;
  countryCode: string;
  formatted: string;
  valid: boolean;
  possible: boolean;
  nationalNumber: string;
}

export interface PhoneOptions {
  /** Two-letter code of the selected country; a number starting with + is read as international. */
  country?: string;
  /** When set, a number from another country is invalid. */
  allowedCountries?: readonly string[];
  ignoredCountries?: readonly string[];
}

/** Parses a phone number; null when it cannot be parsed at all (parse errors are swallowed). */
export function checkPhone(text: string, options: PhoneOptions = {}): PhoneCheck | null {
  const input = text.trim();
  if (!input) return null;
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    parsed = input.startsWith('+')
      ? parsePhoneNumberFromString(input)
      : parsePhoneNumberFromString(input, options.country?.toUpperCase() as CountryCode | undefined);
  } catch {
    return null;
  }
  if (!parsed) return null;
  const national = parsed.nationalNumber;
  const lengthOk = national.length >= PHONE_NATIONAL_MIN && national.length <= PHONE_NATIONAL_MAX;
  let valid = lengthOk && parsed.isValid();
  const country = parsed.country;
  if (valid && options.allowedCountries?.length) {
    valid = !!country && options.allowedCountries.map((c) => c.toUpperCase()).includes(country);
  }
  if (valid && options.ignoredCountries?.length && country) {
    valid = !options.ignoredCountries.map((c) => c.toUpperCase()).includes(country);
  }
  return {
    country,
    countryCode: parsed.countryCallingCode,
    formatted: parsed.formatInternational(),
    valid,
    possible: lengthOk && parsed.isPossible(),
    nationalNumber: national,
  };
}

/** The phone rule: empty passes; otherwise the number must be valid for its country. */
export const phone =
  (options: PhoneOptions = {}) =>
  (value: unknown): RuleResult => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string' || value.length > PHONE_INPUT_MAXLENGTH) return MESSAGES.phone;
    return checkPhone(value, options)?.valid ? null : MESSAGES.phone;
  };

/** E.164 of a valid number (for storage), or null. */
export function toE164(text: string, country?: string): string | null {
  const check = checkPhone(text, { country });
  if (!check?.valid) return null;
  return `+${check.countryCode}${check.nationalNumber}`;
}
