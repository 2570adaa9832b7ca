import { lpiValues } from '@parity/domain/analytics';
import {
  EXCHANGE_MESSAGES,
  expiryDate,
  expiryInstant,
  sharedTabKeys,
  type TExchangePageQuery,
  type TExchangeRequest,
  type TExchangeRequestList,
  type TExchangeViewList,
  type TGrant,
  type TGrantCreate,
  type TGrantList,
  type TGrantListQuery,
  type TRequestAccept,
  type TRequestCreate,
  type TRequestListQuery,
  type TSharedProfile,
  type TSharedProfileList,
  tabsText,
} from '@parity/domain/exchange';
import { TAB_KEYS, TAB_TITLES, type TTabKey } from '@parity/domain/lpi/tabs';
import type { TProfileScores } from '@parity/domain/scoring/profile';
import { liveGrant } from '../../core/access/exchange-grant';
import { authorizeOrganization, type MemberContext } from '../../core/access/organization-guard';
import { knowerOf, knownOrganization } from '../../core/access/organization-visibility';
import { organizationAdmins } from '../../core/access/recipients';
import { audit } from '../../core/audit';
import { AppError, conflict, fieldIssue, forbidden } from '../../core/http/errors';
import { notify } from '../../core/outbox/notify';
import type { Db, DbOrTx } from '../../db/client';
import { blocksOfTab, peopleNames } from '../../lib/response-document';
import { referenceNames } from '../dictionaries/service';
import * as repo from './repo';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const notFound = (message: string) => new AppError(404, 'not_found', message);

const REQUESTER_MESSAGE = 'Only an admin or a survey host of your organization may request access.';

/** The caller's own organization as an approved member (`admin`: with manage_settings); none: 404. */
function ownOrganization(db: DbOrTx, userId: number, need: 'member' | 'admin'): Promise<MemberContext> {
  return authorizeOrganization(db, userId, 'me', need);
}

/**
 * Another live organization named by the caller: their own 400; one that does not exist, or a
 * private one the caller may not know (core/access/organization-visibility.ts), the same 404.
 */
async function otherOrganization(
  db: DbOrTx,
  context: MemberContext,
  organizationId: number,
  field: string,
  message: string,
) {
  if (organizationId === context.organizationId) throw fieldIssue(field, message);
  const organization = await knownOrganization(db, knowerOf(context.caller), organizationId);
  if (!organization) throw notFound(EXCHANGE_MESSAGES.organizationNotFound);
  return organization;
}

function grantOf(row: repo.GrantRow): TGrant {
  return {
    id: row.id,
    owner: { id: row.owner_id, name: row.owner_name },
    investor: { id: row.investor_id, name: row.investor_name },
    tabs: row.tabs,
    status: row.status,
    expires_on: expiryDate(row.expires_at),
    expires_at: iso(row.expires_at),
    created_at: iso(row.created_at),
    granted_by: row.granted_by,
    revoked_at: isoOrNull(row.revoked_at),
    revoked_by: row.revoked_by,
    views: row.views,
  };
}

function requestOf(row: repo.RequestRow): TExchangeRequest {
  return {
    id: row.id,
    owner: { id: row.owner_id, name: row.owner_name },
    investor: { id: row.investor_id, name: row.investor_name },
    requested_by: row.requested_by,
    message: row.message,
    tabs: row.tabs,
    status: row.status,
    decided_by: row.decided_by,
    decided_at: isoOrNull(row.decided_at),
    grant_id: row.grant_id,
    created_at: iso(row.created_at),
  };
}

/* Shared by us: grants, the view log */

export async function listGrants(db: Db, userId: number, query: TGrantListQuery): Promise<TGrantList> {
  const { organizationId } = await ownOrganization(db, userId, 'member');
  const { rows, total } = await repo.listGrants(db, organizationId, query.status, query.page, query.limit);
  return { data: rows.map(grantOf), total };
}

/** Writes a grant and tells the investor's admins, in the caller's transaction. */
async function writeGrant(
  tx: DbOrTx,
  input: {
    userId: number;
    owner: repo.OrganizationRow;
    investor: repo.OrganizationRow;
    tabs: TGrantCreate['tabs'];
    expiresOn: string;
    requestId?: number;
  },
) {
  const grantId = await repo.insertGrant(tx, {
    ownerId: input.owner.id,
    investorId: input.investor.id,
    tabs: input.tabs,
    expiresAt: expiryInstant(input.expiresOn),
    grantedBy: input.userId,
  });
  await audit(tx, {
    actorId: input.userId,
    organizationId: input.owner.id,
    entity: 'exchange',
    entityId: grantId,
    action: 'grant',
    after: {
      investor: input.investor.name,
      tabs: input.tabs,
      expires_on: input.expiresOn,
      ...(input.requestId ? { request_id: input.requestId } : {}),
    },
  });
  const admins = await organizationAdmins(tx, input.investor.id);
  await notify(tx, {
    userIds: admins.map((admin) => admin.id),
    kind: 'exchange_grant',
    title: `${input.owner.name} shared its profile with ${input.investor.name}`,
    body: `${tabsText(input.tabs)}, until ${input.expiresOn}.`,
    link: `/exchange/shared/${input.owner.id}`,
  });
  return grantId;
}

export async function createGrant(db: Db, userId: number, input: TGrantCreate): Promise<TGrant> {
  return db.transaction(async (tx) => {
    const own = await ownOrganization(tx, userId, 'admin');
    const { organizationId } = own;
    const investor = await otherOrganization(
      tx,
      own,
      input.investor_organization_id,
      'investor_organization_id',
      EXCHANGE_MESSAGES.ownOrganization,
    );
    const owner = (await repo.findOrganization(tx, organizationId))!;
    const grantId = await writeGrant(tx, {
      userId,
      owner,
      investor,
      tabs: input.tabs,
      expiresOn: input.expires_on,
    });
    return grantOf((await repo.findGrant(tx, grantId))!);
  });
}

export async function revokeGrant(db: Db, userId: number, grantId: number): Promise<TGrant> {
  return db.transaction(async (tx) => {
    const { organizationId } = await ownOrganization(tx, userId, 'member');
    const locked = await repo.lockGrant(tx, grantId);
    if (!locked || locked.owner_organization_id !== organizationId)
      throw notFound(EXCHANGE_MESSAGES.grantNotFound);
    await ownOrganization(tx, userId, 'admin');
    if (locked.revoked_at) throw conflict(EXCHANGE_MESSAGES.alreadyRevoked);
    const before = (await repo.findGrant(tx, grantId))!;
    await repo.revokeGrant(tx, grantId, userId);
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'exchange',
      entityId: grantId,
      action: 'revoke',
      before: {
        investor: before.investor_name,
        status: before.status,
        expires_on: expiryDate(before.expires_at),
      },
    });
    return grantOf((await repo.findGrant(tx, grantId))!);
  });
}

export async function listViews(
  db: Db,
  userId: number,
  query: TExchangePageQuery,
): Promise<TExchangeViewList> {
  const { organizationId } = await ownOrganization(db, userId, 'member');
  const { rows, total } = await repo.listViews(db, organizationId, query.page, query.limit);
  return {
    data: rows.map((row) => ({
      id: row.id,
      grant_id: row.grant_id,
      investor: { id: row.investor_id, name: row.investor_name },
      viewer: row.viewer,
      tab: row.tab,
      viewed_at: iso(row.viewed_at),
    })),
    total,
  };
}

/* Shared with us */

/** A grant's stored tabs, keeping only keys the profile knows. */
function sharedTabs(tabs: string[] | null): TTabKey[] | null {
  return tabs === null
    ? null
    : tabs.filter((tab): tab is TTabKey => (TAB_KEYS as readonly string[]).includes(tab));
}

export async function listShared(
  db: Db,
  userId: number,
  query: TExchangePageQuery,
): Promise<TSharedProfileList> {
  const { organizationId } = await ownOrganization(db, userId, 'member');
  const { rows, total } = await repo.listShared(db, organizationId, query.page, query.limit);
  return {
    data: rows.map((row) => ({
      grant_id: row.grant_id,
      owner: { id: row.owner_id, name: row.owner_name },
      tabs: row.tabs,
      expires_on: expiryDate(row.expires_at),
      shared_at: iso(row.created_at),
      submitted_at: isoOrNull(row.submitted_at),
    })),
    total,
  };
}

/**
 * The owner's latest submitted profile, restricted to the granted tabs, for any approved member
 * of the investor organization while the grant is live (else 404). The read is logged for the
 * owner in its own transaction: no view is shown that was not answered, none answered unlogged.
 */
export async function readShared(db: Db, userId: number, ownerId: number): Promise<TSharedProfile> {
  const { owner, grant, submission } = await db.transaction(async (tx) => {
    // No organization, or a membership awaiting approval: no profile is shared with the caller.
    const { organizationId } = await ownOrganization(tx, userId, 'member').catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 403
        ? notFound(EXCHANGE_MESSAGES.profileNotFound)
        : error;
    });
    const owner = ownerId === organizationId ? undefined : await repo.findOrganization(tx, ownerId);
    const grant = owner ? await liveGrant(tx, ownerId, organizationId) : null;
    if (!owner || !grant) throw notFound(EXCHANGE_MESSAGES.profileNotFound);
    await repo.insertView(tx, {
      grantId: grant.id,
      ownerId,
      investorId: organizationId,
      viewerId: userId,
      tab: null,
    });
    return { owner, grant, submission: await repo.latestProfileSubmission(tx, ownerId) };
  });
  const snapshot = (submission?.snapshot ?? {}) as Partial<Record<TTabKey, unknown>>;
  // Each tab as the hosts' printable response shows it: labels, names for reference ids, totals
  // (reference data, read after the logged read's transaction).
  const [references, people] = await Promise.all([referenceNames(db), peopleNames(db, snapshot)]);
  const names = { ...references, people };
  return {
    owner,
    grant: { id: grant.id, tabs: sharedTabs(grant.tabs), expires_on: expiryDate(grant.expiresAt) },
    submission: submission
      ? {
          submitted_at: iso(submission.submitted_at),
          scores: submission.scores ? lpiValues(submission.scores as unknown as TProfileScores) : null,
          tabs: sharedTabKeys(sharedTabs(grant.tabs)).map((key) => ({
            key,
            title: TAB_TITLES[key],
            blocks: key in snapshot ? blocksOfTab(key, snapshot[key], names) : [],
          })),
        }
      : null,
  };
}

/* Requests */

export async function listRequests(
  db: Db,
  userId: number,
  query: TRequestListQuery,
): Promise<TExchangeRequestList> {
  const { organizationId } = await ownOrganization(db, userId, 'member');
  const column = query.direction === 'incoming' ? 'owner_organization_id' : 'investor_organization_id';
  const { rows, total } = await repo.listRequests(
    db,
    { column, organizationId },
    query.status,
    query.page,
    query.limit,
  );
  return { data: rows.map(requestOf), total };
}

export async function createRequest(
  db: Db,
  userId: number,
  input: TRequestCreate,
): Promise<TExchangeRequest> {
  return db.transaction(async (tx) => {
    const own = await ownOrganization(tx, userId, 'member');
    const { caller, organizationId } = own;
    if (!caller.flags.isOrganizationAdministrator && !caller.flags.isSurveyHost)
      throw forbidden(REQUESTER_MESSAGE);
    const owner = await otherOrganization(
      tx,
      own,
      input.owner_organization_id,
      'owner_organization_id',
      EXCHANGE_MESSAGES.ownRequest,
    );
    await repo.lockPair(tx, owner.id, organizationId);
    if (await repo.hasPendingRequest(tx, owner.id, organizationId))
      throw conflict(EXCHANGE_MESSAGES.duplicateRequest);
    const requestId = await repo.insertRequest(tx, {
      ownerId: owner.id,
      investorId: organizationId,
      requestedBy: userId,
      message: input.message,
      tabs: input.tabs,
    });
    const investor = (await repo.findOrganization(tx, organizationId))!;
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'exchange',
      entityId: requestId,
      action: 'request',
      after: { owner: owner.name, tabs: input.tabs },
    });
    const admins = await organizationAdmins(tx, owner.id);
    await notify(tx, {
      userIds: admins.map((admin) => admin.id),
      kind: 'exchange_request',
      title: `${investor.name} asks for access to your profile`,
      body: input.message || tabsText(input.tabs),
      link: '/exchange?tab=shared-by-us',
    });
    return requestOf((await repo.findRequest(tx, requestId))!);
  });
}

/** The pending request to the caller's organization, locked, for its admins; another's: 404. */
async function pendingIncoming(tx: DbOrTx, userId: number, requestId: number) {
  const { organizationId } = await ownOrganization(tx, userId, 'member');
  const locked = await repo.lockRequest(tx, requestId);
  if (!locked || locked.owner_organization_id !== organizationId)
    throw notFound(EXCHANGE_MESSAGES.requestNotFound);
  await ownOrganization(tx, userId, 'admin');
  if (locked.status !== 'pending') throw conflict(EXCHANGE_MESSAGES.requestDecided);
  return locked;
}

async function tellRequester(tx: DbOrTx, requesterId: number | null, title: string) {
  if (requesterId === null) return;
  await notify(tx, { userIds: [requesterId], kind: 'exchange_request_decision', title, link: '/exchange' });
}

export async function acceptRequest(
  db: Db,
  userId: number,
  requestId: number,
  input: TRequestAccept,
): Promise<TExchangeRequest> {
  return db.transaction(async (tx) => {
    const request = await pendingIncoming(tx, userId, requestId);
    const owner = (await repo.findOrganization(tx, request.owner_organization_id))!;
    const investor = await repo.findOrganization(tx, request.investor_organization_id);
    if (!investor) throw notFound(EXCHANGE_MESSAGES.organizationNotFound);
    const grantId = await writeGrant(tx, {
      userId,
      owner,
      investor,
      tabs: input.tabs,
      expiresOn: input.expires_on,
      requestId,
    });
    await repo.decideRequest(tx, requestId, { status: 'accepted', decidedBy: userId, grantId });
    await tellRequester(tx, request.requested_by, `${owner.name} accepted your request for its profile`);
    return requestOf((await repo.findRequest(tx, requestId))!);
  });
}

export async function declineRequest(db: Db, userId: number, requestId: number): Promise<TExchangeRequest> {
  return db.transaction(async (tx) => {
    const request = await pendingIncoming(tx, userId, requestId);
    await repo.decideRequest(tx, requestId, { status: 'declined', decidedBy: userId, grantId: null });
    const owner = (await repo.findOrganization(tx, request.owner_organization_id))!;
    await audit(tx, {
      actorId: userId,
      organizationId: owner.id,
      entity: 'exchange',
      entityId: requestId,
      action: 'decline',
      before: { status: 'pending' },
      after: { status: 'declined' },
    });
    await tellRequester(tx, request.requested_by, `${owner.name} declined your request for its profile`);
    return requestOf((await repo.findRequest(tx, requestId))!);
  });
}
