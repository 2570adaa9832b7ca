import type { TNotificationDelivery, TNotificationKind } from '@parity/domain/notifications';
import type {
  TPodEntryKind,
  TPodFileListQuery,
  TPodMailPreference,
  TPodRole,
  TPodVisibility,
} from '@parity/domain/pods/pods';
import { type SQL, sql } from 'drizzle-orm';
import { mayKnowOrganizationSql, type OrganizationKnower } from '../../core/access/organization-visibility';
import type { DbOrTx } from '../../db/client';

// The pods' reads and writes, in SQL (the feed's keyset page is the hot path: bench/pods-feed.mjs).

export function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

/** Arrays as one SQL value: integers inline (numbers only), text as one parameter split by newline. */
const ints = (ids: number[]) => sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`);
const uuids = (ids: string[]) => sql`string_to_array(${ids.join('\n')}, E'\n')::uuid[]`;
const texts = (values: string[]) => sql`string_to_array(${values.join('\n')}, E'\n')`;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const personName = (alias: string) => sql.raw(`trim(${alias}.name || ' ' || ${alias}.lastname)`);
/**
 * The name of the organization a user is an approved member of (one at most), when the viewer may
 * know it (a private one only to who may, core/access/organization-visibility.ts); else null.
 */
const organizationOf = (userColumn: SQL, viewer: OrganizationKnower) => sql`(SELECT o.name FROM memberships m
  JOIN organizations o ON o.id = m.organization_id AND o.deleted_at IS NULL
  WHERE m.user_id = ${userColumn} AND m.status = 'approved' AND ${mayKnowOrganizationSql(viewer, sql`o.id`)} LIMIT 1)`;

export interface PodRow {
  id: number;
  name: string;
  description: string;
  rules: string;
  visibility: TPodVisibility;
  created_at: Date;
  member_count: number;
}

export interface MembershipRow {
  status: 'active' | 'requested';
  role: TPodRole;
  mail_preference: TPodMailPreference;
}

const podColumns = sql`p.id, p.name, p.description, p.rules, p.visibility, p.created_at,
  (SELECT count(*)::int FROM pod_members c WHERE c.pod_id = p.id AND c.status = 'active') AS member_count`;

export async function findPod(db: DbOrTx, podId: number, lock = false): Promise<PodRow | undefined> {
  return rowsOf<PodRow>(
    await db.execute(
      sql`SELECT ${podColumns} FROM pods p WHERE p.id = ${podId} ${lock ? sql`FOR UPDATE OF p` : sql``}`,
    ),
  )[0];
}

export async function membershipOf(
  db: DbOrTx,
  podId: number,
  userId: number,
): Promise<MembershipRow | undefined> {
  return rowsOf<MembershipRow>(
    await db.execute(sql`SELECT status, role, mail_preference FROM pod_members
      WHERE pod_id = ${podId} AND user_id = ${userId}`),
  )[0];
}

export async function adminsOf(db: DbOrTx, podId: number) {
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`SELECT u.id, ${personName('u')} AS name FROM pod_members m JOIN users u ON u.id = m.user_id
      WHERE m.pod_id = ${podId} AND m.status = 'active' AND m.role = 'admin' AND u.deleted_at IS NULL ORDER BY name, u.id`),
  );
}

export interface PodListRow extends PodRow {
  my_role: TPodRole | null;
  my_status: 'active' | 'requested' | null;
  total: number;
}

export async function listPods(
  db: DbOrTx,
  userId: number,
  scope: 'mine' | 'discover' | 'all',
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<PodListRow[]> {
  const where =
    scope === 'mine'
      ? sql`me.status = 'active'`
      : scope === 'discover'
        ? sql`p.visibility IN ('open', 'invite-only') AND (me.status IS NULL OR me.status = 'requested')`
        : sql`TRUE`;
  const search = q ? sql`AND (p.name ILIKE ${like(q)} OR p.description ILIKE ${like(q)})` : sql``;
  return rowsOf<PodListRow>(
    await db.execute(sql`
      SELECT ${podColumns}, me.role AS my_role, me.status AS my_status, count(*) OVER ()::int AS total
      FROM pods p LEFT JOIN pod_members me ON me.pod_id = p.id AND me.user_id = ${userId}
      WHERE ${where} ${search}
      ORDER BY lower(p.name), p.id LIMIT ${limit} OFFSET ${offset}`),
  );
}

export async function insertPod(
  tx: DbOrTx,
  input: { name: string; description: string; visibility: TPodVisibility; createdBy: number },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`INSERT INTO pods (name, description, visibility, created_by)
      VALUES (${input.name}, ${input.description}, ${input.visibility}, ${input.createdBy}) RETURNING id`),
  );
  return row!.id;
}

export async function updatePod(
  tx: DbOrTx,
  podId: number,
  patch: { name?: string; description?: string; rules?: string; visibility?: TPodVisibility },
) {
  await tx.execute(sql`UPDATE pods SET
    name = coalesce(${patch.name ?? null}, name),
    description = coalesce(${patch.description ?? null}, description),
    rules = coalesce(${patch.rules ?? null}, rules),
    visibility = coalesce(${patch.visibility ?? null}, visibility),
    updated_at = now()
    WHERE id = ${podId}`);
}

/** The storage keys of the pod's documents and of its events' documents (deleted with the pod). */
export async function podStorageKeys(
  tx: DbOrTx,
  podId: number,
): Promise<{ id: string; storage_key: string }[]> {
  return rowsOf(
    await tx.execute(sql`
      SELECT f.id, f.storage_key FROM pod_files pf JOIN files f ON f.id = pf.file_id WHERE pf.pod_id = ${podId}
      UNION ALL
      SELECT f.id, f.storage_key FROM events e JOIN event_files ef ON ef.event_id = e.id JOIN files f ON f.id = ef.file_id
      WHERE e.pod_id = ${podId}`),
  );
}

export async function deletePod(tx: DbOrTx, podId: number, fileIds: string[]) {
  await tx.execute(sql`DELETE FROM pods WHERE id = ${podId}`);
  if (fileIds.length) await tx.execute(sql`DELETE FROM files WHERE id = ANY(${uuids(fileIds)})`);
}

/* Members */

export async function upsertMember(
  tx: DbOrTx,
  podId: number,
  userId: number,
  status: 'active' | 'requested',
  role: TPodRole = 'member',
) {
  await tx.execute(sql`
    INSERT INTO pod_members (pod_id, user_id, status, role, joined_at)
    VALUES (${podId}, ${userId}, ${status}, ${role}, ${status === 'active' ? sql`now()` : sql`NULL`})
    ON CONFLICT (pod_id, user_id) DO UPDATE SET status = excluded.status, role = excluded.role,
      joined_at = excluded.joined_at`);
}

export async function deleteMember(tx: DbOrTx, podId: number, userId: number) {
  await tx.execute(sql`DELETE FROM pod_members WHERE pod_id = ${podId} AND user_id = ${userId}`);
}

export async function setRole(tx: DbOrTx, podId: number, userId: number, role: TPodRole) {
  await tx.execute(
    sql`UPDATE pod_members SET role = ${role} WHERE pod_id = ${podId} AND user_id = ${userId}`,
  );
}

export async function setMailPreference(tx: DbOrTx, podId: number, userId: number, pref: TPodMailPreference) {
  await tx.execute(
    sql`UPDATE pod_members SET mail_preference = ${pref} WHERE pod_id = ${podId} AND user_id = ${userId}`,
  );
}

export async function adminCount(tx: DbOrTx, podId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM pod_members
      WHERE pod_id = ${podId} AND status = 'active' AND role = 'admin'`),
  );
  return Number(row!.n);
}

export interface MemberRow {
  user_id: number;
  name: string;
  email: string;
  organization_name: string | null;
  role: TPodRole;
  at: Date;
  total: number;
}

/** Active members ('active') or join requests ('requested'), by name. */
export async function listMembers(
  db: DbOrTx,
  viewer: OrganizationKnower,
  podId: number,
  status: 'active' | 'requested',
  q: string | undefined,
  limit: number,
  offset: number,
  userId?: number,
): Promise<MemberRow[]> {
  const search = q ? sql`AND (${personName('u')} ILIKE ${like(q)} OR u.email ILIKE ${like(q)})` : sql``;
  const one = userId === undefined ? sql`` : sql`AND m.user_id = ${userId}`;
  return rowsOf<MemberRow>(
    await db.execute(sql`
      SELECT m.user_id, ${personName('u')} AS name, u.email, ${organizationOf(sql`u.id`, viewer)} AS organization_name,
        m.role, coalesce(m.joined_at, m.created_at) AS at, count(*) OVER ()::int AS total
      FROM pod_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
      WHERE m.pod_id = ${podId} AND m.status = ${status} ${search} ${one}
      ORDER BY ${status === 'active' ? sql`m.role = 'admin' DESC, lower(${personName('u')})` : sql`m.created_at`}, m.user_id
      LIMIT ${limit} OFFSET ${offset}`),
  );
}

/** Active members to tell of something, with their mail preference and address. */
/** Someone the pod tells: their pod mail preference and their notification centre's delivery of the kind. */
export interface Recipient {
  id: number;
  email: string;
  mail_preference: TPodMailPreference;
  delivery: TNotificationDelivery;
}

/** The notification centre's delivery of `kind` for the user in `userColumn` (in-app unless they chose). */
const deliveryOf = (userColumn: SQL, kind: TNotificationKind) =>
  sql`coalesce((SELECT p.delivery FROM notification_preferences p WHERE p.user_id = ${userColumn} AND p.kind = ${kind}), 'in_app')`;

/** The pod's active members but one; `mentionIds` are told of a mention, the others of `kind`. */
export async function recipientsOf(
  db: DbOrTx,
  podId: number,
  exceptUserId: number,
  kind: TNotificationKind,
  mentionIds: number[],
) {
  return rowsOf<Recipient>(
    await db.execute(sql`
      SELECT u.id, u.email, m.mail_preference,
        CASE WHEN u.id = ANY(${ints(mentionIds)}) THEN ${deliveryOf(sql`u.id`, 'pod_mention')}
          ELSE ${deliveryOf(sql`u.id`, kind)} END AS delivery
      FROM pod_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
      WHERE m.pod_id = ${podId} AND m.status = 'active' AND m.user_id <> ${exceptUserId}`),
  );
}

/** Those among the users whose notification centre mails `kind` at once. */
export async function mailedAtOnce(db: DbOrTx, userIds: number[], kind: TNotificationKind) {
  if (!userIds.length) return new Set<number>();
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`SELECT user_id FROM notification_preferences
      WHERE user_id = ANY(${ints(userIds)}) AND kind = ${kind} AND delivery = 'mail'`),
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Whoever asked to join the pod, with the delivery of `kind` (read before a decline deletes the request). */
export async function applicantOf(db: DbOrTx, podId: number, userId: number, kind: TNotificationKind) {
  return rowsOf<Recipient>(
    await db.execute(sql`
      SELECT u.id, u.email, m.mail_preference, ${deliveryOf(sql`u.id`, kind)} AS delivery
      FROM pod_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
      WHERE m.pod_id = ${podId} AND m.user_id = ${userId}`),
  )[0];
}

/** The live users among these ids, and the live users with these emails (lower case). */
export async function usersByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return rowsOf<{ id: number; email: string; name: string }>(
    await db.execute(sql`SELECT id, lower(email) AS email, ${personName('users')} AS name FROM users
      WHERE id = ANY(${ints(ids)}) AND deleted_at IS NULL`),
  );
}

export async function usersByEmails(db: DbOrTx, emails: string[]) {
  if (!emails.length) return [];
  return rowsOf<{ id: number; email: string; name: string }>(
    await db.execute(sql`SELECT id, lower(email) AS email, ${personName('users')} AS name FROM users
      WHERE lower(email) = ANY(${texts(emails)}) AND deleted_at IS NULL`),
  );
}

export async function activeMemberIds(db: DbOrTx, podId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`SELECT user_id FROM pod_members
      WHERE pod_id = ${podId} AND status = 'active' AND user_id = ANY(${ints(ids)})`),
  );
  return new Set(rows.map((r) => r.user_id));
}

/* Invitations */

export async function upsertInvitation(
  tx: DbOrTx,
  podId: number,
  userId: number,
  invitedBy: number,
  tokenHash: string,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO pod_invitations (pod_id, user_id, invited_by, token_hash) VALUES (${podId}, ${userId}, ${invitedBy}, ${tokenHash})
    ON CONFLICT (pod_id, user_id) WHERE status = 'pending'
    DO UPDATE SET token_hash = excluded.token_hash, invited_by = excluded.invited_by, created_at = now()`);
}

export interface InvitationRow {
  id: number;
  pod_id: number;
  user_id: number;
  email: string;
  name: string;
  inviter_id: number;
  inviter_name: string;
  created_at: Date;
  total: number;
}

const invitationSelect = (
  total: SQL,
) => sql`SELECT i.id, i.pod_id, i.user_id, u.email, ${personName('u')} AS name,
    i.invited_by AS inviter_id, ${personName('b')} AS inviter_name, i.created_at, ${total} AS total
  FROM pod_invitations i JOIN users u ON u.id = i.user_id JOIN users b ON b.id = i.invited_by`;

export async function pendingInvitations(db: DbOrTx, podId: number, limit: number, offset: number) {
  return rowsOf<InvitationRow>(
    await db.execute(sql`${invitationSelect(sql`count(*) OVER ()::int`)}
      WHERE i.pod_id = ${podId} AND i.status = 'pending' ORDER BY i.created_at DESC, i.id LIMIT ${limit} OFFSET ${offset}`),
  );
}

export async function pendingInvitation(
  db: DbOrTx,
  where: { id: number; podId: number } | { tokenHash: string },
) {
  const condition =
    'tokenHash' in where
      ? sql`i.token_hash = ${where.tokenHash}`
      : sql`i.id = ${where.id} AND i.pod_id = ${where.podId}`;
  return rowsOf<InvitationRow>(
    // no window function: a locking read may not have one
    await db.execute(
      sql`${invitationSelect(sql`1`)} WHERE ${condition} AND i.status = 'pending' FOR UPDATE OF i`,
    ),
  )[0];
}

/** The invitation of an accept link, pending or answered, locked: two accepts of it take turns. */
export async function invitationForAccept(db: DbOrTx, tokenHash: string) {
  return rowsOf<{ id: number; pod_id: number; user_id: number; status: string }>(
    await db.execute(
      sql`SELECT id, pod_id, user_id, status FROM pod_invitations WHERE token_hash = ${tokenHash} FOR UPDATE`,
    ),
  )[0];
}

export async function answerInvitation(tx: DbOrTx, id: number, status: 'accepted' | 'revoked') {
  await tx.execute(sql`UPDATE pod_invitations SET status = ${status}, answered_at = now() WHERE id = ${id}`);
}

/* Feed */

export interface EntryRow {
  id: number;
  parent_id: number | null;
  kind: TPodEntryKind;
  body: string;
  author_id: number | null;
  author_name: string | null;
  author_organization: string | null;
  event_id: number | null;
  event_title: string | null;
  file_id: string | null;
  file_name: string | null;
  file_size: number | null;
  file_type: string | null;
  created_at: Date;
  edited_at: Date | null;
  mentions: { id: number; name: string }[];
  attachments: { id: string; name: string; size: number; contentType: string }[];
}

/** An entry with its author, event, file, mentions and attachments (as JSON): one statement per read. */
const entryColumns = (viewer: OrganizationKnower) => sql`p.id, p.parent_id, p.kind, p.body, p.author_id,
  ${personName('u')} AS author_name, ${organizationOf(sql`p.author_id`, viewer)} AS author_organization,
  p.event_id, ev.title AS event_title, p.file_id, f.original_name AS file_name, f.size AS file_size,
  f.content_type AS file_type, p.created_at, p.edited_at,
  (SELECT coalesce(json_agg(json_build_object('id', mu.id, 'name', ${personName('mu')}) ORDER BY mu.name, mu.id), '[]')
    FROM pod_post_mentions pm JOIN users mu ON mu.id = pm.user_id WHERE pm.post_id = p.id) AS mentions,
  (SELECT coalesce(json_agg(json_build_object('id', af.id, 'name', af.original_name, 'size', af.size,
      'contentType', af.content_type) ORDER BY af.created_at, af.id), '[]')
    FROM pod_post_attachments pa JOIN files af ON af.id = pa.file_id WHERE pa.post_id = p.id) AS attachments`;
const entryJoins = sql`LEFT JOIN users u ON u.id = p.author_id AND u.deleted_at IS NULL
  LEFT JOIN events ev ON ev.id = p.event_id AND ev.pod_id = p.pod_id
  LEFT JOIN files f ON f.id = p.file_id`;

/**
 * One keyset page of top-level entries, newest first (limit + 1 of them tell whether more follow),
 * with their replies and the feed's total, in one statement.
 */
export async function feedPage(
  db: DbOrTx,
  viewer: OrganizationKnower,
  podId: number,
  before: number | undefined,
  limit: number,
) {
  return rowsOf<EntryRow & { total: number }>(
    await db.execute(sql`
      WITH page AS (
        SELECT id FROM pod_posts WHERE pod_id = ${podId} AND parent_id IS NULL ${before ? sql`AND id < ${before}` : sql``}
        ORDER BY id DESC LIMIT ${limit + 1}
      ), ids AS (
        SELECT id FROM page UNION ALL SELECT r.id FROM pod_posts r WHERE r.parent_id IN (SELECT id FROM page)
      )
      SELECT ${entryColumns(viewer)},
        (SELECT count(*)::int FROM pod_posts c WHERE c.pod_id = ${podId} AND c.parent_id IS NULL) AS total
      FROM pod_posts p ${entryJoins}
      WHERE p.id IN (SELECT id FROM ids)`),
  );
}

/** The feed's total, for a page past its end (which has no row to carry it). */
export async function feedTotal(db: DbOrTx, podId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM pod_posts WHERE pod_id = ${podId} AND parent_id IS NULL`,
    ),
  );
  return Number(row!.n);
}

export async function repliesOf(db: DbOrTx, viewer: OrganizationKnower, parentId: number) {
  return rowsOf<EntryRow>(
    await db.execute(sql`SELECT ${entryColumns(viewer)} FROM pod_posts p ${entryJoins}
      WHERE p.parent_id = ${parentId} ORDER BY p.id`),
  );
}

export async function findEntry(db: DbOrTx, viewer: OrganizationKnower, podId: number, postId: number) {
  return rowsOf<EntryRow>(
    await db.execute(sql`SELECT ${entryColumns(viewer)} FROM pod_posts p ${entryJoins}
      WHERE p.id = ${postId} AND p.pod_id = ${podId}`),
  )[0];
}

export async function insertEntry(
  tx: DbOrTx,
  entry: {
    podId: number;
    kind: TPodEntryKind;
    authorId: number;
    body?: string;
    parentId?: number | null;
    eventId?: number | null;
    fileId?: string | null;
  },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`INSERT INTO pod_posts (pod_id, parent_id, kind, author_id, body, event_id, file_id)
      VALUES (${entry.podId}, ${entry.parentId ?? null}, ${entry.kind}, ${entry.authorId}, ${entry.body ?? ''},
        ${entry.eventId ?? null}, ${entry.fileId ?? null}) RETURNING id`),
  );
  return row!.id;
}

export async function updatePostBody(tx: DbOrTx, postId: number, body: string) {
  await tx.execute(sql`UPDATE pod_posts SET body = ${body}, edited_at = now() WHERE id = ${postId}`);
}

export async function setMentions(tx: DbOrTx, postId: number, userIds: number[]) {
  await tx.execute(sql`DELETE FROM pod_post_mentions WHERE post_id = ${postId}`);
  if (userIds.length) {
    await tx.execute(sql`INSERT INTO pod_post_mentions (post_id, user_id)
      SELECT ${postId}, unnest(${ints(userIds)})`);
  }
}

export async function addAttachments(tx: DbOrTx, postId: number, fileIds: string[]) {
  if (fileIds.length) {
    await tx.execute(sql`INSERT INTO pod_post_attachments (post_id, file_id)
      SELECT ${postId}, unnest(${uuids(fileIds)})`);
  }
}

/** Deletes an entry; its replies, mentions and attachment links go with it (cascade). */
export async function deleteEntry(tx: DbOrTx, postId: number) {
  await tx.execute(sql`DELETE FROM pod_posts WHERE id = ${postId}`);
}

/* Files */

export interface FileRow {
  id: string;
  original_name: string;
  content_type: string;
  size: number;
  created_at: Date;
  owner_user_id: number;
  owner_name: string | null;
  storage_key: string;
  total: number;
}

const fileColumns = sql`f.id, f.original_name, f.content_type, f.size, f.created_at, f.owner_user_id, f.storage_key,
  (SELECT ${personName('o')} FROM users o WHERE o.id = f.owner_user_id AND o.deleted_at IS NULL) AS owner_name`;

const FILE_SORT: Record<TPodFileListQuery['sort'], SQL> = {
  name: sql`lower(f.original_name)`,
  size: sql`f.size`,
  createdAt: sql`f.created_at`,
};

export async function listFiles(db: DbOrTx, podId: number, query: TPodFileListQuery) {
  const search = query.q ? sql`AND f.original_name ILIKE ${like(query.q)}` : sql``;
  const dir = query.dir === 'asc' ? sql`ASC` : sql`DESC`;
  return rowsOf<FileRow>(
    await db.execute(sql`SELECT ${fileColumns}, count(*) OVER ()::int AS total
      FROM pod_files pf JOIN files f ON f.id = pf.file_id
      WHERE pf.pod_id = ${podId} ${search}
      ORDER BY ${FILE_SORT[query.sort]} ${dir}, f.id
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
  );
}

export async function findFile(db: DbOrTx, podId: number, fileId: string) {
  return rowsOf<FileRow>(
    await db.execute(sql`SELECT ${fileColumns}, 1 AS total FROM pod_files pf JOIN files f ON f.id = pf.file_id
      WHERE pf.pod_id = ${podId} AND f.id = ${fileId}`),
  )[0];
}

export async function podFileIds(db: DbOrTx, podId: number, fileIds: string[]): Promise<Set<string>> {
  if (!fileIds.length) return new Set();
  const rows = rowsOf<{ file_id: string }>(
    await db.execute(
      sql`SELECT file_id FROM pod_files WHERE pod_id = ${podId} AND file_id = ANY(${uuids(fileIds)})`,
    ),
  );
  return new Set(rows.map((r) => r.file_id));
}

export async function insertFile(
  tx: DbOrTx,
  podId: number,
  file: { ownerId: number; kind: string; name: string; contentType: string; size: number; key: string },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO files (owner_user_id, organization_id, kind, original_name, content_type, size, storage_key)
      VALUES (${file.ownerId}, NULL, ${file.kind}, ${file.name}, ${file.contentType}, ${file.size}, ${file.key})
      RETURNING id`),
  );
  await tx.execute(sql`INSERT INTO pod_files (pod_id, file_id) VALUES (${podId}, ${row!.id})`);
  return row!.id;
}

/** Deletes a file with its "file added" entry (its attachment links go with it). */
export async function deleteFile(tx: DbOrTx, podId: number, fileId: string) {
  await tx.execute(
    sql`DELETE FROM pod_posts WHERE pod_id = ${podId} AND kind = 'file_added' AND file_id = ${fileId}`,
  );
  await tx.execute(sql`DELETE FROM files WHERE id = ${fileId}`);
}

/* Digest */

export async function addDigestItems(
  tx: DbOrTx,
  userIds: number[],
  podId: number,
  title: string,
  link: string,
) {
  if (!userIds.length) return;
  await tx.execute(sql`INSERT INTO pod_digest_items (user_id, pod_id, title, link)
    SELECT unnest(${ints(userIds)}), ${podId}, ${title}, ${link}`);
}

export async function digestRecipients(db: DbOrTx): Promise<number[]> {
  return rowsOf<{ user_id: number }>(
    await db.execute(sql`SELECT DISTINCT user_id FROM pod_digest_items`),
  ).map((r) => r.user_id);
}

/** Takes (deletes and answers) a user's waiting digest items, oldest first, with the pods' names. */
export async function takeDigest(tx: DbOrTx, userId: number) {
  return rowsOf<{ email: string; pod_name: string; title: string; link: string }>(
    await tx.execute(sql`
      WITH taken AS (DELETE FROM pod_digest_items WHERE user_id = ${userId} RETURNING id, pod_id, title, link)
      SELECT u.email, p.name AS pod_name, t.title, t.link
      FROM taken t JOIN pods p ON p.id = t.pod_id JOIN users u ON u.id = ${userId} AND u.deleted_at IS NULL
      ORDER BY t.id`),
  );
}
