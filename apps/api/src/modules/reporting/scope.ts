import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { surveyInvitations, surveys } from '../../db/schema/surveys';
import { AppError, notFound } from '../../errors';
import { surveyHostRole } from '../surveys/host-guard';
import { type Caller, loadCaller } from '../users/caller';

/**
 * Whose profile a reporting call reads or writes, and what the caller may do with it (DESIGN 4
 * and 5). Every reporting route resolves one of these first, in one place: the organization's
 * members read its profile, those with LPI access edit it; an invited respondent's members work on
 * its survey copy; the host organization's survey hosts read an invited respondent's survey copy;
 * platform admins read everything. Anyone else gets 404, so ids cannot be probed.
 */
export interface ReportingScope {
  organizationId: number;
  /** null: the organization's own profile; else its copy inside this survey */
  surveyId: number | null;
  callerId: number;
  /** member: of the organization itself; host: of the survey's host organization; admin: is_sadm */
  role: 'member' | 'host' | 'admin';
  canEdit: boolean;
  /** Why a save is refused, when canEdit is false. */
  refusal: string | null;
  /** A read that must not create the survey copy (hosts, admins, exports, report=true). */
  readOnly: boolean;
}

export const NO_LPI_ACCESS_MESSAGE = 'You do not have LPI access: ask an organization admin to grant it.';
export const READ_ONLY_MESSAGE = 'You can read this profile but not change it.';
export const SURVEY_SUBMITTED_MESSAGE = 'This survey response was submitted and can no longer be changed.';

interface ScopeRequest {
  organizationId?: number;
  surveyId?: number | null;
  report?: boolean;
}

function ownOrganizationId(caller: Caller): number | null {
  return caller.row.organization && caller.row.membership?.status === 'approved'
    ? caller.row.organization.id
    : null;
}

async function findSurvey(db: DbOrTx, surveyId: number) {
  const [row] = await db
    .select({ id: surveys.id, hostId: surveys.organization_id })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), isNull(surveys.deleted_at)));
  return row;
}

async function findInvitation(db: DbOrTx, surveyId: number, organizationId: number) {
  const [row] = await db
    .select({ status: surveyInvitations.status })
    .from(surveyInvitations)
    .where(
      and(eq(surveyInvitations.survey_id, surveyId), eq(surveyInvitations.organization_id, organizationId)),
    );
  return row;
}

/** Resolves the scope of a reporting call; throws 403 (not approved) or 404 (not theirs). */
export async function resolveScope(
  db: DbOrTx,
  callerId: number,
  request: ScopeRequest,
): Promise<ReportingScope> {
  const caller = await loadCaller(db, callerId);
  if (!caller.flags.isAllowed) throw new AppError(403, 'awaiting_approval', AWAITING_APPROVAL_MESSAGE);
  const own = ownOrganizationId(caller);
  const organizationId = request.organizationId ?? own;
  if (organizationId === null) throw notFound('Organization');
  const surveyId = request.surveyId ?? null;
  const isMember = own === organizationId;

  if (surveyId === null) {
    if (isMember) {
      return {
        organizationId,
        surveyId,
        callerId,
        role: 'member',
        canEdit: caller.flags.hasLpiAccess,
        refusal: caller.flags.hasLpiAccess ? null : NO_LPI_ACCESS_MESSAGE,
        readOnly: Boolean(request.report),
      };
    }
    if (caller.flags.isAdministrator) {
      return {
        organizationId,
        surveyId,
        callerId,
        role: 'admin',
        canEdit: false,
        refusal: READ_ONLY_MESSAGE,
        readOnly: true,
      };
    }
    throw notFound('Organization');
  }

  const survey = await findSurvey(db, surveyId);
  const invitation = survey ? await findInvitation(db, surveyId, organizationId) : undefined;
  if (!survey || !invitation) throw notFound('Survey');
  if (isMember && invitation.status !== 'declined') {
    return {
      organizationId,
      surveyId,
      callerId,
      role: 'member',
      canEdit: caller.flags.hasLpiAccess && invitation.status !== 'submitted',
      refusal: !caller.flags.hasLpiAccess
        ? NO_LPI_ACCESS_MESSAGE
        : invitation.status === 'submitted'
          ? SURVEY_SUBMITTED_MESSAGE
          : null,
      readOnly: Boolean(request.report),
    };
  }
  // The host's survey hosts and the survey's administrators (host-guard.ts) read every respondent.
  const hostRole = await surveyHostRole(db, callerId, surveyId, caller);
  if (hostRole === 'host' || hostRole === 'administrator') {
    return {
      organizationId,
      surveyId,
      callerId,
      role: 'host',
      canEdit: false,
      refusal: READ_ONLY_MESSAGE,
      readOnly: true,
    };
  }
  if (caller.flags.isAdministrator) {
    return {
      organizationId,
      surveyId,
      callerId,
      role: 'admin',
      canEdit: false,
      refusal: READ_ONLY_MESSAGE,
      readOnly: true,
    };
  }
  throw notFound('Survey');
}

/**
 * The scope of a save: always the caller's own organization (save payloads name only the survey),
 * and only with LPI access; a submitted survey response is frozen.
 */
export async function resolveWriteScope(
  db: DbOrTx,
  callerId: number,
  surveyId: number | null | undefined,
): Promise<ReportingScope> {
  const scope = await resolveScope(db, callerId, { surveyId: surveyId ?? null });
  requireEdit(scope);
  return scope;
}

export function requireEdit(scope: ReportingScope) {
  if (!scope.canEdit) throw new AppError(403, 'forbidden', scope.refusal ?? NO_LPI_ACCESS_MESSAGE);
}
