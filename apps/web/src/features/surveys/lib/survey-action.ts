import type { TSurveyInvitation } from '@parity/domain/survey-invitation';

export type SurveyActionLabel = 'View' | 'Not Available' | 'View Response' | 'Continue Response';

export interface SurveyAction {
  /** a SurveyActionLabel on the taking lists; other lists name their own action */
  label: SurveyActionLabel | (string & {});
  /** where the button goes (null: disabled) */
  to: string | null;
}

type ActionInput = Pick<
  TSurveyInvitation,
  'survey_id' | 'organization_id' | 'status' | 'submitted_at' | 'survey_locked_step'
>;

/** surveys.taking.survey: the stepper of one survey for one organization (step: where it opens). */
export function takingPath(surveyId: number, organizationId: number, step?: number) {
  const query = new URLSearchParams({ organizationId: String(organizationId) });
  if (step !== undefined) query.set('step', String(step));
  return `/surveys/taking/${surveyId}?${query}`;
}

/** surveys.archived.survey: an archived survey's response, read only. */
export const archivedPath = (surveyId: number, organizationId: number) =>
  `/surveys/archived/${surveyId}?organizationId=${organizationId}`;

/** surveys.export.survey: the printable response with its downloads. */
export const exportPath = (surveyId: number, organizationId: number) =>
  `/surveys/export/${surveyId}?organizationId=${organizationId}`;

/**
 * The step the stepper resumes at, as a 1-based position: the survey's locked step (spec 2
 * surveys.taking.survey). The invitation's step is the furthest step the respondent moved on from
 * (PUT tabs as they go on; 0 before any) and its locked step is the one after, so a respondent who
 * went through steps 1..k continues at k + 1.
 */
export function resumeStep(invitation: Pick<TSurveyInvitation, 'survey_locked_step' | 'total_step'>): number {
  return Math.min(Math.max(invitation.survey_locked_step, 1), Math.max(invitation.total_step, 1));
}

/**
 * The tile's action button (spec 2): archived shows View; Past Due without a submitted response, or
 * Not Submitted, shows Not Available; submitted shows View Response; otherwise Continue Response.
 * A survey not open yet (Scheduled) cannot be started: Not Available too, the tile saying when it opens.
 */
export function surveyAction(
  invitation: ActionInput & { total_step?: number },
): SurveyAction & { label: SurveyActionLabel } {
  const { survey_id: surveyId, organization_id: organizationId, status } = invitation;
  if (status === 'Archived') return { label: 'View', to: archivedPath(surveyId, organizationId) };
  const closed = status === 'Not Submitted' || (status === 'Past Due' && !invitation.submitted_at);
  if (closed || status === 'Scheduled') {
    return { label: 'Not Available', to: null };
  }
  if (status === 'Submitted' || invitation.submitted_at) {
    return { label: 'View Response', to: takingPath(surveyId, organizationId) };
  }
  return {
    label: 'Continue Response',
    to: takingPath(
      surveyId,
      organizationId,
      resumeStep({
        survey_locked_step: invitation.survey_locked_step,
        total_step: invitation.total_step ?? invitation.survey_locked_step,
      }),
    ),
  };
}

/** Archived invitations (the survey was closed by its host): Archived or Not Submitted. */
export const isArchived = (invitation: Pick<TSurveyInvitation, 'status'>) =>
  invitation.status === 'Archived' || invitation.status === 'Not Submitted';
