import { type SQL, sql } from 'drizzle-orm';
import { mayKnowOrganizationSql, type OrganizationKnower } from '../../core/access/organization-visibility';
import type { DbOrTx } from '../../db/client';

// The community's reads and writes. Who is listed is decided in SQL, once per kind (LISTED_PERSON,
// LISTED_ORGANIZATION), so lists, counts, follows and the Following tab cannot disagree.

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

const ints = (ids: readonly number[]) => sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`);
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A person is listed while opted in (a community_people row), not deleted, and allowed: an
 * approved member of a live organization, or a platform administrator. Aliases: u (users), o (the
 * approved membership's live organization, left-joined).
 */
const PERSON_FROM = sql`community_people cp
  JOIN users u ON u.id = cp.user_id AND u.deleted_at IS NULL
  LEFT JOIN memberships m ON m.user_id = u.id AND m.status = 'approved'
  LEFT JOIN organizations o ON o.id = m.organization_id AND o.deleted_at IS NULL`;
const LISTED_PERSON = sql`(u.is_sadm OR o.id IS NOT NULL)`;

/** An organization is listed while public and not deleted. Alias: org. */
const LISTED_ORGANIZATION = sql`(org.is_public AND org.deleted_at IS NULL)`;

/** Followers who still have an account. */
const followers = (target: SQL) => sql`(SELECT count(*)::int FROM community_follows f
  JOIN users fu ON fu.id = f.follower_id AND fu.deleted_at IS NULL WHERE ${target})`;

export interface PersonRow {
  id: number;
  name: string;
  lastname: string;
  private_fields: string[];
  title: string | null;
  image: string | null;
  interests: number[];
  organization_id: number | null;
  organization_name: string | null;
  followers: number;
  followed: boolean;
}

export interface OrganizationRow {
  id: number;
  name: string;
  logo: string | null;
  about: string | null;
  website: string | null;
  tags: number[];
  listed_members: number;
  followers: number;
  followed: boolean;
}

interface PageOf {
  limit: number;
  offset: number;
}

async function paged<R>(
  db: DbOrTx,
  from: SQL,
  where: SQL[],
  columns: SQL,
  order: SQL,
  page: PageOf,
): Promise<{ rows: R[]; total: number }> {
  const condition = sql.join(where, sql` AND `);
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`SELECT ${columns} FROM ${from} WHERE ${condition} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    db.execute(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${condition}`),
  ]);
  return { rows: rowsOf<R>(rows), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

export interface PeopleFilter {
  q?: string;
  interests?: number[];
  ids?: number[];
}

/** Who reads the people: for their follows, and whose private organizations they may know. */
export interface Viewer {
  userId: number;
  knower: OrganizationKnower;
}

/** A listed person's private organization is left out for a viewer who may not know it. */
const personColumns = (viewer: Viewer) => {
  const known = mayKnowOrganizationSql(viewer.knower, sql`o.id`);
  return sql`u.id, u.name, u.lastname, u.private_fields, u.title,
  u.image, u.interests, CASE WHEN ${known} THEN o.id END AS organization_id,
  CASE WHEN ${known} THEN o.name END AS organization_name,
  ${followers(sql`f.user_id = u.id`)} AS followers,
  EXISTS (SELECT 1 FROM community_follows f WHERE f.user_id = u.id AND f.follower_id = ${viewer.userId}) AS followed`;
};

/** The listed people, by the name shown (a private last name is neither shown nor searched). */
export function listPeople(db: DbOrTx, viewer: Viewer, filter: PeopleFilter, page: PageOf) {
  const where = [LISTED_PERSON];
  if (filter.q) where.push(sql`u.search_name ILIKE ${like(filter.q)}`);
  if (filter.interests?.length) where.push(sql`u.interests && ${ints(filter.interests)}`);
  if (filter.ids) where.push(sql`u.id = ANY(${ints(filter.ids)})`);
  return paged<PersonRow>(
    db,
    PERSON_FROM,
    where,
    personColumns(viewer),
    sql`lower(u.search_name), u.id`,
    page,
  );
}

export interface OrganizationsFilter {
  q?: string;
  tags?: number[];
  ids?: number[];
}

const ORGANIZATION_FROM = sql`organizations org
  LEFT JOIN community_organization_tags t ON t.organization_id = org.id`;

const organizationColumns = (callerId: number) => sql`org.id, org.name, org.logo, org.about, org.website,
  coalesce(t.tags, '{}'::int[]) AS tags,
  (SELECT count(*)::int FROM ${PERSON_FROM} WHERE o.id = org.id) AS listed_members,
  ${followers(sql`f.organization_id = org.id`)} AS followers,
  EXISTS (SELECT 1 FROM community_follows f WHERE f.organization_id = org.id AND f.follower_id = ${callerId}) AS followed`;

/** The public organizations, by name. */
export async function listOrganizations(
  db: DbOrTx,
  callerId: number,
  filter: OrganizationsFilter,
  page: PageOf,
) {
  const where = [LISTED_ORGANIZATION];
  if (filter.q) where.push(sql`org.name ILIKE ${like(filter.q)}`);
  if (filter.tags?.length) where.push(sql`coalesce(t.tags, '{}'::int[]) && ${ints(filter.tags)}`);
  if (filter.ids) where.push(sql`org.id = ANY(${ints(filter.ids)})`);
  return paged<OrganizationRow>(
    db,
    ORGANIZATION_FROM,
    where,
    organizationColumns(callerId),
    sql`lower(org.name), org.id`,
    page,
  );
}

/** Is the organization listed (for a follow)? */
export async function organizationListed(db: DbOrTx, organizationId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`SELECT 1 FROM ${ORGANIZATION_FROM} WHERE org.id = ${organizationId} AND ${LISTED_ORGANIZATION}`,
    ),
  );
  return rows.length > 0;
}

/** Is the person listed (for a follow)? */
export async function personListed(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`SELECT 1 FROM ${PERSON_FROM} WHERE u.id = ${userId} AND ${LISTED_PERSON}`),
  );
  return rows.length > 0;
}

/* Follows */

export type FollowTarget = { user_id: number } | { organization_id: number };

const targetCondition = (target: FollowTarget) =>
  'user_id' in target ? sql`user_id = ${target.user_id}` : sql`organization_id = ${target.organization_id}`;

/** Follows; answers whether a follow was made (false: it existed). */
export async function follow(db: DbOrTx, followerId: number, target: FollowTarget): Promise<boolean> {
  const [column, id] =
    'user_id' in target ? [sql`user_id`, target.user_id] : [sql`organization_id`, target.organization_id];
  const rows = rowsOf(
    await db.execute(sql`INSERT INTO community_follows (follower_id, ${column}) VALUES (${followerId}, ${id})
      ON CONFLICT DO NOTHING RETURNING id`),
  );
  return rows.length > 0;
}

/** Unfollows; answers whether there was a follow. */
export async function unfollow(db: DbOrTx, followerId: number, target: FollowTarget): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`DELETE FROM community_follows WHERE follower_id = ${followerId} AND ${targetCondition(target)} RETURNING id`,
    ),
  );
  return rows.length > 0;
}

/** The follows whose target is listed: the person or organization of each, newest follow first. */
const VISIBLE_FOLLOWS = sql`community_follows f
  WHERE (f.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM ${PERSON_FROM} WHERE u.id = f.user_id AND ${LISTED_PERSON}))
     OR (f.organization_id IS NOT NULL AND EXISTS (SELECT 1 FROM organizations org WHERE org.id = f.organization_id AND ${LISTED_ORGANIZATION}))`;

export async function listFollowing(db: DbOrTx, followerId: number, page: PageOf) {
  const mine = sql`SELECT f.* FROM ${VISIBLE_FOLLOWS}`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`SELECT v.user_id, v.organization_id, v.created_at FROM (${mine}) v
      WHERE v.follower_id = ${followerId} ORDER BY v.created_at DESC, v.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute(sql`SELECT count(*)::int AS n FROM (${mine}) v WHERE v.follower_id = ${followerId}`),
  ]);
  return {
    rows: rowsOf<{ user_id: number | null; organization_id: number | null; created_at: Date | string }>(rows),
    total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0,
  };
}

/** How many people follow me, and how many listed people and organizations I follow. */
export async function followCounts(db: DbOrTx, userId: number) {
  const [row] = rowsOf<{ followers: number; following: number }>(
    await db.execute(sql`SELECT ${followers(sql`f.user_id = ${userId}`)} AS followers,
      (SELECT count(*)::int FROM (SELECT f.follower_id FROM ${VISIBLE_FOLLOWS}) v WHERE v.follower_id = ${userId}) AS following`),
  );
  return row ?? { followers: 0, following: 0 };
}

/* Listings */

export async function isListed(db: DbOrTx, userId: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM community_people WHERE user_id = ${userId}`)).length > 0;
}

export async function setListed(db: DbOrTx, userId: number, listed: boolean) {
  await db.execute(
    listed
      ? sql`INSERT INTO community_people (user_id) VALUES (${userId}) ON CONFLICT DO NOTHING`
      : sql`DELETE FROM community_people WHERE user_id = ${userId}`,
  );
}

export async function interestsOf(db: DbOrTx, userId: number): Promise<number[]> {
  return (
    rowsOf<{ interests: number[] }>(
      await db.execute(sql`SELECT interests FROM users WHERE id = ${userId}`),
    )[0]?.interests ?? []
  );
}

/** The profile's interests (users.interests), which the community lists people by. */
export async function setInterests(db: DbOrTx, userId: number, interests: number[]) {
  await db.execute(
    sql`UPDATE users SET interests = ${ints(interests)}, updated_at = now() WHERE id = ${userId}`,
  );
}

export async function organizationOf(db: DbOrTx, organizationId: number) {
  return rowsOf<{ id: number; name: string; is_public: boolean; tags: number[] }>(
    await db.execute(sql`SELECT org.id, org.name, org.is_public, coalesce(t.tags, '{}'::int[]) AS tags
      FROM ${ORGANIZATION_FROM} WHERE org.id = ${organizationId} AND org.deleted_at IS NULL`),
  )[0];
}

export async function setTags(db: DbOrTx, organizationId: number, tags: number[]) {
  await db.execute(sql`INSERT INTO community_organization_tags (organization_id, tags, updated_at)
    VALUES (${organizationId}, ${ints(tags)}, now())
    ON CONFLICT (organization_id) DO UPDATE SET tags = EXCLUDED.tags, updated_at = now()`);
}

/** The ids among `ids` that are options of the dictionary `group` (interests, tags). */
export async function existingOptions(db: DbOrTx, group: 'interests' | 'tags', ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM options WHERE "group" = ${group} AND id = ANY(${ints(ids)})`),
  );
  return new Set(rows.map((r) => r.id));
}

/* Announcements */

export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  author_id: number | null;
  author_name: string | null;
  published_at: Date | string;
  expires_at: Date | string | null;
  updated_at: Date | string;
  expired: boolean;
}

const ANNOUNCEMENT_COLUMNS = sql`a.id, a.title, a.body, a.author_id,
  trim(au.name || ' ' || CASE WHEN 'lastname' = ANY (au.private_fields) THEN '' ELSE au.lastname END) AS author_name,
  a.published_at, a.expires_at, a.updated_at, (a.expires_at IS NOT NULL AND a.expires_at <= now()) AS expired`;
const ANNOUNCEMENT_FROM = sql`community_announcements a LEFT JOIN users au ON au.id = a.author_id`;

/** Newest first; without `includeExpired` only those not past their expiry. */
export function listAnnouncements(db: DbOrTx, includeExpired: boolean, page: PageOf) {
  return paged<AnnouncementRow>(
    db,
    ANNOUNCEMENT_FROM,
    [includeExpired ? sql`true` : sql`(a.expires_at IS NULL OR a.expires_at > now())`],
    ANNOUNCEMENT_COLUMNS,
    sql`a.published_at DESC, a.id DESC`,
    page,
  );
}

export async function findAnnouncement(db: DbOrTx, id: number, lock = false) {
  return rowsOf<AnnouncementRow>(
    await db.execute(
      sql`SELECT ${ANNOUNCEMENT_COLUMNS} FROM ${ANNOUNCEMENT_FROM} WHERE a.id = ${id} ${lock ? sql`FOR UPDATE OF a` : sql``}`,
    ),
  )[0];
}

export async function insertAnnouncement(
  db: DbOrTx,
  values: { title: string; body: string; expires_at: string | null; author_id: number },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO community_announcements (title, body, expires_at, author_id)
      VALUES (${values.title}, ${values.body}, ${values.expires_at}::timestamptz, ${values.author_id}) RETURNING id`),
  );
  return row!.id;
}

export async function updateAnnouncement(
  db: DbOrTx,
  id: number,
  values: { title?: string; body?: string; expires_at?: string | null },
) {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (values.title !== undefined) sets.push(sql`title = ${values.title}`);
  if (values.body !== undefined) sets.push(sql`body = ${values.body}`);
  if (values.expires_at !== undefined) sets.push(sql`expires_at = ${values.expires_at}::timestamptz`);
  await db.execute(sql`UPDATE community_announcements SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

export async function deleteAnnouncement(db: DbOrTx, id: number) {
  await db.execute(sql`DELETE FROM community_announcements WHERE id = ${id}`);
}
