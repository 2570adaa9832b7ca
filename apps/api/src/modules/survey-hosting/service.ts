import {
  byStatusOrder,
  isOpenStatus,
  type TSurveyInvitation,
  type TSurveyStatus,
} from '@parity/domain/survey-invitation';
import {
  ADMINISTRATOR_ACCESS_GRANTED_MESSAGE,
  MISCELLANEOUS_FORM_ID,
  NO_SURVEY_CREATION_MESSAGE,
  PRACTICES_FORM_ID,
  SURVEY_ARCHIVED_MESSAGE,
  SURVEY_DELETED_MESSAGE,
  SURVEY_DETAILS_LABELS,
  type SurveyDetailsContext,
  stepsForConfig,
  surveyDetailsErrors,
  type TLegacySurvey,
  type TSurveyOverview,
  todayUtc,
  unknownContentMessage,
  type ZEditSurveyOverview,
  type ZSurveyRequest,
} from '@parity/domain/survey-request';
import {
  hostedSurveyStatus,
  invitationStatus,
  surveyStepsOf,
  type THostedSurvey,
} from '@parity/domain/surveys';
import type { z } from 'zod';
import { loadCaller, requireAllowed } from '../../core/access/caller';
import { approvedOrganizationId } from '../../core/access/organization-guard';
import { requireSurveyHost, type SurveyHostRole, surveyHostRole } from '../../core/access/survey-host-guard';
import { audit } from '../../core/audit';
import { badRequest, conflict, forbidden, notFound } from '../../core/http/errors';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { findSurvey, listInvitations } from '../surveys/service';
import * as repo from './repo';

type SurveyRequest = z.output<typeof ZSurveyRequest>;
type EditOverview = z.output<typeof ZEditSurveyOverview>;

const iso = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? new Date(value).toISOString() : value.toISOString();

/** The details rules of spec 5 the schema cannot apply (today's date): 400 with the field's message. */
function checkDetails(values: SurveyRequest | EditOverview, context: SurveyDetailsContext) {
  const errors = surveyDetailsErrors(values, context);
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field && message) throw badRequest(message, [{ field: `body.${field}`, message }]);
}

async function requirePrimaryContact(db: DbOrTx, organizationId: number, userId: number) {
  if (!(await repo.approvedMember(db, organizationId, userId))) {
    const message = `${SURVEY_DETAILS_LABELS.primary_contact_id} must be an approved member of the host organization`;
    throw badRequest(message, [{ field: 'body.primary_contact_id', message }]);
  }
}

/** Practices and Miscellaneous content must name fields of forms 8 and 10 (LPI tabs: the schema). */
async function checkContents(db: DbOrTx, contents: SurveyRequest['contents']) {
  const [practices, miscellaneous] = await Promise.all([
    repo.formFieldIds(db, PRACTICES_FORM_ID),
    repo.formFieldIds(db, MISCELLANEOUS_FORM_ID),
  ]);
  for (const content of contents) {
    const known =
      content.content_type === 'lpi_tab' ||
      (content.content_type === 'practice' ? practices : miscellaneous).has(content.content_ref_id);
    if (!known) throw badRequest(unknownContentMessage(content));
  }
}

// --- create ---------------------------------------------------------------------------------------

/**
 * POST /api/surveys: an approved member of the organization with survey hosting and survey
 * creation rights (or a platform admin) creates the request, its config and custom questions.
 */
export async function createSurvey(db: Db, callerId: number, body: SurveyRequest): Promise<TSurveyOverview> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const mayCreate =
    caller.flags.isAdministrator ||
    (approvedOrganizationId(caller) === body.organization_id &&
      caller.flags.isSurveyHost &&
      caller.flags.hasSurveyCreation);
  if (!mayCreate) throw forbidden(NO_SURVEY_CREATION_MESSAGE);
  checkDetails(body, { today: todayUtc() });
  await requirePrimaryContact(db, body.organization_id, body.primary_contact_id);
  await checkContents(db, body.contents);

  const surveyId = await db.transaction(async (tx) => {
    const id = await repo.insertSurvey(tx, {
      organization_id: body.organization_id,
      survey_type_id: body.survey_type_id,
      receive_type_id: body.receive_type_id,
      insight_type_ids: body.insight_type_ids,
      title: body.title,
      description: body.description || null,
      start: body.start,
      due: body.due,
      primary_contact_id: body.primary_contact_id,
      contact_email: body.contact_email,
      support_email: body.support_email,
      created_by: callerId,
    });
    await repo.insertContents(
      tx,
      body.contents.map((content) => ({
        survey_id: id,
        content_type: content.content_type,
        content_ref_id: content.content_ref_id,
        enabled: content.enabled,
        config: content.config ?? null,
      })),
    );
    await repo.insertQuestions(
      tx,
      body.questions.map((question, index) => ({
        survey_id: id,
        question_type_id: question.question_type_id,
        display: question.display,
        config: question.config?.options ? { options: question.config.options } : {},
        default_value: question.default_value ?? null,
        section: question.section || null,
        section_sub_header: question.section_sub_header || null,
        weight: index + 1,
      })),
    );
    await audit(tx, {
      actorId: callerId,
      organizationId: body.organization_id,
      entity: 'survey',
      entityId: id,
      action: 'create',
      after: {
        title: body.title,
        survey_type_id: body.survey_type_id,
        receive_type_id: body.receive_type_id,
        insight_type_ids: body.insight_type_ids,
        start: body.start,
        due: body.due,
        contents: body.contents.length,
        questions: body.questions.length,
      },
    });
    return id;
  });
  return overviewOf(db, surveyId, 'host');
}

// --- lists ----------------------------------------------------------------------------------------

function toTile(
  row: Awaited<ReturnType<typeof repo.hostedBy>>[number],
  counts: Map<number, { invited: number; submitted: number }>,
  today: string,
): THostedSurvey {
  const count = counts.get(row.id) ?? { invited: 0, submitted: 0 };
  const lpiTabs = typeof row.lpi_tabs === 'string' ? JSON.parse(row.lpi_tabs) : row.lpi_tabs;
  const steps = stepsForConfig(surveyStepsOf(row.survey_type_id), lpiTabs);
  return {
    id: row.id,
    title: row.title,
    survey_type_id: row.survey_type_id,
    start: row.start,
    due: row.due,
    status: hostedSurveyStatus({ start: row.start, due: row.due, archived_at: iso(row.archived_at), today }),
    host: { id: row.host_id, name: row.host_name, logo: row.host_logo },
    invited: count.invited,
    submitted: count.submitted,
    progress_percent: count.invited > 0 ? Math.round((count.submitted / count.invited) * 100) : 0,
    survey_locked_step: Math.max(steps.length, 1),
    created_at: iso(row.created_at)!,
  };
}

/**
 * GET /api/surveys: the surveys the caller's organization hosts (its survey hosts), or with
 * scope=accessing those the caller was granted administrator access to: active, scheduled,
 * closed, then archived, newest first within each. Anyone else (plain members, members of
 * organizations that host nothing) gets an empty list.
 */
export async function listHosted(
  db: DbOrTx,
  callerId: number,
  query: { filter?: string; scope?: 'hosting' | 'accessing' },
): Promise<{ data: THostedSurvey[] }> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const organizationId = approvedOrganizationId(caller);
  if (organizationId === null) return { data: [] };
  let rows: Awaited<ReturnType<typeof repo.hostedBy>>;
  if (query.scope === 'accessing') rows = await repo.administeredBy(db, callerId, organizationId);
  else if (caller.flags.isSurveyHost) rows = await repo.hostedBy(db, organizationId);
  else return { data: [] };
  const counts = new Map(
    (
      await repo.invitationCounts(
        db,
        rows.map((row) => row.id),
      )
    ).map((c) => [c.survey_id, c]),
  );
  const today = todayUtc();
  // The lists' status order; newest first within a status.
  const tiles = rows.map((row) => toTile(row, counts, today)).sort(byStatusOrder);
  const filter = query.filter?.trim();
  if (!filter) return { data: tiles };
  return {
    data: /^\d{4}$/.test(filter)
      ? tiles.filter((tile) => tile.due.startsWith(filter))
      : tiles.filter((tile) => tile.status.toLowerCase() === filter.toLowerCase()),
  };
}

// --- overview -------------------------------------------------------------------------------------

async function overviewOf(
  db: DbOrTx,
  surveyId: number,
  role: SurveyHostRole | null,
  invitationOrganizationId?: number | null,
): Promise<TSurveyOverview> {
  const survey = await findSurvey(db, surveyId);
  if (!survey) throw notFound('Survey');
  const [contents, questions, administrators, counts, contact, invitation] = await Promise.all([
    repo.contentsOf(db, surveyId),
    repo.questionsOf(db, surveyId),
    repo.administratorsOf(db, surveyId),
    repo.invitationCounts(db, [surveyId]),
    survey.primary_contact_id === null ? undefined : repo.findUser(db, survey.primary_contact_id),
    invitationOrganizationId ? repo.findInvitation(db, surveyId, invitationOrganizationId) : undefined,
  ]);
  const today = todayUtc();
  const lpiRows = contents.filter((content) => content.content_type === 'lpi_tab');
  const steps = stepsForConfig(surveyStepsOf(survey.survey_type_id), lpiRows);
  const status: TSurveyStatus = hostedSurveyStatus({
    start: survey.start,
    due: survey.due,
    archived_at: iso(survey.archived_at),
    today,
  });
  return {
    id: survey.id,
    title: survey.title,
    description: survey.description,
    survey_type_id: survey.survey_type_id,
    receive_type_id: survey.receive_type_id,
    insight_type_ids: survey.insight_type_ids,
    start: survey.start,
    due: survey.due,
    status,
    is_legacy: survey.is_legacy,
    archived_at: iso(survey.archived_at),
    created_at: iso(survey.created_at)!,
    host: { id: survey.organization_id, name: survey.host_name, logo: survey.host_logo },
    primary_contact: contact ?? null,
    contact_email: survey.contact_email,
    support_email: survey.support_email,
    steps: steps.map((step) => ({ id: step.id, title: step.title, weight: step.weight })),
    contents: contents.map((content) => ({
      content_type: content.content_type as TSurveyOverview['contents'][number]['content_type'],
      content_ref_id: content.content_ref_id,
      enabled: content.enabled,
      config: (content.config as Record<string, unknown> | null) ?? null,
    })),
    questions: questions.map((question) => ({
      id: question.id,
      question_type_id: question.question_type_id,
      display: question.display,
      config: (question.config as Record<string, unknown> | null) ?? null,
      default_value: question.default_value ?? null,
      section: question.section,
      section_sub_header: question.section_sub_header,
      weight: question.weight,
    })),
    invitation: invitation
      ? {
          organization_id: invitation.organization_id,
          state: invitation.status,
          status: invitationStatus({
            start: survey.start,
            due: survey.due,
            archived_at: iso(survey.archived_at),
            submitted_at: iso(invitation.submitted_at),
            today,
          }),
          submitted_at: iso(invitation.submitted_at),
        }
      : null,
    invited: counts[0]?.invited ?? 0,
    submitted: counts[0]?.submitted ?? 0,
    administrators,
    can_manage: role !== null,
  };
}

/**
 * GET /api/surveys/{id}: to the host's survey hosts, the survey's administrators and platform
 * admins (any organization_id), and to members of an invited organization (declined ones too;
 * organization_id, if given, must be their own). Everyone else: 404.
 */
export async function getOverview(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId?: number,
): Promise<TSurveyOverview> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const role = await surveyHostRole(db, callerId, surveyId, caller);
  const own = approvedOrganizationId(caller);
  if (role) return overviewOf(db, surveyId, role, organizationId ?? own);
  if (own === null || (organizationId !== undefined && organizationId !== own)) throw notFound('Survey');
  const invited = await repo.findInvitation(db, surveyId, own);
  if (!invited) throw notFound('Survey');
  return overviewOf(db, surveyId, null, own);
}

// --- host writes ----------------------------------------------------------------------------------

/** DELETE /api/surveys/{id}: a soft delete; the survey leaves every list, its steps answer 404. */
export async function deleteSurvey(db: Db, callerId: number, surveyId: number) {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  await requireSurveyHost(db, callerId, surveyId, caller);
  const survey = await findSurvey(db, surveyId);
  if (!survey) throw notFound('Survey');
  await db.transaction(async (tx) => {
    if (!(await repo.lockSurvey(tx, surveyId))) throw notFound('Survey');
    await repo.updateSurvey(tx, surveyId, { deleted_at: new Date() });
    await audit(tx, {
      actorId: callerId,
      organizationId: survey.organization_id,
      entity: 'survey',
      entityId: surveyId,
      action: 'delete',
      before: { title: survey.title },
    });
  });
  return { message: SURVEY_DELETED_MESSAGE };
}

async function lockOpenSurvey(tx: Tx, surveyId: number) {
  const locked = await repo.lockSurvey(tx, surveyId);
  if (!locked) throw notFound('Survey');
  if (locked.archived_at) throw conflict(SURVEY_ARCHIVED_MESSAGE);
}

/** PUT /api/surveys/{id}/edit-overview: the details; a past start may stay as it was. */
export async function editOverview(
  db: Db,
  callerId: number,
  surveyId: number,
  body: EditOverview,
): Promise<TSurveyOverview> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const role = await requireSurveyHost(db, callerId, surveyId, caller);
  const survey = await findSurvey(db, surveyId);
  if (!survey) throw notFound('Survey');
  if (survey.archived_at) throw conflict(SURVEY_ARCHIVED_MESSAGE);
  checkDetails(body, { today: todayUtc(), originalStart: survey.start });
  await requirePrimaryContact(db, survey.organization_id, body.primary_contact_id);
  const after = {
    title: body.title,
    description: body.description || null,
    start: body.start,
    due: body.due,
    primary_contact_id: body.primary_contact_id,
    contact_email: body.contact_email,
    support_email: body.support_email,
    // Absent: the requested insights stay as they are.
    ...(body.insight_type_ids ? { insight_type_ids: body.insight_type_ids } : {}),
  };
  await db.transaction(async (tx) => {
    await lockOpenSurvey(tx, surveyId);
    await repo.updateSurvey(tx, surveyId, after);
    await audit(tx, {
      actorId: callerId,
      organizationId: survey.organization_id,
      entity: 'survey',
      entityId: surveyId,
      action: 'update',
      before: {
        title: survey.title,
        description: survey.description,
        start: survey.start,
        due: survey.due,
        primary_contact_id: survey.primary_contact_id,
        contact_email: survey.contact_email,
        support_email: survey.support_email,
        ...(body.insight_type_ids ? { insight_type_ids: survey.insight_type_ids } : {}),
      },
      after,
    });
  });
  return overviewOf(db, surveyId, role, approvedOrganizationId(caller));
}

/** POST /api/surveys/{id}/grant-administrator-access: an approved member of the host organization. */
export async function grantAdministratorAccess(db: Db, callerId: number, surveyId: number, userId: number) {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  await requireSurveyHost(db, callerId, surveyId, caller);
  const survey = await findSurvey(db, surveyId);
  if (!survey) throw notFound('Survey');
  const member = await repo.approvedMember(db, survey.organization_id, userId);
  if (!member) {
    const message = `The user must be an approved member of ${survey.host_name}.`;
    throw badRequest(message, [{ field: 'body.user_id', message }]);
  }
  await db.transaction(async (tx) => {
    if (!(await repo.lockSurvey(tx, surveyId))) throw notFound('Survey');
    const granted = await repo.grantAdministrator(tx, surveyId, userId, callerId);
    if (granted) {
      await audit(tx, {
        actorId: callerId,
        organizationId: survey.organization_id,
        entity: 'survey',
        entityId: surveyId,
        action: 'grant_administrator',
        after: { user_id: userId, name: `${member.name} ${member.lastname}`.trim() },
      });
    }
  });
  return { message: ADMINISTRATOR_ACCESS_GRANTED_MESSAGE };
}

// --- a user's invitations, legacy surveys -----------------------------------------------------------

/**
 * GET /api/surveys/users/{userId}/invitations?limit: the invitations of that user's organization,
 * for a profile; only the user themself and platform admins (others 404).
 */
export async function userInvitations(
  db: DbOrTx,
  callerId: number,
  userId: number,
  limit?: number,
): Promise<{ data: TSurveyInvitation[] }> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  if (callerId !== userId && !caller.flags.isAdministrator) throw notFound('User');
  const target = callerId === userId ? caller : await loadCaller(db, userId);
  // A user outside any organization (or not approved) has no invitations to show.
  if (approvedOrganizationId(target) === null) return { data: [] };
  const { data } = await listInvitations(db, userId);
  const ordered = [...data].sort(byRelevance);
  return { data: limit ? ordered.slice(0, limit) : ordered };
}

/**
 * A user's invitations as a profile lists them: in the lists' status order; the open ones soonest
 * due first, the closed ones latest due first.
 */
function byRelevance(a: TSurveyInvitation, b: TSurveyInvitation): number {
  const due = a.due.localeCompare(b.due) || a.survey_id - b.survey_id;
  return byStatusOrder(a, b) || (isOpenStatus(a.status) ? due : -due);
}

interface LegacySection {
  section: string;
  questions: { question: string; answer: string | null }[];
}

/**
 * GET /api/legacy-surveys/{id}?organization_id: an organization's imported answers, to its
 * members, the survey's host and platform admins; 404 otherwise or when the survey is not legacy.
 */
export async function legacySurvey(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId?: number,
): Promise<TLegacySurvey> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const own = approvedOrganizationId(caller);
  const wanted = organizationId ?? own;
  if (wanted === null) throw notFound('Survey');
  const survey = await findSurvey(db, surveyId);
  if (!survey?.is_legacy) throw notFound('Survey');
  if (wanted !== own && !(await surveyHostRole(db, callerId, surveyId, caller))) throw notFound('Survey');
  const response = await repo.legacyResponse(db, surveyId, wanted);
  if (!response) throw notFound('Survey');
  const sections = Array.isArray(response.data) ? (response.data as LegacySection[]) : [];
  return {
    id: survey.id,
    title: survey.title,
    start: survey.start,
    due: survey.due,
    host: { id: survey.organization_id, name: survey.host_name, logo: survey.host_logo },
    organization: { id: wanted, name: response.organization_name },
    imported_at: iso(response.imported_at)!,
    sections: sections.map((section) => ({
      section: String(section.section ?? ''),
      questions: (section.questions ?? []).map((q) => ({
        question: String(q.question ?? ''),
        answer: q.answer === null || q.answer === undefined ? null : String(q.answer),
      })),
    })),
  };
}
