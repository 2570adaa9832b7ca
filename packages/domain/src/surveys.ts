/**
 * Taking a survey (spec 2 Surveys, 3 Survey invitation / Survey tab, 4 Survey status values,
 * Completion, 9 step order and progress): the steps of a dei / deiplus survey, the respondent's
 * progress and the invitation's status.
 */
import { z } from 'zod';
import { ZCheckIssue, ZCheckNote } from './lpi/checks';
import { LPI_TAB_IDS, LPI_TAB_NAMES, TAB_ID_OF, TAB_KEYS, type TTabKey } from './lpi/tabs';
import { SURVEY_STATUSES, type TSurveyStatus, ZPerson, ZSurveyStatus } from './survey-invitation';

/** The submit step's id: it has no LPI tab of its own (LPI tab ids end at 11). */
export const SUBMIT_STEP_ID = 12;

export interface SurveyStep {
  /** the LPI tab id (spec 2), or SUBMIT_STEP_ID */
  id: number;
  title: string;
  description: string;
  content_type: 'lpi_tab' | 'submit';
  weight: number;
}

/**
 * The steps of a dei (2) and a deiplus (3) survey, in weight order. deiplus asks the same steps
 * (it differs in what the host configures inside them).
 */
export const SURVEY_STEPS: readonly SurveyStep[] = [
  { id: LPI_TAB_IDS.OVERVIEW, description: 'About the organization.' },
  { id: LPI_TAB_IDS.STAFF, description: 'Staff by gender and race.' },
  { id: LPI_TAB_IDS.OWNERSHIP, description: 'Owners and senior leaders.' },
  { id: LPI_TAB_IDS.INSIGHTS, description: 'Hires, promotions and exits.' },
  { id: LPI_TAB_IDS.INVESTMENT, description: 'Investment staff by gender and race.' },
  { id: LPI_TAB_IDS.COMMITTEE, description: 'Investment committee by gender and race.' },
  { id: LPI_TAB_IDS.BOARD, description: 'Board members.' },
  { id: LPI_TAB_IDS.POLICIES, description: 'Diversity, equity and inclusion policies.' },
  { id: LPI_TAB_IDS.PRACTICES, description: 'Practices questions.' },
  { id: LPI_TAB_IDS.MISCELLANEOUS, description: 'Further questions.' },
]
  .map(
    (step): Omit<SurveyStep, 'weight'> => ({
      id: step.id,
      // The LPI tab's own name: the profile's tab bar and the hosting wizard show the same.
      title: LPI_TAB_NAMES[step.id],
      description: step.description,
      content_type: 'lpi_tab',
    }),
  )
  .concat({
    id: SUBMIT_STEP_ID,
    title: 'Submit',
    description: 'Accept the terms and submit the response.',
    content_type: 'submit',
  })
  .map((step, index) => ({ ...step, weight: index + 1 }));

/** The survey types that are taken step by step. */
export const STEPPED_SURVEY_TYPES = [2, 3] as const;

export function surveyStepsOf(surveyTypeId: number): readonly SurveyStep[] {
  return (STEPPED_SURVEY_TYPES as readonly number[]).includes(surveyTypeId) ? SURVEY_STEPS : [];
}

/** The save units (tab_states rows) of a step: the tab and its US-based variant. */
export function stepTabKeys(stepId: number): TTabKey[] {
  return TAB_KEYS.filter((key) => TAB_ID_OF[key] === stepId);
}

/** A step is complete when every one of its save units is; submit when the response was submitted. */
export function isStepComplete(
  stepId: number,
  completedKeys: ReadonlySet<string>,
  submitted: boolean,
): boolean {
  if (stepId === SUBMIT_STEP_ID) return submitted;
  const keys = stepTabKeys(stepId);
  return keys.length > 0 && keys.every((key) => completedKeys.has(key));
}

/**
 * The survey's locked step (spec 3 Survey invitation: step + 1, at most the last step): the first
 * step the respondent has not moved on from, where Continue Response opens (surveys.taking.survey).
 * `step` is the furthest step moved on from (0: none yet).
 */
export function lockedStep(step: number, totalSteps: number): number {
  return Math.min(Math.max(step, 0) + 1, Math.max(totalSteps, 1));
}

/** Progress = completed steps over total steps, as a whole percent (spec 9). */
export function progressPercent(completed: number, total: number): number {
  return total > 0 ? Math.round((completed / total) * 100) : 0;
}

/** The statuses of a survey itself (its host's lists and pages), in this order of the lists' filter. */
export const HOSTED_SURVEY_STATUSES = ['Active', 'Scheduled', 'Past Due', 'Archived'] as const;
export type THostedSurveyStatus = (typeof HOSTED_SURVEY_STATUSES)[number];

/**
 * A survey's status, the one place it is decided: 'Archived' once archived; 'Past Due' after its
 * due date; 'Scheduled' before its start date; else 'Active'. Dates are YYYY-MM-DD (today: UTC).
 */
export function hostedSurveyStatus(input: {
  start: string;
  due: string;
  archived_at: string | null;
  today: string;
}): THostedSurveyStatus {
  if (input.archived_at) return 'Archived';
  if (input.due < input.today) return 'Past Due';
  if (input.start > input.today) return 'Scheduled';
  return 'Active';
}

/**
 * An invitation's status: an archived survey is 'Archived' when the organization submitted, else
 * 'Not Submitted' (closed without submission); a submitted response is 'Submitted'; anything else
 * is the survey's own status (hostedSurveyStatus: Past Due, Scheduled or Active).
 */
export function invitationStatus(input: {
  start: string;
  due: string;
  archived_at: string | null;
  submitted_at: string | null;
  today: string;
}): TSurveyStatus {
  if (input.archived_at) return input.submitted_at ? 'Archived' : 'Not Submitted';
  if (input.submitted_at) return 'Submitted';
  return hostedSurveyStatus(input);
}

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const ZSurveyTab = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** the LPI tab id the step edits (null for submit) */
  content_id: z.number().int().nullable(),
  content_type: z.enum(['lpi_tab', 'submit']),
  weight: z.number().int(),
  created_at: z.string(),
});
export type TSurveyTab = z.infer<typeof ZSurveyTab>;

export const ZSurveyTabProgress = z.object({
  tab_id: z.number().int(),
  completed: z.boolean(),
  /** who edits the step now (null when nobody or the hold expired) */
  occupied_by: ZPerson.nullable(),
  occupied_until: z.string().nullable(),
  /** the step's failing data checks (issue #19); none for a step not opened yet */
  checks: z.array(ZCheckIssue),
  /** the respondent's note explaining a mismatch, given at Mark Complete (the host reads it) */
  note: z.string().nullable(),
});
export type TSurveyTabProgress = z.infer<typeof ZSurveyTabProgress>;

export const ZStepBody = z.strictObject({ tab_id: id });
/** note: needed to mark complete a step whose data fails a check (issue #19). */
export const ZMarkCompleteBody = z.strictObject({ completed: z.boolean(), note: ZCheckNote.optional() });
export type TMarkCompleteBody = z.infer<typeof ZMarkCompleteBody>;
export const ZMarkCompleteResult = z.object({
  tab_id: z.number().int(),
  completed: z.boolean(),
  note: z.string().nullable(),
  /** the checks the step failed, accepted with the note */
  checks: z.array(ZCheckIssue),
});
export type TMarkCompleteResult = z.infer<typeof ZMarkCompleteResult>;
export const ZSubmitSurveyBody = z.strictObject({ accept_terms: z.boolean().optional() }).nullish();

export const ZOccupancy = z.object({
  tab_id: z.number().int(),
  occupied_by: ZPerson.nullable(),
  occupied_until: z.string().nullable(),
  /** true when the caller holds the step (false: someone else does; read only until released) */
  held_by_you: z.boolean(),
});
export type TOccupancy = z.infer<typeof ZOccupancy>;

export const ZInvitationsQuery = z.strictObject({
  /** a status (Active, Scheduled, Past Due, Not Submitted, Submitted, Archived; any case) or a due year */
  filter: z
    .string()
    .trim()
    .refine(
      (v) => /^\d{4}$/.test(v) || SURVEY_STATUSES.some((s) => s.toLowerCase() === v.toLowerCase()),
      `filter must be a status (${SURVEY_STATUSES.join(', ')}) or a year`,
    )
    .optional(),
});

export const NOT_ALL_STEPS_COMPLETED_MESSAGE = 'Not all steps are completed';
export const ACCEPT_TERMS_MESSAGE = 'Please, accept terms and conditions';
export const SURVEY_CLOSED_MESSAGE = 'This survey is closed: its due date has passed or it was archived.';
/** How long an occupy holds a step; each occupy by the holder renews it. */
export const OCCUPY_MINUTES = 10;

/**
 * A survey as its host sees it in lists (spec 3 Survey tile, hosting): GET /api/surveys and the
 * dashboard's Hosting tab. progress_percent = submitted over invited respondents.
 */
export const ZHostedSurvey = z.object({
  id: z.number().int(),
  title: z.string(),
  survey_type_id: z.number().int(),
  start: z.string(),
  due: z.string(),
  /** hostedSurveyStatus: Active, Scheduled, Past Due or Archived */
  status: ZSurveyStatus,
  host: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  invited: z.number().int(),
  submitted: z.number().int(),
  progress_percent: z.number().int(),
  /** spec 3 Survey tile: the survey's last step (its host reads a response at every step) */
  survey_locked_step: z.number().int(),
  created_at: z.string(),
});
export type THostedSurvey = z.infer<typeof ZHostedSurvey>;

/** A host organization's label for the organizations it surveys (GET /api/organization-labels). */
export const ZOrganizationLabel = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  /** how many organizations carry it */
  organizations: z.number().int(),
});
export type TOrganizationLabel = z.infer<typeof ZOrganizationLabel>;
