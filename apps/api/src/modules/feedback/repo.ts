import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feedback } from '../../db/schema/feedback';
import { memberships, organizations, users } from '../../db/schema/people';

export interface NewFeedback {
  user_id: number;
  organization_id: number | null;
  url: string;
  value: number;
  comment: string | null;
}

export async function insertFeedback(db: DbOrTx, row: NewFeedback) {
  const [created] = await db.insert(feedback).values(row).returning();
  if (!created) throw new Error('feedback insert returned no row');
  return created;
}

/** The sender's organization (any membership state), for the stored row. */
export async function findSender(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, organization_id: memberships.organization_id })
    .from(users)
    .leftJoin(memberships, eq(memberships.user_id, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** A page of feedback, newest first, with its sender and organization. */
export async function listFeedback(db: DbOrTx, limit: number, offset: number) {
  const rows = await db
    .select({
      id: feedback.id,
      url: feedback.url,
      value: feedback.value,
      comment: feedback.comment,
      created_at: feedback.created_at,
      user: { id: users.id, name: users.name, lastname: users.lastname, email: users.email },
      organization: { id: organizations.id, name: organizations.name },
    })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.user_id))
    .leftJoin(organizations, eq(organizations.id, feedback.organization_id))
    .orderBy(desc(feedback.created_at), desc(feedback.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(feedback);
  return { rows, total: total?.value ?? 0 };
}
