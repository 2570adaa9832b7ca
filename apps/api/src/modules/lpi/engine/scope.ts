import { noLpiAccessText } from '@parity/domain/permissions';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { loadCaller, requireAllowed } from '../../../core/access/caller';
import { approvedOrganizationId } from '../../../core/access/organization-guard';
import { findSurveyHost, surveyHostRole } from '../../../core/access/survey-host-guard';
import { AppError, notFound } from '../../../core/http/errors';
import type { DbOrTx } from '../../../db/client';
import { surveyInvitations } from '../../../db/schema/surveys';

/**
 * Whose profile a reporting call reads or writes, and what the caller may do with it (DESIGN 4
 * and 5). Every reporting route resolves one of these first, in one place: the organization's
 * members read its profile, those with LPI access edit it; an invited respondent's members work on
 * its survey copy; the host organization's survey hosts read an invited respondent's survey copy,
 * read-only, once that respondent submitted it (before, nothing of it); platform admins read
 * everything. Anyone else gets 404, so ids cannot be probed.
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

export const NO_LPI_ACCESS_MESSAGE = noLpiAccessText({ isOrganizationAdministrator: false });
export const READ_ONLY_MESSAGE = 'You can read this profile but not change it.';
export const SURVEY_SUBMITTED_MESSAGE = 'This survey response was submitted and can no longer be changed.';

interface ScopeRequest {
  organizationId?: number;
  surveyId?: number | null;
  report?: boolean;
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

/** A platform administrator reads any profile, in either scope, and changes none. */
function platformAdminRead(
  organizationId: number,
  surveyId: number | null,
  callerId: number,
): ReportingScope {
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

/** Resolves the scope of a reporting call; throws 403 (not approved) or 404 (not theirs). */
export async function resolveScope(
  db: DbOrTx,
  callerId: number,
  request: ScopeRequest,
): Promise<ReportingScope> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const own = approvedOrganizationId(caller);
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
        refusal: caller.flags.hasLpiAccess ? null : noLpiAccessText(caller.flags),
        readOnly: Boolean(request.report),
      };
    }
    if (caller.flags.isAdministrator) return platformAdminRead(organizationId, surveyId, callerId);
    throw notFound('Organization');
  }

  const survey = await findSurveyHost(db, surveyId);
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
        ? noLpiAccessText(caller.flags)
        : invitation.status === 'submitted'
          ? SURVEY_SUBMITTED_MESSAGE
          : null,
      readOnly: Boolean(request.report),
    };
  }
  // The host's survey hosts and the survey's administrators (host-guard.ts) read a respondent's
  // copy once it is submitted, never before: until then it answers as anything they may not see.
  const hostRole = await surveyHostRole(db, callerId, surveyId, caller);
  if ((hostRole === 'host' || hostRole === 'administrator') && invitation.status === 'submitted') {
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
  if (caller.flags.isAdministrator) return platformAdminRead(organizationId, surveyId, callerId);
  throw notFound('Survey');
}

/** The query of a scoped read: another organization (else the caller's own), its survey copy, report. */
export interface ScopeQuery {
  organization_id?: number | undefined;
  survey_id?: number | null | undefined;
  report?: boolean | undefined;
}

/** The scope of a read, from its query: the one parsing of every LPI read. */
export function readScope(db: DbOrTx, callerId: number, query: ScopeQuery): Promise<ReportingScope> {
  return resolveScope(db, callerId, {
    organizationId: query.organization_id,
    surveyId: query.survey_id ?? null,
    report: query.report,
  });
}

/** Where a save goes: the caller's own organization, its profile (no survey) or a survey copy. */
export interface WriteTarget {
  surveyId?: number | null | undefined;
  /** The organization a call names (a path or body id): another one than the caller's answers 404. */
  organizationId?: number | null | undefined;
}

/**
 * The scope of a save: always the caller's own organization (saves never reach another one), and
 * only with LPI access; a submitted survey response is frozen.
 */
export async function writeScope(db: DbOrTx, callerId: number, target: WriteTarget): Promise<ReportingScope> {
  const scope = await resolveScope(db, callerId, { surveyId: target.surveyId ?? null });
  if (target.organizationId != null && target.organizationId !== scope.organizationId) {
    throw notFound('Organization');
  }
  requireEdit(scope);
  return scope;
}

export function requireEdit(scope: ReportingScope) {
  if (!scope.canEdit) throw new AppError(403, 'forbidden', scope.refusal ?? NO_LPI_ACCESS_MESSAGE);
}

/** `table.organization_id = ? AND table.survey_id IS [NOT DISTINCT FROM] ?` for any scoped table. */
export function inScope(
  table: { organization_id: Parameters<typeof eq>[0]; survey_id: Parameters<typeof eq>[0] },
  scope: Pick<ReportingScope, 'organizationId' | 'surveyId'>,
): SQL {
  return and(
    eq(table.organization_id, scope.organizationId),
    scope.surveyId === null ? isNull(table.survey_id) : eq(table.survey_id, scope.surveyId),
  ) as SQL;
}
