import type { THelpArticleListQuery, TSupportRequestListQuery, TSupportStatus } from '@parity/domain/support';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { markdownAsText } from '../../db/markdown-as-text';
import { files } from '../../db/schema/files';
import { organizations, users } from '../../db/schema/people';
import { helpArticles, supportMessages, supportRequests } from '../../db/schema/support';

// Help articles, support requests and their threads.

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const personName = sql<string>`trim(${users.name} || ' ' || ${users.lastname})`;

/** A full-text match on the generated column, or the text typed inside the title (a word's start). */
const articleMatch = (q: string) =>
  sql`(${helpArticles.search} @@ websearch_to_tsquery('english', ${q}) OR ${helpArticles.title} ILIKE ${like(q)})`;

/* Help articles */

export async function listArticles(db: DbOrTx, query: THelpArticleListQuery, withUnpublished: boolean) {
  const where = and(
    withUnpublished ? undefined : eq(helpArticles.published, true),
    query.topic ? eq(helpArticles.topic, query.topic) : undefined,
    query.q ? articleMatch(query.q) : undefined,
  );
  const rank = query.q
    ? sql`ts_rank(${helpArticles.search}, websearch_to_tsquery('english', ${query.q})) DESC`
    : sql`1`;
  return db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      title: helpArticles.title,
      topic: helpArticles.topic,
      published: helpArticles.published,
      excerpt: sql<string>`left(${markdownAsText(helpArticles.body)}, 240)`,
      updated_at: helpArticles.updated_at,
      total: sql<number>`count(*) OVER ()`,
    })
    .from(helpArticles)
    .where(where)
    .orderBy(rank, asc(helpArticles.title))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

export async function findArticle(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      title: helpArticles.title,
      topic: helpArticles.topic,
      published: helpArticles.published,
      body: helpArticles.body,
      updated_at: helpArticles.updated_at,
      updated_by_id: users.id,
      updated_by_name: personName,
    })
    .from(helpArticles)
    .leftJoin(users, eq(users.id, helpArticles.updated_by))
    .where(eq(helpArticles.slug, slug));
  return row;
}

export async function slugTaken(db: DbOrTx, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: helpArticles.id })
    .from(helpArticles)
    .where(and(eq(helpArticles.slug, slug), exceptId ? sql`${helpArticles.id} <> ${exceptId}` : undefined));
  return row !== undefined;
}

/* Support requests */

const requestColumns = {
  id: supportRequests.id,
  subject: supportRequests.subject,
  status: supportRequests.status,
  page: supportRequests.page,
  message: supportRequests.message,
  requester_id: supportRequests.requester_id,
  requester_name: personName,
  requester_email: users.email,
  organization_id: organizations.id,
  organization_name: organizations.name,
  attachment_file_id: supportRequests.attachment_file_id,
  created_at: supportRequests.created_at,
  updated_at: supportRequests.updated_at,
  reply_count: sql<number>`(SELECT count(*)::int FROM ${supportMessages} WHERE ${supportMessages.request_id} = ${supportRequests.id})`,
};

function requestsFrom(db: DbOrTx) {
  return db
    .select({ ...requestColumns, total: sql<number>`count(*) OVER ()` })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.requester_id))
    .leftJoin(organizations, eq(organizations.id, supportRequests.organization_id));
}
export type RequestRow = Awaited<ReturnType<typeof findRequest>> & object;

/** `requesterId` null: every request (platform administrators). Newest activity first. */
export async function listRequests(db: DbOrTx, requesterId: number | null, query: TSupportRequestListQuery) {
  return requestsFrom(db)
    .where(
      and(
        requesterId === null ? undefined : eq(supportRequests.requester_id, requesterId),
        query.status ? eq(supportRequests.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(supportRequests.updated_at), desc(supportRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/** `lock`: the request's row is locked for the rest of the transaction first (a reply and a close wait for each other). */
export async function findRequest(db: DbOrTx, requestId: number, lock = false) {
  if (lock)
    await db.execute(
      sql`SELECT 1 FROM ${supportRequests} WHERE ${supportRequests.id} = ${requestId} FOR UPDATE`,
    );
  const [row] = await requestsFrom(db).where(eq(supportRequests.id, requestId));
  return row;
}

export async function insertRequest(
  tx: DbOrTx,
  values: {
    requesterId: number;
    organizationId: number | null;
    subject: string;
    message: string;
    page: string;
    attachmentFileId: string | null;
  },
) {
  const [row] = await tx
    .insert(supportRequests)
    .values({
      requester_id: values.requesterId,
      organization_id: values.organizationId,
      subject: values.subject,
      message: values.message,
      page: values.page,
      attachment_file_id: values.attachmentFileId,
    })
    .returning({ id: supportRequests.id });
  return row!.id;
}

export async function setStatus(tx: DbOrTx, requestId: number, status: TSupportStatus) {
  await tx
    .update(supportRequests)
    .set({ status, updated_at: sql`now()` })
    .where(eq(supportRequests.id, requestId));
}

export async function insertMessage(
  tx: DbOrTx,
  values: { requestId: number; authorId: number; fromSupport: boolean; body: string },
) {
  await tx.insert(supportMessages).values({
    request_id: values.requestId,
    author_id: values.authorId,
    from_support: values.fromSupport,
    body: values.body,
  });
}

export async function listMessages(db: DbOrTx, requestId: number) {
  return db
    .select({
      id: supportMessages.id,
      author_id: users.id,
      author_name: personName,
      author_email: users.email,
      from_support: supportMessages.from_support,
      body: supportMessages.body,
      created_at: supportMessages.created_at,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.author_id))
    .where(eq(supportMessages.request_id, requestId))
    .orderBy(asc(supportMessages.id));
}

export const ATTACHMENT_KIND = 'support_attachment';

export async function insertAttachment(
  tx: DbOrTx,
  values: {
    ownerId: number;
    organizationId: number | null;
    name: string;
    contentType: string;
    size: number;
    key: string;
  },
) {
  const [row] = await tx
    .insert(files)
    .values({
      owner_user_id: values.ownerId,
      organization_id: values.organizationId,
      kind: ATTACHMENT_KIND,
      original_name: values.name,
      content_type: values.contentType,
      size: values.size,
      storage_key: values.key,
    })
    .returning({ id: files.id });
  return row!.id;
}

export async function findFile(db: DbOrTx, fileId: string) {
  const [row] = await db
    .select({
      id: files.id,
      original_name: files.original_name,
      content_type: files.content_type,
      size: files.size,
      storage_key: files.storage_key,
    })
    .from(files)
    .where(eq(files.id, fileId));
  return row;
}
