import { SIZE_BAND_RANGES, type TOrganizationSizeBand } from '@parity/domain/organization';
import type { TProfileScores } from '@parity/domain/scoring/profile';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personName } from '../../db/person-name';
import { colors, globalIndustries, legalStructures } from '../../db/schema/dictionaries';
import { files } from '../../db/schema/files';
import { memberships, organizationCodes, organizations, users } from '../../db/schema/people';
import { addresses, submissions } from '../../db/schema/reporting';
import { live } from '../../db/soft-delete';

/** The name of the global industry an identifier of the organization points at. */
const identifierName = (key: string) =>
  sql`(SELECT gi.name FROM global_industries gi WHERE gi.id::text = ${organizations.identifiers}->>${key})`;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Public, live organizations for the directory, with the total of the filtered list. */
export async function listPublic(
  db: DbOrTx,
  q: {
    search?: string;
    legalStructureId?: number;
    industryId?: number;
    size?: TOrganizationSizeBand;
    aumId?: number;
    limit: number;
    offset: number;
    sortBy: 'name' | 'created_at';
    sortOrder: 'asc' | 'desc';
  },
) {
  const conditions = [eq(organizations.is_public, true), live(organizations)];
  if (q.legalStructureId) conditions.push(eq(organizations.legal_structure_id, q.legalStructureId));
  if (q.search) conditions.push(ilike(organizations.name, likePattern(q.search)));
  if (q.industryId) {
    const id = String(q.industryId);
    conditions.push(
      sql`(${organizations.identifiers}->>'gi_sector_id' = ${id} OR ${organizations.identifiers}->>'gi_industry_id' = ${id})`,
    );
  }
  if (q.aumId) conditions.push(sql`${organizations.identifiers}->>'gi_aum' = ${String(q.aumId)}`);
  if (q.size) {
    const [min, max] = SIZE_BAND_RANGES[q.size];
    conditions.push(gte(organizations.total_full_time_employees, min));
    if (max !== null) conditions.push(lte(organizations.total_full_time_employees, max));
  }
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
      industry: sql<
        string | null
      >`coalesce(${identifierName('gi_industry_id')}, ${identifierName('gi_sector_id')})`,
      aum: sql<string | null>`${identifierName('gi_aum')}`,
      total_full_time_employees: organizations.total_full_time_employees,
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
      color_id: organizations.color_id,
      primary_phone: organizations.primary_phone,
      is_public: organizations.is_public,
      publish_scores: organizations.publish_scores,
      deleted_at: organizations.deleted_at,
      legal_structure: legalStructures.name,
      aum: sql<string | null>`${identifierName('gi_aum')}`,
      total_full_time_employees: organizations.total_full_time_employees,
      total_owners: organizations.total_owners,
      total_leaders: organizations.total_leaders,
      primary_contact_id: organizations.primary_contact_id,
      identifiers: organizations.identifiers,
      created_at: organizations.created_at,
      updated_at: organizations.updated_at,
    })
    .from(organizations)
    .leftJoin(legalStructures, eq(legalStructures.id, organizations.legal_structure_id))
    .where(eq(organizations.id, id));
  return row;
}

/** The scores of the organization's latest profile submission (not a survey response's), if any. */
export async function latestProfileScores(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ scores: submissions.scores })
    .from(submissions)
    .where(and(eq(submissions.organization_id, organizationId), isNull(submissions.survey_id)))
    .orderBy(desc(submissions.submitted_at))
    .limit(1);
  return (row?.scores ?? null) as Partial<TProfileScores> | null;
}

/** The organization's own addresses (not a survey's copy), primary first. */
export async function listAddresses(db: DbOrTx, organizationId: number) {
  return db
    .select({ id: addresses.id, address: addresses.address, is_primary: addresses.is_primary })
    .from(addresses)
    .where(and(eq(addresses.organization_id, organizationId), isNull(addresses.survey_id)))
    .orderBy(desc(addresses.is_primary), asc(addresses.id));
}

/** The primary contact when they are still an approved member of the organization. */
export async function findPrimaryContact(db: DbOrTx, organizationId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      title: users.title,
      email: users.email,
      private_fields: users.private_fields,
    })
    .from(users)
    .innerJoin(
      memberships,
      and(
        eq(memberships.user_id, users.id),
        eq(memberships.organization_id, organizationId),
        eq(memberships.status, 'approved'),
      ),
    )
    .where(and(eq(users.id, userId), live(users)));
  return row;
}

export async function globalIndustryNames(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: globalIndustries.id, name: globalIndustries.name })
    .from(globalIndustries)
    .where(inArray(globalIndustries.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// --- the organization space ----------------------------------------------------------------------

/** The settings form's values, locked for update when asked. */
export async function findSettings(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({
      id: organizations.id,
      name: organizations.name,
      about: organizations.about,
      website: organizations.website,
      color_id: organizations.color_id,
      legal_structure_id: organizations.legal_structure_id,
      inception_date: organizations.inception_date,
      primary_contact_id: organizations.primary_contact_id,
      primary_contact_name: personName(organizations.primary_contact_id),
      is_publicly_traded: organizations.is_publicly_traded,
      ticker_symbol: organizations.ticker_symbol,
      total_full_time_employees: organizations.total_full_time_employees,
      total_leaders: organizations.total_leaders,
      total_owners: organizations.total_owners,
      is_public: organizations.is_public,
      publish_scores: organizations.publish_scores,
      logo: organizations.logo,
      cover: organizations.cover,
    })
    .from(organizations)
    .where(and(eq(organizations.id, id), live(organizations)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
export type SettingsRow = NonNullable<Awaited<ReturnType<typeof findSettings>>>;

export async function updateOrganization(
  db: DbOrTx,
  id: number,
  values: Partial<typeof organizations.$inferInsert>,
): Promise<void> {
  await db.update(organizations).set(values).where(eq(organizations.id, id));
}

export async function isApprovedMember(db: DbOrTx, organizationId: number, userId: number) {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
    .where(
      and(
        eq(memberships.organization_id, organizationId),
        eq(memberships.user_id, userId),
        eq(memberships.status, 'approved'),
      ),
    );
  return row !== undefined;
}

export async function colorExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: colors.id }).from(colors).where(eq(colors.id, id));
  return row !== undefined;
}

export async function legalStructureExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: legalStructures.id })
    .from(legalStructures)
    .where(eq(legalStructures.id, id));
  return row !== undefined;
}

// --- files -----------------------------------------------------------------------------------------

export type OrganizationFileKind =
  | 'organization_logo'
  | 'organization_cover'
  | 'organization_document'
  | 'organization_media';

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

/** The organization's files of one kind (newest first), with the uploader. */
export async function listFiles(
  db: DbOrTx,
  organizationId: number,
  kind: OrganizationFileKind,
  limit: number,
  offset: number,
) {
  const where = and(eq(files.organization_id, organizationId), eq(files.kind, kind));
  const rows = await db
    .select({
      id: files.id,
      original_name: files.original_name,
      content_type: files.content_type,
      size: files.size,
      created_at: files.created_at,
      owner_user_id: files.owner_user_id,
      owner_name: users.name,
      owner_lastname: users.lastname,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.owner_user_id))
    .where(where)
    .orderBy(desc(files.created_at), desc(files.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(files)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** One file of the organization of that kind; undefined for another organization's. */
export async function findFile(db: DbOrTx, organizationId: number, kind: OrganizationFileKind, id: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.organization_id, organizationId), eq(files.kind, kind)));
  return row;
}

/** The organization's current logo or cover file. */
export async function findImageFile(db: DbOrTx, organizationId: number, kind: OrganizationFileKind) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.organization_id, organizationId), eq(files.kind, kind)))
    .orderBy(desc(files.created_at))
    .limit(1);
  return row;
}

export async function deleteFiles(db: DbOrTx, ids: string[]) {
  if (ids.length) await db.delete(files).where(inArray(files.id, ids));
}

/** Every file row of the organization of that kind (the logo/cover being replaced). */
export async function listAllOfKind(db: DbOrTx, organizationId: number, kind: OrganizationFileKind) {
  return db
    .select({ id: files.id, storage_key: files.storage_key })
    .from(files)
    .where(and(eq(files.organization_id, organizationId), eq(files.kind, kind)));
}

// --- organization codes ----------------------------------------------------------------------------

/** The organization's codes that are not revoked, newest first. */
export async function findActiveCode(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select()
    .from(organizationCodes)
    .where(and(eq(organizationCodes.organization_id, organizationId), isNull(organizationCodes.revoked_at)))
    .orderBy(desc(organizationCodes.created_at), desc(organizationCodes.id))
    .limit(1);
  return row;
}

export async function revokeCodes(db: DbOrTx, organizationId: number, at: Date) {
  return db
    .update(organizationCodes)
    .set({ revoked_at: at })
    .where(and(eq(organizationCodes.organization_id, organizationId), isNull(organizationCodes.revoked_at)))
    .returning({ id: organizationCodes.id, code: organizationCodes.code });
}

/** Inserts a code; undefined when it is taken (case-insensitively). */
export async function insertCode(
  db: DbOrTx,
  values: { organization_id: number; code: string; expires_at: Date | null },
) {
  const [row] = await db.insert(organizationCodes).values(values).onConflictDoNothing().returning();
  return row;
}
