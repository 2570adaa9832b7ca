/**
 * The generic field rules of spec 5, each a plain function: the value (and the rule's
 * parameters) in, the spec's message out, or null when the value passes. Empty values
 * (undefined, null, '') pass every rule except `required` and `accepted`, so rules compose:
 * a field is optional unless `required` is among its rules. `zod.ts` wraps them for schemas.
 */

export type RuleResult = string | null;

export const MESSAGES = {
  required: 'Field is empty',
  accepted: 'Value must be accepted',
  after: (date: string) => `Date must be after ${date}`,
  after_or_equal: (date: string) => `Date must be after or equal to ${date}`,
  before: (date: string) => `Date must be before ${date}`,
  before_or_equal: (date: string) => `Date must be before or equal to ${date}`,
  between: (from: string, to: string) => `Date must be between ${from} and ${to}`,
  not_between: (from: string, to: string) => `Date must not be between ${from} and ${to}`,
  date: 'Value is not a valid date',
  alpha: 'Value must contain only letters',
  alpha_dash: 'Value must contain only letters, numbers, dashes and underscores',
  alpha_num: 'Value must contain only letters and numbers',
  min_char: (n: number) => `Value must be at least ${n} characters long`,
  max_char: (n: number) => `Value must be not more than ${n} characters long`,
  regex: 'Value format is invalid',
  number: 'Value must be a number',
  gt: (n: number) => `Value must be greater than ${n}`,
  gte: (n: number) => `Value must be greater than or equal to ${n}`,
  lt: (n: number) => `Value must be less than ${n}`,
  lte: (n: number) => `Value must be less than or equal to ${n}`,
  min: (n: number) => `Value must be at least ${n}`,
  max: (n: number) => `Value must be not more than ${n}`,
  in_range: (a: number, b: number) => `Value must be between ${a} and ${b}`,
  not_in_range: (a: number, b: number) => `Value must not be between ${a} and ${b}`,
  min_array: (n: number) => `Value must include at least ${n} options`,
  max_array: (n: number) => `Value must include not more than ${n} options`,
  option: 'Value is not an allowed option',
  tree_option: 'Value is not an allowed tree option',
  invalid: 'Field Value is invalid',
  money: 'Value must be a positive amount',
  percentage: 'Value must be a percentage from 0 to 100',
  email: 'Value must be a valid email address',
  phone: 'Value must be a valid phone number',
  url: 'Value must be a valid URL',
  google_address: 'Choose an address from the list',
} as const;

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// --- presence -------------------------------------------------------------------------------

/** Empty string, null, undefined, an empty array or an empty object fail. */
export function required(value: unknown): RuleResult {
  if (isEmpty(value)) return MESSAGES.required;
  if (Array.isArray(value)) return value.length ? null : MESSAGES.required;
  if (typeof value === 'object' && !(value instanceof Date) && Object.keys(value as object).length === 0)
    return MESSAGES.required;
  return null;
}

/** true, 1, '1', 'yes', 'on', 'true' are accepted (a terms checkbox). */
export function accepted(value: unknown): RuleResult {
  return [true, 1, '1', 'yes', 'on', 'true'].includes(value as never) ? null : MESSAGES.accepted;
}

// --- dates ------------------------------------------------------------------------------------

export type DateInput = string | number | Date;

/** Milliseconds of a date, or NaN. 'YYYY-MM-DD' reads as that UTC day. */
export function toTime(value: DateInput): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
}

function dateRule(test: (t: number) => boolean, message: string) {
  return (value: DateInput | null | undefined): RuleResult => {
    if (isEmpty(value)) return null;
    const t = toTime(value as DateInput);
    if (Number.isNaN(t)) return MESSAGES.date;
    return test(t) ? null : message;
  };
}

const label = (d: DateInput) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d));

export const after = (date: DateInput) => dateRule((t) => t > toTime(date), MESSAGES.after(label(date)));
export const afterOrEqual = (date: DateInput) =>
  dateRule((t) => t >= toTime(date), MESSAGES.after_or_equal(label(date)));
export const before = (date: DateInput) => dateRule((t) => t < toTime(date), MESSAGES.before(label(date)));
export const beforeOrEqual = (date: DateInput) =>
  dateRule((t) => t <= toTime(date), MESSAGES.before_or_equal(label(date)));
/** Inclusive of both ends. */
export const between = (from: DateInput, to: DateInput) =>
  dateRule((t) => t >= toTime(from) && t <= toTime(to), MESSAGES.between(label(from), label(to)));
export const notBetween = (from: DateInput, to: DateInput) =>
  dateRule((t) => t < toTime(from) || t > toTime(to), MESSAGES.not_between(label(from), label(to)));

// --- strings ----------------------------------------------------------------------------------

function stringRule(test: (s: string) => boolean, message: string) {
  return (value: unknown): RuleResult => {
    if (isEmpty(value)) return null;
    return test(String(value)) ? null : message;
  };
}

export const alpha = stringRule((s) => /^\p{L}+$/u.test(s), MESSAGES.alpha);
export const alphaDash = stringRule((s) => /^[\p{L}\p{N}_-]+$/u.test(s), MESSAGES.alpha_dash);
export const alphaNum = stringRule((s) => /^[\p{L}\p{N}]+$/u.test(s), MESSAGES.alpha_num);
export const minChar = (n: number) => stringRule((s) => [...s].length >= n, MESSAGES.min_char(n));
export const maxChar = (n: number) => stringRule((s) => [...s].length <= n, MESSAGES.max_char(n));
export const regex = (pattern: RegExp) =>
  stringRule((s) => {
    pattern.lastIndex = 0;
    return pattern.test(s);
  }, MESSAGES.regex);

// --- numbers ----------------------------------------------------------------------------------

function numberRule(test: (n: number) => boolean, message: string) {
  return (value: unknown): RuleResult => {
    if (isEmpty(value)) return null;
    const n = typeof value === 'number' ? value : Number(value);
    if (typeof value === 'boolean' || !Number.isFinite(n)) return MESSAGES.number;
    return test(n) ? null : message;
  };
}

export const gt = (n: number) => numberRule((v) => v > n, MESSAGES.gt(n));
export const gte = (n: number) => numberRule((v) => v >= n, MESSAGES.gte(n));
export const lt = (n: number) => numberRule((v) => v < n, MESSAGES.lt(n));
export const lte = (n: number) => numberRule((v) => v <= n, MESSAGES.lte(n));
export const min = (n: number) => numberRule((v) => v >= n, MESSAGES.min(n));
export const max = (n: number) => numberRule((v) => v <= n, MESSAGES.max(n));
/** Inclusive of both ends. */
export const inRange = (a: number, b: number) => numberRule((v) => v >= a && v <= b, MESSAGES.in_range(a, b));
export const notInRange = (a: number, b: number) =>
  numberRule((v) => v < a || v > b, MESSAGES.not_in_range(a, b));
/** Money: a number >= 0. */
export const money = numberRule((v) => v >= 0, MESSAGES.money);
/** Percentage: a number from 0 to 100. */
export const percentage = numberRule((v) => v >= 0 && v <= 100, MESSAGES.percentage);

// --- arrays and options -----------------------------------------------------------------------

export const minArray =
  (n: number) =>
  (value: unknown): RuleResult => {
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value)) return MESSAGES.invalid;
    return value.length >= n ? null : MESSAGES.min_array(n);
  };
export const maxArray =
  (n: number) =>
  (value: unknown): RuleResult => {
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value)) return MESSAGES.invalid;
    return value.length <= n ? null : MESSAGES.max_array(n);
  };

type OptionId = string | number | null;

/** The value (or each value of an array) must be one of the allowed ids. */
export const inOptions = (allowed: readonly OptionId[]) => {
  const set = new Set(allowed.map((v) => String(v)));
  return (value: unknown): RuleResult => {
    if (isEmpty(value)) return null;
    const values = Array.isArray(value) ? value : [value];
    return values.every((v) => set.has(String(v))) ? null : MESSAGES.option;
  };
};

export interface TreeOption {
  id: OptionId;
  children?: readonly TreeOption[];
}

/** The value must be an id found anywhere in a tree of options (e.g. the global industries). */
export const inTreeOptions = (tree: readonly TreeOption[]) => {
  const set = new Set<string>();
  const walk = (nodes: readonly TreeOption[]) => {
    for (const node of nodes) {
      set.add(String(node.id));
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return (value: unknown): RuleResult => {
    if (isEmpty(value)) return null;
    const values = Array.isArray(value) ? value : [value];
    return values.every((v) => set.has(String(v))) ? null : MESSAGES.tree_option;
  };
};

// --- types ------------------------------------------------------------------------------------

// The WHATWG-style pragmatic check: one @, no spaces, a dotted domain.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const email = stringRule((s) => s.length <= 254 && EMAIL.test(s), MESSAGES.email);

/** http(s) addresses with a host; 'example.com' without a scheme is read as https. */
export const url = stringRule((s) => {
  if (/\s/.test(s)) return false;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}, MESSAGES.url);

/** A chosen Google address: an object with a non-empty place_id. */
export function googleAddress(value: unknown): RuleResult {
  if (value === undefined || value === null) return null;
  const placeId = (value as { place_id?: unknown }).place_id;
  return typeof placeId === 'string' && placeId.trim() !== '' ? null : MESSAGES.google_address;
}

/** Runs rules in order and gives the first message, or null. */
export function validate(value: unknown, rules: readonly ((value: never) => RuleResult)[]): RuleResult {
  for (const rule of rules) {
    const result = (rule as (v: unknown) => RuleResult)(value);
    if (result) return result;
  }
  return null;
}
