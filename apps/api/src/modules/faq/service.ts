import {
  SUPPORT_MESSAGES,
  SUPPORT_TOPICS,
  type TFaqEntry,
  type TFaqEntryInput,
  type TFaqEntryPatch,
  type TFaqListQuery,
  type TSupportTopic,
} from '@parity/domain/support';
import { eq, sql } from 'drizzle-orm';
import { loadCaller } from '../../core/access/caller';
import { requirePlatformAdmin } from '../../core/access/platform-admin-guard';
import { audit } from '../../core/audit';
import { AppError } from '../../core/http/errors';
import type { Db, DbOrTx } from '../../db/client';
import { faqEntries } from '../../db/schema/support';
import * as repo from './repo';

// The FAQ: read by anyone, signed in or not (the 'signing in' answers are for those who cannot);
// written by platform administrators.

type Row = NonNullable<Awaited<ReturnType<typeof repo.findEntry>>>;
const toEntry = (row: Row): TFaqEntry => ({
  id: row.id,
  topic: row.topic as TSupportTopic,
  question: row.question,
  answer: row.answer,
  position: row.position,
  updated_at: new Date(row.updated_at).toISOString(),
});
const entryNotFound = () => new AppError(404, 'not_found', SUPPORT_MESSAGES.faqNotFound);

export async function listEntries(db: Db, query: TFaqListQuery) {
  const rows = await repo.listEntries(db, query, SUPPORT_TOPICS);
  return { data: rows.map(toEntry), total: rows[0] ? Number(rows[0].total) : 0 };
}

async function requireAdmin(tx: DbOrTx, userId: number) {
  requirePlatformAdmin(await loadCaller(tx, userId));
}

const auditFaq = (tx: DbOrTx, actorId: number, entityId: number, action: string, after?: unknown) =>
  audit(tx, { actorId, organizationId: null, entity: 'support', entityId, action, after });

export async function createEntry(db: Db, userId: number, input: TFaqEntryInput) {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, userId);
    const [row] = await tx
      .insert(faqEntries)
      .values({ ...input, updated_by: userId })
      .returning({ id: faqEntries.id });
    await auditFaq(tx, userId, row!.id, 'faq.create', { topic: input.topic, question: input.question });
    return toEntry((await repo.findEntry(tx, row!.id))!);
  });
}

export async function updateEntry(db: Db, userId: number, entryId: number, patch: TFaqEntryPatch) {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, userId);
    if (!(await repo.findEntry(tx, entryId))) throw entryNotFound();
    await tx
      .update(faqEntries)
      .set({ ...patch, updated_by: userId, updated_at: sql`now()` })
      .where(eq(faqEntries.id, entryId));
    await auditFaq(tx, userId, entryId, 'faq.update', patch);
    return toEntry((await repo.findEntry(tx, entryId))!);
  });
}

export async function deleteEntry(db: Db, userId: number, entryId: number) {
  await db.transaction(async (tx) => {
    await requireAdmin(tx, userId);
    const row = await repo.findEntry(tx, entryId);
    if (!row) throw entryNotFound();
    await tx.delete(faqEntries).where(eq(faqEntries.id, entryId));
    await auditFaq(tx, userId, entryId, 'faq.delete', { question: row.question });
  });
}
