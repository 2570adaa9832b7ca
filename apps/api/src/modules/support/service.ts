import {
  SUPPORT_ATTACHMENT_EXTENSIONS,
  SUPPORT_MESSAGES,
  supportRequestCreateSchema,
  type THelpArticle,
  type THelpArticleInput,
  type THelpArticleListQuery,
  type THelpArticlePatch,
  type TSupportReply,
  type TSupportRequestDetail,
  type TSupportRequestListQuery,
  type TSupportRequestSummary,
  type TSupportTopic,
} from '@parity/domain/support';
import { eq, sql } from 'drizzle-orm';
import { type Caller, loadCaller } from '../../core/access/caller';
import { requirePlatformAdmin } from '../../core/access/platform-admin-guard';
import { audit } from '../../core/audit';
import { AppError, conflict, fieldIssue, forbidden } from '../../core/http/errors';
import { type MultipartForm, parseFields } from '../../core/http/multipart';
import { enqueue } from '../../core/jobs/runner';
import { notify } from '../../core/outbox/notify';
import { type CheckedUpload, checkFile } from '../../core/uploads/file-types';
import type { Db, DbOrTx } from '../../db/client';
import { helpArticles } from '../../db/schema/support';
import type { Storage } from '../../plugins/storage';
import * as repo from './repo';

export const MAIL_JOB = 'support.mail';
export const ATTACHMENT_FIELD = 'attachment';

export interface SupportDeps {
  db: Db;
  storage: Storage;
  publicUrl: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const notFound = () => new AppError(404, 'not_found', SUPPORT_MESSAGES.requestNotFound);
const articleNotFound = () => new AppError(404, 'not_found', SUPPORT_MESSAGES.articleNotFound);

/* Help articles: every signed-in user reads the published ones; platform administrators edit. */

export async function listArticles(db: Db, userId: number, query: THelpArticleListQuery) {
  const caller = await loadCaller(db, userId);
  const rows = await repo.listArticles(db, query, caller.flags.isAdministrator);
  return {
    data: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      topic: r.topic as TSupportTopic | null,
      published: r.published,
      excerpt: r.excerpt,
      updated_at: iso(r.updated_at),
    })),
    total: rows[0] ? Number(rows[0].total) : 0,
  };
}

/** An unpublished article is a draft: 404 to all but platform administrators. */
export async function getArticle(db: DbOrTx, userId: number, slug: string): Promise<THelpArticle> {
  const caller = await loadCaller(db, userId);
  const row = await repo.findArticle(db, slug);
  if (!row || (!row.published && !caller.flags.isAdministrator)) throw articleNotFound();
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    topic: row.topic as TSupportTopic | null,
    published: row.published,
    body: row.body,
    updated_at: iso(row.updated_at),
    updated_by:
      row.updated_by_id === null ? null : { id: row.updated_by_id, name: row.updated_by_name ?? '' },
  };
}

async function adminCaller(db: DbOrTx, userId: number): Promise<Caller> {
  const caller = await loadCaller(db, userId);
  requirePlatformAdmin(caller);
  return caller;
}

const auditSupport = (tx: DbOrTx, actorId: number, entityId: number, action: string, after?: unknown) =>
  audit(tx, { actorId, organizationId: null, entity: 'support', entityId, action, after });

export async function createArticle(db: Db, userId: number, input: THelpArticleInput) {
  return db.transaction(async (tx) => {
    await adminCaller(tx, userId);
    if (await repo.slugTaken(tx, input.slug)) throw conflict(SUPPORT_MESSAGES.slugTaken);
    const [row] = await tx
      .insert(helpArticles)
      .values({ ...input, updated_by: userId })
      .returning({ id: helpArticles.id });
    await auditSupport(tx, userId, row!.id, 'article.create', { slug: input.slug, title: input.title });
    return getArticle(tx, userId, input.slug);
  });
}

export async function updateArticle(db: Db, userId: number, slug: string, patch: THelpArticlePatch) {
  return db.transaction(async (tx) => {
    await adminCaller(tx, userId);
    const row = await repo.findArticle(tx, slug);
    if (!row) throw articleNotFound();
    if (patch.slug !== undefined && (await repo.slugTaken(tx, patch.slug, row.id))) {
      throw conflict(SUPPORT_MESSAGES.slugTaken);
    }
    await tx
      .update(helpArticles)
      .set({ ...patch, updated_by: userId, updated_at: sql`now()` })
      .where(eq(helpArticles.id, row.id));
    await auditSupport(tx, userId, row.id, 'article.update', patch);
    return getArticle(tx, userId, patch.slug ?? slug);
  });
}

export async function deleteArticle(db: Db, userId: number, slug: string) {
  await db.transaction(async (tx) => {
    await adminCaller(tx, userId);
    const row = await repo.findArticle(tx, slug);
    if (!row) throw articleNotFound();
    await tx.delete(helpArticles).where(eq(helpArticles.id, row.id));
    await auditSupport(tx, userId, row.id, 'article.delete', { slug, title: row.title });
  });
}

/* Support requests: the requester reads their own (anyone else 404); platform administrators all. */

function toSummary(row: repo.RequestRow): TSupportRequestSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status as TSupportRequestSummary['status'],
    page: row.page,
    requester: { id: row.requester_id, name: row.requester_name, email: row.requester_email },
    organization:
      row.organization_id === null ? null : { id: row.organization_id, name: row.organization_name ?? '' },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    reply_count: Number(row.reply_count),
  };
}

export async function listRequests(db: Db, userId: number, query: TSupportRequestListQuery) {
  if (query.scope === 'all') {
    const caller = await loadCaller(db, userId);
    if (!caller.flags.isAdministrator)
      throw forbidden('Only platform administrators see every support request.');
  }
  const rows = await repo.listRequests(db, query.scope === 'all' ? null : userId, query);
  return { data: rows.map(toSummary), total: rows[0] ? Number(rows[0].total) : 0 };
}

/** The request when the caller filed it or is a platform administrator; 404 otherwise. */
async function readableRequest(db: DbOrTx, userId: number, requestId: number, lock = false) {
  const caller = await loadCaller(db, userId);
  const row = await repo.findRequest(db, requestId, lock);
  if (!row) throw notFound();
  const isRequester = row.requester_id === userId;
  if (!isRequester && !caller.flags.isAdministrator) throw notFound();
  return { row, caller, isRequester };
}

async function detailOf(db: DbOrTx, row: repo.RequestRow): Promise<TSupportRequestDetail> {
  const [messages, file] = await Promise.all([
    repo.listMessages(db, row.id),
    row.attachment_file_id ? repo.findFile(db, row.attachment_file_id) : undefined,
  ]);
  return {
    ...toSummary(row),
    message: row.message,
    attachment: file
      ? {
          name: file.original_name,
          size: file.size,
          content_type: file.content_type,
          url: `/api/support/requests/${row.id}/attachment`,
        }
      : null,
    messages: messages.map((m) => ({
      id: m.id,
      author: { id: m.author_id, name: m.author_name, email: m.author_email },
      from_support: m.from_support,
      body: m.body,
      created_at: iso(m.created_at),
    })),
  };
}

export async function getRequest(db: Db, userId: number, requestId: number) {
  const { row } = await readableRequest(db, userId, requestId);
  return detailOf(db, row);
}

/**
 * The contact form: its fields and the optional attachment, all checked before anything is kept
 * (a message over 10,000 characters 400, an attachment of another type 415; over 5 MB the reader
 * already answered 413). The bytes are stored first and removed again if the insert fails.
 */
export async function createRequest(deps: SupportDeps, userId: number, form: MultipartForm) {
  const caller = await loadCaller(deps.db, userId);
  const stray = form.files.find((f) => f.field !== ATTACHMENT_FIELD);
  if (stray) throw fieldIssue(stray.field, `Send the file in the part "${ATTACHMENT_FIELD}".`);
  const input = parseFields(supportRequestCreateSchema, form.fields);
  const sent = form.files.find(
    (f) => f.field === ATTACHMENT_FIELD && (f.bytes.length > 0 || f.filename !== ''),
  );
  let upload: CheckedUpload | null = null;
  if (sent) {
    try {
      upload = checkFile(sent, SUPPORT_ATTACHMENT_EXTENSIONS, SUPPORT_MESSAGES.attachmentType);
    } catch (error) {
      if (!(error instanceof AppError) || !error.message.includes(SUPPORT_MESSAGES.attachmentType))
        throw error;
      throw new AppError(415, 'unsupported_media_type', SUPPORT_MESSAGES.attachmentType, [
        { field: `body.${ATTACHMENT_FIELD}`, message: SUPPORT_MESSAGES.attachmentType },
      ]);
    }
  }
  const organizationId = caller.row.organization?.id ?? null;
  const key = upload ? `support/${crypto.randomUUID()}.${upload.ext}` : null;
  if (upload && key) await deps.storage.put(key, upload.bytes, upload.contentType);
  try {
    return await deps.db.transaction(async (tx) => {
      const attachmentFileId =
        upload && key
          ? await repo.insertAttachment(tx, {
              ownerId: userId,
              organizationId,
              name: upload.name,
              contentType: upload.contentType,
              size: upload.bytes.length,
              key,
            })
          : null;
      const requestId = await repo.insertRequest(tx, {
        requesterId: userId,
        organizationId,
        ...input,
        attachmentFileId,
      });
      await auditSupport(tx, userId, requestId, 'request.create', {
        subject: input.subject,
        page: input.page,
      });
      return detailOf(tx, (await repo.findRequest(tx, requestId))!);
    });
  } catch (error) {
    if (key) await deps.storage.delete(key);
    throw error;
  }
}

/**
 * A reply in the thread. The requester's reopens the request; a platform administrator's is an
 * answer: the request is 'answered', the requester is mailed (a durable job, through the mail
 * outbox) and told in the app (support_answer), all in the reply's transaction.
 */
export async function reply(deps: SupportDeps, userId: number, requestId: number, input: TSupportReply) {
  return deps.db.transaction(async (tx) => {
    const { row, isRequester } = await readableRequest(tx, userId, requestId, true);
    const fromSupport = !isRequester;
    await repo.insertMessage(tx, { requestId, authorId: userId, fromSupport, body: input.body });
    await repo.setStatus(tx, requestId, fromSupport ? 'answered' : 'open');
    await auditSupport(tx, userId, requestId, fromSupport ? 'request.answer' : 'request.reply');
    if (fromSupport) {
      const link = `/support/requests/${requestId}`;
      await enqueue(tx, {
        kind: MAIL_JOB,
        payload: {
          to: row.requester_email,
          subject: `Parity support answered: ${row.subject}`,
          text:
            `Hello ${row.requester_name},\n\nParity support answered your request "${row.subject}":\n\n` +
            `${input.body}\n\nRead the thread and reply: ${deps.publicUrl}${link}\n`,
        },
      });
      await notify(tx, {
        userIds: [row.requester_id],
        kind: 'support_answer',
        title: `Support answered: ${row.subject}`,
        body: input.body.slice(0, 200),
        link,
      });
    }
    return detailOf(tx, (await repo.findRequest(tx, requestId))!);
  });
}

/** The requester or a platform administrator closes the request; a closed one answers 409. */
export async function closeRequest(db: Db, userId: number, requestId: number) {
  return db.transaction(async (tx) => {
    const { row } = await readableRequest(tx, userId, requestId, true);
    if (row.status === 'closed') throw conflict(SUPPORT_MESSAGES.alreadyClosed);
    await repo.setStatus(tx, requestId, 'closed');
    await auditSupport(tx, userId, requestId, 'request.close');
    return detailOf(tx, (await repo.findRequest(tx, requestId))!);
  });
}

export async function readAttachment(deps: SupportDeps, userId: number, requestId: number) {
  const { row } = await readableRequest(deps.db, userId, requestId);
  const file = row.attachment_file_id ? await repo.findFile(deps.db, row.attachment_file_id) : undefined;
  const stream = file ? await deps.storage.get(file.storage_key) : null;
  if (!file || !stream) throw new AppError(404, 'not_found', SUPPORT_MESSAGES.attachmentNotFound);
  return { stream, file };
}
