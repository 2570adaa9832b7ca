/**
 * Hosting a survey (spec 2 Surveys, 3 Survey request, 5 Survey request details): the request the
 * wizard posts (POST /api/surveys), the overview of one survey (GET /api/surveys/{id}), the host's
 * edits (edit-overview, grant-administrator-access) and a legacy survey's response. The details
 * rules and their messages live here once, for the API and the wizard's form alike.
 */
import { z } from 'zod';
import { ZCustomQuestionConfig } from './lpi/forms';
import { LPI_TAB_IDS } from './lpi/tabs';
import { ZSurveyStatus } from './survey-invitation';
import { HOSTED_SURVEY_STATUSES, SUBMIT_STEP_ID, type SurveyStep } from './surveys';
import { labelledMin, labelledRequired } from './validation/labelled';
import { email as emailRule } from './validation/rules';
import { addFieldIssues, zFieldRules, zLabelledRequired } from './validation/zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

// ---------------------------------------------------------------------------------------------
// Request types (spec 2: score disabled, dei, deiplus; default dei)

export const SURVEY_TYPE_IDS = { SCORE: 1, DEI: 2, DEIPLUS: 3 } as const;
export const DEFAULT_SURVEY_TYPE_ID = SURVEY_TYPE_IDS.DEI;

export interface SurveyRequestType {
  id: number;
  name: string;
  description: string;
  /** score is not offered yet: shown, but cannot be chosen (and the API refuses it) */
  disabled: boolean;
}

export const SURVEY_REQUEST_TYPES: readonly SurveyRequestType[] = [
  { id: 1, name: 'Score', description: 'The LPI score only.', disabled: true },
  { id: 2, name: 'DEI', description: 'The diversity, equity and inclusion survey.', disabled: false },
  {
    id: 3,
    name: 'DEI+',
    description: 'The DEI survey with the host’s own settings inside each step.',
    disabled: false,
  },
];

export const SCORE_SURVEY_DISABLED_MESSAGE = 'Score surveys cannot be requested: choose DEI or DEI+.';
export const SURVEY_TYPE_UNKNOWN_MESSAGE = 'Survey type must be DEI (2) or DEI+ (3).';

// ---------------------------------------------------------------------------------------------
// Receive types (spec 3 Constants lists): how the host receives the responses. The spec's label
// names the original product; ours is Parity.

export const RECEIVE_TYPE_IDS = { IN_PRODUCT: 1 } as const;
export const DEFAULT_RECEIVE_TYPE_ID = RECEIVE_TYPE_IDS.IN_PRODUCT;

export const RECEIVE_TYPES: readonly { id: number; name: string; description: string }[] = [
  {
    id: 1,
    name: 'View responses in Parity',
    description: 'Read the responses, response rates and analytics on the hosted survey’s page.',
  },
];
export const RECEIVE_TYPE_UNKNOWN_MESSAGE = 'Receive type must be View responses in Parity (1).';
export const receiveTypeName = (id: number) => RECEIVE_TYPES.find((type) => type.id === id)?.name ?? null;

// ---------------------------------------------------------------------------------------------
// Insight types (spec 3 Constants lists): the insights a host requests from a survey's responses

export const INSIGHT_TYPES: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Total FTE Score' },
  { id: 2, name: 'Wealth Score' },
  { id: 3, name: 'Leadership Score' },
  { id: 4, name: 'Ownership gender/race equity insights' },
  { id: 5, name: 'MWBE' },
  { id: 6, name: 'Historical' },
];
export const INSIGHT_TYPE_IDS: readonly number[] = INSIGHT_TYPES.map((type) => type.id);
export const unknownInsightTypeMessage = (typeId: number) =>
  `Unknown insight type id ${typeId}: insight types are ${INSIGHT_TYPE_IDS.join(', ')}.`;
export const insightTypeName = (id: number) => INSIGHT_TYPES.find((type) => type.id === id)?.name ?? null;

/** The requested insights: known ids, each once (stored in the list's order). */
export const ZInsightTypeIds = z
  .array(z.coerce.number().int())
  .max(INSIGHT_TYPES.length)
  .superRefine((ids, ctx) => {
    const seen = new Set<number>();
    ids.forEach((typeId, index) => {
      if (!INSIGHT_TYPE_IDS.includes(typeId))
        ctx.addIssue({ code: 'custom', path: [index], message: unknownInsightTypeMessage(typeId) });
      else if (seen.has(typeId))
        ctx.addIssue({ code: 'custom', path: [index], message: `Insight type ${typeId} is listed twice.` });
      seen.add(typeId);
    });
  });

// ---------------------------------------------------------------------------------------------
// Details (spec 5 "Survey request details") with the labelled validator's messages

export const SURVEY_DETAILS_LABELS = {
  title: 'Title',
  description: 'Description',
  start: 'Start Date',
  due: 'Due Date',
  primary_contact_id: 'Primary Contact',
  contact_email: 'Contact Email',
  support_email: 'Support Email',
} as const;
export type TSurveyDetailsField = keyof typeof SURVEY_DETAILS_LABELS;

export const START_IN_PAST_MESSAGE = 'Start Date must be today or later';
export const DUE_BEFORE_START_MESSAGE = 'Due Date must be on or after the Start Date';
export const emailInvalidMessage = (label: string) => `${label} must be a valid email address`;
export const TITLE_MAX_LENGTH = 255;
export const DESCRIPTION_MAX_LENGTH = 5000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export interface TSurveyDetailsInput {
  title?: string | null;
  description?: string | null;
  start?: string | null;
  due?: string | null;
  primary_contact_id?: number | null;
  contact_email?: string | null;
  support_email?: string | null;
}

export interface SurveyDetailsContext {
  /** today as YYYY-MM-DD (the server's, or the browser's local date in the form) */
  today: string;
  /** On an edit: the stored start, which may stay in the past when unchanged. */
  originalStart?: string | null;
}

/**
 * The details rules of spec 5, field by field: title required; start required and today or later
 * (an edit may keep a past start unchanged); due required and on or after start; primary contact
 * required; contact and support emails required and valid. Returns the first message per field.
 */
export function surveyDetailsErrors(
  values: TSurveyDetailsInput,
  context: SurveyDetailsContext,
): Partial<Record<TSurveyDetailsField, string>> {
  const L = SURVEY_DETAILS_LABELS;
  const errors: Partial<Record<TSurveyDetailsField, string>> = {};
  const title = values.title ?? '';
  const titleError = labelledRequired(L.title, title);
  if (titleError) errors.title = titleError;
  else if (title.trim().length > TITLE_MAX_LENGTH)
    errors.title = `${L.title} must be maximum ${TITLE_MAX_LENGTH} characters long`;
  if ((values.description ?? '').length > DESCRIPTION_MAX_LENGTH)
    errors.description = `${L.description} must be maximum ${DESCRIPTION_MAX_LENGTH} characters long`;

  const start = values.start ?? '';
  const due = values.due ?? '';
  const startError = labelledRequired(L.start, start);
  if (startError) errors.start = startError;
  else if (!isDate(start)) errors.start = `${L.start} must be a date`;
  else if (start < context.today && start !== context.originalStart) errors.start = START_IN_PAST_MESSAGE;
  const dueError = labelledRequired(L.due, due);
  if (dueError) errors.due = dueError;
  else if (!isDate(due)) errors.due = `${L.due} must be a date`;
  else if (isDate(start) && due < start) errors.due = DUE_BEFORE_START_MESSAGE;

  const contactError = labelledRequired(L.primary_contact_id, values.primary_contact_id ?? null);
  if (contactError) errors.primary_contact_id = contactError;

  for (const field of ['contact_email', 'support_email'] as const) {
    const value = (values[field] ?? '').trim();
    const required = labelledRequired(L[field], value);
    if (required) errors[field] = required;
    else if (emailRule(value)) errors[field] = emailInvalidMessage(L[field]);
  }
  return errors;
}

/** Today as YYYY-MM-DD in UTC (the API's clock). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The details as the API reads them; the date-of-today rule is applied by the service. */
const detailsShape = {
  title: z.string().trim().max(TITLE_MAX_LENGTH),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).nullish(),
  start: z.string(),
  due: z.string(),
  primary_contact_id: id,
  contact_email: z.string().trim().max(254),
  support_email: z.string().trim().max(254),
};

/**
 * Adds every details rule but "start today or later" (that needs the stored start on an edit)
 * as issues on their fields.
 */
function checkDetails(values: TSurveyDetailsInput, ctx: z.RefinementCtx) {
  // The far past as today: the start rule is the service's.
  addFieldIssues(surveyDetailsErrors(values, { today: '0000-01-01' }), ctx);
}

/** The details form (the wizard's, the edit dialog's): every rule of spec 5 with the browser's today. */
export const surveyDetailsFormSchema = (context: SurveyDetailsContext) =>
  zFieldRules((values: TSurveyDetailsInput) => surveyDetailsErrors(values, context));

// ---------------------------------------------------------------------------------------------
// Config content: which LPI steps, practices fields and miscellaneous fields are requested

export const SURVEY_CONTENT_TYPES = ['lpi_tab', 'practice', 'miscellaneous'] as const;
export const ZSurveyContentType = z.enum(SURVEY_CONTENT_TYPES);
export type TSurveyContentType = z.infer<typeof ZSurveyContentType>;

/** The forms whose fields the practices and miscellaneous settings enable (GET /api/form-generator/{id}). */
export const PRACTICES_FORM_ID = 8;
export const MISCELLANEOUS_FORM_ID = 10;

/** The LPI steps a host may leave out; overview and submit are always asked. */
export const ALWAYS_REQUESTED_STEP_IDS: readonly number[] = [LPI_TAB_IDS.OVERVIEW, SUBMIT_STEP_ID];
export const REQUESTABLE_LPI_TAB_IDS: readonly number[] = Object.values(LPI_TAB_IDS);

/**
 * The steps a survey asks, from its config's LPI tab rows: with none, every step of its type
 * (surveys made before the wizard, the demo ones); else overview, submit and the enabled tabs,
 * in the type's order, weights renumbered 1..n so the respondent's step and progress stay whole.
 */
export function stepsForConfig(
  steps: readonly SurveyStep[],
  lpiTabRows: readonly { content_ref_id: number; enabled: boolean }[],
): SurveyStep[] {
  if (lpiTabRows.length === 0) return [...steps];
  const enabled = new Set(lpiTabRows.filter((row) => row.enabled).map((row) => row.content_ref_id));
  return steps
    .filter((step) => ALWAYS_REQUESTED_STEP_IDS.includes(step.id) || enabled.has(step.id))
    .map((step, index) => ({ ...step, weight: index + 1 }));
}

export const ZSurveyContent = z.strictObject({
  content_type: ZSurveyContentType,
  content_ref_id: id,
  enabled: z.boolean(),
  config: z.record(z.string(), z.unknown()).nullish(),
});
export type TSurveyContent = z.infer<typeof ZSurveyContent>;

export const unknownContentMessage = (content: { content_type: string; content_ref_id: number }) =>
  content.content_type === 'lpi_tab'
    ? `Unknown LPI tab id ${content.content_ref_id}.`
    : `Unknown ${content.content_type === 'practice' ? 'Practices' : 'Miscellaneous'} field id ${content.content_ref_id}.`;

// ---------------------------------------------------------------------------------------------
// Custom miscellaneous questions (spec 3: text 1, number 13, select 4, multi-select 5, formatted-text 14)

export const QUESTION_TYPE_IDS = {
  TEXT: 1,
  SELECT: 4,
  MULTI_SELECT: 5,
  NUMBER: 13,
  FORMATTED_TEXT: 14,
} as const;

export const QUESTION_TYPES: readonly { id: number; name: string; hasOptions: boolean }[] = [
  { id: 1, name: 'Text', hasOptions: false },
  { id: 13, name: 'Number', hasOptions: false },
  { id: 4, name: 'Select', hasOptions: true },
  { id: 5, name: 'Multi-select', hasOptions: true },
  { id: 14, name: 'Formatted text', hasOptions: false },
];
export const QUESTION_TYPE_ID_LIST = QUESTION_TYPES.map((type) => type.id);
export const questionTypeHasOptions = (typeId: number) =>
  QUESTION_TYPES.some((type) => type.id === typeId && type.hasOptions);

export const QUESTION_LABELS = { display: 'Question', options: 'Options', question_type_id: 'Type' } as const;
export const QUESTION_TYPE_UNKNOWN_MESSAGE =
  'Type must be text (1), number (13), select (4), multi-select (5) or formatted text (14)';
export const MAX_QUESTIONS = 50;

/** The options of selects, as the Miscellaneous step stores them (lpi/forms.ts). */
const ZQuestionConfig = ZCustomQuestionConfig.nullish();

export const ZSurveyQuestionInput = z
  .strictObject({
    question_type_id: z.coerce.number().int(),
    display: z.string().trim().max(1000),
    config: ZQuestionConfig,
    default_value: z.union([z.string().max(5000), z.number(), z.array(z.string().max(255))]).nullish(),
    section: z.string().trim().max(255).nullish(),
    section_sub_header: z.string().trim().max(1000).nullish(),
    is_updated_section_subheader: z.boolean().optional(),
  })
  .superRefine((question, ctx) => {
    for (const [field, message] of Object.entries(questionErrors(question))) {
      ctx.addIssue({ code: 'custom', path: [field === 'options' ? 'config' : field], message });
    }
  });
export type TSurveyQuestionInput = z.infer<typeof ZSurveyQuestionInput>;

/** The custom question form: its type, text and, for selects, its options (not yet in `config`). */
export const ZQuestionForm = zFieldRules(
  (question: { question_type_id: number; display: string; options: readonly string[] }) =>
    questionErrors({ ...question, config: { options: question.options } }),
);

/** A custom question's rules: a known type, a question text, and for selects at least one option. */
export function questionErrors(question: {
  question_type_id?: number | null;
  display?: string | null;
  config?: { options?: readonly string[] } | null;
}): Partial<Record<'question_type_id' | 'display' | 'options', string>> {
  const errors: Partial<Record<'question_type_id' | 'display' | 'options', string>> = {};
  if (!QUESTION_TYPE_ID_LIST.includes(question.question_type_id ?? 0))
    errors.question_type_id = QUESTION_TYPE_UNKNOWN_MESSAGE;
  const display = labelledRequired(QUESTION_LABELS.display, question.display ?? '');
  if (display) errors.display = display;
  if (questionTypeHasOptions(question.question_type_id ?? 0)) {
    const options = (question.config?.options ?? []).filter((option) => option.trim() !== '');
    const min = labelledMin(QUESTION_LABELS.options, options, 1);
    if (min) errors.options = min;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The request (POST /api/surveys)

export const ZSurveyRequest = z
  .strictObject({
    organization_id: id,
    survey_type_id: z.coerce.number().int(),
    receive_type_id: z.coerce.number().int().default(DEFAULT_RECEIVE_TYPE_ID),
    insight_type_ids: ZInsightTypeIds.default([]),
    ...detailsShape,
    contents: z.array(ZSurveyContent).max(500).default([]),
    questions: z.array(ZSurveyQuestionInput).max(MAX_QUESTIONS).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.survey_type_id === SURVEY_TYPE_IDS.SCORE)
      ctx.addIssue({ code: 'custom', path: ['survey_type_id'], message: SCORE_SURVEY_DISABLED_MESSAGE });
    else if (body.survey_type_id !== SURVEY_TYPE_IDS.DEI && body.survey_type_id !== SURVEY_TYPE_IDS.DEIPLUS)
      ctx.addIssue({ code: 'custom', path: ['survey_type_id'], message: SURVEY_TYPE_UNKNOWN_MESSAGE });
    if (receiveTypeName(body.receive_type_id) === null)
      ctx.addIssue({ code: 'custom', path: ['receive_type_id'], message: RECEIVE_TYPE_UNKNOWN_MESSAGE });
    checkDetails(body, ctx);
    const seen = new Set<string>();
    body.contents.forEach((content, index) => {
      const key = `${content.content_type}:${content.content_ref_id}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['contents', index],
          message: `Content ${key} is listed twice.`,
        });
      seen.add(key);
      if (content.content_type === 'lpi_tab' && !REQUESTABLE_LPI_TAB_IDS.includes(content.content_ref_id))
        ctx.addIssue({ code: 'custom', path: ['contents', index], message: unknownContentMessage(content) });
    });
  });
export type TSurveyRequest = z.input<typeof ZSurveyRequest>;

/**
 * PUT /api/surveys/{id}/edit-overview: the details again (start may stay in the past if unchanged)
 * and, when sent, the requested insights (left as they are when absent).
 */
export const ZEditSurveyOverview = z
  .strictObject({ ...detailsShape, insight_type_ids: ZInsightTypeIds.optional() })
  .superRefine(checkDetails);
export type TEditSurveyOverview = z.input<typeof ZEditSurveyOverview>;

export const ZGrantAdministratorAccess = z.strictObject({ user_id: id });
/** The grant form: the member picked (an id as the select's text, or null). */
export const ZGrantAdministratorAccessForm = z.object({
  user_id: z.unknown().check(zLabelledRequired('Member')).pipe(id),
});

export const SURVEY_DELETED_MESSAGE = 'Survey deleted';
export const SURVEY_DETAILS_UPDATED_MESSAGE = 'Survey Details successfully updated';
export const ADMINISTRATOR_ACCESS_GRANTED_MESSAGE = 'Administrator access granted successfully';
export const SURVEY_CREATED_MESSAGE = 'Survey request created';
export const NO_SURVEY_CREATION_MESSAGE =
  'You do not have permission to create surveys: ask an organization admin for survey hosting and survey creation rights.';
export const SURVEY_ARCHIVED_MESSAGE = 'This survey is archived and can no longer be changed.';

export const ZHostedSurveysQuery = z.strictObject({
  /** a status (Active, Scheduled, Past Due, Archived; any case) or a due year */
  filter: z
    .string()
    .trim()
    .refine(
      (v) => /^\d{4}$/.test(v) || HOSTED_SURVEY_STATUSES.some((s) => s.toLowerCase() === v.toLowerCase()),
      `filter must be a status (${HOSTED_SURVEY_STATUSES.join(', ')}) or a year`,
    )
    .optional(),
  /** hosting (default): the organization's surveys; accessing: those the caller administers */
  scope: z.enum(['hosting', 'accessing']).optional(),
});

// ---------------------------------------------------------------------------------------------
// The overview (GET /api/surveys/{id})

const ZPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
});

export const ZSurveyOverview = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  survey_type_id: z.number().int(),
  /** how the host receives the responses (RECEIVE_TYPES) */
  receive_type_id: z.number().int(),
  /** the insights the host requests (INSIGHT_TYPES ids) */
  insight_type_ids: z.array(z.number().int()),
  start: z.string(),
  due: z.string(),
  status: ZSurveyStatus,
  is_legacy: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  host: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  primary_contact: ZPerson.nullable(),
  contact_email: z.string().nullable(),
  support_email: z.string().nullable(),
  /** the steps respondents take, in weight order (from the config; all when it has no LPI rows) */
  steps: z.array(z.object({ id: z.number().int(), title: z.string(), weight: z.number().int() })),
  /** the config content list as stored */
  contents: z.array(
    z.object({
      content_type: ZSurveyContentType,
      content_ref_id: z.number().int(),
      enabled: z.boolean(),
      config: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.number().int(),
      question_type_id: z.number().int(),
      display: z.string(),
      config: z.record(z.string(), z.unknown()).nullable(),
      default_value: z.unknown().nullable(),
      section: z.string().nullable(),
      section_sub_header: z.string().nullable(),
      weight: z.number().int(),
    }),
  ),
  /** the caller's (or the asked organization's) invitation, when invited */
  invitation: z
    .object({
      organization_id: z.number().int(),
      /** invited, in_progress, submitted, declined */
      state: z.string(),
      status: ZSurveyStatus,
      submitted_at: z.string().nullable(),
    })
    .nullable(),
  invited: z.number().int(),
  submitted: z.number().int(),
  /** the host's administrators of this survey */
  administrators: z.array(ZPerson.omit({ email: true })),
  /** true for the host's survey hosts, the survey's administrators and platform admins */
  can_manage: z.boolean(),
});
export type TSurveyOverview = z.infer<typeof ZSurveyOverview>;

// ---------------------------------------------------------------------------------------------
// Legacy surveys (GET /api/legacy-surveys/{id}?organization_id)

export const ZLegacySurvey = z.object({
  id: z.number().int(),
  title: z.string(),
  start: z.string(),
  due: z.string(),
  host: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  imported_at: z.string(),
  sections: z.array(
    z.object({
      section: z.string(),
      questions: z.array(z.object({ question: z.string(), answer: z.string().nullable() })),
    }),
  ),
});
export type TLegacySurvey = z.infer<typeof ZLegacySurvey>;
