import {
  ALWAYS_REQUESTED_STEP_IDS,
  DEFAULT_RECEIVE_TYPE_ID,
  DEFAULT_SURVEY_TYPE_ID,
  INSIGHT_TYPE_IDS,
  type TSurveyContent,
  type TSurveyRequest,
} from '@parity/domain/survey-request';
import { SURVEY_STEPS } from '@parity/domain/surveys';
import {
  detailsBody,
  EMPTY_SURVEY_DETAILS,
  type SurveyDetailsValues,
} from '../components/survey-details-fields';

/** A custom question being written in the wizard (key: a local id for lists and editing). */
export interface DraftQuestion {
  key: string;
  question_type_id: number;
  display: string;
  section: string;
  options: string[];
}

/** Everything the request wizard holds, kept for the session until the request is created. */
export interface WizardState {
  step: number;
  /** the furthest step reached: the stepper lets the host go back to any step up to it */
  reached: number;
  survey_type_id: number;
  /** how the host receives the responses (RECEIVE_TYPES) */
  receive_type_id: number;
  /** the requested insights (INSIGHT_TYPES ids, in that list's order) */
  insight_type_ids: number[];
  details: SurveyDetailsValues;
  /** LPI tab id -> requested (overview and submit are always requested and not listed) */
  lpiTabs: Record<number, boolean>;
  /** field id -> requested; fields not listed are requested */
  practices: Record<number, boolean>;
  miscellaneous: Record<number, boolean>;
  questions: DraftQuestion[];
}

export const WIZARD_STEPS = [
  'Overview',
  'Details',
  'LPI settings',
  'Practices settings',
  'Miscellaneous settings',
  'Custom miscellaneous settings',
] as const;

/** The last step, after the six parts: every value read back, with Create Request. */
export const REVIEW_STEP = WIZARD_STEPS.length;
export const REVIEW_STEP_LABEL = 'Review';

/** The user the contact fields start with: the one creating the request (spec 2, issue #19). */
export interface WizardContact {
  id: number;
  email: string;
}

/** The LPI steps a host may turn off, in the survey's order. */
export const OPTIONAL_LPI_STEPS = SURVEY_STEPS.filter((step) => !ALWAYS_REQUESTED_STEP_IDS.includes(step.id));

/** A new request: dei, every step and insight requested, the contact fields on the current user. */
export function defaultWizardState(contact: WizardContact): WizardState {
  return {
    step: 0,
    reached: 0,
    survey_type_id: DEFAULT_SURVEY_TYPE_ID,
    receive_type_id: DEFAULT_RECEIVE_TYPE_ID,
    // Every insight, as every step: the host turns off what it does not want.
    insight_type_ids: [...INSIGHT_TYPE_IDS],
    details: { ...EMPTY_SURVEY_DETAILS, primary_contact_id: contact.id, contact_email: contact.email },
    lpiTabs: Object.fromEntries(OPTIONAL_LPI_STEPS.map((step) => [step.id, true])),
    practices: {},
    miscellaneous: {},
    questions: [],
  };
}

const STORAGE_KEY = 'parity.survey-request-draft';

/** The draft of this browser tab's session, or the defaults. */
export function loadWizardState(contact: WizardContact): WizardState {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return defaultWizardState(contact);
    return { ...defaultWizardState(contact), ...(JSON.parse(raw) as Partial<WizardState>) };
  } catch {
    return defaultWizardState(contact);
  }
}

/** Keeps the draft; an untouched wizard keeps nothing (so a reset stays reset). */
export function saveWizardState(state: WizardState, contact: WizardContact) {
  try {
    const text = JSON.stringify(state);
    if (text === JSON.stringify(defaultWizardState(contact))) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, text);
  } catch {
    // A full or blocked storage only loses the draft on reload.
  }
}

export function clearWizardState() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * The POST /api/surveys body: the receive type, the requested insights, the config content list
 * naming every LPI step the host may turn off and every Practices / Miscellaneous field, each
 * enabled or not, and the custom questions.
 */
export function buildSurveyRequest(
  state: WizardState,
  organizationId: number,
  fields: { practices: readonly number[]; miscellaneous: readonly number[] },
): TSurveyRequest {
  const contents: TSurveyContent[] = [
    ...OPTIONAL_LPI_STEPS.map((step) => ({
      content_type: 'lpi_tab' as const,
      content_ref_id: step.id,
      enabled: state.lpiTabs[step.id] !== false,
    })),
    ...fields.practices.map((id) => ({
      content_type: 'practice' as const,
      content_ref_id: id,
      enabled: state.practices[id] !== false,
    })),
    ...fields.miscellaneous.map((id) => ({
      content_type: 'miscellaneous' as const,
      content_ref_id: id,
      enabled: state.miscellaneous[id] !== false,
    })),
  ];
  return {
    organization_id: organizationId,
    survey_type_id: state.survey_type_id,
    receive_type_id: state.receive_type_id,
    insight_type_ids: state.insight_type_ids,
    ...detailsBody(state.details),
    contents,
    questions: state.questions.map((question) => ({
      question_type_id: question.question_type_id,
      display: question.display.trim(),
      section: question.section.trim() || null,
      config: question.options.length ? { options: question.options } : null,
    })),
  };
}
