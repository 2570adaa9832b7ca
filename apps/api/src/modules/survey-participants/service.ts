import {
  CONTACT_DELETED_MESSAGE,
  CONTACT_INVITED_MESSAGE,
  CONTACTS_UPDATED_MESSAGE,
  cumulativeSeries,
  LABELS_UPDATED_MESSAGE,
  MAX_SERIES_DAYS,
  organizationsInvitedMessage,
  participantStatusOf,
  percentOf,
  storedStatusOf,
  type TAddContactsBody,
  type TContactsPage,
  type TContactsQuery,
  type TCreateLabelBody,
  type TDeclineCode,
  type TDeclineRespondentBody,
  type TDeclineResult,
  type TInviteMembersBody,
  type TInviteResult,
  type TLabelRef,
  type TParticipantsPage,
  type TParticipantsQuery,
  type TRemindersResult,
  type TResponseRates,
  type TSyncLabelsBody,
} from '@parity/domain/survey-participants';
import { stepsForConfig } from '@parity/domain/survey-request';
import type { TOrganizationLabel } from '@parity/domain/surveys';
import {
  progressPercent,
  SUBMIT_STEP_ID,
  SURVEY_CLOSED_MESSAGE,
  stepTabKeys,
  surveyStepsOf,
} from '@parity/domain/surveys';
import { loadCaller, requireAllowed } from '../../core/access/caller';
import { approvedOrganizationId } from '../../core/access/organization-guard';
import { surveyRespondents } from '../../core/access/recipients';
import { requireSurveyHost } from '../../core/access/survey-host-guard';
import { audit } from '../../core/audit';
import { AppError, badRequest, notFound } from '../../core/http/errors';
import { notify } from '../../core/outbox/notify';
import { type Db, type DbOrTx, queriesOf } from '../../db/client';
import type { Mailer, MailMessage } from '../../plugins/mailer';

import { findSurvey, type SurveyRow } from '../surveys/service';
import { invitationMail, reminderMail } from './mail';
import * as repo from './repo';
import { buildReport, type ReportSource } from './report';

/** What the writes that send mail need besides the database. */
export interface MailDeps {
  mailer: Pick<Mailer, 'send'>;
  /** the web app's address, for the survey links in mails */
  publicUrl: string;
}

const ORGANIZATION_NOT_FOUND = 'Organization not found.';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The guard of every host route, in one place: the survey (404 when deleted, or when the caller is
 * neither its host, one of its administrators nor a platform admin: the survey is invisible to them).
 */
async function hostedSurvey(db: DbOrTx, callerId: number, surveyId: number) {
  // The caller and the survey are independent reads: together on a pool.
  const [caller, survey] = await queriesOf(db, [
    () => loadCaller(db, callerId),
    () => findSurvey(db, surveyId),
  ]);
  requireAllowed(caller);
  await requireSurveyHost(db, callerId, surveyId, caller);
  if (!survey) throw notFound('Survey');
  return survey;
}

/** Invitations and reminders go out only while the survey is open (not archived, not past due). */
function requireOpen(survey: SurveyRow) {
  const today = new Date().toISOString().slice(0, 10);
  if (survey.archived_at || survey.due < today)
    throw new AppError(409, 'survey_closed', SURVEY_CLOSED_MESSAGE);
}

const surveyLink = (deps: MailDeps, surveyId: number) =>
  `${deps.publicUrl.replace(/\/$/, '')}/surveys/${surveyId}`;

/** A due date (YYYY-MM-DD) as the notifications say it: December 31, 2026. */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The respondent's page of the survey, where an invitation and a reminder lead. */
const takingLink = (surveyId: number) => `/surveys/taking/${surveyId}`;

/**
 * Tells the people who answer each newly invited organization's surveys (its admins and members
 * with LPI access: those the invitation mail goes to), in the invitation's transaction; never the
 * host who invited (should they belong to it).
 */
async function notifyInvited(
  tx: DbOrTx,
  callerId: number,
  survey: SurveyRow,
  organizations: { id: number; name: string }[],
) {
  if (!organizations.length) return;
  const people = await surveyRespondents(
    tx,
    organizations.map((o) => o.id),
  );
  for (const organization of organizations) {
    await notify(tx, {
      userIds: people
        .filter((p) => p.organization_id === organization.id && p.id !== callerId)
        .map((p) => p.id),
      kind: 'survey_invitation',
      title: `${survey.host_name} invited ${organization.name} to ${survey.title}`,
      body: `Fill in and submit your organization's response by ${longDate(survey.due)}.`,
      link: takingLink(survey.id),
    });
  }
}

/** Mails sent at once: a reminder to thousands of participants must not take one round trip each. */
const MAIL_CONCURRENCY = 5;

/** Sends each message; the mailer records failures itself and never throws for delivery. */
async function sendAll(deps: MailDeps, messages: MailMessage[]) {
  let next = 0;
  const worker = async () => {
    while (next < messages.length) await deps.mailer.send(messages[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, messages.length) }, worker));
  return messages.length;
}

// --- contacts ----------------------------------------------------------------------------------------

/** GET /api/surveys/{id}/contacts */
export async function listContacts(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  q: TContactsQuery,
): Promise<TContactsPage> {
  await hostedSurvey(db, callerId, surveyId);
  const rows = await repo.listContacts(db, surveyId, q);
  const total = rows.length ? Number(rows[0]!.total) : await repo.countContacts(db, surveyId, q.search);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      organization_id: Number(r.organization_id),
      organization_name: r.organization_name,
      name: r.name,
      lastname: r.lastname,
      email: r.email,
      invited_at: iso(r.invited_at),
      created_at: iso(r.created_at)!,
    })),
    total,
  };
}

/** POST /api/surveys/{id}/contacts: one contact or a list; an email already listed is updated. */
export async function addContacts(db: Db, callerId: number, surveyId: number, body: TAddContactsBody) {
  const survey = await hostedSurvey(db, callerId, surveyId);
  const contacts = (Array.isArray(body) ? body : [body]).map((c) => ({
    organization_id: c.organization_id,
    name: c.name,
    lastname: c.lastname ?? '',
    email: c.email,
  }));
  const emails = contacts.map((c) => c.email);
  if (new Set(emails).size !== emails.length) throw badRequest('The same email is listed twice.');
  const organizationIds = [...new Set(contacts.map((c) => c.organization_id))];
  if (organizationIds.includes(survey.organization_id)) {
    throw badRequest('The host organization cannot be a respondent of its own survey.');
  }
  return db.transaction(async (tx) => {
    // A private organization is known to the host only through a member: its contacts must be
    // members' emails, else it answers as an unknown id (ids cannot be probed).
    const found = await repo.liveOrganizations(tx, organizationIds);
    const isPublic = new Set(found.filter((o) => o.is_public).map((o) => o.id));
    const members = new Set(
      await repo.memberPairs(
        tx,
        contacts.filter((c) => !isPublic.has(c.organization_id)),
      ),
    );
    const missing = organizationIds.filter(
      (id) =>
        !found.some((o) => o.id === id) ||
        (!isPublic.has(id) &&
          contacts.some((c) => c.organization_id === id && !members.has(`${id}:${c.email.toLowerCase()}`))),
    );
    if (missing.length)
      throw new AppError(404, 'not_found', ORGANIZATION_NOT_FOUND, { organization_ids: missing });
    const rows = await repo.upsertContacts(tx, surveyId, contacts, callerId);
    await audit(tx, {
      actorId: callerId,
      organizationId: survey.organization_id,
      entity: 'survey',
      entityId: surveyId,
      action: 'survey_contacts',
      after: { survey_id: surveyId, contacts },
    });
    return { message: CONTACTS_UPDATED_MESSAGE, ids: rows.map((r) => r.id) };
  });
}

/** DELETE /api/surveys/{id}/contacts/{contactId} (the invitation it led to stays). */
export async function deleteContact(db: Db, callerId: number, surveyId: number, contactId: number) {
  const survey = await hostedSurvey(db, callerId, surveyId);
  return db.transaction(async (tx) => {
    const [deleted] = await repo.deleteContact(tx, surveyId, contactId);
    if (!deleted) throw notFound('Contact');
    await audit(tx, {
      actorId: callerId,
      organizationId: survey.organization_id,
      entity: 'survey',
      entityId: contactId,
      action: 'delete',
      before: { survey_id: surveyId, ...deleted },
    });
    return { message: CONTACT_DELETED_MESSAGE };
  });
}

/**
 * POST /api/surveys/{id}/contacts/invite: invites the contacts' organizations (an organization
 * already invited stays as it is), stamps invited_at and mails each contact the invitation.
 */
export async function inviteContacts(
  db: Db,
  deps: MailDeps,
  callerId: number,
  surveyId: number,
  contactIds: number[],
): Promise<TInviteResult> {
  const survey = await hostedSurvey(db, callerId, surveyId);
  requireOpen(survey);
  const ids = [...new Set(contactIds)];
  const { contacts, invited, names } = await db.transaction(async (tx) => {
    const contacts = await repo.contactsByIds(tx, surveyId, ids);
    const missing = ids.filter((id) => !contacts.some((c) => c.id === id));
    if (missing.length) throw new AppError(404, 'not_found', 'Contact not found.', { contact_ids: missing });
    const organizationIds = [...new Set(contacts.map((c) => c.organization_id))];
    const live = await repo.liveOrganizations(tx, organizationIds);
    if (live.length !== organizationIds.length) throw notFound('Organization');
    const invited = await repo.invite(tx, surveyId, organizationIds, callerId);
    await notifyInvited(
      tx,
      callerId,
      survey,
      live.filter((o) => invited.includes(o.id)),
    );
    await repo.markContactsInvited(tx, surveyId, ids, new Date());
    await audit(tx, {
      actorId: callerId,
      organizationId: survey.organization_id,
      entity: 'survey',
      entityId: surveyId,
      action: 'invite_contacts',
      after: { survey_id: surveyId, contact_ids: ids, organization_ids: organizationIds, invited },
    });
    return { contacts, invited, names: new Map(live.map((o) => [o.id, o.name])) };
  });
  const link = surveyLink(deps, surveyId);
  const mailed = await sendAll(
    deps,
    contacts.map((c) =>
      invitationMail({
        to: c.email,
        name: [c.name, c.lastname].filter(Boolean).join(' ') || null,
        organizationName: names.get(c.organization_id) ?? '',
        surveyTitle: survey.title,
        hostName: survey.host_name,
        due: survey.due,
        link,
      }),
    ),
  );
  return { message: CONTACT_INVITED_MESSAGE, invited: invited.length, mailed };
}

/**
 * The organizations an invitation names: public ones by id (a private or unknown id answers the
 * same 404, so ids cannot be probed); any live one by an approved member's email or its code.
 */
async function organizationsToInvite(tx: DbOrTx, body: TInviteMembersBody) {
  const ids = [...new Set(body.organization_ids ?? [])];
  const found = ids.length ? await repo.liveOrganizations(tx, ids) : [];
  const live = found.filter((o) => o.is_public).map(({ id, name }) => ({ id, name }));
  const missing = ids.filter((id) => !live.some((o) => o.id === id));
  if (missing.length)
    throw new AppError(404, 'not_found', ORGANIZATION_NOT_FOUND, { organization_ids: missing });
  const byEmail = body.email === undefined ? null : await repo.organizationOfMember(tx, body.email);
  const byCode = body.code === undefined ? null : await repo.organizationOfCode(tx, body.code);
  for (const named of [byEmail, byCode]) {
    if (named === null) continue;
    if (!named) throw new AppError(404, 'not_found', ORGANIZATION_NOT_FOUND);
    if (!live.some((o) => o.id === named.id)) live.push(named);
  }
  return live;
}

/**
 * POST /api/surveys/{id}/contacts/member/invite: invites organizations of the platform (public ones
 * by id, any by a member's email or its code) and mails each one's approved admins and members
 * with LPI access.
 */
export async function inviteMembers(
  db: Db,
  deps: MailDeps,
  callerId: number,
  surveyId: number,
  body: TInviteMembersBody,
): Promise<TInviteResult> {
  const survey = await hostedSurvey(db, callerId, surveyId);
  requireOpen(survey);
  const { live, invited } = await db.transaction(async (tx) => {
    const live = await organizationsToInvite(tx, body);
    const ids = live.map((o) => o.id);
    if (ids.includes(survey.organization_id))
      throw badRequest('The host organization cannot be a respondent of its own survey.');
    const invited = await repo.invite(tx, surveyId, ids, callerId);
    await notifyInvited(
      tx,
      callerId,
      survey,
      live.filter((o) => invited.includes(o.id)),
    );
    await audit(tx, {
      actorId: callerId,
      organizationId: survey.organization_id,
      entity: 'survey',
      entityId: surveyId,
      action: 'invite_organizations',
      after: { survey_id: surveyId, organization_ids: ids, invited },
    });
    return { live, invited };
  });
  // Only the organizations this call invited get the mail; one invited before was mailed then.
  const people = await surveyRespondents(db, invited);
  const names = new Map(live.map((o) => [o.id, o.name]));
  const link = surveyLink(deps, surveyId);
  const mailed = await sendAll(
    deps,
    people.map((p) =>
      invitationMail({
        to: p.email,
        name: [p.name, p.lastname].filter(Boolean).join(' ') || null,
        organizationName: names.get(p.organization_id) ?? '',
        surveyTitle: survey.title,
        hostName: survey.host_name,
        due: survey.due,
        link,
      }),
    ),
  );
  const message = organizationsInvitedMessage(
    live.filter((o) => invited.includes(o.id)).map((o) => o.name),
    live.filter((o) => !invited.includes(o.id)).map((o) => o.name),
  );
  return { message, invited: invited.length, mailed };
}

// --- decline --------------------------------------------------------------------------------------------

/**
 * POST /api/surveys/{id}/decline-respondent: an admin (or member with LPI access) of the invited
 * organization declines. 404 for an organization not invited (or not the caller's), 409 once
 * submitted; declining again keeps the first decline.
 */
export async function declineRespondent(
  db: Db,
  callerId: number,
  surveyId: number,
  body: TDeclineRespondentBody,
): Promise<TDeclineResult> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const survey = await findSurvey(db, surveyId);
  if (!survey || !(await repo.canAnswerFor(db, callerId, body.organization_id))) throw notFound('Survey');
  return db.transaction(async (tx) => {
    const invitation = await repo.findInvitation(tx, surveyId, body.organization_id, true);
    if (!invitation) throw notFound('Survey');
    if (invitation.status === 'submitted') {
      throw new AppError(
        409,
        'already_submitted',
        'This survey response was submitted and can no longer be declined.',
      );
    }
    if (invitation.status === 'declined' && invitation.declined_at) {
      return {
        organization_id: body.organization_id,
        status: 'declined',
        declined_at: invitation.declined_at.toISOString(),
        decline_code: (invitation.decline_code ?? 'other') as TDeclineCode,
      };
    }
    const at = new Date();
    await repo.decline(tx, invitation.id, { by: callerId, code: body.code, at });
    await audit(tx, {
      actorId: callerId,
      organizationId: body.organization_id,
      entity: 'survey',
      entityId: invitation.id,
      action: 'decline',
      before: { status: invitation.status },
      after: { status: 'declined', survey_id: surveyId, decline_code: body.code },
    });
    return {
      organization_id: body.organization_id,
      status: 'declined',
      declined_at: at.toISOString(),
      decline_code: body.code,
    };
  });
}

// --- labels ---------------------------------------------------------------------------------------------

/** GET /api/organization-labels: the caller organization's labels, or a survey host's (survey_id). */
export async function listLabels(
  db: DbOrTx,
  callerId: number,
  surveyId?: number,
): Promise<{ data: TOrganizationLabel[] }> {
  let ownerId: number | null;
  if (surveyId !== undefined) {
    ownerId = (await hostedSurvey(db, callerId, surveyId)).organization_id;
  } else {
    const caller = await loadCaller(db, callerId);
    requireAllowed(caller);
    ownerId = approvedOrganizationId(caller);
  }
  if (ownerId === null) return { data: [] };
  const rows = await repo.labelsOf(db, ownerId);
  return { data: rows.map((r) => ({ ...r, id: Number(r.id), organizations: Number(r.organizations) })) };
}

/** Creating and deleting labels: the organization's survey hosts. */
async function labelManager(db: DbOrTx, callerId: number) {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const own = approvedOrganizationId(caller);
  if (own === null || !caller.flags.isSurveyHost) {
    throw new AppError(403, 'forbidden', 'Only survey hosts manage their organization’s labels.');
  }
  return own;
}

/** POST /api/organization-labels */
export async function createLabel(db: Db, callerId: number, body: TCreateLabelBody): Promise<TLabelRef> {
  const ownerId = await labelManager(db, callerId);
  return db.transaction(async (tx) => {
    const row = await repo.createLabel(tx, ownerId, body.name, body.color ?? null);
    if (!row) throw new AppError(409, 'conflict', `A label named ${body.name} already exists.`);
    await audit(tx, {
      actorId: callerId,
      organizationId: ownerId,
      entity: 'organization',
      entityId: row.id,
      action: 'create_label',
      after: row,
    });
    return row;
  });
}

/** DELETE /api/organization-labels/{labelId} (taken off every organization). */
export async function deleteLabel(db: Db, callerId: number, labelId: number) {
  const ownerId = await labelManager(db, callerId);
  return db.transaction(async (tx) => {
    const [row] = await repo.deleteLabel(tx, ownerId, labelId);
    if (!row) throw notFound('Label');
    await audit(tx, {
      actorId: callerId,
      organizationId: ownerId,
      entity: 'organization',
      entityId: labelId,
      action: 'delete_label',
      before: row,
    });
    return { message: 'Label deleted' };
  });
}

/** Throws 400 unless every id is a label of the owner. */
async function requireOwnLabels(db: DbOrTx, ownerId: number, labelIds: number[]) {
  const own = await repo.ownLabelIds(db, ownerId, labelIds);
  const unknown = labelIds.filter((id) => !own.includes(id));
  if (unknown.length)
    throw badRequest('Unknown label: use the host organization’s labels.', { label_ids: unknown });
}

/**
 * POST /api/organization-labels/surveys/{surveyId}: the participant's labels (the host's own)
 * become exactly label_ids. The organization must be invited to the survey.
 */
export async function syncParticipantLabels(
  db: Db,
  callerId: number,
  surveyId: number,
  body: TSyncLabelsBody,
): Promise<{ message: string; labels: TLabelRef[] }> {
  const survey = await hostedSurvey(db, callerId, surveyId);
  const labelIds = [...new Set(body.label_ids)];
  return db.transaction(async (tx) => {
    if (!(await repo.findInvitation(tx, surveyId, body.organization_id))) throw notFound('Participant');
    await requireOwnLabels(tx, survey.organization_id, labelIds);
    const before = await repo.organizationLabelsOf(tx, survey.organization_id, body.organization_id);
    await repo.setOrganizationLabels(tx, survey.organization_id, body.organization_id, labelIds);
    const after = await repo.organizationLabelsOf(tx, survey.organization_id, body.organization_id);
    await audit(tx, {
      actorId: callerId,
      organizationId: survey.organization_id,
      entity: 'organization',
      entityId: body.organization_id,
      action: 'labels',
      before: before.map((l) => l.id),
      after: after.map((l) => l.id),
    });
    return { message: LABELS_UPDATED_MESSAGE, labels: after };
  });
}

// --- participants ------------------------------------------------------------------------------------

/** The survey's steps (as its config asks them), each with its save units, submit aside. */
function stepUnitsOf(survey: SurveyRow) {
  const steps = stepsForConfig(surveyStepsOf(survey.survey_type_id), survey.lpi_tabs);
  return {
    steps: steps.filter((step) => step.id !== SUBMIT_STEP_ID).map((step) => stepTabKeys(step.id)),
    total: steps.length,
  };
}

/** GET /api/surveys/{id}/participants */
export async function participants(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  q: TParticipantsQuery,
): Promise<TParticipantsPage> {
  const survey = await hostedSurvey(db, callerId, surveyId);
  if (q.label_ids?.length) await requireOwnLabels(db, survey.organization_id, q.label_ids);
  const { steps, total: totalSteps } = stepUnitsOf(survey);
  const filter = {
    surveyId,
    search: q.search_query || undefined,
    status: q.status ? storedStatusOf(q.status) : undefined,
    labelIds: q.label_ids,
  };
  const rows = await repo.participantsPage(db, {
    ...filter,
    hostId: survey.organization_id,
    steps,
    limit: q.limit,
    offset: q.offset,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  const total = rows.length
    ? Number(rows[0]!.total)
    : q.offset > 0
      ? await repo.countParticipants(db, filter)
      : 0;
  return {
    data: rows.map((r) => {
      const completed = Number(r.completed_steps ?? 0);
      return {
        organization_id: Number(r.organization_id),
        name: r.name,
        logo: r.logo,
        status: participantStatusOf(r.status),
        progress: progressPercent(completed, totalSteps),
        completed_steps: completed,
        total_steps: totalSteps,
        submitted_at: iso(r.submitted_at),
        invited_at: iso(r.invited_at)!,
        declined_at: iso(r.declined_at),
        decline_code: r.decline_code,
        last_reminded_at: iso(r.last_reminded_at),
        reminder_count: Number(r.reminder_count),
        labels: (typeof r.labels === 'string' ? JSON.parse(r.labels) : r.labels) as TLabelRef[],
      };
    }),
    total,
  };
}

// --- reminders ------------------------------------------------------------------------------------------

/**
 * POST /api/surveys/{id}/reminders: one action for every participant (or these organizations) that
 * has neither submitted nor declined: the bookkeeping in one transaction, then a mail to each
 * organization's survey contacts, admins and members with LPI access.
 */
export async function sendReminders(
  db: Db,
  deps: MailDeps,
  callerId: number,
  surveyId: number,
  organizationIds?: number[],
): Promise<TRemindersResult> {
  const survey = await hostedSurvey(db, callerId, surveyId);
  requireOpen(survey);
  const subset = organizationIds ? [...new Set(organizationIds)] : undefined;
  const at = new Date();
  const reminded = await db.transaction(async (tx) => {
    if (subset) {
      const invited = await repo.invitedAmong(tx, surveyId, subset);
      const unknown = subset.filter((id) => !invited.includes(id));
      if (unknown.length)
        throw badRequest('These organizations are not invited to the survey.', { organization_ids: unknown });
    }
    const rows = await repo.remind(tx, surveyId, at, subset);
    const ids = rows.map((r) => r.organization_id);
    // Each recipient answers for one organization (a user has one membership): one title for all.
    const people = await surveyRespondents(tx, ids);
    await notify(tx, {
      userIds: people.filter((p) => p.id !== callerId).map((p) => p.id),
      kind: 'survey_reminder',
      title: `Reminder: ${survey.host_name} awaits your response to ${survey.title}`,
      body: `Submit your organization's response by ${longDate(survey.due)}.`,
      link: takingLink(surveyId),
    });
    await audit(tx, {
      actorId: callerId,
      organizationId: survey.organization_id,
      entity: 'survey',
      entityId: surveyId,
      action: 'remind',
      after: { survey_id: surveyId, organization_ids: ids },
    });
    return ids;
  });
  const [people, contacts, organizations] = await Promise.all([
    surveyRespondents(db, reminded),
    repo.contactsOfOrganizations(db, surveyId, reminded),
    repo.liveOrganizations(db, reminded),
  ]);
  const names = new Map(organizations.map((o) => [o.id, o.name]));
  const link = surveyLink(deps, surveyId);
  const seen = new Set<string>();
  const messages: MailMessage[] = [];
  for (const person of [...contacts, ...people]) {
    const key = `${person.organization_id}:${person.email.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    messages.push(
      reminderMail({
        to: person.email,
        name: [person.name, person.lastname].filter(Boolean).join(' ') || null,
        organizationName: names.get(person.organization_id) ?? '',
        surveyTitle: survey.title,
        hostName: survey.host_name,
        due: survey.due,
        link,
      }),
    );
  }
  const mailed = await sendAll(deps, messages);
  return { reminded: reminded.length, mailed, reminded_at: at.toISOString() };
}

// --- response rates -------------------------------------------------------------------------------------

/** GET /api/surveys/{id}/response-rates: computed live from the invitations. */
export async function responseRates(db: DbOrTx, callerId: number, surveyId: number): Promise<TResponseRates> {
  await hostedSurvey(db, callerId, surveyId);
  const { statuses: counts, days } = await repo.responseFigures(db, surveyId);
  const countOf = (stored: string) => counts.find((c) => c.status === stored)?.n ?? 0;
  const invited = counts.reduce((sum, c) => sum + c.n, 0);
  const status = (stored: string) => ({
    count: countOf(stored),
    percent: percentOf(countOf(stored), invited),
  });
  const today = new Date().toISOString().slice(0, 10);
  let series: TResponseRates['series'] = [];
  if (days.length) {
    const last = days[days.length - 1]!.date > today ? days[days.length - 1]!.date : today;
    const earliest = new Date(Date.parse(`${last}T00:00:00Z`) - (MAX_SERIES_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const first = days[0]!.date < earliest ? earliest : days[0]!.date;
    series = cumulativeSeries(days, first, last);
  }
  return {
    invited,
    statuses: {
      not_started: status('invited'),
      in_progress: status('in_progress'),
      submitted: status('submitted'),
      declined: status('declined'),
    },
    series,
  };
}

// --- reports ----------------------------------------------------------------------------------------------

/** Responses read per query while writing the report (each sheet reads them again, its tabs only). */
const REPORT_BATCH = 100;

/** GET /api/surveys/{id}/reports: every submitted response as an .xlsx workbook. */
export async function report(db: DbOrTx, callerId: number, surveyId: number) {
  const survey = await hostedSurvey(db, callerId, surveyId);
  const [list, genders] = await queriesOf(db, [
    () => repo.latestSubmissions(db, surveyId),
    () => repo.genderNames(db),
  ]);
  const source: ReportSource = async function* (part) {
    for (let start = 0; start < list.length; start += REPORT_BATCH) {
      const slice = list.slice(start, start + REPORT_BATCH);
      const parts = await repo.submissionParts(
        db,
        slice.map((s) => Number(s.id)),
        part.tabs,
        part.scores,
      );
      const byId = new Map(parts.map((p) => [Number(p.id), p]));
      yield slice.map((s) => ({
        organization_id: Number(s.organization_id),
        organization_name: s.organization_name,
        submitted_at: s.submitted_at,
        snapshot: byId.get(Number(s.id))?.snapshot ?? {},
        scores: byId.get(Number(s.id))?.scores ?? null,
      }));
    }
  };
  const file = await buildReport({ title: survey.title, source, genders });
  const safeTitle =
    survey.title
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'survey';
  return { file, fileName: `${safeTitle}-responses.xlsx` };
}
