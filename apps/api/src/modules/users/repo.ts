import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { mayKnowOrganizationSql, type OrganizationKnower } from '../../core/access/organization-visibility';
import type { DbOrTx } from '../../db/client';
import { communityPeople } from '../../db/schema/community';
import { ethnicities, genders, options } from '../../db/schema/dictionaries';
import { files, userSaved } from '../../db/schema/files';
import { memberships, organizations, users } from '../../db/schema/people';
import { live } from '../../db/soft-delete';

export type UserUpdate = Partial<typeof users.$inferInsert>;

export async function updateUser(db: DbOrTx, userId: number, values: UserUpdate) {
  await db
    .update(users)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(users.id, userId), live(users)));
}

/** Adds a value to users.acknowledgements unless it is there. */
export async function addAcknowledgement(db: DbOrTx, userId: number, type: string) {
  await db
    .update(users)
    .set({ acknowledgements: sql`array_append(${users.acknowledgements}, ${type}::text)` })
    .where(and(eq(users.id, userId), sql`NOT (${type}::text = ANY(${users.acknowledgements}))`));
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Approved members of live organizations the caller may know (a private one's members only to
 * who may know it, core/access/organization-visibility.ts), sorted by name; total counts every match.
 */
export async function listDirectory(
  db: DbOrTx,
  knower: OrganizationKnower,
  q: { search?: string; organizationId?: number; limit: number; offset: number },
) {
  const conditions = [
    live(users),
    eq(memberships.status, 'approved'),
    live(organizations),
    mayKnowOrganizationSql(knower, sql`${organizations.id}`),
  ];
  if (q.organizationId) conditions.push(eq(organizations.id, q.organizationId));
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(
        ilike(users.name, p),
        ilike(users.lastname, p),
        // an email finds its owner for colleagues and platform admins only: no one probes addresses
        knower.isPlatformAdmin
          ? ilike(users.email, p)
          : and(eq(organizations.id, knower.organizationId ?? -1), ilike(users.email, p)),
        ilike(organizations.name, p),
        ilike(sql`${users.name} || ' ' || ${users.lastname}`, p),
      )!,
    );
  }
  const base = db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      title: users.title,
      image: users.image,
      private_fields: users.private_fields,
      organization_id: organizations.id,
      organization_name: organizations.name,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.user_id, users.id))
    .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
    .where(and(...conditions));
  const rows = await base
    .orderBy(asc(sql`lower(${users.name})`), asc(sql`lower(${users.lastname})`), asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.offset > 0) {
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .innerJoin(memberships, eq(memberships.user_id, users.id))
      .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
      .where(and(...conditions));
    total = count?.n ?? 0;
  }
  return { rows, total };
}

// --- files --------------------------------------------------------------------------------------

export type NewFile = typeof files.$inferInsert;

export async function insertFile(db: DbOrTx, file: NewFile) {
  const [row] = await db.insert(files).values(file).returning();
  return row!;
}

export async function findFile(db: DbOrTx, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

export async function deleteFile(db: DbOrTx, id: string) {
  await db.delete(files).where(eq(files.id, id));
}

export async function listFilesOf(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(files)
    .where(eq(files.owner_user_id, userId))
    .orderBy(desc(files.created_at), desc(files.id))
    .limit(500);
}

// --- saved items --------------------------------------------------------------------------------

export async function listSaved(db: DbOrTx, userId: number) {
  return db
    .select({
      id: userSaved.id,
      kind: userSaved.kind,
      ref_id: userSaved.ref_id,
      created_at: userSaved.created_at,
      organization_name: organizations.name,
    })
    .from(userSaved)
    .leftJoin(
      organizations,
      and(eq(userSaved.kind, 'organization'), eq(organizations.id, userSaved.ref_id), live(organizations)),
    )
    .where(eq(userSaved.user_id, userId))
    .orderBy(desc(userSaved.created_at), desc(userSaved.id));
}

export async function insertSaved(db: DbOrTx, userId: number, kind: string, refId: number) {
  await db.insert(userSaved).values({ user_id: userId, kind, ref_id: refId }).onConflictDoNothing();
}

export async function deleteSaved(db: DbOrTx, userId: number, kind: string, refId: number) {
  await db
    .delete(userSaved)
    .where(and(eq(userSaved.user_id, userId), eq(userSaved.kind, kind), eq(userSaved.ref_id, refId)));
}

/** The person chose 'Show me in the community'. */
export async function isListedInCommunity(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: communityPeople.user_id })
    .from(communityPeople)
    .where(eq(communityPeople.user_id, userId));
  return row !== undefined;
}

export async function findLiveOrganization(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: organizations.id, is_public: organizations.is_public })
    .from(organizations)
    .where(and(eq(organizations.id, id), live(organizations)));
  return row;
}

// --- reference data -----------------------------------------------------------------------------

/** Which of the ids exist in a dictionary: an option group, or the genders / ethnicities tables. */
export async function existingReferenceIds(
  db: DbOrTx,
  source: 'genders' | 'ethnicities' | { group: string },
  ids: number[],
): Promise<Set<number>> {
  const wanted = ids.filter((n) => Number.isSafeInteger(n) && n <= 2_147_483_647);
  if (!wanted.length) return new Set();
  const rows =
    source === 'genders'
      ? await db.select({ id: genders.id }).from(genders).where(inArray(genders.id, wanted))
      : source === 'ethnicities'
        ? await db.select({ id: ethnicities.id }).from(ethnicities).where(inArray(ethnicities.id, wanted))
        : await db
            .select({ id: options.id })
            .from(options)
            .where(and(eq(options.group, source.group), inArray(options.id, wanted)));
  return new Set(rows.map((r) => r.id));
}
