import { and, asc, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/people';

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Public, live organizations for the directory, with the total of the filtered list. */
export async function listPublic(
  db: DbOrTx,
  q: {
    search?: string;
    legalStructureId?: number;
    limit: number;
    offset: number;
    sortBy: 'name' | 'created_at';
    sortOrder: 'asc' | 'desc';
  },
) {
  const conditions = [eq(organizations.is_public, true), isNull(organizations.deleted_at)];
  if (q.legalStructureId) conditions.push(eq(organizations.legal_structure_id, q.legalStructureId));
  if (q.search) conditions.push(ilike(organizations.name, likePattern(q.search)));
  const dir = q.sortOrder === 'desc' ? desc : asc;
  const key = q.sortBy === 'created_at' ? organizations.created_at : sql`lower(${organizations.name})`;
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      logo: organizations.logo,
      legal_structure_id: organizations.legal_structure_id,
      website: organizations.website,
      about: organizations.about,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(organizations)
    .where(and(...conditions))
    .orderBy(dir(key), dir(organizations.id))
    .limit(q.limit)
    .offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.offset > 0) {
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(organizations)
      .where(and(...conditions));
    total = count?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...r }) => r), total };
}

/** One organization, deleted ones included (the service decides who sees what). */
export async function findOrganization(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      about: organizations.about,
      website: organizations.website,
      inception_date: organizations.inception_date,
      legal_structure_id: organizations.legal_structure_id,
      ticker_symbol: organizations.ticker_symbol,
      is_publicly_traded: organizations.is_publicly_traded,
      logo: organizations.logo,
      cover: organizations.cover,
      is_public: organizations.is_public,
      deleted_at: organizations.deleted_at,
    })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
}
