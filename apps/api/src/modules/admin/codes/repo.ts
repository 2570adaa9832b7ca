import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { organizationCodes, organizations } from '../../../db/schema/people';

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: organizationCodes.id,
  code: organizationCodes.code,
  expires_at: organizationCodes.expires_at,
  revoked_at: organizationCodes.revoked_at,
  created_at: organizationCodes.created_at,
  organization: { id: organizations.id, name: organizations.name },
};

function searchOf(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(ilike(organizations.name, pattern), ilike(organizationCodes.code, pattern));
}

/** A page of every organization's codes, newest first, with the organization's name. */
export async function listCodes(db: DbOrTx, search: string | undefined, limit: number, offset: number) {
  const where = searchOf(search);
  const rows = await db
    .select(columns)
    .from(organizationCodes)
    .innerJoin(organizations, eq(organizations.id, organizationCodes.organization_id))
    .where(where)
    .orderBy(desc(organizationCodes.created_at), desc(organizationCodes.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(organizationCodes)
    .innerJoin(organizations, eq(organizations.id, organizationCodes.organization_id))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findCode(db: DbOrTx, id: number) {
  const [row] = await db
    .select(columns)
    .from(organizationCodes)
    .innerJoin(organizations, eq(organizations.id, organizationCodes.organization_id))
    .where(eq(organizationCodes.id, id));
  return row;
}

export async function findLiveOrganization(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deleted_at)));
  return row;
}

/** Inserts a code; undefined when the value is taken (case-insensitively). */
export async function insertCode(
  db: DbOrTx,
  values: { organization_id: number; code: string; expires_at: Date | null },
) {
  const [row] = await db.insert(organizationCodes).values(values).onConflictDoNothing().returning();
  return row;
}

/** Revokes one code unless it already is; undefined when it was. */
export async function revokeCode(db: DbOrTx, id: number, at: Date) {
  const [row] = await db
    .update(organizationCodes)
    .set({ revoked_at: at })
    .where(and(eq(organizationCodes.id, id), isNull(organizationCodes.revoked_at)))
    .returning({ id: organizationCodes.id });
  return row;
}
