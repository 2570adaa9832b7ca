/**
 * The generated forms of the LPI profile (spec 3 "Forms": 8 Practices, 10 Miscellaneous) and the
 * Miscellaneous form's custom questions (types text 1, number 13, select 4, multi-select 5,
 * formatted-text 14). Every value is checked by its field's type; a failure answers 400
 * 'Invalid map or data' (spec 5 "Forms in general") with the field's own message in the detail.
 */
import { z } from 'zod';
import { CUSTOM_QUESTION_TYPES } from '../constants';
import { ZIdentifiers } from '../identifiers';
import { ZAddressFound } from '../places';
import { phone } from '../validation/phone';
import { MESSAGES, percentage, toTime, url } from '../validation/rules';
import { ZSaveBase, ZTabState } from './tabs';

export const INVALID_FORM_MESSAGE = 'Invalid map or data';
export const MISC_QUESTION_DELETED_MESSAGE = 'Miscellaneous Question deleted';

export const FORM_FIELD_TYPES = [
  'select',
  'switch',
  'date',
  'text',
  'number',
  'url',
  'phone',
  'percentage',
  'address',
  'industries',
] as const;
export const ZFormFieldType = z.enum(FORM_FIELD_TYPES);
export type TFormFieldType = z.infer<typeof ZFormFieldType>;

export const ZFormOption = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });
export type TFormOption = z.infer<typeof ZFormOption>;

export const ZFormInput = z.object({
  id: z.number().int(),
  type: ZFormFieldType,
  label: z.string(),
  help: z.string().nullable(),
  options: z.array(ZFormOption).nullable(),
  default_value: z.unknown(),
  required: z.boolean(),
  /** the saved answer in this scope, or null */
  value: z.unknown(),
});
export type TFormInput = z.infer<typeof ZFormInput>;

export const ZFormSection = z.object({ name: z.string(), inputs: z.array(ZFormInput) });
export type TFormSection = z.infer<typeof ZFormSection>;

export const ZForm = z.object({ id: z.number().int(), name: z.string(), sections: z.array(ZFormSection) });
export type TForm = z.infer<typeof ZForm>;

export const ZFormResponse = z.object({ data: ZForm, state: ZTabState });
export type TFormResponse = z.infer<typeof ZFormResponse>;

const MAX_TEXT = 5000;
const MAX_FORMATTED = 20_000;

/** The message of one answer of a field, or null when it fits the field's type. */
export function formValueError(
  field: { type: string; options?: readonly TFormOption[] | null; required?: boolean },
  value: unknown,
): string | null {
  const empty = value === undefined || value === null || value === '';
  if (empty) return field.required ? MESSAGES.required : null;
  switch (field.type) {
    case 'select':
      return (field.options ?? []).some((o) => String(o.id) === String(value)) &&
        (typeof value === 'number' || typeof value === 'string')
        ? null
        : MESSAGES.option;
    case 'switch':
      return typeof value === 'boolean' ? null : MESSAGES.invalid;
    case 'date':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(toTime(value)) &&
        new Date(toTime(value)).toISOString().slice(0, 10) === value
        ? null
        : MESSAGES.date;
    case 'text':
      return typeof value === 'string' && value.length <= MAX_TEXT ? null : MESSAGES.max_char(MAX_TEXT);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 1e12
        ? null
        : MESSAGES.number;
    case 'url':
      return typeof value === 'string' && value.length <= 2048 ? url(value) : MESSAGES.url;
    case 'phone':
      return phone()(value);
    case 'percentage':
      return typeof value === 'number' ? percentage(value) : MESSAGES.percentage;
    case 'address':
      return ZAddressFound.safeParse(value).success ? null : MESSAGES.google_address;
    case 'industries':
      return ZIdentifiers.safeParse(value).success ? null : MESSAGES.tree_option;
    default:
      return MESSAGES.invalid;
  }
}

/** One answer: field_id/value (spec 3 Forms). */
export const ZFormValue = z.strictObject({
  field_id: z.number().int().positive().max(2_147_483_647),
  value: z.unknown(),
});
export type TFormValue = z.infer<typeof ZFormValue>;

/** PUT /api/{surveys|organizations}/{id}/form-generator/{formId} */
export const ZFormSave = ZSaveBase.extend({
  data: z.array(ZFormValue).max(500),
  meta_data: z.record(z.string(), z.unknown()).nullish(),
}).strict();
export type TFormSave = z.infer<typeof ZFormSave>;

// --- custom questions -------------------------------------------------------------------------

export const CUSTOM_QUESTION_TYPE_IDS = [
  CUSTOM_QUESTION_TYPES.TEXT,
  CUSTOM_QUESTION_TYPES.NUMBER,
  CUSTOM_QUESTION_TYPES.SELECT,
  CUSTOM_QUESTION_TYPES.MULTI_SELECT,
  CUSTOM_QUESTION_TYPES.FORMATTED_TEXT,
] as const;
export const ZCustomQuestionType = z.union(CUSTOM_QUESTION_TYPE_IDS.map((t) => z.literal(t)));

export const CUSTOM_QUESTION_TYPE_NAMES: Record<number, string> = {
  [CUSTOM_QUESTION_TYPES.TEXT]: 'Text',
  [CUSTOM_QUESTION_TYPES.NUMBER]: 'Number',
  [CUSTOM_QUESTION_TYPES.SELECT]: 'Select',
  [CUSTOM_QUESTION_TYPES.MULTI_SELECT]: 'Multi-select',
  [CUSTOM_QUESTION_TYPES.FORMATTED_TEXT]: 'Formatted text',
};

export const ZCustomQuestionConfig = z
  .object({
    /** the choices of select and multi-select questions */
    options: z.array(z.string().trim().min(1, 'Option is required').max(200)).max(100).optional(),
  })
  .strict();
export type TCustomQuestionConfig = z.infer<typeof ZCustomQuestionConfig>;

export const ZCustomQuestion = z.object({
  id: z.number().int(),
  question_type_id: ZCustomQuestionType,
  display: z.string(),
  config: ZCustomQuestionConfig,
  value: z.unknown(),
});
export type TCustomQuestion = z.infer<typeof ZCustomQuestion>;

export const ZMiscellaneous = z.object({ form: ZForm, questions: z.array(ZCustomQuestion) });
export type TMiscellaneous = z.infer<typeof ZMiscellaneous>;
export const ZMiscellaneousResponse = z.object({ data: ZMiscellaneous, state: ZTabState });
export type TMiscellaneousResponse = z.infer<typeof ZMiscellaneousResponse>;

/** The message of a custom question's answer, or null. */
export function customAnswerError(
  question: { question_type_id: number; config?: TCustomQuestionConfig | null },
  value: unknown,
): string | null {
  if (value === undefined || value === null || value === '') return null;
  const options = question.config?.options ?? [];
  switch (question.question_type_id) {
    case CUSTOM_QUESTION_TYPES.TEXT:
      return typeof value === 'string' && value.length <= MAX_TEXT ? null : MESSAGES.max_char(MAX_TEXT);
    case CUSTOM_QUESTION_TYPES.FORMATTED_TEXT:
      return typeof value === 'string' && value.length <= MAX_FORMATTED
        ? null
        : MESSAGES.max_char(MAX_FORMATTED);
    case CUSTOM_QUESTION_TYPES.NUMBER:
      return typeof value === 'number' && Number.isFinite(value) ? null : MESSAGES.number;
    case CUSTOM_QUESTION_TYPES.SELECT:
      return typeof value === 'string' && options.includes(value) ? null : MESSAGES.option;
    case CUSTOM_QUESTION_TYPES.MULTI_SELECT:
      return Array.isArray(value) &&
        value.every((v) => typeof v === 'string' && options.includes(v)) &&
        new Set(value).size === value.length
        ? null
        : MESSAGES.option;
    default:
      return MESSAGES.invalid;
  }
}

/** The message of a custom question's definition (its text and choices), or null. */
export function customQuestionError(question: {
  question_type_id: number;
  display: string;
  config?: TCustomQuestionConfig | null;
}): string | null {
  if (!question.display.trim()) return 'Question is required';
  const isSelect =
    question.question_type_id === CUSTOM_QUESTION_TYPES.SELECT ||
    question.question_type_id === CUSTOM_QUESTION_TYPES.MULTI_SELECT;
  const options = question.config?.options ?? [];
  if (isSelect && options.length === 0) return 'Options must include at least 1 option(s)';
  if (new Set(options).size !== options.length) return 'Options must be different';
  return null;
}

export const ZCustomQuestionInput = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    question_type_id: ZCustomQuestionType,
    display: z.string().trim().max(500),
    config: ZCustomQuestionConfig.nullish(),
    value: z.unknown(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const definition = customQuestionError(q);
    if (definition) ctx.addIssue({ code: 'custom', path: ['display'], message: definition });
    const answer = customAnswerError(q, q.value);
    if (answer) ctx.addIssue({ code: 'custom', path: ['value'], message: answer });
  });
export type TCustomQuestionInput = z.input<typeof ZCustomQuestionInput>;

/** PUT /api/{surveys|organizations}/{id}/miscellaneous-questions/{formId} */
export const ZMiscellaneousSave = ZSaveBase.extend({
  questions: z.array(ZCustomQuestionInput).max(100),
  data: z.array(ZFormValue).max(500),
}).strict();
export type TMiscellaneousSave = z.infer<typeof ZMiscellaneousSave>;
