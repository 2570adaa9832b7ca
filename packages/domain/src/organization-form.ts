/**
 * The organization form rules of spec 5 ("Organization form"), shared by the LPI overview
 * (lpi/overview.ts) and the organization settings page. Messages come from the labelled
 * validator ('{label} is required', '{label} must be equal or greater than {n}'...).
 */
import { z } from 'zod';
import { TICKER_MAX_LENGTH } from './constants';
import { labelledMax, labelledMin, labelledRequired } from './validation/labelled';
import { MESSAGES, toTime } from './validation/rules';

export const ORGANIZATION_FORM_LABELS = {
  name: 'Name',
  legal_structure: 'Legal Structure',
  inception_date: 'Inception Date',
  primary_contact_id: 'Primary Contact',
  is_publicly_traded: 'Publicly Traded',
  ticker_symbol: 'Ticker Symbol',
  total_full_time_employees: 'Total Full-Time Employees',
  total_leaders: 'Total Senior Leadership',
  total_owners: 'Total Owners',
} as const;

/** Publicly traded is editable only for legal structure 1 (Corporation). */
export const PUBLICLY_TRADED_LEGAL_STRUCTURE = 1;
export function canBePubliclyTraded(legalStructure: number | null | undefined): boolean {
  return legalStructure === PUBLICLY_TRADED_LEGAL_STRUCTURE;
}

export type TCountField = 'total_full_time_employees' | 'total_leaders' | 'total_owners';
export const COUNT_FIELDS: readonly TCountField[] = [
  'total_full_time_employees',
  'total_leaders',
  'total_owners',
];

type TNormalisable = {
  legal_structure?: number | null;
  is_publicly_traded?: boolean | null;
} & Partial<Record<TCountField, number | null>>;

/**
 * What a form sends for its legal structure (spec 5): publicly traded only where it can be, and the
 * head counts fixed by the structure at their value.
 */
export function normaliseOrganizationForm<T extends TNormalisable>(values: T): T {
  const next = { ...values };
  if (!canBePubliclyTraded(next.legal_structure ?? null)) next.is_publicly_traded = false;
  for (const field of COUNT_FIELDS) {
    const rule = countRule(field, next.legal_structure ?? null, Boolean(next.is_publicly_traded));
    if (rule.fixed !== null) (next as Record<TCountField, number | null>)[field] = rule.fixed;
  }
  return next;
}

/** How a head count is checked for a legal structure: required, its minimum, or fixed at a value. */
export interface TCountRule {
  required: boolean;
  min: number;
  /** the value the field is fixed at (the input is disabled), or null */
  fixed: number | null;
}

const FIXED_ONE: TCountRule = { required: true, min: 1, fixed: 1 };

/** Spec 5: employee and leader counts, and owners, by legal structure. */
export function countRule(
  field: TCountField,
  legalStructure: number | null | undefined,
  publiclyTraded = false,
): TCountRule {
  if (legalStructure === 5 || legalStructure === 8) return FIXED_ONE;
  if (legalStructure == null) return { required: false, min: 0, fixed: null };
  if (field !== 'total_owners') return { required: true, min: 2, fixed: null };
  switch (legalStructure) {
    case 1:
      return publiclyTraded
        ? { required: false, min: 0, fixed: null }
        : { required: true, min: 1, fixed: null };
    case 6:
    case 9:
      return { required: false, min: 0, fixed: null };
    case 2:
    case 4:
      return { required: true, min: 2, fixed: null };
    default:
      return { required: true, min: 1, fixed: null };
  }
}

export interface TOrganizationRulesInput {
  name?: string | null;
  legal_structure?: number | null;
  inception_date?: string | null;
  primary_contact_id?: number | null;
  is_publicly_traded?: boolean | null;
  ticker_symbol?: string | null;
  total_full_time_employees?: number | null;
  total_leaders?: number | null;
  total_owners?: number | null;
}

export type TOrganizationFormErrors = Partial<Record<keyof TOrganizationRulesInput, string>>;

export interface TOrganizationRulesOptions {
  /** whether the name is part of the form (the settings form: yes; the reporting overview: no) */
  requireName?: boolean;
  /** today as YYYY-MM-DD (defaults to the current UTC day) */
  today?: string;
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The message of one head count, or null. */
export function countError(
  field: TCountField,
  value: number | null | undefined,
  legalStructure: number | null | undefined,
  publiclyTraded = false,
): string | null {
  const label = ORGANIZATION_FORM_LABELS[field];
  const rule = countRule(field, legalStructure, publiclyTraded);
  if (rule.required) {
    const missing = labelledRequired(label, value ?? null);
    if (missing) return missing;
  }
  const n = value ?? 0;
  if (!Number.isInteger(n)) return MESSAGES.number;
  return labelledMin(label, n, rule.min) ?? (rule.fixed !== null ? labelledMax(label, n, rule.fixed) : null);
}

/**
 * Every rule of spec 5 "Organization form" (and "Reporting overview" without the name): the
 * first message per field.
 */
export function organizationFormErrors(
  values: TOrganizationRulesInput,
  options: TOrganizationRulesOptions = {},
): TOrganizationFormErrors {
  const L = ORGANIZATION_FORM_LABELS;
  const errors: TOrganizationFormErrors = {};
  const set = (field: keyof TOrganizationRulesInput, message: string | null) => {
    if (message && !errors[field]) errors[field] = message;
  };
  if (options.requireName) set('name', labelledRequired(L.name, values.name ?? ''));
  set('legal_structure', labelledRequired(L.legal_structure, values.legal_structure ?? null));
  const inception = values.inception_date ?? '';
  set('inception_date', labelledRequired(L.inception_date, inception));
  if (inception) {
    const today = options.today ?? todayIso();
    const t = toTime(inception);
    if (Number.isNaN(t)) set('inception_date', MESSAGES.date);
    else if (t > toTime(today)) set('inception_date', `${L.inception_date} must not be after today`);
  }
  set('primary_contact_id', labelledRequired(L.primary_contact_id, values.primary_contact_id ?? null));

  const publiclyTraded =
    Boolean(values.is_publicly_traded) && canBePubliclyTraded(values.legal_structure ?? null);
  if (values.is_publicly_traded && !canBePubliclyTraded(values.legal_structure ?? null)) {
    set('is_publicly_traded', `${L.is_publicly_traded} can be selected only for a Corporation (C Corp)`);
  }
  const ticker = values.ticker_symbol ?? '';
  if (publiclyTraded) set('ticker_symbol', labelledRequired(L.ticker_symbol, ticker));
  set('ticker_symbol', labelledMax(L.ticker_symbol, ticker, TICKER_MAX_LENGTH));

  for (const field of ['total_full_time_employees', 'total_leaders', 'total_owners'] as const) {
    set(field, countError(field, values[field], values.legal_structure ?? null, publiclyTraded));
  }
  return errors;
}

/** The rules as a zod refinement: each message on its field's path. */
export function refineOrganizationForm(options: TOrganizationRulesOptions = {}) {
  return (values: TOrganizationRulesInput, ctx: z.RefinementCtx) => {
    const errors = organizationFormErrors(values, options);
    for (const [field, message] of Object.entries(errors)) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  };
}

const count = z.number().int().min(0).max(10_000_000).nullish();
const id = z.number().int().positive().max(2_147_483_647);

/** The fields the organization form rules check (value types only; the rules give the messages). */
export const organizationRuleFields = {
  legal_structure: id.nullish(),
  inception_date: z.string().max(30).nullish(),
  primary_contact_id: id.nullish(),
  is_publicly_traded: z.boolean().nullish(),
  ticker_symbol: z.string().trim().max(100).nullish(),
  total_full_time_employees: count,
  total_leaders: count,
  total_owners: count,
};

/** The organization settings form (name plus the rules above). */
export const ZOrganizationForm = z
  .object({ name: z.string().trim().max(255).nullish(), ...organizationRuleFields })
  .superRefine((values, ctx) => refineOrganizationForm({ requireName: true })(values, ctx));
export type TOrganizationForm = z.infer<typeof ZOrganizationForm>;
