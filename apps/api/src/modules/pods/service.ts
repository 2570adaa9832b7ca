import type { TEventDetail, TEventInput, TEventList } from '@parity/domain/calendar/events';
import type { TNotificationKind } from '@parity/domain/notifications';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPES_MESSAGE,
} from '@parity/domain/organization-files';
import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import {
  POD_MESSAGES,
  type TFeedQuery,
  type TMemberListQuery,
  type TPodCreate,
  type TPodDetail,
  type TPodEntry,
  type TPodEventListQuery,
  type TPodFeed,
  type TPodFile,
  type TPodFileListQuery,
  type TPodInvitationView,
  type TPodInvite,
  type TPodLeave,
  type TPodList,
  type TPodListQuery,
  type TPodMailPreference,
  type TPodMember,
  type TPodPatch,
  type TPodReply,
  type TPodRole,
  type TPostCreate,
  type TPostPatch,
} from '@parity/domain/pods/pods';
import { loadCaller } from '../../core/access/caller';
import { knowerOf, type OrganizationKnower } from '../../core/access/organization-visibility';
import { audit } from '../../core/audit';
import { hashOpaqueToken, newOpaqueToken } from '../../core/auth/tokens';
import { AppError, conflict, fieldIssue, forbidden } from '../../core/http/errors';
import type { UploadedFile } from '../../core/http/multipart';
import { enqueue } from '../../core/jobs/runner';
import { notify } from '../../core/outbox/notify';
import { checkFile } from '../../core/uploads/file-types';
import type { Db, DbOrTx } from '../../db/client';
import { plainText, sanitizeDescription } from '../../lib/formatted-text';
import type { Storage } from '../../plugins/storage';
import { createEvent, getEvent, listEvents } from '../calendar/service';
import * as repo from './repo';
import { signUpInvitationMail } from './signup-invitation';

export const MAIL_JOB = 'pods.mail';
export const DIGEST_JOB = 'pods.digest';
export const DIGEST_MAIL_JOB = 'pods.digest-mail';
export const POD_FILE_KIND = 'pod_document';
export const podFileLimit = { fileSize: DOCUMENT_MAX_BYTES, tooLargeMessage: DOCUMENT_SIZE_MESSAGE };

export interface PodsDeps {
  db: Db;
  publicUrl: string;
}

/* Who calls, and what they may do in this pod */

interface PodCaller {
  id: number;
  name: string;
  /** approved members and platform admins */
  allowed: boolean;
  platformAdmin: boolean;
  /** whose private organizations the caller may know, to name them beside members */
  knower: OrganizationKnower;
}

interface Access {
  caller: PodCaller;
  pod: repo.PodRow;
  membership: repo.MembershipRow | undefined;
  member: boolean;
  podAdmin: boolean;
  /** members and platform admins read everything of the pod */
  reader: boolean;
  /** pod admins only: the issue's "pod admins manage" (invite, approve, promote, remove, edit) */
  manager: boolean;
  /** pod admins and platform admins: "platform administrators may see and remove any pod" (and its posts and files) */
  remover: boolean;
}

async function podCaller(db: DbOrTx, userId: number): Promise<PodCaller> {
  const caller = await loadCaller(db, userId);
  return {
    id: userId,
    name: `${caller.row.user.name} ${caller.row.user.lastname}`.trim(),
    allowed: Boolean(caller.flags.isAllowed),
    platformAdmin: Boolean(caller.row.user.is_sadm),
    knower: knowerOf(caller),
  };
}

function requireAllowed(caller: PodCaller) {
  if (!caller.allowed) throw new AppError(403, 'awaiting_approval', AWAITING_APPROVAL_MESSAGE);
}

const podNotFound = () => new AppError(404, 'not_found', POD_MESSAGES.notFound);

/**
 * The pod as the caller may see it; 404 for a pod they may not read (unless `preview` of an open pod).
 * In a transaction the reads share its one connection, so they run one after another, the pod
 * first: with `lock` (FOR UPDATE) the membership is read once the lock is held, after what its
 * previous holder committed (two joins at once take turns). Else they run at once on the pool.
 */
async function access(db: DbOrTx, userId: number, podId: number, lock = false): Promise<Access> {
  const [pod, caller, membership] =
    'rollback' in db
      ? [
          await repo.findPod(db, podId, lock),
          await podCaller(db, userId),
          await repo.membershipOf(db, podId, userId),
        ]
      : await Promise.all([
          repo.findPod(db, podId, lock),
          podCaller(db, userId),
          repo.membershipOf(db, podId, userId),
        ]);
  if (!pod) throw podNotFound();
  const member = membership?.status === 'active';
  const podAdmin = member && membership?.role === 'admin';
  return {
    caller,
    pod,
    membership,
    member,
    podAdmin,
    reader: member || caller.platformAdmin,
    manager: podAdmin,
    remover: podAdmin || caller.platformAdmin,
  };
}

async function readerAccess(db: DbOrTx, userId: number, podId: number, lock = false) {
  const a = await access(db, userId, podId, lock);
  if (!a.reader) throw podNotFound();
  return a;
}

async function managerAccess(db: DbOrTx, userId: number, podId: number) {
  const a = await readerAccess(db, userId, podId, true);
  if (!a.manager) throw forbidden("Only the pod's admins may do this.");
  return a;
}

/** The pending requests and invitations: the pod's admins, and platform admins, who read every pod. */
async function managerReaderAccess(db: DbOrTx, userId: number, podId: number) {
  const a = await readerAccess(db, userId, podId);
  if (!a.manager && !a.caller.platformAdmin) throw forbidden("Only the pod's admins may do this.");
  return a;
}

/** Posting, uploading and creating events: members only (a platform admin reads but does not take part). */
async function memberAccess(db: DbOrTx, userId: number, podId: number, lock = false) {
  const a = await readerAccess(db, userId, podId, lock);
  if (!a.member) throw forbidden('Only members of the pod may do this.');
  return a;
}

const auditPod = (
  tx: DbOrTx,
  actorId: number,
  podId: number,
  action: string,
  after?: unknown,
  before?: unknown,
) => audit(tx, { actorId, organizationId: null, entity: 'pod', entityId: podId, action, after, before });

/* Telling members */

const excerpt = (html: string) => {
  const text = plainText(html).replace(/\s+/g, ' ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
};

/**
 * The pod's own mail: one mail per person and item. The notification centre's preference for the
 * kind comes first, so that it keeps its meaning: 'mail' or 'digest' there, and the notification
 * written by notify() is that person's mail (the pod sends nothing more); 'off', and nothing is
 * mailed. 'in_app' (everyone's default) leaves it to the member's pod preference: at once
 * ('every'), in the pod digest ('digest') or not ('off').
 */
async function podMail(
  tx: DbOrTx,
  podId: number,
  recipients: repo.Recipient[],
  what: { title: string; link: string; mail: (r: repo.Recipient) => { subject: string; text: string } },
) {
  const ours = recipients.filter((r) => r.delivery === 'in_app');
  for (const r of ours) {
    if (r.mail_preference === 'every')
      await enqueue(tx, { kind: MAIL_JOB, payload: { to: r.email, ...what.mail(r) } });
  }
  await repo.addDigestItems(
    tx,
    ours.filter((r) => r.mail_preference === 'digest').map((r) => r.id),
    podId,
    what.title,
    what.link,
  );
}

/**
 * Tells the pod's members (the actor left out) of a post, mention, event or file: the in-app
 * notification through core/outbox (mailed per their notification settings), and the pod's own
 * mail to those whose settings do not mail it (podMail). Mentioned members get the mention instead
 * of the plain kind.
 */
async function tell(
  tx: DbOrTx,
  deps: PodsDeps,
  pod: { id: number; name: string },
  actor: PodCaller,
  what: { kind: TNotificationKind; title: string; body: string; link: string; mentionIds?: number[] },
) {
  const mentioned = new Set((what.mentionIds ?? []).filter((id) => id !== actor.id));
  const recipients = await repo.recipientsOf(tx, pod.id, actor.id, what.kind, [...mentioned]);
  const mentionTitle = `${actor.name} mentioned you in ${pod.name}`;
  await notify(tx, {
    userIds: recipients.filter((r) => mentioned.has(r.id)).map((r) => r.id),
    kind: 'pod_mention',
    title: mentionTitle,
    body: what.body,
    link: what.link,
  });
  await notify(tx, {
    userIds: recipients.filter((r) => !mentioned.has(r.id)).map((r) => r.id),
    kind: what.kind,
    title: what.title,
    body: what.body,
    link: what.link,
  });
  const settings = `You get this mail because of your mail preference in the pod ${pod.name}: ${deps.publicUrl}/pods/${pod.id}/description`;
  await podMail(tx, pod.id, recipients, {
    title: what.title,
    link: what.link,
    mail: (r) => ({
      subject: mentioned.has(r.id) ? mentionTitle : what.title,
      text: [
        ...(what.body ? [what.body, ''] : []),
        `Open it: ${deps.publicUrl}${what.link}`,
        '',
        settings,
      ].join('\n'),
    }),
  });
}

/** Mails a user's waiting pod digest items in one mail (they are deleted with it). */
export async function mailDigest(
  db: Db,
  send: (tx: DbOrTx, mail: { to: string; subject: string; text: string }) => Promise<void>,
  publicUrl: string,
  userId: number,
) {
  await db.transaction(async (tx) => {
    const items = await repo.takeDigest(tx, userId);
    if (!items.length) return;
    const lines = items.map((i) => `- ${i.pod_name}: ${i.title}\n  ${publicUrl}${i.link}`);
    await send(tx, {
      to: items[0]!.email,
      subject:
        items.length === 1 ? 'Your pods today: 1 new item' : `Your pods today: ${items.length} new items`,
      text: [
        'New in your pods since the last digest:',
        '',
        ...lines,
        '',
        `Change the mail preference on each pod's Description tab: ${publicUrl}/pods`,
      ].join('\n'),
    });
  });
}

/** The daily digest: one digest-mail job per user with items waiting, deduped per day. */
export async function enqueueDigests(db: Db, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  for (const userId of await repo.digestRecipients(db)) {
    await enqueue(db, {
      kind: DIGEST_MAIL_JOB,
      payload: { userId },
      key: `${DIGEST_MAIL_JOB}:${userId}:${day}`,
    });
  }
}

/* Pods */

async function detailOf(db: DbOrTx, a: Access): Promise<TPodDetail> {
  const admins = a.reader ? await repo.adminsOf(db, a.pod.id) : [];
  const requested = a.membership?.status === 'requested';
  return {
    id: a.pod.id,
    name: a.pod.name,
    description: a.pod.description,
    rules: a.reader ? a.pod.rules : '',
    visibility: a.pod.visibility,
    memberCount: Number(a.pod.member_count),
    admins,
    createdAt: new Date(a.pod.created_at).toISOString(),
    isMember: a.member,
    myRole: a.member ? (a.membership?.role ?? null) : null,
    myMailPreference: a.member ? (a.membership?.mail_preference ?? null) : null,
    requested,
    canJoin: !a.member && !requested && a.caller.allowed && a.pod.visibility !== 'secret',
    canManage: a.manager,
    canDelete: a.remover,
  };
}

export async function listPods(db: Db, userId: number, query: TPodListQuery): Promise<TPodList> {
  const caller = await podCaller(db, userId);
  if (query.scope === 'all' && !caller.platformAdmin) {
    throw forbidden('Only platform administrators list every pod.');
  }
  // accounts awaiting approval belong to no pod and may join none
  if (!caller.allowed) return { data: [], total: 0 };
  const rows = await repo.listPods(
    db,
    userId,
    query.scope,
    query.q,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      visibility: r.visibility,
      memberCount: Number(r.member_count),
      myRole: r.my_status === 'active' ? r.my_role : null,
      requested: r.my_status === 'requested',
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: rows[0] ? Number(rows[0].total) : 0,
  };
}

/** GET /api/pods/{podId}: members and platform admins; an open pod's preview to approved users; else 404. */
export async function getPod(db: Db, userId: number, podId: number): Promise<TPodDetail> {
  const a = await access(db, userId, podId);
  if (!a.reader && !(a.pod.visibility === 'open' && a.caller.allowed)) throw podNotFound();
  return detailOf(db, a);
}

export async function createPod(deps: PodsDeps, userId: number, input: TPodCreate): Promise<TPodDetail> {
  return deps.db.transaction(async (tx) => {
    const caller = await podCaller(tx, userId);
    requireAllowed(caller);
    const podId = await repo.insertPod(tx, { ...input, createdBy: userId });
    await repo.upsertMember(tx, podId, userId, 'active', 'admin');
    await auditPod(tx, userId, podId, 'create', input);
    return detailOf(tx, await access(tx, userId, podId));
  });
}

export async function updatePod(deps: PodsDeps, userId: number, podId: number, patch: TPodPatch) {
  return deps.db.transaction(async (tx) => {
    const a = await managerAccess(tx, userId, podId);
    await repo.updatePod(tx, podId, patch);
    const before = {
      name: a.pod.name,
      description: a.pod.description,
      rules: a.pod.rules,
      visibility: a.pod.visibility,
    };
    await auditPod(tx, userId, podId, 'update', patch, before);
    return detailOf(tx, await access(tx, userId, podId));
  });
}

/** DELETE: pod admins and platform admins; its events, posts and files go with it (bytes after the commit). */
export async function deletePod(deps: PodsDeps, storage: Storage, userId: number, podId: number) {
  const keys = await deps.db.transaction(async (tx) => {
    const a = await readerAccess(tx, userId, podId, true);
    if (!a.remover) throw forbidden("Only the pod's admins may delete the pod.");
    const files = await repo.podStorageKeys(tx, podId);
    await repo.deletePod(
      tx,
      podId,
      files.map((f) => f.id),
    );
    await auditPod(tx, userId, podId, 'delete', undefined, {
      name: a.pod.name,
      visibility: a.pod.visibility,
    });
    return files.map((f) => f.storage_key);
  });
  for (const key of keys) await storage.delete(key);
}

/* Joining, leaving, preferences */

/** Open pods: the caller becomes a member; invite-only: a join request for the admins. Secret: 404. */
export async function joinPod(deps: PodsDeps, userId: number, podId: number): Promise<TPodDetail> {
  return deps.db.transaction(async (tx) => {
    const a = await access(tx, userId, podId, true);
    if (a.pod.visibility === 'secret' && !a.member) throw podNotFound();
    requireAllowed(a.caller);
    if (a.member) throw conflict('You are already a member of the pod.');
    if (a.membership?.status === 'requested')
      throw conflict('You already asked to join; an admin will answer.');
    if (a.pod.visibility === 'open') {
      await repo.upsertMember(tx, podId, userId, 'active');
      await repo.insertEntry(tx, { podId, kind: 'member_joined', authorId: userId });
      await auditPod(tx, userId, podId, 'join');
    } else {
      await repo.upsertMember(tx, podId, userId, 'requested');
      await auditPod(tx, userId, podId, 'request');
      const admins = await repo.adminsOf(tx, podId);
      await notify(tx, {
        userIds: admins.map((x) => x.id),
        kind: 'pod_join_request',
        title: `${a.caller.name} asks to join ${a.pod.name}`,
        link: `/pods/${podId}/members`,
      });
    }
    return detailOf(tx, await access(tx, userId, podId));
  });
}

export async function withdrawRequest(deps: PodsDeps, userId: number, podId: number) {
  await deps.db.transaction(async (tx) => {
    const a = await access(tx, userId, podId, true);
    if (a.membership?.status !== 'requested')
      throw new AppError(404, 'not_found', POD_MESSAGES.requestNotFound);
    await repo.deleteMember(tx, podId, userId);
    await auditPod(tx, userId, podId, 'withdraw');
  });
}

/** Leaving: the last admin names a member who becomes admin (409 without one). */
export async function leavePod(deps: PodsDeps, userId: number, podId: number, input: TPodLeave) {
  await deps.db.transaction(async (tx) => {
    const a = await readerAccess(tx, userId, podId, true);
    if (!a.member) throw podNotFound();
    if (a.podAdmin && (await repo.adminCount(tx, podId)) === 1) {
      const successor = input.successorUserId;
      if (!successor) throw conflict(POD_MESSAGES.lastAdmin);
      if (successor === userId || !(await repo.activeMemberIds(tx, podId, [successor])).has(successor)) {
        throw fieldIssue('successorUserId', POD_MESSAGES.successorNotMember);
      }
      await repo.setRole(tx, podId, successor, 'admin');
    }
    await repo.deleteMember(tx, podId, userId);
    await auditPod(tx, userId, podId, 'leave', { successorUserId: input.successorUserId ?? null });
  });
}

export async function setMailPreference(
  deps: PodsDeps,
  userId: number,
  podId: number,
  mailPreference: TPodMailPreference,
) {
  return deps.db.transaction(async (tx) => {
    const a = await readerAccess(tx, userId, podId, true);
    if (!a.member) throw forbidden('Only members of the pod have a mail preference.');
    await repo.setMailPreference(tx, podId, userId, mailPreference);
    await auditPod(
      tx,
      userId,
      podId,
      'mail_preference',
      { mailPreference },
      {
        mailPreference: a.membership?.mail_preference,
      },
    );
    return { mailPreference };
  });
}

/* Members */

function toMember(row: repo.MemberRow): TPodMember {
  return {
    userId: row.user_id,
    name: row.name,
    email: row.email,
    organizationName: row.organization_name,
    role: row.role,
    joinedAt: new Date(row.at).toISOString(),
  };
}

export async function listMembers(db: Db, userId: number, podId: number, query: TMemberListQuery) {
  const a = await readerAccess(db, userId, podId);
  const rows = await repo.listMembers(
    db,
    a.caller.knower,
    podId,
    'active',
    query.q,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return { data: rows.map(toMember), total: rows[0] ? Number(rows[0].total) : 0 };
}

async function activeMember(tx: DbOrTx, a: Access, memberId: number) {
  const [row] = await repo.listMembers(tx, a.caller.knower, a.pod.id, 'active', undefined, 1, 0, memberId);
  if (!row) throw new AppError(404, 'not_found', POD_MESSAGES.memberNotFound);
  return row;
}

const lastAdminMessage = 'The pod needs an admin: make another member admin first.';

export async function setMemberRole(
  deps: PodsDeps,
  userId: number,
  podId: number,
  memberId: number,
  role: TPodRole,
) {
  return deps.db.transaction(async (tx) => {
    const a = await managerAccess(tx, userId, podId);
    const member = await activeMember(tx, a, memberId);
    if (member.role === 'admin' && role === 'member' && (await repo.adminCount(tx, podId)) === 1) {
      throw conflict(lastAdminMessage);
    }
    await repo.setRole(tx, podId, memberId, role);
    await auditPod(tx, userId, podId, 'role', { userId: memberId, role }, { role: member.role });
    return toMember(await activeMember(tx, a, memberId));
  });
}

export async function removeMember(deps: PodsDeps, userId: number, podId: number, memberId: number) {
  await deps.db.transaction(async (tx) => {
    const a = await managerAccess(tx, userId, podId);
    const member = await activeMember(tx, a, memberId);
    if (member.role === 'admin' && (await repo.adminCount(tx, podId)) === 1) throw conflict(lastAdminMessage);
    await repo.deleteMember(tx, podId, memberId);
    await auditPod(tx, userId, podId, 'remove', { userId: memberId });
  });
}

export async function listRequests(db: Db, userId: number, podId: number) {
  const a = await managerReaderAccess(db, userId, podId);
  const rows = await repo.listMembers(db, a.caller.knower, podId, 'requested', undefined, 200, 0);
  return {
    data: rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      email: r.email,
      organizationName: r.organization_name,
      requestedAt: new Date(r.at).toISOString(),
    })),
    total: rows[0] ? Number(rows[0].total) : 0,
  };
}

async function requestOf(tx: DbOrTx, podId: number, memberId: number) {
  const membership = await repo.membershipOf(tx, podId, memberId);
  if (membership?.status !== 'requested') throw new AppError(404, 'not_found', POD_MESSAGES.requestNotFound);
}

/**
 * Tells the person who asked to join of the admin's answer: a `pod_join_decision` notification and,
 * by podMail's rule, the pod's mail (a request keeps the default 'every' until it is approved).
 */
async function tellApplicant(
  tx: DbOrTx,
  deps: PodsDeps,
  pod: repo.PodRow,
  applicant: repo.Recipient,
  approved: boolean,
) {
  const title = approved
    ? `Your request to join ${pod.name} was approved`
    : `Your request to join ${pod.name} was declined`;
  // a declined applicant may not open an invite-only pod: their link is My PODs
  const link = approved ? `/pods/${pod.id}` : '/pods';
  await notify(tx, { userIds: [applicant.id], kind: 'pod_join_decision', title, link });
  await podMail(tx, pod.id, [applicant], {
    title,
    link,
    mail: () => ({
      subject: title,
      text: [
        `Open it: ${deps.publicUrl}${link}`,
        '',
        `You get this mail because you asked to join the pod ${pod.name}.`,
      ].join('\n'),
    }),
  });
}

export async function approveRequest(deps: PodsDeps, userId: number, podId: number, memberId: number) {
  return deps.db.transaction(async (tx) => {
    const a = await managerAccess(tx, userId, podId);
    // A second approval (a double click; two at once take turns on the pod's row) finds a member.
    if ((await repo.membershipOf(tx, podId, memberId))?.status === 'active')
      throw conflict('This person is already a member of the pod.');
    await requestOf(tx, podId, memberId);
    await repo.upsertMember(tx, podId, memberId, 'active');
    await repo.insertEntry(tx, { podId, kind: 'member_joined', authorId: memberId });
    await auditPod(tx, userId, podId, 'approve', { userId: memberId });
    const applicant = await repo.applicantOf(tx, podId, memberId, 'pod_join_decision');
    if (applicant) await tellApplicant(tx, deps, a.pod, applicant, true);
    return toMember(await activeMember(tx, a, memberId));
  });
}

export async function declineRequest(deps: PodsDeps, userId: number, podId: number, memberId: number) {
  await deps.db.transaction(async (tx) => {
    const a = await managerAccess(tx, userId, podId);
    await requestOf(tx, podId, memberId);
    const applicant = await repo.applicantOf(tx, podId, memberId, 'pod_join_decision');
    await repo.deleteMember(tx, podId, memberId);
    await auditPod(tx, userId, podId, 'decline', { userId: memberId });
    if (applicant) await tellApplicant(tx, deps, a.pod, applicant, false);
  });
}

/* Invitations */

export async function listInvitations(db: Db, userId: number, podId: number) {
  await managerReaderAccess(db, userId, podId);
  const rows = await repo.pendingInvitations(db, podId, 200, 0);
  return {
    data: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      invitedBy: { id: r.inviter_id, name: r.inviter_name },
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: rows[0] ? Number(rows[0].total) : 0,
  };
}

/**
 * Invites users by id or email: every id must be a user who is not a member yet, or nothing is
 * written (404 naming the unknown id, 409 the member). Each gets a mail with the accept link; an
 * address no account has gets a mail inviting them to join Parity, counted as invited alike, so
 * the answer never tells whether an address has an account.
 */
export async function invite(deps: PodsDeps, userId: number, podId: number, input: TPodInvite) {
  return deps.db.transaction(async (tx) => {
    const a = await managerAccess(tx, userId, podId);
    const ids = [...new Set(input.userIds ?? [])];
    const emails = [...new Set(input.emails ?? [])];
    const byId = await repo.usersByIds(tx, ids);
    const missingId = ids.find((id) => !byId.some((u) => u.id === id));
    if (missingId) throw new AppError(404, 'not_found', `No user has the id ${missingId}.`);
    const byEmail = await repo.usersByEmails(tx, emails);
    const newcomers = emails.filter((e) => !byEmail.some((u) => u.email === e));
    const invitees = [...new Map([...byId, ...byEmail].map((u) => [u.id, u])).values()];
    const members = await repo.activeMemberIds(
      tx,
      podId,
      invitees.map((u) => u.id),
    );
    const member = invitees.find((u) => members.has(u.id));
    if (member) throw conflict(`${member.name} ${POD_MESSAGES.alreadyMember}`);
    // One mail per invitation: the notification's own mail when the invitee's notification centre
    // mails invitations at once; else the invitation mail, always (it holds the only accept link).
    const mailedByNotify = await repo.mailedAtOnce(
      tx,
      invitees.map((u) => u.id),
      'pod_invitation',
    );
    for (const invitee of invitees) {
      const token = newOpaqueToken();
      await repo.upsertInvitation(tx, podId, invitee.id, userId, hashOpaqueToken(token));
      const link = `/pods/invitations/${token}`;
      const title = `${a.caller.name} invites you to the pod ${a.pod.name}`;
      await notify(tx, { userIds: [invitee.id], kind: 'pod_invitation', title, link });
      if (mailedByNotify.has(invitee.id)) continue;
      await enqueue(tx, {
        kind: MAIL_JOB,
        payload: {
          to: invitee.email,
          subject: title,
          text: [
            `${a.caller.name} invites you to join the pod ${a.pod.name} on Parity.`,
            ...(a.pod.description ? ['', a.pod.description] : []),
            '',
            `Accept the invitation: ${deps.publicUrl}${link}`,
          ].join('\n'),
        },
      });
    }
    const mail = signUpInvitationMail({
      inviterName: a.caller.name,
      podName: a.pod.name,
      publicUrl: deps.publicUrl,
    });
    for (const to of newcomers) await enqueue(tx, { kind: MAIL_JOB, payload: { to, ...mail } });
    await auditPod(tx, userId, podId, 'invite', {
      userIds: invitees.map((u) => u.id),
      ...(newcomers.length ? { signUpInvitations: newcomers.length } : {}),
    });
    return { invited: invitees.length + newcomers.length };
  });
}

export async function revokeInvitation(deps: PodsDeps, userId: number, podId: number, invitationId: number) {
  await deps.db.transaction(async (tx) => {
    await managerAccess(tx, userId, podId);
    const invitation = await repo.pendingInvitation(tx, { id: invitationId, podId });
    if (!invitation) throw new AppError(404, 'not_found', POD_MESSAGES.invitationNotFound);
    await repo.answerInvitation(tx, invitationId, 'revoked');
    await auditPod(tx, userId, podId, 'revoke', { userId: invitation.user_id });
  });
}

/** The invitation behind a link: only the invited user sees it (anyone else 404). */
async function invitationFor(tx: DbOrTx, userId: number, token: string) {
  const invitation = await repo.pendingInvitation(tx, { tokenHash: hashOpaqueToken(token) });
  if (!invitation || invitation.user_id !== userId) {
    throw new AppError(404, 'not_found', POD_MESSAGES.invitationNotFound);
  }
  return invitation;
}

export async function viewInvitation(
  deps: PodsDeps,
  userId: number,
  token: string,
): Promise<TPodInvitationView> {
  return deps.db.transaction(async (tx) => {
    const invitation = await invitationFor(tx, userId, token);
    const pod = (await repo.findPod(tx, invitation.pod_id))!;
    return {
      podId: pod.id,
      podName: pod.name,
      podDescription: pod.description,
      invitedBy: { id: invitation.inviter_id, name: invitation.inviter_name },
      createdAt: new Date(invitation.created_at).toISOString(),
    };
  });
}

/**
 * Accepting makes the invited user a member. A second accept of the same link (a double click, a
 * retry, two at once: the locked row makes them take turns) answers the pod as the first did,
 * while the user is still its member; any other answered invitation is 404.
 */
export async function acceptInvitation(deps: PodsDeps, userId: number, token: string): Promise<TPodDetail> {
  return deps.db.transaction(async (tx) => {
    const invitation = await repo.invitationForAccept(tx, hashOpaqueToken(token));
    if (!invitation || invitation.user_id !== userId) {
      throw new AppError(404, 'not_found', POD_MESSAGES.invitationNotFound);
    }
    requireAllowed(await podCaller(tx, userId));
    const podId = invitation.pod_id;
    const isMember = async () => (await repo.activeMemberIds(tx, podId, [userId])).has(userId);
    if (invitation.status === 'accepted' && (await isMember())) {
      return detailOf(tx, await access(tx, userId, podId));
    }
    if (invitation.status !== 'pending')
      throw new AppError(404, 'not_found', POD_MESSAGES.invitationNotFound);
    await repo.answerInvitation(tx, invitation.id, 'accepted');
    if (!(await isMember())) {
      await repo.upsertMember(tx, podId, userId, 'active');
      await repo.insertEntry(tx, { podId, kind: 'member_joined', authorId: userId });
    }
    await auditPod(tx, userId, podId, 'accept', { invitationId: invitation.id });
    return detailOf(tx, await access(tx, userId, podId));
  });
}

/* Feed */

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function toEntry(r: repo.EntryRow, a: Access) {
  const own = r.author_id === a.caller.id;
  return {
    id: r.id,
    kind: r.kind,
    body: r.body,
    author:
      r.author_id !== null && r.author_name !== null
        ? { id: r.author_id, name: r.author_name, organizationName: r.author_organization }
        : null,
    mentions: r.mentions,
    attachments: r.attachments.map((f) => ({ ...f, size: Number(f.size) })),
    event: r.event_id !== null && r.event_title !== null ? { id: r.event_id, title: r.event_title } : null,
    file:
      r.file_id !== null && r.file_name !== null
        ? { id: r.file_id, name: r.file_name, size: Number(r.file_size), contentType: r.file_type ?? '' }
        : null,
    createdAt: new Date(r.created_at).toISOString(),
    editedAt: r.edited_at ? new Date(r.edited_at).toISOString() : null,
    canEdit: own && r.kind === 'post' && a.member,
    canDelete: (own && r.kind === 'post' && a.member) || a.remover,
    parentId: r.parent_id,
  };
}

/** GET feed: one keyset page of the pod's entries, newest first, each with its replies (oldest first). */
export async function feed(db: Db, userId: number, podId: number, query: TFeedQuery): Promise<TPodFeed> {
  const a = await readerAccess(db, userId, podId);
  const rows = await repo.feedPage(db, a.caller.knower, podId, query.before, query.limit);
  const top = rows.filter((r) => r.parent_id === null).sort((x, y) => y.id - x.id);
  const more = top.length > query.limit;
  const shown = more ? top.slice(0, query.limit) : top;
  const replies = groupBy(
    rows.filter((r) => r.parent_id !== null).sort((x, y) => x.id - y.id),
    (r) => r.parent_id!,
  );
  return {
    data: shown.map((r) => ({
      ...toEntry(r, a),
      parentId: null,
      replies: (replies.get(r.id) ?? []).map((reply) => toEntry(reply, a) as TPodReply),
    })),
    total: rows[0] ? Number(rows[0].total) : await repo.feedTotal(db, podId),
    nextBefore: more ? shown[shown.length - 1]!.id : null,
  };
}

async function entryAnswer(tx: DbOrTx, a: Access, postId: number): Promise<TPodEntry | TPodReply> {
  const entry = toEntry((await repo.findEntry(tx, a.caller.knower, a.pod.id, postId))!, a);
  if (entry.parentId !== null) return entry as TPodReply;
  const replies = (await repo.repliesOf(tx, a.caller.knower, postId)).map((r) => toEntry(r, a) as TPodReply);
  return { ...entry, parentId: null, replies };
}

/** The sanitised body; markup without text is refused like an empty post. */
function cleanBody(body: string) {
  const clean = sanitizeDescription(body);
  if (!plainText(clean).trim()) throw fieldIssue('body', POD_MESSAGES.postRequired);
  return clean;
}

async function checkMentions(tx: DbOrTx, podId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const members = await repo.activeMemberIds(tx, podId, unique);
  if (unique.some((id) => !members.has(id)))
    throw fieldIssue('mentionUserIds', POD_MESSAGES.mentionNotMember);
  return unique;
}

export async function createPost(deps: PodsDeps, userId: number, podId: number, input: TPostCreate) {
  return deps.db.transaction(async (tx) => {
    const a = await memberAccess(tx, userId, podId, true);
    const body = cleanBody(input.body);
    if (input.parentId !== undefined) {
      const parent = await repo.findEntry(tx, a.caller.knower, podId, input.parentId);
      if (!parent) throw new AppError(404, 'not_found', POD_MESSAGES.postNotFound);
      if (parent.parent_id !== null) throw fieldIssue('parentId', POD_MESSAGES.replyToReply);
    }
    const mentionIds = await checkMentions(tx, podId, input.mentionUserIds);
    const fileIds = [...new Set(input.attachmentFileIds)];
    const inPod = await repo.podFileIds(tx, podId, fileIds);
    if (fileIds.some((id) => !inPod.has(id)))
      throw fieldIssue('attachmentFileIds', POD_MESSAGES.attachmentNotInPod);
    const postId = await repo.insertEntry(tx, {
      podId,
      kind: 'post',
      authorId: userId,
      body,
      parentId: input.parentId,
    });
    await repo.setMentions(tx, postId, mentionIds);
    await repo.addAttachments(tx, postId, fileIds);
    await auditPod(tx, userId, podId, input.parentId ? 'reply' : 'post', { postId });
    await tell(tx, deps, a.pod, a.caller, {
      kind: 'pod_post',
      title: input.parentId
        ? `${a.caller.name} replied in ${a.pod.name}`
        : `${a.caller.name} posted in ${a.pod.name}`,
      body: excerpt(body),
      link: `/pods/${podId}`,
      mentionIds,
    });
    return entryAnswer(tx, a, postId);
  });
}

async function ownPost(tx: DbOrTx, a: Access, postId: number) {
  const post = await repo.findEntry(tx, a.caller.knower, a.pod.id, postId);
  if (!post) throw new AppError(404, 'not_found', POD_MESSAGES.postNotFound);
  return post;
}

export async function updatePost(
  deps: PodsDeps,
  userId: number,
  podId: number,
  postId: number,
  input: TPostPatch,
) {
  return deps.db.transaction(async (tx) => {
    const a = await readerAccess(tx, userId, podId, true);
    const post = await ownPost(tx, a, postId);
    if (post.kind !== 'post') throw forbidden(POD_MESSAGES.entryNotEditable);
    if (post.author_id !== userId || !a.member) throw forbidden('Only the author may edit a post.');
    const body = cleanBody(input.body);
    const mentionIds = await checkMentions(tx, podId, input.mentionUserIds);
    await repo.updatePostBody(tx, postId, body);
    await repo.setMentions(tx, postId, mentionIds);
    await auditPod(tx, userId, podId, 'post_update', { postId }, { body: post.body });
    return entryAnswer(tx, a, postId);
  });
}

export async function deletePost(deps: PodsDeps, userId: number, podId: number, postId: number) {
  await deps.db.transaction(async (tx) => {
    const a = await readerAccess(tx, userId, podId, true);
    const post = await ownPost(tx, a, postId);
    const own = post.author_id === userId && post.kind === 'post' && a.member;
    if (!own && !a.remover) throw forbidden("Only the author and the pod's admins may delete a post.");
    await repo.deleteEntry(tx, postId);
    await auditPod(tx, userId, podId, 'post_delete', undefined, { postId, body: post.body });
  });
}

/* Files */

function toFile(row: repo.FileRow, podId: number, a: Access): TPodFile {
  return {
    id: row.id,
    name: row.original_name,
    size: Number(row.size),
    contentType: row.content_type,
    uploadedBy: row.owner_name === null ? null : { id: row.owner_user_id, name: row.owner_name },
    createdAt: new Date(row.created_at).toISOString(),
    downloadUrl: `/api/pods/${podId}/files/${row.id}`,
    canDelete: a.remover || (a.member && row.owner_user_id === a.caller.id),
  };
}

export async function listFiles(db: Db, userId: number, podId: number, query: TPodFileListQuery) {
  const a = await readerAccess(db, userId, podId);
  const rows = await repo.listFiles(db, podId, query);
  return { data: rows.map((r) => toFile(r, podId, a)), total: rows[0] ? Number(rows[0].total) : 0 };
}

/**
 * Members upload under the organization documents' rules: a file of another type is 415 (the
 * type read from the bytes), over 10 MB 413; nothing is kept then. A non-member: 404 before reading.
 */
export async function uploadFile(
  deps: PodsDeps,
  storage: Storage,
  userId: number,
  podId: number,
  readFile: () => Promise<UploadedFile>,
): Promise<TPodFile> {
  await memberAccess(deps.db, userId, podId);
  const file = await readFile();
  let upload: ReturnType<typeof checkFile>;
  try {
    upload = checkFile(file, DOCUMENT_EXTENSIONS, DOCUMENT_TYPES_MESSAGE);
  } catch (error) {
    if (!(error instanceof AppError) || !error.message.includes(DOCUMENT_TYPES_MESSAGE)) throw error;
    throw new AppError(415, 'unsupported_media_type', DOCUMENT_TYPES_MESSAGE, [
      { field: file.field, message: DOCUMENT_TYPES_MESSAGE },
    ]);
  }
  const key = `pods/${podId}/${crypto.randomUUID()}.${upload.ext}`;
  await storage.put(key, upload.bytes, upload.contentType);
  try {
    return await deps.db.transaction(async (tx) => {
      const a = await memberAccess(tx, userId, podId, true);
      const fileId = await repo.insertFile(tx, podId, {
        ownerId: userId,
        kind: POD_FILE_KIND,
        name: upload.name,
        contentType: upload.contentType,
        size: upload.bytes.length,
        key,
      });
      await repo.insertEntry(tx, { podId, kind: 'file_added', authorId: userId, fileId });
      await auditPod(tx, userId, podId, 'upload', { fileId, name: upload.name });
      await tell(tx, deps, a.pod, a.caller, {
        kind: 'pod_file',
        title: `${a.caller.name} added ${upload.name} to ${a.pod.name}`,
        body: '',
        link: `/pods/${podId}/files`,
      });
      return toFile((await repo.findFile(tx, podId, fileId))!, podId, a);
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

export async function readFile(db: Db, storage: Storage, userId: number, podId: number, fileId: string) {
  await readerAccess(db, userId, podId);
  const file = await repo.findFile(db, podId, fileId);
  if (!file) throw new AppError(404, 'not_found', POD_MESSAGES.fileNotFound);
  const stream = await storage.get(file.storage_key);
  if (!stream) throw new AppError(404, 'not_found', POD_MESSAGES.fileNotFound);
  return { stream, file };
}

export async function deleteFile(
  deps: PodsDeps,
  storage: Storage,
  userId: number,
  podId: number,
  fileId: string,
) {
  const key = await deps.db.transaction(async (tx) => {
    const a = await readerAccess(tx, userId, podId, true);
    const file = await repo.findFile(tx, podId, fileId);
    if (!file) throw new AppError(404, 'not_found', POD_MESSAGES.fileNotFound);
    if (!toFile(file, podId, a).canDelete) {
      throw forbidden("Only the person who uploaded it and the pod's admins may delete a file.");
    }
    await repo.deleteFile(tx, podId, fileId);
    await auditPod(tx, userId, podId, 'file_delete', undefined, { fileId, name: file.original_name });
    return file.storage_key;
  });
  await storage.delete(key);
}

/* Events: calendar events whose audience is the pod (through the calendar's service) */

export async function listPodEvents(
  db: Db,
  userId: number,
  podId: number,
  query: TPodEventListQuery,
): Promise<TEventList> {
  await readerAccess(db, userId, podId);
  return listEvents(db, userId, { ...query, podId });
}

export async function getPodEvent(
  db: Db,
  userId: number,
  podId: number,
  eventId: number,
): Promise<TEventDetail> {
  await readerAccess(db, userId, podId);
  const event = await getEvent(db, userId, eventId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  if (!event || event.podId !== podId) throw new AppError(404, 'not_found', POD_MESSAGES.eventNotFound);
  return event;
}

/** Members create the pod's events: a feed entry and the members told, in the event's transaction. */
export async function createPodEvent(
  deps: PodsDeps,
  userId: number,
  podId: number,
  input: TEventInput,
): Promise<TEventDetail> {
  return deps.db.transaction(async (tx) => {
    const a = await memberAccess(tx, userId, podId, true);
    const event = await createEvent(
      { db: tx as unknown as Db, publicUrl: deps.publicUrl },
      userId,
      input,
      podId,
    );
    await repo.insertEntry(tx, { podId, kind: 'event_created', authorId: userId, eventId: event.id });
    await auditPod(tx, userId, podId, 'event_create', { eventId: event.id, title: event.title });
    await tell(tx, deps, a.pod, a.caller, {
      kind: 'pod_event',
      title: `${a.caller.name} created the event ${event.title} in ${a.pod.name}`,
      body: new Date(event.start).toUTCString(),
      link: `/pods/${podId}/events/${event.id}`,
    });
    return event;
  });
}
