import type { TBoardMember, TBoardMemberRow } from '@parity/domain/lpi/board';
import type { TIndividual, TIndividualRow } from '@parity/domain/lpi/individuals';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../../db/client';
import { ethnicities, genders, options } from '../../../../db/schema/dictionaries';
import { organizations } from '../../../../db/schema/people';
import { boardMembers, individuals, surveyOrganizationMeta } from '../../../../db/schema/reporting';
import { inScope } from '../../engine/scope';

interface Scope {
  organizationId: number;
  surveyId: number | null;
}

/** Rows per INSERT / UPDATE statement: far under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// --- individuals ---------------------------------------------------------------------------------

export async function listIndividuals(db: DbOrTx, scope: Scope): Promise<TIndividual[]> {
  const rows = await db
    .select()
    .from(individuals)
    .where(inScope(individuals, scope))
    .orderBy(asc(individuals.id));
  return rows.map((row) => ({
    id: row.id,
    identification_id: row.identification_id,
    name: row.name,
    corporate_title_id: row.corporate_title_id,
    date_of_joining: row.date_of_joining,
    gender_id: row.gender_id,
    ethnicity_id: row.ethnicity_id,
    immigration_id: row.immigration_id,
    veteran_id: row.veteran_id,
    lgbtq_id: row.lgbtq_id,
    disabled_id: row.disabled_id,
    us_citizen_id: row.us_citizen_id,
    us_based_id: row.us_based_id,
    is_senior_management: row.is_senior_management,
    date_of_promotion: row.date_of_promotion,
    is_owner: row.is_owner,
    ownership: row.ownership === null ? null : Number(row.ownership),
    initial_ownership_date: row.initial_ownership_date,
    organization_id: row.organization_id,
    survey_id: row.survey_id,
    updated_at: row.updated_at.toISOString(),
  }));
}

/** The overview's declared totals: the survey's copy of the overview when it has one. */
export async function declaredTotals(db: DbOrTx, scope: Scope) {
  if (scope.surveyId !== null) {
    const [meta] = await db
      .select({
        total_full_time_employees: surveyOrganizationMeta.total_full_time_employees,
        total_owners: surveyOrganizationMeta.total_owners,
        total_leaders: surveyOrganizationMeta.total_leaders,
      })
      .from(surveyOrganizationMeta)
      .where(
        and(
          eq(surveyOrganizationMeta.organization_id, scope.organizationId),
          eq(surveyOrganizationMeta.survey_id, scope.surveyId),
        ),
      );
    if (meta) return meta;
  }
  const [organization] = await db
    .select({
      total_full_time_employees: organizations.total_full_time_employees,
      total_owners: organizations.total_owners,
      total_leaders: organizations.total_leaders,
    })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId));
  return organization ?? { total_full_time_employees: 0, total_owners: 0, total_leaders: 0 };
}

/** How many of these ids are rows of the scope's table (to refuse foreign ids before writing). */
async function countInScope(
  tx: Tx,
  table: typeof individuals | typeof boardMembers,
  scope: Scope,
  ids: number[],
): Promise<number> {
  if (!ids.length) return 0;
  let count = 0;
  for (const part of chunks(ids)) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(inScope(table, scope), inArray(table.id, part)));
    count += Number(row?.n ?? 0);
  }
  return count;
}

export const countIndividualsInScope = (tx: Tx, scope: Scope, ids: number[]) =>
  countInScope(tx, individuals, scope, ids);
export const countBoardMembersInScope = (tx: Tx, scope: Scope, ids: number[]) =>
  countInScope(tx, boardMembers, scope, ids);

/** The individuals' columns with their SQL types, for reading rows out of a JSON parameter. */
const INDIVIDUAL_RECORD = sql.raw(
  'identification_id int, name text, corporate_title_id bigint, date_of_joining date, gender_id int, ' +
    'ethnicity_id int, immigration_id int, veteran_id int, lgbtq_id int, disabled_id int, us_citizen_id int, ' +
    'us_based_id int, is_senior_management boolean, date_of_promotion date, is_owner boolean, ownership numeric, ' +
    'initial_ownership_date date',
);

/**
 * Inserts many rows with one statement per chunk whose rows travel as one JSON parameter
 * (jsonb_to_recordset): far cheaper than thousands of bind parameters. Ids follow the rows' order.
 */
export async function insertIndividuals(tx: Tx, scope: Scope, rows: TIndividualRow[]) {
  for (const part of chunks(rows, 2500)) {
    const json = JSON.stringify(part.map((row, ord) => ({ ...row, ord })));
    await tx.execute(sql`
      INSERT INTO ${individuals} (organization_id, survey_id, ${INDIVIDUAL_COLUMNS})
      SELECT ${scope.organizationId}::int, ${scope.surveyId}::int, ${INDIVIDUAL_COLUMNS}
      FROM jsonb_to_recordset(${json}::jsonb) AS x(ord int, ${INDIVIDUAL_RECORD})
      ORDER BY x.ord`);
  }
}

/** Updates many rows with one statement per chunk: UPDATE ... FROM jsonb_to_recordset(...). */
export async function updateIndividuals(tx: Tx, scope: Scope, rows: (TIndividualRow & { id: number })[]) {
  for (const part of chunks(rows, 2500)) {
    await tx.execute(sql`
      UPDATE ${individuals} AS t SET
        identification_id = v.identification_id, name = v.name, corporate_title_id = v.corporate_title_id,
        date_of_joining = v.date_of_joining, gender_id = v.gender_id, ethnicity_id = v.ethnicity_id,
        immigration_id = v.immigration_id, veteran_id = v.veteran_id, lgbtq_id = v.lgbtq_id,
        disabled_id = v.disabled_id, us_citizen_id = v.us_citizen_id, us_based_id = v.us_based_id,
        is_senior_management = v.is_senior_management, date_of_promotion = v.date_of_promotion,
        is_owner = v.is_owner, ownership = v.ownership, initial_ownership_date = v.initial_ownership_date,
        updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS v(id int, ${INDIVIDUAL_RECORD})
      WHERE t.id = v.id AND t.organization_id = ${scope.organizationId}
        AND t.survey_id IS NOT DISTINCT FROM ${scope.surveyId}::int`);
  }
}

export async function deleteIndividuals(tx: Tx, scope: Scope, ids: number[]) {
  for (const part of chunks(ids)) {
    await tx.delete(individuals).where(and(inScope(individuals, scope), inArray(individuals.id, part)));
  }
}

export async function deleteAllIndividuals(tx: Tx, scope: Scope) {
  await tx.delete(individuals).where(inScope(individuals, scope));
}

const INDIVIDUAL_COLUMNS = sql.raw(
  'identification_id, name, corporate_title_id, date_of_joining, gender_id, ethnicity_id, immigration_id, ' +
    'veteran_id, lgbtq_id, disabled_id, us_citizen_id, us_based_id, is_senior_management, date_of_promotion, ' +
    'is_owner, ownership, initial_ownership_date',
);

/** The organization's own rows, copied into a survey (its first survey-scoped read). */
export async function copyIndividualsToSurvey(tx: Tx, organizationId: number, surveyId: number) {
  await tx.execute(sql`
    INSERT INTO ${individuals} (organization_id, survey_id, ${INDIVIDUAL_COLUMNS})
    SELECT organization_id, ${surveyId}::int, ${INDIVIDUAL_COLUMNS} FROM ${individuals}
    WHERE organization_id = ${organizationId} AND survey_id IS NULL ORDER BY id`);
}

// --- board members -------------------------------------------------------------------------------

export async function listBoardMembers(db: DbOrTx, scope: Scope): Promise<TBoardMember[]> {
  const rows = await db
    .select()
    .from(boardMembers)
    .where(inScope(boardMembers, scope))
    .orderBy(asc(boardMembers.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    board_type_id: row.board_type_id,
    board_position_id: row.board_position_id,
    date_of_joining: row.date_of_joining,
    gender_id: row.gender_id,
    ethnicity_id: row.ethnicity_id,
    military_member_id: row.military_member_id,
    disabled_id: row.disabled_id,
    lgbtq_id: row.lgbtq_id,
    immigration_id: row.immigration_id,
    organization_id: row.organization_id,
    survey_id: row.survey_id,
    updated_at: row.updated_at.toISOString(),
  }));
}

export async function insertBoardMembers(tx: Tx, scope: Scope, rows: TBoardMemberRow[]) {
  for (const part of chunks(rows)) {
    await tx
      .insert(boardMembers)
      .values(
        part.map((row) => ({ ...row, organization_id: scope.organizationId, survey_id: scope.surveyId })),
      );
  }
}

export async function updateBoardMembers(tx: Tx, scope: Scope, rows: (TBoardMemberRow & { id: number })[]) {
  for (const { id, ...row } of rows) {
    await tx
      .update(boardMembers)
      .set({ ...row, updated_at: sql`now()` })
      .where(and(inScope(boardMembers, scope), eq(boardMembers.id, id)));
  }
}

export async function deleteBoardMembers(tx: Tx, scope: Scope, ids: number[]) {
  for (const part of chunks(ids)) {
    await tx.delete(boardMembers).where(and(inScope(boardMembers, scope), inArray(boardMembers.id, part)));
  }
}

const BOARD_COLUMNS = sql.raw(
  'name, board_type_id, board_position_id, date_of_joining, gender_id, ethnicity_id, military_member_id, ' +
    'disabled_id, lgbtq_id, immigration_id',
);

export async function copyBoardMembersToSurvey(tx: Tx, organizationId: number, surveyId: number) {
  await tx.execute(sql`
    INSERT INTO ${boardMembers} (organization_id, survey_id, ${BOARD_COLUMNS})
    SELECT organization_id, ${surveyId}::int, ${BOARD_COLUMNS} FROM ${boardMembers}
    WHERE organization_id = ${organizationId} AND survey_id IS NULL ORDER BY id`);
}

// --- option lists of the template ------------------------------------------------------------------

export async function listOptionGroups(db: DbOrTx, groups: readonly string[]) {
  return db
    .select({ group: options.group, id: options.id, name: options.name })
    .from(options)
    .where(inArray(options.group, [...groups]))
    .orderBy(asc(options.group), asc(options.order), asc(options.id));
}

export async function listGenders(db: DbOrTx) {
  return db.select({ id: genders.id, name: genders.name }).from(genders).orderBy(asc(genders.order));
}

export async function listEthnicities(db: DbOrTx) {
  return db
    .select({ id: ethnicities.id, name: ethnicities.name })
    .from(ethnicities)
    .orderBy(asc(ethnicities.order));
}
