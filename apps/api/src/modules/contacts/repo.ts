import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizationContacts } from '../../db/schema/contacts';

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type ContactRow = typeof organizationContacts.$inferSelect;
export type ContactValues = Pick<ContactRow, 'name' | 'email' | 'phone' | 'title'>;

export async function list(
  db: DbOrTx,
  organizationId: number,
  q: { search?: string; limit: number; offset: number },
) {
  const conditions = [eq(organizationContacts.organization_id, organizationId)];
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(
        ilike(organizationContacts.name, p),
        ilike(organizationContacts.email, p),
        ilike(organizationContacts.title, p),
      )!,
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(organizationContacts)
    .where(where)
    .orderBy(asc(sql`lower(${organizationContacts.name})`), asc(organizationContacts.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(organizationContacts)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function find(db: DbOrTx, organizationId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(organizationContacts)
    .where(and(eq(organizationContacts.id, id), eq(organizationContacts.organization_id, organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insert(db: DbOrTx, organizationId: number, values: ContactValues) {
  const [row] = await db
    .insert(organizationContacts)
    .values({ organization_id: organizationId, ...values })
    .returning();
  return row!;
}

export async function update(db: DbOrTx, id: number, values: ContactValues, at: Date) {
  const [row] = await db
    .update(organizationContacts)
    .set({ ...values, updated_at: at })
    .where(eq(organizationContacts.id, id))
    .returning();
  return row!;
}

export async function remove(db: DbOrTx, id: number) {
  await db.delete(organizationContacts).where(eq(organizationContacts.id, id));
}
