import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feedback } from '../../db/schema/feedback';
import { memberships, users } from '../../db/schema/people';

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
