/**
 * The generic rules as zod pieces, for API schemas and forms alike. Rule checks go in
 * `.check(...)` (`z.string().check(zMinChar(3), zAlphaDash())`); the type helpers are whole
 * schemas (`zEmail()`, `zPhone()`, `zMoney()`...). Messages are the spec's, from rules.ts.
 */
import { z } from 'zod';
import { labelledMax, labelledMin, labelledRequired } from './labelled';
import { type PhoneOptions, phone } from './phone';
import * as rules from './rules';

/** Any rule function as a zod check: its message becomes the issue. */
export function zRule<T = unknown>(rule: (value: T) => rules.RuleResult) {
  return z.superRefine<T>((value, ctx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  });
}

export const zAccepted = () => zRule(rules.accepted);
export const zAfter = (d: rules.DateInput) => zRule(rules.after(d));
export const zAfterOrEqual = (d: rules.DateInput) => zRule(rules.afterOrEqual(d));
export const zBefore = (d: rules.DateInput) => zRule(rules.before(d));
export const zBeforeOrEqual = (d: rules.DateInput) => zRule(rules.beforeOrEqual(d));
export const zBetween = (a: rules.DateInput, b: rules.DateInput) => zRule(rules.between(a, b));
export const zNotBetween = (a: rules.DateInput, b: rules.DateInput) => zRule(rules.notBetween(a, b));
export const zAlpha = () => zRule(rules.alpha);
export const zAlphaDash = () => zRule(rules.alphaDash);
export const zAlphaNum = () => zRule(rules.alphaNum);
export const zMinChar = (n: number) => zRule(rules.minChar(n));
export const zMaxChar = (n: number) => zRule(rules.maxChar(n));
export const zRegex = (pattern: RegExp) => zRule(rules.regex(pattern));
export const zGt = (n: number) => zRule(rules.gt(n));
export const zGte = (n: number) => zRule(rules.gte(n));
export const zLt = (n: number) => zRule(rules.lt(n));
export const zLte = (n: number) => zRule(rules.lte(n));
export const zMin = (n: number) => zRule(rules.min(n));
export const zMax = (n: number) => zRule(rules.max(n));
export const zInRange = (a: number, b: number) => zRule(rules.inRange(a, b));
export const zNotInRange = (a: number, b: number) => zRule(rules.notInRange(a, b));
export const zMinArray = (n: number) => zRule(rules.minArray(n));
export const zMaxArray = (n: number) => zRule(rules.maxArray(n));
export const zInOptions = (allowed: Parameters<typeof rules.inOptions>[0]) => zRule(rules.inOptions(allowed));
export const zInTreeOptions = (tree: readonly rules.TreeOption[]) => zRule(rules.inTreeOptions(tree));

/** A required text: 'Field is empty' when missing or blank (or '{label} is required' with a label). */
export function zRequired(label?: string) {
  const message = (value: unknown) =>
    label ? (labelledRequired(label, value ?? '') ?? `${label} is required`) : rules.MESSAGES.required;
  return z
    .string({ error: (issue) => message(issue.input) })
    .trim()
    .min(1, { error: (issue) => message(issue.input) });
}

/** Each message of a rules function's answer (field -> message) as an issue on its field. */
export function addFieldIssues(errors: Partial<Record<string, string | null>>, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(errors)) {
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** A form's schema from its rules function (values -> field -> message): one rule, form and API alike. */
export const zFieldRules = <T>(errorsOf: (values: T) => Partial<Record<string, string | null>>) =>
  z.custom<T>().superRefine((values, ctx) => addFieldIssues(errorsOf(values), ctx));

/** The labelled min/max of spec 5 for strings, numbers and arrays. */
export const zLabelledMin = (label: string, n: number) => zRule((v: unknown) => labelledMin(label, v, n));
export const zLabelledMax = (label: string, n: number) => zRule((v: unknown) => labelledMax(label, v, n));
export const zLabelledRequired = (label: string) => zRule((v: unknown) => labelledRequired(label, v));

/** An email address (trimmed). */
export const zEmail = () =>
  z.string({ error: rules.MESSAGES.email }).trim().max(254, rules.MESSAGES.email).check(zRule(rules.email));

/** A phone number valid for its country (spec 5); at most 25 characters. */
export const zPhone = (options?: PhoneOptions) =>
  z
    .string({ error: rules.MESSAGES.phone })
    .trim()
    .check(zRule(phone(options)));

/** An http(s) URL. */
export const zUrl = () => z.string({ error: rules.MESSAGES.url }).trim().max(2048).check(zRule(rules.url));

/** Money: a number >= 0 (numeric strings from forms are read as numbers). */
export const zMoney = () => z.coerce.number({ error: rules.MESSAGES.number }).check(zRule(rules.money));

/** A percentage from 0 to 100. */
export const zPercentage = () =>
  z.coerce.number({ error: rules.MESSAGES.number }).check(zRule(rules.percentage));

/** A calendar date as YYYY-MM-DD that exists. */
export const zDateString = () =>
  z
    .string({ error: rules.MESSAGES.date })
    .regex(/^\d{4}-\d{2}-\d{2}$/, rules.MESSAGES.date)
    .refine((s) => {
      const t = rules.toTime(s);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
    }, rules.MESSAGES.date);

/** A chosen Google address: needs place_id. */
export const zGoogleAddress = () =>
  z
    .looseObject({ place_id: z.string().optional(), description: z.string().optional() })
    .check(zRule(rules.googleAddress));
