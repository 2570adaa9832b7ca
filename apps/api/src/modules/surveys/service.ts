import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import { stepsForConfig } from '@parity/domain/survey-request';
import {
  ACCEPT_TERMS_MESSAGE,
  invitationStatus,
  isStepComplete,
  NOT_ALL_STEPS_COMPLETED_MESSAGE,
  OCCUPY_MINUTES,
  progressPercent,
  SUBMIT_STEP_ID,
  type SurveyStep,
  stepTabKeys,
  surveyStepsOf,
  type TOccupancy,
  type TSurveyInvitation,
  type TSurveyStatus,
  type TSurveyTab,
  type TSurveyTabProgress,
} from '@parity/domain/surveys';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { resolveScope, resolveWriteScope, SURVEY_SUBMITTED_MESSAGE } from '../reporting/scope';
import * as reporting from '../reporting/service';
import { prepareTabRead } from '../reporting/tabs';
import { loadCaller } from '../users/caller';
import * as repo from './repo';

/** A read of a survey's steps: the invited organization's members, its host, admins (else 404). */
const readScope = (db: DbOrTx, callerId: number, surveyId: number, organizationId?: number) =>
  resolveScope(db, callerId, { surveyId, organizationId, report: true });

async function stepsOf(db: DbOrTx, surveyId: number) {
  const survey = await repo.findSurvey(db, surveyId);
  if (!survey) throw notFound('Survey');
  // The host's config decides which LPI steps are asked (survey-request.ts stepsForConfig).
  const config = await repo.lpiTabContents(db, [surveyId]);
  return { survey, steps: stepsForConfig(surveyStepsOf(survey.survey_type_id), config) };
}

export const SURVEY_CLOSED_MESSAGE = 'This survey is closed: its due date has passed or it was archived.';

/** The steps of a survey a respondent changes: refused once it is archived or past its due date. */
async function openStepsOf(db: DbOrTx, surveyId: number) {
  const found = await stepsOf(db, surveyId);
  const today = new Date().toISOString().slice(0, 10);
  if (found.survey.archived_at || found.survey.due < today) {
    throw new AppError(403, 'survey_closed', SURVEY_CLOSED_MESSAGE);
  }
  return found;
}

function findStep(steps: readonly SurveyStep[], tabId: number, allowSubmit: boolean): SurveyStep {
  const step = steps.find((s) => s.id === tabId);
  if (!step) throw badRequest(`This survey has no step ${tabId}.`);
  if (!allowSubmit && step.id === SUBMIT_STEP_ID) {
    throw badRequest('The submit step is completed by submitting the survey.');
  }
  return step;
}

/** GET /api/surveys/{id}/tabs: the steps in weight order. */
export async function tabs(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId?: number,
): Promise<{ data: TSurveyTab[] }> {
  await readScope(db, callerId, surveyId, organizationId);
  const { survey, steps } = await stepsOf(db, surveyId);
  return {
    data: steps.map((step) => ({
      id: step.id,
      title: step.title,
      description: step.description,
      content_id: step.content_type === 'submit' ? null : step.id,
      content_type: step.content_type,
      weight: step.weight,
      created_at: survey.created_at.toISOString(),
    })),
  };
}

function liveOccupant(
  row: {
    occupant_id: number | null;
    occupant_name: string | null;
    occupant_lastname: string | null;
    occupied_until: Date | null;
  },
  now: Date,
) {
  if (row.occupant_id === null || !row.occupied_until || row.occupied_until <= now) return null;
  return {
    occupied_by: {
      id: row.occupant_id,
      name: row.occupant_name ?? '',
      lastname: row.occupant_lastname ?? '',
    },
    occupied_until: row.occupied_until.toISOString(),
  };
}

/** GET /api/surveys/{id}/organizations/tabs: each step's completion and who edits it now. */
export async function progress(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId?: number,
): Promise<{ data: TSurveyTabProgress[] }> {
  const scope = await readScope(db, callerId, surveyId, organizationId);
  const { steps } = await stepsOf(db, surveyId);
  const [rows, [invitation]] = await Promise.all([
    repo.stateRows(db, scope.organizationId, surveyId),
    repo.invitations(db, scope.organizationId, surveyId),
  ]);
  const completed = new Set(rows.filter((r) => r.completed).map((r) => r.tab));
  const now = new Date();
  return {
    data: steps.map((step) => {
      const first = rows.find((r) => r.tab === stepTabKeys(step.id)[0]);
      const occupant = first ? liveOccupant(first, now) : null;
      return {
        tab_id: step.id,
        completed: isStepComplete(step.id, completed, Boolean(invitation?.submitted_at)),
        occupied_by: occupant?.occupied_by ?? null,
        occupied_until: occupant?.occupied_until ?? null,
      };
    }),
  };
}

/** PUT /api/surveys/{id}/tabs: the step the respondent is on (its position in weight order). */
export async function setStep(db: Db, callerId: number, surveyId: number, tabId: number) {
  const scope = await resolveWriteScope(db, callerId, surveyId);
  const { steps } = await openStepsOf(db, surveyId);
  const step = findStep(steps, tabId, true);
  await db.transaction(async (tx) => {
    const invitation = await repo.lockInvitation(tx, scope.organizationId, surveyId);
    if (invitation?.status === 'submitted') throw new AppError(403, 'forbidden', SURVEY_SUBMITTED_MESSAGE);
    await repo.setStep(tx, scope.organizationId, surveyId, step.weight);
  });
  return { tab_id: step.id, step: step.weight, locked_step: Math.min(step.weight + 1, steps.length) };
}

/** Creates the step's survey copy (its tab state rows) before they are changed. */
async function prepareStep(db: Db, scope: Awaited<ReturnType<typeof resolveWriteScope>>, tabId: number) {
  const keys = stepTabKeys(tabId);
  for (const key of keys) await prepareTabRead(db, scope, key);
  return keys;
}

/** POST /api/surveys/{id}/mark-complete/{tabId}: marks every save unit of the step. */
export async function markComplete(
  db: Db,
  callerId: number,
  surveyId: number,
  tabId: number,
  completed: boolean,
) {
  const scope = await resolveWriteScope(db, callerId, surveyId);
  const { steps } = await openStepsOf(db, surveyId);
  findStep(steps, tabId, false);
  const keys = await prepareStep(db, scope, tabId);
  await db.transaction(async (tx) => {
    const invitation = await repo.lockInvitation(tx, scope.organizationId, surveyId);
    if (invitation?.status === 'submitted') throw new AppError(403, 'forbidden', SURVEY_SUBMITTED_MESSAGE);
    await repo.setCompleted(tx, scope.organizationId, surveyId, keys, completed);
    await repo.setStep(tx, scope.organizationId, surveyId, null);
  });
  return { tab_id: tabId, completed };
}

async function occupancy(
  db: DbOrTx,
  organizationId: number,
  surveyId: number,
  tabId: number,
  callerId: number,
) {
  const holder = await repo.occupant(db, organizationId, surveyId, stepTabKeys(tabId)[0]!);
  return {
    tab_id: tabId,
    occupied_by: holder ? { id: holder.id, name: holder.name, lastname: holder.lastname } : null,
    occupied_until: holder?.occupied_until ? holder.occupied_until.toISOString() : null,
    held_by_you: holder?.id === callerId,
  };
}

/**
 * POST /api/surveys/{id}/occupy: takes the step for the caller for OCCUPY_MINUTES (renewed by each
 * call of the holder). When another member holds it, the answer names them and nothing changes.
 */
export async function occupy(db: Db, callerId: number, surveyId: number, tabId: number): Promise<TOccupancy> {
  const scope = await resolveWriteScope(db, callerId, surveyId);
  const { steps } = await openStepsOf(db, surveyId);
  findStep(steps, tabId, false);
  const keys = await prepareStep(db, scope, tabId);
  const until = new Date(Date.now() + OCCUPY_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    await repo.occupy(tx, scope.organizationId, surveyId, keys, callerId, until);
    return occupancy(tx, scope.organizationId, surveyId, tabId, callerId);
  });
}

/** DELETE /api/surveys/{id}/occupy/{tabId}: the holder releases the step (others: no change). */
export async function release(
  db: Db,
  callerId: number,
  surveyId: number,
  tabId: number,
): Promise<TOccupancy> {
  const scope = await readScope(db, callerId, surveyId);
  if (scope.role !== 'member') throw notFound('Survey');
  const { steps } = await stepsOf(db, surveyId);
  findStep(steps, tabId, false);
  await repo.release(db, scope.organizationId, surveyId, stepTabKeys(tabId), callerId);
  return occupancy(db, scope.organizationId, surveyId, tabId, callerId);
}

/**
 * POST /api/surveys/{id}/submit: terms accepted and every step but submit complete, then the
 * reporting submit (snapshot, scores, invitation status) in its one transaction.
 */
export async function submit(db: Db, callerId: number, surveyId: number, acceptTerms: boolean) {
  const scope = await readScope(db, callerId, surveyId);
  if (scope.role !== 'member') throw notFound('Survey');
  if (scope.refusal === SURVEY_SUBMITTED_MESSAGE) {
    throw new AppError(409, 'already_submitted', reporting.ALREADY_SUBMITTED_MESSAGE);
  }
  if (!scope.canEdit) throw new AppError(403, 'forbidden', scope.refusal ?? 'Forbidden');
  await openStepsOf(db, surveyId);
  if (!acceptTerms) throw badRequest(ACCEPT_TERMS_MESSAGE);
  const { data } = await progress(db, callerId, surveyId);
  const incomplete = data.filter((s) => s.tab_id !== SUBMIT_STEP_ID && !s.completed).map((s) => s.tab_id);
  if (incomplete.length) {
    throw new AppError(409, 'steps_incomplete', NOT_ALL_STEPS_COMPLETED_MESSAGE, { incomplete });
  }
  return reporting.submit(db, callerId, scope.organizationId, surveyId);
}

const isoDate = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? new Date(value).toISOString() : value.toISOString();

/** The invitations as the API answers them, from the one statement's rows. */
function toInvitations(rows: repo.InvitationOverviewRow[]): TSurveyInvitation[] {
  const today = new Date().toISOString().slice(0, 10);
  return rows.map((row) => {
    const steps = stepsForConfig(surveyStepsOf(row.survey_type_id), row.lpi_tabs ?? []);
    const completed = new Set(row.completed_tabs ?? []);
    const submitted = row.submitted_at !== null;
    const completedSteps = steps.filter((s) => isStepComplete(s.id, completed, submitted)).length;
    const status: TSurveyStatus = invitationStatus({
      due: row.due,
      archived_at: isoDate(row.archived_at),
      submitted_at: isoDate(row.submitted_at),
      today,
    });
    return {
      id: row.id,
      survey_id: row.survey_id,
      organization_id: row.organization_id,
      title: row.title,
      step: row.step,
      locked_step: Math.min(row.step + 1, Math.max(steps.length, 1)),
      completed_steps: completedSteps,
      total_step: steps.length,
      progress: progressPercent(completedSteps, steps.length),
      status,
      start: row.start,
      end: row.archived_at ? row.archived_at.toISOString().slice(0, 10) : row.due,
      due: row.due,
      is_legacy: row.is_legacy,
      submitted_at: isoDate(row.submitted_at),
      host: { id: row.host_id, name: row.host_name, logo: row.host_logo },
      contributors: (row.contributors ?? []).map((p) => ({
        id: p.id,
        name: p.name,
        lastname: p.lastname,
        submitted: submitted && row.submitted_by === p.id,
        last_updated_at: isoDate(p.last_updated_at),
      })),
    };
  });
}

/** GET /api/surveys/invitations: the caller's organization's invitations, optionally filtered. */
export async function listInvitations(
  db: DbOrTx,
  callerId: number,
  filter?: string,
): Promise<{ data: TSurveyInvitation[] }> {
  // One statement scoped by the caller's approved membership; only an empty answer needs the
  // guard to tell a pending caller (403) from an organization without invitations.
  const rows = await repo.callerInvitationOverviews(db, callerId);
  if (!rows.length) {
    const caller = await loadCaller(db, callerId);
    if (!caller.flags.isAllowed) throw new AppError(403, 'awaiting_approval', AWAITING_APPROVAL_MESSAGE);
    return { data: [] };
  }
  const all = toInvitations(rows);
  if (!filter) return { data: all };
  const wanted = filter.toLowerCase();
  return {
    data: /^\d{4}$/.test(filter)
      ? all.filter((i) => i.due.startsWith(filter))
      : all.filter((i) => i.status.toLowerCase() === wanted),
  };
}

/** GET /api/surveys/invitations/{surveyId}: one invitation (the caller's organization's by default). */
export async function getInvitation(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId?: number,
): Promise<TSurveyInvitation> {
  // The caller's own invitation (the stepper's read) in one statement; anything else (the host, a
  // platform admin, another organization, none) goes through the reading scope, which answers 404.
  if (organizationId === undefined) {
    const [own] = toInvitations(await repo.callerInvitationOverviews(db, callerId, surveyId));
    if (own) return own;
  }
  const scope = await readScope(db, callerId, surveyId, organizationId);
  const [invitation] = toInvitations(await repo.invitationOverviews(db, scope.organizationId, surveyId));
  if (!invitation) throw notFound('Survey');
  return invitation;
}
