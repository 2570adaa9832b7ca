import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
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
  /** Only digits, spaces, parentheses, hyphen and plus are accepted. */
  digitsOnly?: boolean;
  /** A custom pattern the whole text must match. */
  pattern?: RegExp;
}

/** Parses a phone number; null when it cannot be parsed at all (parse errors are swallowed). */
export function checkPhone(text: string, options: PhoneOptions = {}): PhoneCheck | null {
  const input = text.trim();
  if (!input) return null;
  const parsed = parseLoose(input, options.country);
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
  if (valid && options.digitsOnly) valid = PHONE_DIGITS_ONLY_PATTERN.test(input);
  if (valid && options.pattern) valid = matchesWhole(options.pattern, input);
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

/** Spec 5: the digit-only mode allows digits, spaces, parentheses, hyphen and plus. */
export const PHONE_DIGITS_ONLY_PATTERN = /^[\d\s()+-]*$/;

/** Drops every character the digit-only mode does not allow. */
export function stripToPhoneCharacters(text: string): string {
  return text.replace(/[^\d\s()+-]/g, '');
}

/** Spec 5 display modes; `auto` is international when the text starts with +, else national. */
export const PHONE_DISPLAY_MODES = ['auto', 'national', 'international', 'e164', 'rfc3966', 'idd'] as const;
export type TPhoneDisplayMode = (typeof PHONE_DISPLAY_MODES)[number];

export function isPhoneDisplayMode(mode: unknown): mode is TPhoneDisplayMode {
  return typeof mode === 'string' && (PHONE_DISPLAY_MODES as readonly string[]).includes(mode);
}

function parseLoose(input: string, country?: string) {
  try {
    return input.startsWith('+')
      ? parsePhoneNumberFromString(input)
      : parsePhoneNumberFromString(input, country?.toUpperCase() as CountryCode | undefined);
  } catch {
    return undefined;
  }
}

/**
 * The text of a number in a display mode, or null when it cannot be parsed. An unknown mode is
 * logged with console.warn and treated as international (spec 5). `idd` dials out of `country`
 * (the selected country; US when none).
 */
export function formatPhone(text: string, mode: string, country?: string): string | null {
  const input = text.trim();
  if (!input) return null;
  const parsed = parseLoose(input, country);
  if (!parsed) return null;
  let effective: TPhoneDisplayMode;
  if (isPhoneDisplayMode(mode)) effective = mode;
  else {
    console.warn(`Invalid phone display mode "${mode}"; using international`);
    effective = 'international';
  }
  if (effective === 'auto') effective = input.startsWith('+') ? 'international' : 'national';
  switch (effective) {
    case 'national':
      return parsed.formatNational();
    case 'e164':
      return parsed.format('E.164');
    case 'rfc3966':
      return parsed.format('RFC3966');
    case 'idd':
      return (
        parsed.format('IDD', { fromCountry: (country?.toUpperCase() ?? 'US') as CountryCode }) ??
        parsed.formatInternational()
      );
    default:
      return parsed.formatInternational();
  }
}

/** Every country libphonenumber knows (two-letter codes, upper case). */
export function phoneCountryCodes(): string[] {
  return getCountries().map(String);
}

/** The calling code of a country (`US` -> `1`), or null when it is unknown. */
export function callingCodeOf(country: string): string | null {
  try {
    return getCountryCallingCode(country.toUpperCase() as CountryCode);
  } catch {
    return null;
  }
}

/**
 * The countries a phone input offers: all known ones, only the allowed ones when a list is
 * given, minus the ignored ones; upper-case codes in the order given by `sortKey` (default code).
 */
export function listPhoneCountries(
  options: { allowedCountries?: readonly string[]; ignoredCountries?: readonly string[] } = {},
): string[] {
  const known = new Set(phoneCountryCodes());
  const ignored = new Set((options.ignoredCountries ?? []).map((c) => c.toUpperCase()));
  const base = options.allowedCountries?.length
    ? options.allowedCountries.map((c) => c.toUpperCase()).filter((c) => known.has(c))
    : [...known];
  return [...new Set(base)].filter((c) => !ignored.has(c));
}

/**
 * Reads an IP-to-country reply in the ip2c.org format (`1;US;USA;United States`): the two-letter
 * code when the reply starts with `1`, else null.
 */
export function parseIpCountryReply(text: string): string | null {
  const match = /^1;([A-Za-z]{2});/.exec(text.trim());
  return match?.[1] ? match[1].toUpperCase() : null;
}

function matchesWhole(pattern: RegExp, text: string): boolean {
  const copy = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  const match = copy.exec(text);
  return !!match && match[0] === text;
}
