/**
 * The Ownership and Senior Leadership tab (spec 3 "Ownership/leadership individual", spec 5
 * "Ownership/leadership row"): one schema for the dialog form, the save call and every row of a
 * bulk upload. Which fields apply depends on the identification: 17 (employee) asks for a title,
 * a joining date and allows leadership; 17, 19 and 20 (individuals) ask for demographics; other
 * identifications (entities) only name an owner.
 */
import { z } from 'zod';
import { DEMOGRAPHIC_IDENTIFICATION_IDS, IDENTIFICATION_IDS, REQUIRED_OWNERSHIP_TOTAL } from '../constants';
import { beforeOrEqual, MESSAGES, maxChar, percentage } from '../validation/rules';
import { ownershipTotalMessage, ZCheckIssue } from './checks';
import { ZSaveBase, ZTabState } from './tabs';

/** A field that does not apply to the chosen identification (or to leadership/ownership off). */
export const NOT_APPLICABLE_MESSAGE = 'Field must be empty for this identification';
export const OWNERSHIP_DECIMALS_MESSAGE = 'Value must have at most 2 decimals';
export const NAME_MAX_LENGTH = 255;

/**
 * Organization-level switches for the optional demographic questions: a field whose flag is off
 * is neither asked nor required. All on by default.
 */
export const INDIVIDUAL_FLAG_FIELDS = [
  'immigration_id',
  'veteran_id',
  'lgbtq_id',
  'disabled_id',
  'us_citizen_id',
  'us_based_id',
] as const;
export type TIndividualFlagField = (typeof INDIVIDUAL_FLAG_FIELDS)[number];
export type TIndividualOptionFlags = Record<TIndividualFlagField, boolean>;
export const DEFAULT_INDIVIDUAL_OPTION_FLAGS: Readonly<TIndividualOptionFlags> = Object.freeze({
  immigration_id: true,
  veteran_id: true,
  lgbtq_id: true,
  disabled_id: true,
  us_citizen_id: true,
  us_based_id: true,
});
export const ZIndividualOptionFlags = z.object({
  immigration_id: z.boolean(),
  veteran_id: z.boolean(),
  lgbtq_id: z.boolean(),
  disabled_id: z.boolean(),
  us_citizen_id: z.boolean(),
  us_based_id: z.boolean(),
});

/** Labels of the form, the table and the template (spec 3). */
export const INDIVIDUAL_LABELS = {
  identification_id: 'Identification',
  name: 'Full Name or Unique Identifier',
  corporate_title_id: 'Corporate Title',
  date_of_joining: 'Date of Joining',
  gender_id: 'Gender',
  ethnicity_id: 'Race/Ethnicity',
  immigration_id: 'First Generation Immigrant',
  veteran_id: 'Veteran',
  lgbtq_id: 'LGBTQ+',
  disabled_id: 'Person with a Disability',
  us_citizen_id: 'U.S. Citizen/Permanent Resident',
  us_based_id: 'U.S. Based',
  is_senior_management: 'Leadership',
  date_of_promotion: 'Date of Promotion',
  is_owner: 'Ownership',
  ownership: 'Ownership %',
  initial_ownership_date: 'Initial Ownership Date',
} as const;

const optionId = z.number({ error: MESSAGES.option }).int(MESSAGES.option).positive(MESSAGES.option);
const nullableId = optionId.nullish().transform((v) => v ?? null);
const dateString = z
  .string({ error: MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.date)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), MESSAGES.date)
  .nullish()
  .transform((v) => v ?? null);
/** Booleans, also as 0/1 (spec 3 says 0/1). */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: MESSAGES.invalid })
  .nullish()
  .transform((v) => v === true || v === 1);

const rowShape = {
  identification_id: optionId.nullish().transform((v) => v ?? null),
  name: z
    .string({ error: MESSAGES.required })
    .nullish()
    .transform((v) => (v ?? '').trim()),
  corporate_title_id: nullableId,
  date_of_joining: dateString,
  gender_id: nullableId,
  ethnicity_id: nullableId,
  immigration_id: nullableId,
  veteran_id: nullableId,
  lgbtq_id: nullableId,
  disabled_id: nullableId,
  us_citizen_id: nullableId,
  us_based_id: nullableId,
  is_senior_management: flag,
  date_of_promotion: dateString,
  is_owner: flag,
  ownership: z
    .number({ error: MESSAGES.number })
    .nullish()
    .transform((v) => v ?? null),
  initial_ownership_date: dateString,
};

type RowValues = { [K in keyof typeof rowShape]: z.output<(typeof rowShape)[K]> };

/** Today as YYYY-MM-DD (UTC), the latest date a joining, promotion or ownership date may have. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** Which fields a row may hold, from its identification and switches (the form enables these). */
export function individualFieldState(
  row: Pick<RowValues, 'identification_id' | 'is_senior_management' | 'is_owner'>,
  flags: TIndividualOptionFlags = DEFAULT_INDIVIDUAL_OPTION_FLAGS,
) {
  const identification = row.identification_id ?? null;
  const chosen = identification !== null;
  const employee = identification === IDENTIFICATION_IDS.EMPLOYEE;
  const individual = chosen && DEMOGRAPHIC_IDENTIFICATION_IDS.includes(identification);
  const leadership = employee && Boolean(row.is_senior_management);
  const owner = chosen && Boolean(row.is_owner);
  return {
    name: chosen,
    corporate_title_id: employee,
    date_of_joining: employee,
    gender_id: individual,
    ethnicity_id: individual,
    immigration_id: individual && flags.immigration_id,
    veteran_id: individual && flags.veteran_id,
    lgbtq_id: individual && flags.lgbtq_id,
    disabled_id: individual && flags.disabled_id,
    us_citizen_id: individual && flags.us_citizen_id,
    us_based_id: individual && flags.us_based_id,
    is_senior_management: employee,
    date_of_promotion: leadership,
    is_owner: chosen,
    ownership: owner,
    initial_ownership_date: owner,
  };
}
export type TIndividualFieldState = ReturnType<typeof individualFieldState>;

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || v === false;

function checkRow(row: RowValues, ctx: z.RefinementCtx, flags: TIndividualOptionFlags, today: string) {
  const issue = (path: keyof RowValues, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message, input: row[path] });
  const enabled = individualFieldState(row, flags);
  const notAfterToday = beforeOrEqual(today);

  if (row.identification_id === null) issue('identification_id', MESSAGES.required);
  if (!row.name) issue('name', MESSAGES.required);
  else {
    const tooLong = maxChar(NAME_MAX_LENGTH)(row.name);
    if (tooLong) issue('name', tooLong);
  }

  // Fields that do not apply must be empty: the form disables them, the API refuses them.
  for (const key of Object.keys(enabled) as (keyof typeof enabled)[]) {
    if (key === 'name' || key === 'is_owner') continue;
    if (!enabled[key] && !isBlank(row[key])) {
      // A switched-off optional question is not asked; a leftover answer is only ignored there.
      const flagOff =
        (INDIVIDUAL_FLAG_FIELDS as readonly string[]).includes(key) &&
        DEMOGRAPHIC_IDENTIFICATION_IDS.includes(row.identification_id ?? -1);
      if (!flagOff) issue(key, NOT_APPLICABLE_MESSAGE);
    }
  }
  if (row.identification_id === null && row.is_owner) issue('is_owner', NOT_APPLICABLE_MESSAGE);

  const requiredFields = [
    'corporate_title_id',
    'date_of_joining',
    'gender_id',
    'ethnicity_id',
    ...INDIVIDUAL_FLAG_FIELDS,
    'ownership',
    'initial_ownership_date',
  ] as const;
  for (const key of requiredFields) {
    if (enabled[key] && isBlank(row[key])) issue(key, MESSAGES.required);
  }

  for (const key of ['date_of_joining', 'date_of_promotion', 'initial_ownership_date'] as const) {
    if (enabled[key] && row[key]) {
      const message = notAfterToday(row[key]);
      if (message) issue(key, message);
    }
  }
  if (enabled.ownership && row.ownership !== null) {
    const message = percentage(row.ownership);
    if (message) issue('ownership', message);
    else if (Math.abs(Math.round(row.ownership * 100) - row.ownership * 100) > 1e-6)
      issue('ownership', OWNERSHIP_DECIMALS_MESSAGE);
  }
}

/**
 * The row schema for a set of organization option flags (all on by default). `today` (YYYY-MM-DD)
 * is the latest date allowed; it defaults to the current UTC day when the row is checked.
 */
export function individualRowSchema(
  flags: TIndividualOptionFlags = DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  today?: string,
) {
  return z.object(rowShape).superRefine((row, ctx) => checkRow(row, ctx, flags, today ?? todayIso()));
}

/** A row that already exists: the same rules, plus its id. */
export function individualUpdateSchema(
  flags: TIndividualOptionFlags = DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  today?: string,
) {
  return z
    .object({ id: z.number().int().positive().max(2_147_483_647), ...rowShape })
    .superRefine((row, ctx) => checkRow(row, ctx, flags, today ?? todayIso()));
}

export const ZIndividualRow = individualRowSchema();
export type TIndividualRowInput = z.input<typeof ZIndividualRow>;
export type TIndividualRow = z.output<typeof ZIndividualRow>;
export const INDIVIDUAL_FIELDS = Object.keys(rowShape) as (keyof TIndividualRow)[];

/** A stored individual as the API answers it. */
export const ZIndividual = z.object({
  id: z.number().int(),
  identification_id: z.number().int().nullable(),
  name: z.string(),
  corporate_title_id: z.number().int().nullable(),
  date_of_joining: z.string().nullable(),
  gender_id: z.number().int().nullable(),
  ethnicity_id: z.number().int().nullable(),
  immigration_id: z.number().int().nullable(),
  veteran_id: z.number().int().nullable(),
  lgbtq_id: z.number().int().nullable(),
  disabled_id: z.number().int().nullable(),
  us_citizen_id: z.number().int().nullable(),
  us_based_id: z.number().int().nullable(),
  is_senior_management: z.boolean(),
  date_of_promotion: z.string().nullable(),
  is_owner: z.boolean(),
  ownership: z.number().nullable(),
  initial_ownership_date: z.string().nullable(),
  organization_id: z.number().int(),
  survey_id: z.number().int().nullable(),
  updated_at: z.string(),
});
export type TIndividual = z.infer<typeof ZIndividual>;

export const ZOwnershipTotals = z.object({
  /** the owners' percentages summed, 2 decimals */
  ownership_sum: z.number(),
  /** rows flagged as owners / as senior leadership */
  owners: z.number().int(),
  leaders: z.number().int(),
  /** the overview's declared totals */
  total_owners: z.number().int(),
  total_leaders: z.number().int(),
});
export type TOwnershipTotals = z.infer<typeof ZOwnershipTotals>;

export const ZOwnershipData = z.object({
  rows: z.array(ZIndividual),
  totals: ZOwnershipTotals,
  option_flags: ZIndividualOptionFlags,
});
export type TOwnershipData = z.infer<typeof ZOwnershipData>;
/** checks: the tab's failing data checks (issue #19). */
export const ZOwnershipResponse = z.object({
  data: ZOwnershipData,
  state: ZTabState,
  checks: z.array(ZCheckIssue).optional(),
});
export type TOwnershipResponse = z.infer<typeof ZOwnershipResponse>;

/** The owners' percentages summed, rounded to 2 decimals (rows not flagged as owners do not count). */
export function ownershipTotal(
  rows: readonly { is_owner?: boolean | number | null; ownership?: number | string | null }[],
): number {
  let cents = 0;
  for (const row of rows) {
    if (!row.is_owner || row.ownership === null || row.ownership === undefined || row.ownership === '')
      continue;
    const value = Number(row.ownership);
    if (Number.isFinite(value)) cents += Math.round(value * 100);
  }
  return cents / 100;
}

/**
 * The tab's alert (spec 2): success only at exactly 100.00, else an error saying what is wrong and
 * what to do (issue #19); never a block on saving.
 */
export function ownershipAlert(total: number): { type: 'success' | 'error'; text: string } {
  const cents = Math.round(total * 100);
  return cents === REQUIRED_OWNERSHIP_TOTAL * 100
    ? { type: 'success', text: `Ownership is ${(cents / 100).toFixed(2)}%` }
    : { type: 'error', text: ownershipTotalMessage(total) };
}

const MAX_ROWS_PER_SAVE = 5000;
const rowId = z.number().int().positive().max(2_147_483_647);

/**
 * PUT /api/ownership/save: new rows, changed rows (with id) and deleted ids, applied in one
 * transaction; based on the tab state's `updated_at`.
 */
export function ownershipSaveSchema(flags: TIndividualOptionFlags = DEFAULT_INDIVIDUAL_OPTION_FLAGS) {
  return ZSaveBase.extend({
    create: z.array(individualRowSchema(flags)).max(MAX_ROWS_PER_SAVE).default([]),
    update: z.array(individualUpdateSchema(flags)).max(MAX_ROWS_PER_SAVE).default([]),
    delete: z.array(rowId).max(MAX_ROWS_PER_SAVE).default([]),
  });
}
export const ZOwnershipSave = ownershipSaveSchema();
export type TOwnershipSaveInput = z.input<typeof ZOwnershipSave>;
export type TOwnershipSave = z.output<typeof ZOwnershipSave>;
