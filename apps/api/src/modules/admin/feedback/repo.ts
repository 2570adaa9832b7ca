import { feedbackBandRange, type TAdminFeedbackFilters } from '@parity/domain/admin-feedback';
import { and, avg, between, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { feedback } from '../../../db/schema/feedback';
import { organizations, users } from '../../../db/schema/people';

/** The day after a YYYY-MM-DD day, so that `to` includes its whole day. */
function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function whereOf(filters: TAdminFeedbackFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.band) {
    const { min, max } = feedbackBandRange(filters.band);
    conditions.push(between(feedback.value, min, max));
  }
  if (filters.from) conditions.push(gte(feedback.created_at, new Date(`${filters.from}T00:00:00.000Z`)));
  if (filters.to) conditions.push(lt(feedback.created_at, nextDay(filters.to)));
  return conditions.length ? and(...conditions) : undefined;
}

/** A page of feedback, newest first, with its sender and organization. */
export async function listFeedback(
  db: DbOrTx,
  filters: TAdminFeedbackFilters,
  limit: number,
  offset: number,
) {
  return db
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
    .where(whereOf(filters))
    .orderBy(desc(feedback.created_at), desc(feedback.id))
    .limit(limit)
    .offset(offset);
}

export async function countFeedback(db: DbOrTx, filters: TAdminFeedbackFilters): Promise<number> {
  const [row] = await db.select({ value: count() }).from(feedback).where(whereOf(filters));
  return row?.value ?? 0;
}

/** Count and average rating per week (weeks start on Monday, UTC), oldest first. */
export async function feedbackPerWeek(db: DbOrTx, filters: TAdminFeedbackFilters) {
  const week = sql<string>`to_char(date_trunc('week', ${feedback.created_at} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({ week, count: count(), average: avg(feedback.value) })
    .from(feedback)
    .where(whereOf(filters))
    .groupBy(week)
    .orderBy(week);
}
