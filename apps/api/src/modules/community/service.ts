import { displayName, PRIVATE } from '@parity/domain/account';
import {
  COMMUNITY_MESSAGES,
  type TAnnouncement,
  type TAnnouncementCreate,
  type TAnnouncementList,
  type TAnnouncementListQuery,
  type TAnnouncementPatch,
  type TCommunityListingUpdate,
  type TCommunityMe,
  type TCommunityOrganization,
  type TCommunityOrganizations,
  type TCommunityOrganizationsQuery,
  type TCommunityPageQuery,
  type TCommunityPeople,
  type TCommunityPeopleQuery,
  type TCommunityPerson,
  type TFollowingList,
  type TOrganizationTagsUpdate,
} from '@parity/domain/community';
import { type Caller, loadCaller, requireAllowed } from '../../core/access/caller';
import { knowerOf } from '../../core/access/organization-visibility';
import { requirePlatformAdmin } from '../../core/access/platform-admin-guard';
import { audit } from '../../core/audit';
import { AppError, fieldIssue, forbidden } from '../../core/http/errors';
import { notify } from '../../core/outbox/notify';
import type { Db, DbOrTx } from '../../db/client';
import * as repo from './repo';

/* Who calls: every community route is for allowed accounts (approved members, platform admins). */

/** The caller as the people lists read them: their follows, the private organizations they may know. */
const viewerOf = (caller: Caller): repo.Viewer => ({ userId: caller.row.user.id, knower: knowerOf(caller) });

async function allowedCaller(db: DbOrTx, userId: number): Promise<Caller> {
  const caller = await loadCaller(db, userId);
  requireAllowed(caller);
  return caller;
}

async function platformAdmin(db: DbOrTx, userId: number): Promise<Caller> {
  const caller = await allowedCaller(db, userId);
  requirePlatformAdmin(caller);
  return caller;
}

const notFound = (message: string) => new AppError(404, 'not_found', message);
const iso = (d: Date | string) => new Date(d).toISOString();
const pageOf = (q: TCommunityPageQuery) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

/* Shaping */

const imageUrl = (userId: number, image: string | null) => (image ? `/api/users/${userId}/image/1` : null);

function toPerson(row: repo.PersonRow): TCommunityPerson {
  const lastname = row.private_fields.includes('lastname') ? PRIVATE : row.lastname;
  return {
    id: row.id,
    display_name: displayName(row.name, lastname),
    title: row.title || null,
    image_url: imageUrl(row.id, row.image),
    organization:
      row.organization_id === null ? null : { id: row.organization_id, name: row.organization_name ?? '' },
    interests: row.interests,
    followers: row.followers,
    followed: row.followed,
  };
}

function toOrganization(row: repo.OrganizationRow): TCommunityOrganization {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    about: row.about,
    website: row.website,
    tags: row.tags,
    listed_members: row.listed_members,
    followers: row.followers,
    followed: row.followed,
  };
}

function toAnnouncement(row: repo.AnnouncementRow): TAnnouncement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
    published_at: iso(row.published_at),
    expires_at: row.expires_at === null ? null : iso(row.expires_at),
    expired: row.expired,
    updated_at: iso(row.updated_at),
  };
}

/* The directory */

export async function listPeople(
  db: DbOrTx,
  userId: number,
  q: TCommunityPeopleQuery,
): Promise<TCommunityPeople> {
  const caller = await allowedCaller(db, userId);
  const { rows, total } = await repo.listPeople(
    db,
    viewerOf(caller),
    { q: q.q, interests: q.interests },
    pageOf(q),
  );
  return { data: rows.map(toPerson), total };
}

export async function listOrganizations(
  db: DbOrTx,
  userId: number,
  q: TCommunityOrganizationsQuery,
): Promise<TCommunityOrganizations> {
  await allowedCaller(db, userId);
  const { rows, total } = await repo.listOrganizations(db, userId, { q: q.q, tags: q.tags }, pageOf(q));
  return { data: rows.map(toOrganization), total };
}

export async function listFollowing(
  db: DbOrTx,
  userId: number,
  q: TCommunityPageQuery,
): Promise<TFollowingList> {
  const caller = await allowedCaller(db, userId);
  const { rows, total } = await repo.listFollowing(db, userId, pageOf(q));
  const personIds = rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
  const organizationIds = rows.flatMap((r) => (r.organization_id === null ? [] : [r.organization_id]));
  const all = { limit: rows.length || 1, offset: 0 };
  const [people, organizations] = await Promise.all([
    personIds.length ? repo.listPeople(db, viewerOf(caller), { ids: personIds }, all) : { rows: [] },
    organizationIds.length ? repo.listOrganizations(db, userId, { ids: organizationIds }, all) : { rows: [] },
  ]);
  const personById = new Map(people.rows.map((r) => [r.id, toPerson(r)]));
  const organizationById = new Map(organizations.rows.map((r) => [r.id, toOrganization(r)]));
  const data: TFollowingList['data'] = [];
  for (const row of rows) {
    const person = row.user_id === null ? undefined : personById.get(row.user_id);
    const organization = row.organization_id === null ? undefined : organizationById.get(row.organization_id);
    if (person) data.push({ kind: 'person', followed_at: iso(row.created_at), person });
    else if (organization)
      data.push({ kind: 'organization', followed_at: iso(row.created_at), organization });
  }
  return { data, total };
}

/* Follows: only listed people and organizations may be followed (a hidden one is 404). */

async function personCard(db: DbOrTx, caller: Caller, userId: number) {
  const { rows } = await repo.listPeople(db, viewerOf(caller), { ids: [userId] }, { limit: 1, offset: 0 });
  return rows[0] ? toPerson(rows[0]) : undefined;
}

async function organizationCard(db: DbOrTx, caller: Caller, organizationId: number) {
  const { rows } = await repo.listOrganizations(
    db,
    caller.row.user.id,
    { ids: [organizationId] },
    { limit: 1, offset: 0 },
  );
  return rows[0] ? toOrganization(rows[0]) : undefined;
}

/** A kind one may follow: its follow row's column, whether one is listed, its card. */
export interface Followable<Card> {
  target: (id: number) => repo.FollowTarget;
  listed: (db: DbOrTx, id: number) => Promise<boolean>;
  notFoundMessage: string;
  card: (db: DbOrTx, caller: Caller, id: number) => Promise<Card | undefined>;
  /** Throws for a follow this kind refuses (a person following themself). */
  refuse?: (callerId: number, id: number) => void;
  /** What a new follow does besides its row (a person is told). */
  followed?: (tx: DbOrTx, caller: Caller, callerId: number, id: number) => Promise<void>;
}

const person: Followable<TCommunityPerson> = {
  target: (id) => ({ user_id: id }),
  listed: repo.personListed,
  notFoundMessage: COMMUNITY_MESSAGES.personNotFound,
  card: personCard,
  refuse: (callerId, id) => {
    if (id === callerId) throw new AppError(400, 'follow_self', COMMUNITY_MESSAGES.followSelf);
  },
  async followed(tx, caller, callerId, id) {
    const name = displayName(
      caller.row.user.name,
      caller.row.user.private_fields.includes('lastname') ? PRIVATE : caller.row.user.lastname,
    );
    await notify(tx, {
      userIds: [id],
      kind: 'community_follow',
      title: `${name} follows you in the community`,
      link: `/users/${callerId}`,
    });
  },
};

const organization: Followable<TCommunityOrganization> = {
  target: (id) => ({ organization_id: id }),
  listed: repo.organizationListed,
  notFoundMessage: COMMUNITY_MESSAGES.organizationNotFound,
  card: organizationCard,
};

/** What the follow routes serve: people and organizations. */
export const FOLLOWABLE = { person, organization };

/** Follows a listed person or organization (a person is told the first time); answers its card. */
export async function follow<Card>(
  db: Db,
  userId: number,
  kind: Followable<Card>,
  id: number,
): Promise<Card> {
  const caller = await allowedCaller(db, userId);
  return db.transaction(async (tx) => {
    if (!(await kind.listed(tx, id))) throw notFound(kind.notFoundMessage);
    kind.refuse?.(userId, id);
    if ((await repo.follow(tx, userId, kind.target(id))) && kind.followed) {
      await kind.followed(tx, caller, userId, id);
    }
    return (await kind.card(tx, caller, id))!;
  });
}

/** Ends a follow; one neither followed nor listed is 404. */
export async function unfollow<Card>(
  db: Db,
  userId: number,
  kind: Followable<Card>,
  id: number,
): Promise<void> {
  await allowedCaller(db, userId);
  await db.transaction(async (tx) => {
    const had = await repo.unfollow(tx, userId, kind.target(id));
    if (!had && !(await kind.listed(tx, id))) throw notFound(kind.notFoundMessage);
  });
}

/* My listing, and my organization's tags */

async function me(db: DbOrTx, caller: Caller): Promise<TCommunityMe> {
  const userId = caller.row.user.id;
  const organizationId = caller.row.organization?.id;
  const [listed, counts, organization, interests] = await Promise.all([
    repo.isListed(db, userId),
    repo.followCounts(db, userId),
    organizationId === undefined ? undefined : repo.organizationOf(db, organizationId),
    // Read again: after a write in this transaction the caller's profile is out of date.
    repo.interestsOf(db, userId),
  ]);
  return {
    listed,
    interests,
    followers: counts.followers,
    following: counts.following,
    organization: organization
      ? {
          id: organization.id,
          name: organization.name,
          listed: organization.is_public,
          tags: organization.tags,
          can_edit: caller.flags.isOrganizationAdministrator,
        }
      : null,
  };
}

export async function getMe(db: DbOrTx, userId: number): Promise<TCommunityMe> {
  return me(db, await allowedCaller(db, userId));
}

/** Every id must be one of the dictionary's options: 400 naming the field. */
async function checkOptions(db: DbOrTx, group: 'interests' | 'tags', ids: number[]) {
  const found = await repo.existingOptions(db, group, ids);
  if (ids.some((id) => !found.has(id))) throw fieldIssue(group, COMMUNITY_MESSAGES.unknownInterest);
}

/** Lists or unlists me, and sets my interests (the profile's), in one transaction. */
export async function updateMe(
  db: Db,
  userId: number,
  input: TCommunityListingUpdate,
): Promise<TCommunityMe> {
  const caller = await allowedCaller(db, userId);
  await checkOptions(db, 'interests', input.interests);
  return db.transaction(async (tx) => {
    const before = { listed: await repo.isListed(tx, userId), interests: caller.row.user.interests };
    await repo.setListed(tx, userId, input.listed);
    await repo.setInterests(tx, userId, input.interests);
    await audit(tx, {
      actorId: userId,
      organizationId: null,
      entity: 'community',
      entityId: userId,
      action: input.listed === before.listed ? 'update' : input.listed ? 'list' : 'unlist',
      before,
      after: input,
    });
    return me(tx, caller);
  });
}

/** An organization's tags: its admins; its other members 403; anyone else 404. */
export async function updateOrganizationTags(
  db: Db,
  userId: number,
  organizationId: number,
  input: TOrganizationTagsUpdate,
): Promise<TCommunityMe> {
  const caller = await allowedCaller(db, userId);
  if (caller.row.organization?.id !== organizationId || caller.flags.status !== 'approved')
    throw notFound(COMMUNITY_MESSAGES.organizationNotFound);
  if (!caller.flags.isOrganizationAdministrator) throw forbidden(COMMUNITY_MESSAGES.onlyAdmins);
  await checkOptions(db, 'tags', input.tags);
  return db.transaction(async (tx) => {
    const before = await repo.organizationOf(tx, organizationId);
    if (!before) throw notFound(COMMUNITY_MESSAGES.organizationNotFound);
    await repo.setTags(tx, organizationId, input.tags);
    await audit(tx, {
      actorId: userId,
      organizationId,
      entity: 'community',
      entityId: organizationId,
      action: 'update',
      before: { tags: before.tags },
      after: { tags: input.tags },
    });
    return me(tx, caller);
  });
}

/* Announcements: platform administrators write them; every allowed account reads the current ones. */

export async function listAnnouncements(
  db: DbOrTx,
  userId: number,
  q: TAnnouncementListQuery,
): Promise<TAnnouncementList> {
  const caller = await allowedCaller(db, userId);
  if (q.include_expired) requirePlatformAdmin(caller);
  const { rows, total } = await repo.listAnnouncements(db, Boolean(q.include_expired), pageOf(q));
  return { data: rows.map(toAnnouncement), total };
}

const auditAnnouncement = (
  tx: DbOrTx,
  actorId: number,
  id: number,
  action: string,
  before?: unknown,
  after?: unknown,
) =>
  audit(tx, {
    actorId,
    organizationId: null,
    entity: 'community',
    entityId: `announcement:${id}`,
    action,
    before,
    after,
  });

export async function createAnnouncement(
  db: Db,
  userId: number,
  input: TAnnouncementCreate,
): Promise<TAnnouncement> {
  await platformAdmin(db, userId);
  return db.transaction(async (tx) => {
    const id = await repo.insertAnnouncement(tx, {
      title: input.title,
      body: input.body,
      expires_at: input.expires_at ?? null,
      author_id: userId,
    });
    await auditAnnouncement(tx, userId, id, 'create', undefined, input);
    return toAnnouncement((await repo.findAnnouncement(tx, id))!);
  });
}

export async function updateAnnouncement(
  db: Db,
  userId: number,
  id: number,
  input: TAnnouncementPatch,
): Promise<TAnnouncement> {
  await platformAdmin(db, userId);
  return db.transaction(async (tx) => {
    const before = await repo.findAnnouncement(tx, id, true);
    if (!before) throw notFound(COMMUNITY_MESSAGES.announcementNotFound);
    await repo.updateAnnouncement(tx, id, input);
    const after = (await repo.findAnnouncement(tx, id))!;
    await auditAnnouncement(tx, userId, id, 'update', toAnnouncement(before), input);
    return toAnnouncement(after);
  });
}

export async function deleteAnnouncement(db: Db, userId: number, id: number): Promise<void> {
  await platformAdmin(db, userId);
  await db.transaction(async (tx) => {
    const before = await repo.findAnnouncement(tx, id, true);
    if (!before) throw notFound(COMMUNITY_MESSAGES.announcementNotFound);
    await repo.deleteAnnouncement(tx, id);
    await auditAnnouncement(tx, userId, id, 'delete', toAnnouncement(before));
  });
}
