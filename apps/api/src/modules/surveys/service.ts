import { CHECKS_NEED_NOTE_MESSAGE } from '@parity/domain/lpi/checks';
import { byStatusOrder, type TSurveyInvitation, type TSurveyStatus } from '@parity/domain/survey-invitation';
import { stepsForConfig } from '@parity/domain/survey-request';
import {
  invitationStatus,
  isStepComplete,
  lockedStep,
  OCCUPY_MINUTES,
  progressPercent,
  SUBMIT_STEP_ID,
  type SurveyStep,
  stepTabKeys,
  surveyStepsOf,
  type TOccupancy,
  type TSurveyTab,
  type TSurveyTabProgress,
} from '@parity/domain/surveys';
import { loadCaller, requireAllowed } from '../../core/access/caller';
import { surveyHostIds } from '../../core/access/survey-host-guard';
import { audit } from '../../core/audit';
import { AppError, badRequest, notFound } from '../../core/http/errors';
import { notify } from '../../core/outbox/notify';
import type { Db, DbOrTx } from '../../db/client';
import * as lpi from '../lpi/service';
import * as repo from './repo';

/** A read of a survey's steps: the invited organization's members, its host, admins (else 404). */
const readScope = (db: DbOrTx, callerId: number, surveyId: number, organizationId?: number) =>
  lpi.readScope(db, callerId, { survey_id: surveyId, organization_id: organizationId, report: true });
const writeScope = (db: DbOrTx, callerId: number, surveyId: number) =>
  lpi.writeScope(db, callerId, { surveyId });

/** A live survey with its host and config (undefined when deleted or absent): for every module. */
export const findSurvey = repo.findSurvey;
export type { SurveyRow } from './repo';

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
  const { survey, steps } = await lpi.surveySteps(db, surveyId);
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
  const { steps } = await lpi.surveySteps(db, surveyId);
  const [rows, [invitation]] = await Promise.all([
    repo.stateRows(db, scope.organizationId, surveyId),
    repo.invitations(db, scope.organizationId, surveyId),
  ]);
  const completed = new Set(rows.filter((r) => r.completed).map((r) => r.tab));
  const now = new Date();
  const data: TSurveyTabProgress[] = [];
  for (const step of steps) {
    const first = rows.find((r) => r.tab === stepTabKeys(step.id)[0]);
    const occupant = first ? liveOccupant(first, now) : null;
    data.push({
      tab_id: step.id,
      completed: isStepComplete(step.id, completed, Boolean(invitation?.submitted_at)),
      occupied_by: occupant?.occupied_by ?? null,
      occupied_until: occupant?.occupied_until ?? null,
      // A step never opened has no survey copy yet: its figures are checked once it has one.
      checks: first && step.id !== SUBMIT_STEP_ID ? await lpi.stepChecks(db, scope, step.id) : [],
      note: first?.note ?? null,
    });
  }
  return { data };
}

/**
 * PUT /api/surveys/{id}/tabs: the respondent moves on from this step. The invitation's step is the
 * furthest step moved on from (going back and on again does not lower it); its locked step, the
 * one after, is where Continue Response opens.
 */
export async function setStep(db: Db, callerId: number, surveyId: number, tabId: number) {
  const scope = await writeScope(db, callerId, surveyId);
  const { steps } = await lpi.openSurveySteps(db, surveyId);
  const step = findStep(steps, tabId, true);
  const recorded = await db.transaction(async (tx) => {
    const invitation = await repo.lockInvitation(tx, scope.organizationId, surveyId);
    if (invitation?.status === 'submitted')
      throw new AppError(403, 'forbidden', lpi.SURVEY_SUBMITTED_MESSAGE);
    return repo.moveOnFrom(tx, scope.organizationId, surveyId, step.weight);
  });
  return { tab_id: step.id, step: recorded, survey_locked_step: lockedStep(recorded, steps.length) };
}

/**
 * POST /api/surveys/{id}/mark-complete/{tabId}: marks every save unit of the step. A step whose
 * data fails a check (issue #19) is marked complete only with a note explaining the mismatch (else
 * 422 with the checks' messages); the note is kept for the survey's host.
 */
export async function markComplete(
  db: Db,
  callerId: number,
  surveyId: number,
  tabId: number,
  body: { completed: boolean; note?: string | undefined },
) {
  const scope = await writeScope(db, callerId, surveyId);
  const { steps } = await lpi.openSurveySteps(db, surveyId);
  findStep(steps, tabId, false);
  const keys = await lpi.ensureStepCopy(db, scope, tabId);
  const note = body.completed ? (body.note ?? null) : null;
  return db.transaction(async (tx) => {
    const invitation = await repo.lockInvitation(tx, scope.organizationId, surveyId);
    if (invitation?.status === 'submitted')
      throw new AppError(403, 'forbidden', lpi.SURVEY_SUBMITTED_MESSAGE);
    // Checked under the invitation's lock, against the copy as it is now.
    const checks = body.completed ? await lpi.stepChecks(tx, scope, tabId) : [];
    if (checks.length && note === null) {
      throw new AppError(
        422,
        'checks_failed',
        [
          ...checks.map((c) => (/[.!?]$/.test(c.message) ? c.message : `${c.message}.`)),
          CHECKS_NEED_NOTE_MESSAGE,
        ].join(' '),
        { checks },
      );
    }
    await repo.setCompleted(tx, scope.organizationId, surveyId, keys, body.completed, note);
    await repo.markInProgress(tx, scope.organizationId, surveyId);
    if (body.completed) {
      await audit(tx, {
        actorId: callerId,
        organizationId: scope.organizationId,
        entity: 'lpi',
        entityId: surveyId,
        action: repo.STEP_COMPLETED_ACTION,
        after: { survey_id: surveyId, tab_id: tabId },
      });
    }
    return { tab_id: tabId, completed: body.completed, note, checks };
  });
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
  const scope = await writeScope(db, callerId, surveyId);
  const { steps } = await lpi.openSurveySteps(db, surveyId);
  findStep(steps, tabId, false);
  const keys = await lpi.ensureStepCopy(db, scope, tabId);
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
  const { steps } = await lpi.surveySteps(db, surveyId);
  findStep(steps, tabId, false);
  await repo.release(db, scope.organizationId, surveyId, stepTabKeys(tabId), callerId);
  return occupancy(db, scope.organizationId, surveyId, tabId, callerId);
}

/**
 * POST /api/surveys/{id}/submit: the LPI's one submit, with its rule for a survey response. The
 * survey's hosts (the host organization's survey hosts and the survey's administrators) are told
 * in the submit's transaction.
 */
export async function submit(db: Db, callerId: number, surveyId: number, acceptTerms: boolean) {
  return lpi.submit(db, callerId, {
    surveyId,
    acceptTerms,
    onSubmitted: async (tx, submitted) => {
      const survey = await repo.findSurvey(tx, surveyId);
      if (!survey) return;
      const respondent = await repo.organizationName(tx, submitted.organization_id);
      const hosts = await surveyHostIds(tx, surveyId);
      await notify(tx, {
        userIds: hosts.filter((id) => id !== callerId),
        kind: 'submission_received',
        title: `${respondent ?? 'A respondent'} submitted its response to ${survey.title}`,
        body: "Read it in the survey's responses and analytics.",
        link: `/surveys/hosting/${surveyId}`,
      });
    },
  });
}

const isoDate = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? new Date(value).toISOString() : value.toISOString();

/**
 * The invitations as the API answers them, from the one statement's rows: in the lists' status
 * order (active, scheduled, closed, archived), by due date within a status.
 */
function toInvitations(rows: repo.InvitationOverviewRow[]): TSurveyInvitation[] {
  const today = new Date().toISOString().slice(0, 10);
  const invitations = rows.map((row): TSurveyInvitation => {
    const steps = stepsForConfig(surveyStepsOf(row.survey_type_id), row.lpi_tabs ?? []);
    const completed = new Set(row.completed_tabs ?? []);
    const submitted = row.submitted_at !== null;
    const completedSteps = steps.filter((s) => isStepComplete(s.id, completed, submitted)).length;
    const status: TSurveyStatus = invitationStatus({
      start: row.start,
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
      survey_locked_step: lockedStep(row.step, steps.length),
      completed_steps: completedSteps,
      total_step: steps.length,
      survey_progress: progressPercent(completedSteps, steps.length),
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
  return invitations.sort(byStatusOrder);
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
    requireAllowed(await loadCaller(db, callerId));
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
