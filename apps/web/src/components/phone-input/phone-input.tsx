import { TextInput } from '@mantine/core';
import {
  callingCodeOf,
  checkPhone,
  formatPhone,
  isPhoneDisplayMode,
  listPhoneCountries,
  PHONE_INPUT_MAXLENGTH,
  type PhoneCheck,
  parseIpCountryReply,
  stripToPhoneCharacters,
  type TPhoneDisplayMode,
} from '@parity/domain/validation/phone';
import { MESSAGES } from '@parity/domain/validation/rules';
import { useQuery } from '@tanstack/react-query';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { usePlacesConfig } from '../address-search/places-api';
import { isTypeAheadKey, useTypeAhead } from '../type-ahead/type-ahead';
import classes from './phone-input.module.css';

/** Spec 9: the country list's type-ahead buffer empties 700 ms after the last key. */
export const COUNTRY_TYPEAHEAD_RESET_MS = 700;
/** Spec 9: the country list opens upward when less than 200 px are free below the button. */
export const COUNTRY_DROPDOWN_MIN_SPACE_BELOW = 200;
/** Spec 8: the warning logged when the IP-to-country lookup fails. */
export const COUNTRY_LOOKUP_FAILED = 'unable to fetch the country';
export const PHONE_INVALID_MESSAGE = MESSAGES.phone;
export const PHONE_PATTERN_MESSAGE = MESSAGES.regex;
export { PHONE_INPUT_MAXLENGTH };

export type PhoneDisplayMode = TPhoneDisplayMode;

export interface PhoneInputProps {
  label?: string;
  /** The text as typed (formatted in the display mode on blur when the number is valid). */
  value: string;
  /** The new text and its check (null when empty or not parseable). */
  onChange: (value: string, check: PhoneCheck | null) => void;
  /** Default country, two-letter code. */
  country?: string;
  /** Shown first in the country list; the first is the fallback country. */
  preferredCountries?: string[];
  /** Only these countries are listed, and numbers from elsewhere are invalid. */
  allowedCountries?: string[];
  ignoredCountries?: string[];
  /** Accept only digits, spaces, parentheses, hyphen and plus (other characters are dropped). */
  digitsOnly?: boolean;
  /** A pattern the whole text must match. */
  pattern?: RegExp;
  /** Default 25 (spec 9). */
  maxLength?: number;
  /**
   * Applied on blur to a valid number; default 'international'. An unknown mode is logged and
   * treated as international. 'idd' writes the number as dialled from `country` (else the selected one).
   */
  displayMode?: PhoneDisplayMode;
  /** Shown instead of the built-in invalid-number message. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
  id?: string;
  /** Ask IP_COUNTRY_URL (from GET /api/places/config) for the visitor's country. */
  autoDetectCountry?: boolean;
}

interface CountryOption {
  code: string;
  name: string;
  callingCode: string;
  preferred: boolean;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The flag emoji of a two-letter code (regional indicator symbols). */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The country list: preferred countries first (in the order given), then all by name. */
export function buildCountryOptions(options: {
  preferredCountries?: readonly string[];
  allowedCountries?: readonly string[];
  ignoredCountries?: readonly string[];
}): CountryOption[] {
  const codes = listPhoneCountries(options);
  const all = codes
    .map((code) => ({
      code,
      name: countryName(code),
      callingCode: callingCodeOf(code) ?? '',
      preferred: false,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const listed = new Set(codes);
  const preferred = [...new Set((options.preferredCountries ?? []).map((c) => c.toUpperCase()))]
    .filter((code) => listed.has(code))
    .map((code) => ({
      code,
      name: countryName(code),
      callingCode: callingCodeOf(code) ?? '',
      preferred: true,
    }));
  return [...preferred, ...all];
}

/** Asks the IP-to-country service; null (with the spec's warning) when that fails. */
export async function lookupIpCountry(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { credentials: 'omit' });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const code = parseIpCountryReply(await res.text());
    if (!code) throw new Error('unexpected reply');
    return code;
  } catch (error) {
    console.warn(COUNTRY_LOOKUP_FAILED, error);
    return null;
  }
}

function matchesWhole(pattern: RegExp, text: string): boolean {
  const copy = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  const match = copy.exec(text);
  return !!match && match[0] === text;
}

/**
 * Phone number input of spec sections 3, 5 and 9: a country button opening a list of countries
 * (arrows, Enter, Escape, Tab, type-ahead), the number read against the selected country (or as
 * international when it starts with +), a custom validity message when it is invalid, and the
 * display mode applied on blur.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  country: defaultCountry,
  preferredCountries,
  allowedCountries,
  ignoredCountries,
  digitsOnly = false,
  pattern,
  maxLength = PHONE_INPUT_MAXLENGTH,
  displayMode = 'international',
  error,
  required,
  disabled,
  readOnly,
  name,
  id,
  autoDetectCountry = false,
}: PhoneInputProps) {
  const generatedId = useId();
  const inputId = id ?? `phone-${generatedId}`;
  const listId = `${inputId}-countries`;
  const optionId = (index: number) => `${listId}-${index}`;

  const options = useMemo(
    () => buildCountryOptions({ preferredCountries, allowedCountries, ignoredCountries }),
    [preferredCountries, allowedCountries, ignoredCountries],
  );
  const listed = useMemo(() => new Set(options.map((o) => o.code)), [options]);
  const fallbackCountry = options[0]?.code ?? 'US';
  const givenCountry = defaultCountry?.toUpperCase();
  const initialCountry = givenCountry && listed.has(givenCountry) ? givenCountry : fallbackCountry;

  const [country, setCountry] = useState(() => {
    const international = value.trim().startsWith('+') ? checkPhone(value)?.country : undefined;
    return international && listed.has(international) ? international : initialCountry;
  });
  const countryChosen = useRef(false);

  const mode: PhoneDisplayMode = isPhoneDisplayMode(displayMode) ? displayMode : 'international';
  useEffect(() => {
    if (!isPhoneDisplayMode(displayMode)) {
      console.warn(`Invalid phone display mode "${String(displayMode)}"; using international`);
    }
  }, [displayMode]);

  // IP-to-country lookup: the URL comes from the API's config; none configured, no lookup.
  const config = usePlacesConfig(autoDetectCountry);
  const lookupUrl = config.data?.ip_country_url ?? null;
  const detected = useQuery({
    queryKey: ['ip-country', lookupUrl],
    queryFn: () => lookupIpCountry(lookupUrl as string),
    enabled: autoDetectCountry && !!lookupUrl,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    if (!autoDetectCountry) return;
    if (config.isError) console.warn(COUNTRY_LOOKUP_FAILED, config.error);
  }, [autoDetectCountry, config.isError, config.error]);
  const detectionApplied = useRef(false);
  useEffect(() => {
    if (!autoDetectCountry || !detected.isSuccess || detectionApplied.current) return;
    detectionApplied.current = true;
    // A choice already made (by hand, or by typing an international number) stays.
    if (countryChosen.current || value.trim().startsWith('+')) return;
    const code = detected.data;
    // A failed lookup uses the first preferred or first listed country (spec 8).
    setCountry(code && listed.has(code) ? code : fallbackCountry);
  }, [autoDetectCountry, detected.isSuccess, detected.data, listed, fallbackCountry, value]);

  // An international number given from outside (e.g. a form that loaded) shows its country.
  useEffect(() => {
    if (!value.trim().startsWith('+')) return;
    const international = checkPhone(value)?.country;
    if (international && listed.has(international)) setCountry(international);
  }, [value, listed]);

  const checkOptions = useMemo(
    () => ({ country, allowedCountries, ignoredCountries, digitsOnly, pattern }),
    [country, allowedCountries, ignoredCountries, digitsOnly, pattern],
  );
  const check = useMemo(() => checkPhone(value, checkOptions), [value, checkOptions]);
  const invalidMessage = useMemo(() => {
    if (!value.trim()) return null;
    if (pattern && !matchesWhole(pattern, value.trim())) return PHONE_PATTERN_MESSAGE;
    return check?.valid ? null : PHONE_INVALID_MESSAGE;
  }, [value, pattern, check]);

  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.setCustomValidity(invalidMessage ?? '');
  }, [invalidMessage]);
  const [touched, setTouched] = useState(false);
  const shownError = error ?? (touched && invalidMessage ? invalidMessage : undefined);

  const handleChange = (raw: string) => {
    let next = digitsOnly ? stripToPhoneCharacters(raw) : raw;
    if (next.length > maxLength) next = next.slice(0, maxLength);
    let nextCountry = country;
    const international = next.trim().startsWith('+') ? checkPhone(next)?.country : undefined;
    if (international && listed.has(international) && international !== country) {
      nextCountry = international;
      setCountry(international);
    }
    onChange(next, checkPhone(next, { ...checkOptions, country: nextCountry }));
  };

  const handleBlur = () => {
    setTouched(true);
    if (!value.trim() || !check?.valid) return;
    // IDD text is dialled from the default country, so that becomes the active one to read it back.
    const from = mode === 'idd' && givenCountry && listed.has(givenCountry) ? givenCountry : country;
    const formatted = formatPhone(value, mode, from);
    if (!formatted || formatted === value) return;
    if (from !== country) setCountry(from);
    onChange(formatted, checkPhone(formatted, { ...checkOptions, country: from }));
  };

  // ---- the country list
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<'top' | 'bottom'>('bottom');
  const [highlight, setHighlight] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typeAhead = useTypeAhead(COUNTRY_TYPEAHEAD_RESET_MS);

  const openList = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    const spaceBelow = rect ? window.innerHeight - rect.bottom : Number.POSITIVE_INFINITY;
    setPlacement(spaceBelow < COUNTRY_DROPDOWN_MIN_SPACE_BELOW ? 'top' : 'bottom');
    setHighlight(
      Math.max(
        0,
        options.findIndex((o) => o.code === country),
      ),
    );
    setOpen(true);
  };
  const closeList = useCallback(
    (focus: 'button' | 'input' | null) => {
      setOpen(false);
      typeAhead.clear();
      if (focus === 'button') buttonRef.current?.focus();
      if (focus === 'input') inputRef.current?.focus();
    },
    [typeAhead],
  );

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (open) document.getElementById(optionId(highlight))?.scrollIntoView({ block: 'nearest' });
  });

  const selectCountry = (code: string) => {
    countryChosen.current = true;
    setCountry(code);
    closeList('button');
    if (value.trim()) onChange(value, checkPhone(value, { ...checkOptions, country: code }));
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setHighlight((h) => Math.min(h + 1, last));
        return;
      case 'ArrowUp':
        event.preventDefault();
        setHighlight((h) => Math.max(h - 1, 0));
        return;
      case 'Home':
        event.preventDefault();
        setHighlight(0);
        return;
      case 'End':
        event.preventDefault();
        setHighlight(last);
        return;
      case 'PageDown':
        event.preventDefault();
        setHighlight((h) => Math.min(h + 10, last));
        return;
      case 'PageUp':
        event.preventDefault();
        setHighlight((h) => Math.max(h - 10, 0));
        return;
      case 'Enter': {
        event.preventDefault();
        const option = options[highlight];
        if (option) selectCountry(option.code);
        return;
      }
      case 'Escape':
        event.preventDefault();
        closeList('button');
        return;
      case 'Tab':
        // Tab closes the list and goes on to the number; Shift+Tab back to the button.
        event.preventDefault();
        closeList(event.shiftKey ? 'button' : 'input');
        return;
    }
    if (isTypeAheadKey(event)) {
      event.preventDefault();
      if (event.key === ' ' && !typeAhead.text) {
        const option = options[highlight];
        if (option) selectCountry(option.code);
        return;
      }
      const text = typeAhead.add(fold(event.key));
      const found = options.findIndex((o) => !o.preferred && fold(o.name).startsWith(text));
      if (found >= 0) setHighlight(found);
    }
  };

  const onListBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && (listRef.current?.contains(next) || buttonRef.current?.contains(next))) return;
    closeList(null);
  };

  const selected = options.find((o) => o.code === country);
  const selectedName = selected?.name ?? countryName(country);
  const selectedCode = selected?.callingCode ?? callingCodeOf(country) ?? '';
  const locked = disabled || readOnly;

  const countryButton = (
    <button
      ref={buttonRef}
      type="button"
      className={classes.countryButton}
      aria-label={`Country: ${selectedName} (+${selectedCode})`}
      aria-haspopup="listbox"
      aria-expanded={open}
      aria-controls={open ? listId : undefined}
      disabled={locked}
      onClick={() => (open ? closeList('button') : openList())}
      onKeyDown={onButtonKeyDown}
      data-country={country}
    >
      <span className={classes.flag} aria-hidden="true">
        {flagOf(country)}
      </span>
      <span aria-hidden="true">+{selectedCode}</span>
    </button>
  );

  return (
    <div className={classes.root}>
      <TextInput
        ref={inputRef}
        id={inputId}
        name={name}
        label={label}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={value}
        maxLength={maxLength}
        error={shownError}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => handleChange(event.currentTarget.value)}
        onBlur={handleBlur}
        leftSection={countryButton}
        leftSectionWidth={88}
        leftSectionPointerEvents="all"
        data-country={country}
      />
      {open && (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label="Country"
          aria-activedescendant={optionId(highlight)}
          className={classes.listbox}
          data-placement={placement}
          onKeyDown={onListKeyDown}
          onBlur={onListBlur}
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keyboard (aria-activedescendant)
            <div
              key={`${option.preferred ? 'p' : 'a'}-${option.code}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={option.code === country}
              className={classes.option}
              data-highlighted={index === highlight || undefined}
              data-last-preferred={option.preferred && !options[index + 1]?.preferred ? true : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setHighlight(index)}
              onClick={() => selectCountry(option.code)}
            >
              <span className={classes.flag} aria-hidden="true">
                {flagOf(option.code)}
              </span>
              <span>{option.name}</span>
              <span className={classes.optionCode}>+{option.callingCode}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
