import {
  LAST_ADMIN_MESSAGE,
  MEMBER_REMOVED_MESSAGE,
  type TMemberPermissions,
  type TPermissionList,
  type TPermissionsUpdate,
} from '@parity/domain/organization-members';
import { PERMISSION_FLAGS } from '@parity/domain/permissions';
import type { TMember, TMemberList, TOrganizationAdminList } from '@parity/domain/signup';
import { loadCaller } from '../../core/access/caller';
import { authorizeOrganization, type OrganizationRef } from '../../core/access/organization-guard';
import { audit } from '../../core/audit';
import { conflict, notFound } from '../../core/http/errors';
import { signalAccountChange } from '../../core/outbox/account-change';
import { notify } from '../../core/outbox/notify';
import type { Db, DbOrTx } from '../../db/client';
import type { MailMessage } from '../../plugins/mailer';
import * as repo from './repo';

/** A profile picture is served by GET /api/users/{id}/image/1; null when the user has none. */
function imageUrl(user: { id: number; image: string | null }): string | null {
  return user.image ? `/api/users/${user.id}/image/1` : null;
}

type MemberRow = Awaited<ReturnType<typeof repo.listMembers>>[number];

function toMember(row: MemberRow): TMember {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    image: imageUrl(row),
    status: row.status,
    manage_settings: row.manage_settings,
    user_manage_surveys: row.user_manage_surveys,
    survey_creation: row.survey_creation,
    average_lpi_score_access: row.average_lpi_score_access,
    created_at: row.created_at.toISOString(),
  };
}

/** GET /api/organizations/{me|id}/members: approved members of that organization and platform admins. */
export async function listMembers(db: Db, userId: number, ref: OrganizationRef): Promise<TMemberList> {
  const { organizationId } = await authorizeOrganization(db, userId, ref, 'member');
  const rows = await repo.listMembers(db, organizationId);
  return { data: rows.map(toMember), total: rows.length };
}

/**
 * GET /api/organizations/me/admins: the approved admins of the caller's organization. Pending and
 * declined members may read it (their status card names whom to contact); no organization: none.
 */
export async function listAdmins(db: Db, userId: number): Promise<TOrganizationAdminList> {
  const caller = await loadCaller(db, userId);
  // A membership of a deleted organization counts as none.
  const organizationId = caller.row.organization?.id;
  if (organizationId === undefined) return { data: [] };
  const rows = await repo.listAdmins(db, organizationId);
  return { data: rows.map((row) => ({ ...row, image: imageUrl(row) })) };
}

export type Decision = 'approve' | 'decline';

/**
 * Approves or declines a pending member, in one transaction (the membership row locked) with the
 * applicant's notification, naming who decided, and the signal to their open pages; then mails
 * the person the decision. 409 when the user is not awaiting approval.
 */
export async function decide(
  db: Db,
  send: (message: MailMessage) => Promise<void>,
  publicUrl: string,
  callerId: number,
  organizationId: number,
  userId: number,
  decision: Decision,
  now = new Date(),
): Promise<TMember> {
  const outcome = await db.transaction(async (tx) => {
    const { caller } = await authorizeOrganization(tx, callerId, organizationId, 'admin');
    const member = await repo.findMemberForUpdate(tx, organizationId, userId);
    if (!member) throw notFound('User');
    if (member.status !== 'pending') {
      throw conflict(`This user is not awaiting approval (status: ${member.status}).`);
    }
    const status = decision === 'approve' ? 'approved' : 'declined';
    await repo.decide(tx, member.membershipId, status, callerId, now);
    const organizationName = (await repo.findOrganizationName(tx, organizationId)) ?? 'your organization';
    if (userId !== callerId) {
      await notify(tx, decisionNotification(userId, fullName(caller.row.user), organizationName, decision));
    }
    await signalAccountChange(tx, [userId]);
    await audit(tx, {
      actorId: callerId,
      organizationId,
      entity: 'membership',
      entityId: userId,
      action: decision,
      before: { status: member.status, user_name: fullName(member) },
      after: { status, user_name: fullName(member) },
      at: now,
    });
    return { member: { ...member, status } satisfies MemberRow, organizationName };
  });
  await send(decisionMail(outcome.member, outcome.organizationName, decision, publicUrl));
  return toMember(outcome.member);
}

/** Names the person who decided (an admin of the organization or a platform administrator). */
function decisionNotification(
  userId: number,
  deciderName: string,
  organizationName: string,
  decision: Decision,
) {
  const decider = deciderName || 'An administrator';
  return {
    userIds: [userId],
    kind: 'approval_decision' as const,
    link: '/',
    ...(decision === 'approve'
      ? {
          title: `${decider} approved your request to join ${organizationName}`,
          body: 'You can now use Parity: start from your dashboard.',
        }
      : {
          title: `${decider} declined your request to join ${organizationName}`,
          body: 'If you think this is a mistake, contact an admin of that organization.',
        }),
  };
}

function decisionMail(
  member: MemberRow,
  organizationName: string,
  decision: Decision,
  publicUrl: string,
): MailMessage {
  const greeting = `Hello ${member.name},`;
  if (decision === 'approve') {
    return {
      to: member.email,
      subject: `Your access to ${organizationName} on Parity was approved`,
      text: [
        greeting,
        '',
        `An admin of ${organizationName} approved your access. You can now use Parity:`,
        `${publicUrl}/`,
      ].join('\n'),
    };
  }
  return {
    to: member.email,
    subject: `Your request to join ${organizationName} on Parity was declined`,
    text: [
      greeting,
      '',
      `An admin of ${organizationName} declined your request for access.`,
      'If you think this is a mistake, please contact an admin of that organization.',
    ].join('\n'),
  };
}

const fullName = (u: { name: string; lastname: string }) => `${u.name} ${u.lastname}`.trim();

const flagsOf = (row: MemberRow): TMemberPermissions['permissions'] => ({
  manage_settings: row.manage_settings,
  user_manage_surveys: row.user_manage_surveys,
  survey_creation: row.survey_creation,
  average_lpi_score_access: row.average_lpi_score_access,
});

function toPermissions(row: MemberRow): TMemberPermissions {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    image: imageUrl(row),
    permissions: flagsOf(row),
  };
}

/** GET /api/organizations/me/permissions: approved members with their four flags (members read). */
export async function listPermissions(db: Db, userId: number): Promise<TPermissionList> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'member');
  const rows = await repo.listMembers(db, organizationId);
  const approved = rows.filter((r) => r.status === 'approved');
  return { data: approved.map(toPermissions), total: approved.length };
}

/** 409 when the change would leave the organization without an approved admin. */
async function assertKeepsAnAdmin(tx: DbOrTx, organizationId: number, member: { id: number }) {
  const admins = await repo.lockApprovedAdmins(tx, organizationId);
  if (admins.length <= 1 && admins.includes(member.id)) throw conflict(LAST_ADMIN_MESSAGE);
}

/**
 * 409 when the user is the last approved admin of an organization with other members: leaving
 * (deactivating the account) would strand them with nobody to approve or manage them.
 */
export async function assertMayLeaveOrganization(tx: DbOrTx, userId: number): Promise<void> {
  const caller = await loadCaller(tx, userId);
  const organizationId = caller.row.organization?.id;
  if (!caller.flags.isOrganizationAdministrator || organizationId === undefined) return;
  if ((await repo.countMembers(tx, organizationId)) <= 1) return;
  await assertKeepsAnAdmin(tx, organizationId, { id: userId });
}

/**
 * PUT /api/organizations/me/members/{userId}/permissions: admins set an approved member's four
 * flags (each optional: unchanged when absent). Rights are read from the database on every
 * request, so the change applies to the member's next request; their open pages are told.
 */
export async function updatePermissions(
  db: Db,
  callerId: number,
  userId: number,
  input: TPermissionsUpdate,
  now = new Date(),
): Promise<TMemberPermissions> {
  return db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, callerId, 'me', 'admin');
    const member = await repo.findMemberForUpdate(tx, organizationId, userId);
    if (member?.status !== 'approved') throw notFound('Member');
    const next = { ...flagsOf(member) };
    for (const flag of PERMISSION_FLAGS) if (input[flag] !== undefined) next[flag] = input[flag];
    if (member.manage_settings && !next.manage_settings) await assertKeepsAnAdmin(tx, organizationId, member);
    const before = flagsOf(member);
    if (PERMISSION_FLAGS.some((f) => before[f] !== next[f])) {
      await repo.setPermissions(tx, member.membershipId, next, now);
      await signalAccountChange(tx, [userId]);
      await audit(tx, {
        actorId: callerId,
        organizationId,
        entity: 'permissions',
        entityId: userId,
        action: 'update',
        before: { ...before, user_name: fullName(member) },
        after: { ...next, user_name: fullName(member) },
        at: now,
      });
    }
    return toPermissions({ ...member, ...next });
  });
}

/**
 * DELETE /api/organizations/me/members/{userId}: admins remove a member (any status); the user is
 * then without organization (their open pages are told). The last admin cannot be removed (409).
 * A removed primary contact is cleared from the organization.
 */
export async function removeMember(
  db: Db,
  callerId: number,
  userId: number,
  now = new Date(),
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, callerId, 'me', 'admin');
    const member = await repo.findMemberForUpdate(tx, organizationId, userId);
    if (!member) throw notFound('Member');
    if (member.status === 'approved' && member.manage_settings) {
      await assertKeepsAnAdmin(tx, organizationId, member);
    }
    await repo.deleteMembership(tx, member.membershipId);
    await signalAccountChange(tx, [userId]);
    const clearedContact = await repo.clearPrimaryContact(tx, organizationId, userId, now);
    await audit(tx, {
      actorId: callerId,
      organizationId,
      entity: 'membership',
      entityId: userId,
      action: 'remove',
      before: { status: member.status, ...flagsOf(member), user_name: fullName(member) },
      after: clearedContact ? { primary_contact_id: null } : null,
      at: now,
    });
    return { message: MEMBER_REMOVED_MESSAGE };
  });
}
