import type { TFaqListQuery } from '@parity/domain/support';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { faqEntries } from '../../db/schema/support';

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The topics in the domain's order, then each topic's entries by position. */
const topicOrder = (topics: readonly string[]) =>
  sql`array_position(${sql.raw(`ARRAY[${topics.map((t) => `'${t}'`).join(',')}]::text[]`)}, ${faqEntries.topic})`;

const columns = {
  id: faqEntries.id,
  topic: faqEntries.topic,
  question: faqEntries.question,
  answer: faqEntries.answer,
  position: faqEntries.position,
  updated_at: faqEntries.updated_at,
};

export async function listEntries(db: DbOrTx, query: TFaqListQuery, topics: readonly string[]) {
  const where = and(
    query.topic ? eq(faqEntries.topic, query.topic) : undefined,
    query.q
      ? sql`(${faqEntries.search} @@ websearch_to_tsquery('english', ${query.q}) OR ${faqEntries.question} ILIKE ${like(query.q)})`
      : undefined,
  );
  return db
    .select({ ...columns, total: sql<number>`count(*) OVER ()` })
    .from(faqEntries)
    .where(where)
    .orderBy(topicOrder(topics), asc(faqEntries.position), asc(faqEntries.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

export async function findEntry(db: DbOrTx, entryId: number) {
  const [row] = await db.select(columns).from(faqEntries).where(eq(faqEntries.id, entryId));
  return row;
}
