import {
  INVITATION_REVOKED_MESSAGE,
  type TPendingInvitationList,
} from '@parity/domain/organization-invitations';
import {
  SIGNUP_ACCEPTED_MESSAGE,
  type TAcceptInvitationRequest,
  type TAcceptInvitationResponse,
  type TCreateInvitationRequest,
  type TCreateOrganizationRequest,
  type TInvitation,
  type TInvitationDetails,
  type TSignupAccepted,
  type TSignupAccount,
  type TSignupMembership,
  type TSignupRequest,
  type TVerifyEmailRequest,
  type TVerifyEmailResponse,
} from '@parity/domain/signup';
import { authorizeOrganization } from '../../core/access/organization-guard';
import { organizationAdmins } from '../../core/access/recipients';
import { audit } from '../../core/audit';
import { assertAcceptablePassword, hashPassword } from '../../core/auth/passwords';
import { hashOpaqueToken, signSignupToken } from '../../core/auth/tokens';
import { AppError, conflict, notFound } from '../../core/http/errors';
import { notify } from '../../core/outbox/notify';
import type { Db, DbOrTx } from '../../db/client';
import type { MailMessage } from '../../plugins/mailer';
import { signInProvenUser } from '../auth/service';
import * as repo from './repo';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface MailContext {
  send(message: MailMessage): Promise<void>;
  publicUrl: string;
}

export const invalidVerificationLink = () =>
  new AppError(
    400,
    'invalid_token',
    'This verification link is invalid or has expired. Ask for a new one from the sign-up page.',
  );
export const invalidInvitation = () =>
  new AppError(404, 'not_found', 'This invitation is invalid, has expired or was already used.');
export const revokedInvitation = () =>
  new AppError(
    404,
    'invitation_revoked',
    'This invitation was withdrawn by the organization. Ask an admin of the organization for a new one.',
  );

const acceptedInvitation = () =>
  conflict('This invitation was already accepted. Please sign in with the account it made.');

/**
 * The error for a link that is not open: revoked ones say so, the rest get one message; to an
 * accept (`accepting`), an accepted one is a 409, as a second click on Accept would expect.
 */
async function closedInvitation(db: DbOrTx, tokenHash: string, accepting = false) {
  const row = await repo.findInvitationByHash(db, tokenHash);
  if (accepting && row?.accepted_at) return acceptedInvitation();
  return row?.revoked_at && !row.accepted_at ? revokedInvitation() : invalidInvitation();
}

function verificationLink(publicUrl: string, userId: number, token: string) {
  return `${publicUrl}/signup/processing/${userId}/verification/${token}`;
}

/** A new single-use link (24 h) for the user; older unused ones end. Returns the mail to send. */
async function newVerification(
  tx: DbOrTx,
  mail: MailContext,
  user: { id: number; email: string; name: string },
  now: Date,
): Promise<MailMessage> {
  await repo.endVerifications(tx, user.id, now);
  const token = crypto.randomUUID();
  await repo.insertVerification(tx, {
    user_id: user.id,
    token_hash: hashOpaqueToken(token),
    expires_at: new Date(now.getTime() + VERIFICATION_TTL_MS),
  });
  const link = verificationLink(mail.publicUrl, user.id, token);
  return {
    to: user.email,
    subject: 'Verify your email address for Parity',
    text: [
      `Hello ${user.name},`,
      '',
      'Please open this link to verify your email address and finish creating your Parity account:',
      link,
      '',
      'The link is valid for 24 hours and can be used once. If you did not sign up, ignore this message.',
    ].join('\n'),
  };
}

function alreadyRegisteredMail(mail: MailContext, user: { email: string; name: string }): MailMessage {
  return {
    to: user.email,
    subject: 'Someone tried to sign up to Parity with your email address',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone (perhaps you) tried to create a Parity account with this email address, which already has one.',
      `If it was you, sign in at ${mail.publicUrl}/login, or reset your password at ${mail.publicUrl}/login/forgot.`,
      'If it was not you, you can ignore this message: nothing was changed.',
    ].join('\n'),
  };
}

/**
 * POST /api/signup. A new email: an unverified account and a verification link. An email that
 * already has a verified account: its owner is told by mail, nothing changes. An email with an
 * unverified account (nobody proved they own it yet): its details are replaced and a fresh link
 * ends the older ones. The answer is the same in every case, after the same work (one hash).
 */
export async function startSignup(
  db: Db,
  mail: MailContext,
  input: TSignupRequest,
  now = new Date(),
): Promise<TSignupAccepted> {
  // Common passwords and ones built on the address are refused (the same for every address).
  assertAcceptablePassword(input.password, input.email, 'password');
  const passwordHash = await hashPassword(input.password);
  const message = await db.transaction(async (tx) => {
    const existing = await repo.findUserByEmail(tx, input.email);
    if (existing?.email_verified_at) return alreadyRegisteredMail(mail, existing);
    if (existing) {
      await repo.updateUnverifiedUser(tx, existing.id, {
        name: input.name,
        lastname: input.lastname,
        password_hash: passwordHash,
      });
      return newVerification(tx, mail, { ...existing, name: input.name }, now);
    }
    // A soft-deleted account keeps its address: tell nobody, send nothing.
    if (await repo.emailTaken(tx, input.email)) return null;
    const id = await repo.insertUser(tx, {
      email: input.email,
      name: input.name,
      lastname: input.lastname,
      password_hash: passwordHash,
      email_verified_at: null,
    });
    // Taken by a concurrent sign-up: that one mails the link; this answer stays the same.
    if (id === undefined) return null;
    return newVerification(tx, mail, { id, email: input.email, name: input.name }, now);
  });
  if (message) await mail.send(message);
  return { message: SIGNUP_ACCEPTED_MESSAGE };
}

/** POST /api/signup/verification/resend: a fresh link for an unverified account; same answer always. */
export async function resendVerification(
  db: Db,
  mail: MailContext,
  email: string,
  now = new Date(),
): Promise<TSignupAccepted> {
  const message = await db.transaction(async (tx) => {
    const existing = await repo.findUserByEmail(tx, email);
    if (!existing || existing.email_verified_at) return null;
    return newVerification(tx, mail, existing, now);
  });
  if (message) await mail.send(message);
  return { message: SIGNUP_ACCEPTED_MESSAGE };
}

/**
 * POST /api/signup/verification: opens the mailed link. The token must belong to the account in
 * the link, be unexpired and unused; a link opened again after it verified the account answers
 * `already_verified` (so a second click is not an error).
 */
export async function verifyEmail(
  db: Db,
  jwtSecret: string,
  input: TVerifyEmailRequest,
  now = new Date(),
): Promise<TVerifyEmailResponse> {
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.findVerificationForUpdate(tx, hashOpaqueToken(input.token));
    if (!row || row.user_id !== input.account_id || row.deleted_at) throw invalidVerificationLink();
    if (row.used_at) {
      if (row.email_verified_at) {
        return { account_id: row.user_id, email: row.email, already_verified: true, verifiedNow: false };
      }
      throw invalidVerificationLink();
    }
    if (row.expires_at.getTime() <= now.getTime()) throw invalidVerificationLink();
    await repo.markVerificationUsed(tx, row.id, now);
    await repo.endVerifications(tx, row.user_id, now);
    await repo.markEmailVerified(tx, row.user_id, now);
    return {
      account_id: row.user_id,
      email: row.email,
      already_verified: row.email_verified_at !== null,
      verifiedNow: true,
      // Signed in as a sign-in would: no second sign-in after the link (issue 37).
      token: await signInProvenUser(tx, jwtSecret, row.user_id, now),
    };
  });
  const { verifiedNow, ...answer } = outcome;
  // Only the opening that used the link proves the address now; a link opened again (by anyone
  // who saw it) signs nothing.
  return {
    token: null,
    ...answer,
    signup_token: verifiedNow ? await signSignupToken(jwtSecret, answer.account_id) : null,
  };
}

/**
 * GET /api/signup/account: the account a sign-up step acts on (signed in, or by its sign-up
 * token) and where its sign-up stands: no organization yet, pending, approved or declined.
 */
export async function signupAccount(db: Db, userId: number): Promise<TSignupAccount> {
  const user = await repo.findUserName(db, userId);
  if (!user) throw notFound('User');
  const membership = await repo.findMembership(db, userId);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    lastname: user.lastname,
    status: membership?.status ?? 'none',
    organization_name: membership?.organization_name ?? null,
  };
}

/** Refused codes: one message for unknown, expired and revoked, so codes cannot be probed. */
export const invalidCode = () =>
  new AppError(
    400,
    'invalid_code',
    'This organization code is not valid: it may be mistyped, expired or revoked. Ask an admin of the organization for a current code.',
    [{ field: 'body.code', message: 'This organization code is not valid.' }],
  );

const alreadyMember = (status: string) =>
  conflict(
    status === 'approved'
      ? 'You already belong to an organization.'
      : 'You have already asked to join an organization and are awaiting approval.',
  );

function waitingMail(
  mail: MailContext,
  admin: { email: string; name: string },
  user: { name: string; lastname: string; email: string },
  organizationName: string,
): MailMessage {
  const who = `${user.name} ${user.lastname}`.trim();
  return {
    to: admin.email,
    subject: `${who} is waiting for your approval`,
    text: [
      `Hello ${admin.name},`,
      '',
      `${who} (${user.email}) asked to join ${organizationName} on Parity and is waiting for your approval.`,
      `Approve or decline the request from your dashboard: ${mail.publicUrl}/`,
    ].join('\n'),
  };
}

/** The members page, where an organization's admins approve or decline who waits. */
const MEMBERS_PAGE = '/organizations/private/members';

/**
 * POST /api/signup/organization/join: a pending membership in the organization of a valid code;
 * every approved admin of it is notified (in the same transaction) and mailed. A declined member
 * may ask again (here or elsewhere).
 */
export async function joinOrganization(
  db: Db,
  mail: MailContext,
  userId: number,
  code: string,
  now = new Date(),
): Promise<TSignupMembership> {
  const outcome = await db.transaction(async (tx) => {
    const user = await repo.findUserName(tx, userId);
    if (!user) throw notFound('User');
    const current = await repo.findMembershipForUpdate(tx, userId);
    if (current && current.status !== 'declined') throw alreadyMember(current.status);
    const found = await repo.findCode(tx, code);
    const usable =
      found && !found.revoked_at && (!found.expires_at || found.expires_at.getTime() > now.getTime());
    if (!found || !usable) throw invalidCode();
    await repo.upsertMembership(tx, {
      user_id: userId,
      organization_id: found.organization_id,
      status: 'pending',
    });
    await audit(tx, {
      actorId: userId,
      organizationId: found.organization_id,
      entity: 'membership',
      entityId: userId,
      action: 'request',
      before: current ? { status: current.status } : null,
      after: { status: 'pending', user_name: `${user.name} ${user.lastname}`.trim() },
      at: now,
    });
    const admins = await organizationAdmins(tx, found.organization_id);
    const who = `${user.name} ${user.lastname}`.trim();
    await notify(tx, {
      userIds: admins.map((a) => a.id).filter((id) => id !== userId),
      kind: 'member_awaiting_approval',
      title: `${who} asked to join ${found.organization_name}`,
      body: `Approve or decline ${user.email} on the members page.`,
      link: MEMBERS_PAGE,
    });
    return { user, admins, organization: { id: found.organization_id, name: found.organization_name } };
  });
  for (const admin of outcome.admins) {
    await mail.send(waitingMail(mail, admin, outcome.user, outcome.organization.name));
  }
  return { status: 'pending', organization: outcome.organization };
}

/** POST /api/signup/organization/create: a new organization whose creator is its approved admin. */
export async function createOrganization(
  db: Db,
  userId: number,
  input: TCreateOrganizationRequest,
  now = new Date(),
): Promise<TSignupMembership> {
  return db.transaction(async (tx) => {
    const user = await repo.findUserName(tx, userId);
    if (!user) throw notFound('User');
    const current = await repo.findMembershipForUpdate(tx, userId);
    if (current && current.status !== 'declined') throw alreadyMember(current.status);
    const organizationId = await repo.insertOrganization(tx, {
      name: input.name,
      legal_structure_id: input.legal_structure_id,
      website: input.website ? input.website : null,
    });
    await repo.upsertMembership(tx, {
      user_id: userId,
      organization_id: organizationId,
      status: 'approved',
      manage_settings: true,
      user_manage_surveys: true,
      survey_creation: true,
      average_lpi_score_access: true,
      decided_at: now,
      decided_by: userId,
    });
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'organization',
      entityId: organizationId,
      action: 'create',
      after: {
        name: input.name,
        legal_structure_id: input.legal_structure_id,
        website: input.website || null,
      },
      at: now,
    });
    return { status: 'approved', organization: { id: organizationId, name: input.name } };
  });
}

/** GET /api/signup/invitations/{uuid}: what an open invitation is for. */
export async function getInvitation(db: Db, token: string, now = new Date()): Promise<TInvitationDetails> {
  const row = await repo.findOpenInvitation(db, hashOpaqueToken(token), now);
  if (!row) throw await closedInvitation(db, hashOpaqueToken(token));
  return {
    email: row.email,
    organization: { id: row.organization_id, name: row.organization_name, logo: row.organization_logo },
    expires_at: row.expires_at.toISOString(),
  };
}

/**
 * POST /api/signup/invitations/{uuid}/accept: a verified user (the mail proved the address)
 * approved in the inviting organization, without rights; the invitation is used up.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: TAcceptInvitationRequest,
  now = new Date(),
): Promise<TAcceptInvitationResponse> {
  const tokenHash = hashOpaqueToken(token);
  const open = await repo.findOpenInvitation(db, tokenHash, now);
  if (!open) throw await closedInvitation(db, tokenHash, true);
  assertAcceptablePassword(input.password, open.email, 'password');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Checked again under the lock: of two concurrent accepts the second waits, then finds it used.
    const invitation = await repo.findOpenInvitation(tx, tokenHash, now, true);
    if (!invitation) throw await closedInvitation(tx, tokenHash, true);
    const userId = await repo.insertUser(tx, {
      email: invitation.email,
      name: input.name,
      lastname: input.lastname,
      password_hash: passwordHash,
      email_verified_at: now,
    });
    if (userId === undefined) {
      throw conflict('An account with this email address already exists. Please sign in instead.');
    }
    await repo.upsertMembership(tx, {
      user_id: userId,
      organization_id: invitation.organization_id,
      status: 'approved',
      decided_at: now,
    });
    await repo.markInvitationAccepted(tx, invitation.id, userId, now);
    await audit(tx, {
      actorId: userId,
      organizationId: invitation.organization_id,
      entity: 'membership',
      entityId: userId,
      action: 'join',
      after: {
        status: 'approved',
        invitation_id: invitation.id,
        user_name: `${input.name} ${input.lastname}`.trim(),
      },
      at: now,
    });
    return {
      account_id: userId,
      email: invitation.email,
      organization: { id: invitation.organization_id, name: invitation.organization_name },
    };
  });
}

/**
 * POST /api/organizations/me/invitations: an admin invites an address to their organization
 * (7 days); an open invitation of the same address is replaced. 409 when the address already
 * has an account (admins only learn this for addresses they type, rate-limited).
 */
export async function createInvitation(
  db: Db,
  mail: MailContext,
  userId: number,
  input: TCreateInvitationRequest,
  now = new Date(),
): Promise<TInvitation> {
  const token = crypto.randomUUID();
  const outcome = await db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, userId, 'me', 'admin');
    if (await repo.emailTaken(tx, input.email)) {
      throw conflict('A user with this email address already has a Parity account.', [
        { field: 'body.email', message: 'This email address already has an account.' },
      ]);
    }
    await repo.revokeOpenInvitations(tx, organizationId, input.email, now);
    const row = await repo.insertInvitation(tx, {
      organization_id: organizationId,
      email: input.email,
      token_hash: hashOpaqueToken(token),
      invited_by: userId,
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'invitation',
      entityId: row.id,
      action: 'create',
      after: { email: row.email, expires_at: row.expires_at.toISOString() },
      at: now,
    });
    const inviter = await repo.findUserName(tx, userId);
    const organization = await repo.findOrganization(tx, organizationId);
    return { row, inviter, organizationName: organization?.name ?? 'an organization' };
  });
  await mail.send(invitationMail(mail, input.email, outcome.inviter, outcome.organizationName, token));
  const { row } = outcome;
  return {
    id: row.id,
    organization_id: row.organization_id,
    email: row.email,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

function invitationMail(
  mail: MailContext,
  to: string,
  inviter: { name: string; lastname: string } | undefined,
  organizationName: string,
  token: string,
): MailMessage {
  const who = inviter ? `${inviter.name} ${inviter.lastname}`.trim() : 'An admin';
  return {
    to,
    subject: `${who} invited you to join ${organizationName} on Parity`,
    text: [
      'Hello,',
      '',
      `${who} invited you to join ${organizationName} on Parity. Create your account here:`,
      `${mail.publicUrl}/signup/invitation/${token}`,
      '',
      'The invitation is valid for 7 days.',
    ].join('\n'),
  };
}

/**
 * GET /api/organizations/me/invitations: the organization's invitations not yet accepted nor
 * revoked (expired ones included, flagged, so they can be resent), newest first. Approved members read.
 */
export async function listInvitations(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<TPendingInvitationList> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'member');
  const rows = await repo.listPendingInvitations(db, organizationId);
  return {
    data: rows.map((r) => ({
      id: r.id,
      email: r.email,
      expires_at: r.expires_at.toISOString(),
      created_at: r.created_at.toISOString(),
      expired: r.expires_at.getTime() <= now.getTime(),
      invited_by:
        r.inviter_id !== null
          ? { id: r.inviter_id, name: r.inviter_name ?? '', lastname: r.inviter_lastname ?? '' }
          : null,
    })),
    total: rows.length,
  };
}

/**
 * POST /api/organizations/me/invitations/{id}/resend: a new link (the old one stops working), a
 * new 7-day expiry, mailed again. Admins; a used or revoked invitation, or another
 * organization's, answers 404.
 */
export async function resendInvitation(
  db: Db,
  mail: MailContext,
  userId: number,
  invitationId: number,
  now = new Date(),
): Promise<TInvitation> {
  const token = crypto.randomUUID();
  const outcome = await db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, userId, 'me', 'admin');
    const current = await repo.findPendingInvitationForUpdate(tx, organizationId, invitationId);
    if (!current) throw notFound('Invitation');
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const row = await repo.renewInvitation(tx, invitationId, hashOpaqueToken(token), expiresAt);
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'invitation',
      entityId: invitationId,
      action: 'resend',
      before: { email: current.email, expires_at: current.expires_at.toISOString() },
      after: { email: current.email, expires_at: expiresAt.toISOString() },
      at: now,
    });
    const inviter = await repo.findUserName(tx, userId);
    const organization = await repo.findOrganization(tx, organizationId);
    return { row, inviter, organizationName: organization?.name ?? 'an organization' };
  });
  await mail.send(invitationMail(mail, outcome.row.email, outcome.inviter, outcome.organizationName, token));
  const { row } = outcome;
  return {
    id: row.id,
    organization_id: row.organization_id,
    email: row.email,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** DELETE /api/organizations/me/invitations/{id}: revokes it; its link then says it was withdrawn. */
export async function revokeInvitation(
  db: Db,
  userId: number,
  invitationId: number,
  now = new Date(),
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const { organizationId } = await authorizeOrganization(tx, userId, 'me', 'admin');
    const current = await repo.findPendingInvitationForUpdate(tx, organizationId, invitationId);
    if (!current) throw notFound('Invitation');
    await repo.revokeInvitation(tx, invitationId, now);
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'invitation',
      entityId: invitationId,
      action: 'revoke',
      before: { email: current.email, expires_at: current.expires_at.toISOString() },
      after: { revoked_at: now.toISOString() },
      at: now,
    });
    return { message: INVITATION_REVOKED_MESSAGE };
  });
}
