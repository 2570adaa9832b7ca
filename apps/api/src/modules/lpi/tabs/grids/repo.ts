import type { TGridCategory, TGridKind } from '@parity/domain/lpi/grids';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { membershipColumns } from '../../../../core/access/user-profile';
import { batchedRead } from '../../../../db/batched-read';
import type { DbOrTx, Tx } from '../../../../db/client';
import { preparedStatement } from '../../../../db/prepared-statement';
import { ethnicities, genderCategories, genders } from '../../../../db/schema/dictionaries';
import { memberships, organizations, users } from '../../../../db/schema/people';
import { gridCells, individuals, submissions, tabStates } from '../../../../db/schema/reporting';
import { surveys } from '../../../../db/schema/surveys';
import { live } from '../../../../db/soft-delete';
import type { ReportingScope } from '../../engine/scope';
import { inScope } from '../../engine/scope';

export interface GridReference {
  categories: TGridCategory[];
  /** every gender id in column order (categories by order, then genders by order) */
  genderIds: number[];
  ethnicities: { id: number; name: string }[];
}

export interface CellRow {
  year: number;
  type: number;
  ethnicity_id: number;
  gender_id: number;
  value: number;
}

let reference: Promise<GridReference> | undefined;

/**
 * The grid's rows and columns: genders grouped into their categories, and the races/ethnicities.
 * This reference data is written only by migrations (the same ids in every database), so one
 * process keeps it after the first read.
 */
export function loadReference(db: DbOrTx): Promise<GridReference> {
  reference ??= (async () => {
    // One query at a time: the first call may come inside a transaction (one connection).
    const categoryRows = await db
      .select({ id: genderCategories.id, name: genderCategories.name, order: genderCategories.order })
      .from(genderCategories)
      .orderBy(asc(genderCategories.order), asc(genderCategories.id));
    const genderRows = await db
      .select({
        id: genders.id,
        name: genders.name,
        category_id: genders.category_id,
        order: genders.order,
      })
      .from(genders)
      .orderBy(asc(genders.order), asc(genders.id));
    const ethnicityRows = await db
      .select({ id: ethnicities.id, name: ethnicities.name })
      .from(ethnicities)
      .orderBy(asc(ethnicities.order), asc(ethnicities.id));
    const categories = categoryRows
      .map((category) => ({ ...category, genders: genderRows.filter((g) => g.category_id === category.id) }))
      .filter((category) => category.genders.length > 0);
    return {
      categories,
      genderIds: categories.flatMap((category) => category.genders.map((g) => g.id)),
      ethnicities: ethnicityRows,
    };
  })().catch((error) => {
    reference = undefined;
    throw error;
  });
  return reference;
}

/**
 * Replaces a whole grid in its scope: the old cells go, the new reported ones are stored (a reported
 * 0 too: a cell with no row is not reported).
 */
export async function replaceCells(tx: Tx, scope: ReportingScope, grid: TGridKind, cells: CellRow[]) {
  await tx.delete(gridCells).where(and(inScope(gridCells, scope), eq(gridCells.grid, grid)));
  for (let i = 0; i < cells.length; i += 500) {
    await tx.insert(gridCells).values(
      cells.slice(i, i + 500).map((cell) => ({
        organization_id: scope.organizationId,
        survey_id: scope.surveyId,
        grid,
        ...cell,
      })),
    );
  }
}

/** A survey's copy of the organization's grid (its own profile's cells). */
export async function copyCells(tx: Tx, organizationId: number, surveyId: number, grid: TGridKind) {
  await tx.execute(sql`
    INSERT INTO ${gridCells} (organization_id, survey_id, grid, year, type, ethnicity_id, gender_id, value)
    SELECT organization_id, ${surveyId}, grid, year, type, ethnicity_id, gender_id, value
    FROM ${gridCells}
    WHERE organization_id = ${organizationId} AND survey_id IS NULL AND grid = ${grid}
    ON CONFLICT DO NOTHING`);
}

// --- reads: prepared statements ------------------------------------------------------------------

const organizationId = sql.placeholder('organizationId');
const surveyId = sql.placeholder('surveyId');
const gridKind = sql.placeholder('grid');

const scopeOf = (table: typeof gridCells | typeof individuals, inSurvey: boolean) =>
  and(
    eq(table.organization_id, organizationId),
    inSurvey ? eq(table.survey_id, surveyId) : isNull(table.survey_id),
  );

function cellsQuery(db: DbOrTx, inSurvey: boolean) {
  return db
    .select({
      kind: sql<number>`0`.as('kind'),
      year: gridCells.year,
      type: gridCells.type,
      ethnicity_id: gridCells.ethnicity_id,
      gender_id: gridCells.gender_id,
      value: gridCells.value,
    })
    .from(gridCells)
    .where(and(scopeOf(gridCells, inSurvey), eq(gridCells.grid, gridKind)));
}

/** The staff grid's cells (kind 0) and the senior leaders per race/ethnicity and gender (kind 1). */
function staffQuery(db: DbOrTx, inSurvey: boolean) {
  const leaders = db
    .select({
      kind: sql<number>`1`.as('kind'),
      year: sql<number>`0`.as('year'),
      type: sql<number>`0`.as('type'),
      ethnicity_id: sql<number>`${individuals.ethnicity_id}`.as('ethnicity_id'),
      gender_id: sql<number>`${individuals.gender_id}`.as('gender_id'),
      value: sql<number>`count(*)::int`.as('value'),
    })
    .from(individuals)
    .where(
      and(
        scopeOf(individuals, inSurvey),
        eq(individuals.is_senior_management, true),
        isNotNull(individuals.ethnicity_id),
        isNotNull(individuals.gender_id),
      ),
    )
    .groupBy(individuals.ethnicity_id, individuals.gender_id);
  return unionAll(cellsQuery(db, inSurvey), leaders);
}

export type CellReadRow = CellRow & { kind: number };

/** The stored (non-zero) cells of one grid in a scope (kind 0). */
export function readCells(
  db: DbOrTx,
  scope: Pick<ReportingScope, 'organizationId' | 'surveyId'>,
  grid: TGridKind,
): Promise<CellReadRow[]> {
  const inSurvey = scope.surveyId !== null;
  const query = preparedStatement(db, `grid_cells_${inSurvey ? 'survey' : 'own'}`, () =>
    cellsQuery(db, inSurvey),
  );
  return query.execute({ organizationId: scope.organizationId, surveyId: scope.surveyId, grid });
}

/**
 * A staff grid's cells (kind 0) and, for the staff grid, in the same round trip, the senior
 * leaders listed in Ownership and Senior Leadership per race/ethnicity and gender (kind 1, the
 * count in `value`): the staff grid's count of that cell cannot sensibly be lower.
 */
export function readStaffCells(
  db: DbOrTx,
  scope: Pick<ReportingScope, 'organizationId' | 'surveyId'>,
  grid: 'staff' | 'us_staff',
): Promise<CellReadRow[]> {
  if (grid !== 'staff') return readCells(db, scope, grid);
  const inSurvey = scope.surveyId !== null;
  const query = preparedStatement(db, `grid_staff_${inSurvey ? 'survey' : 'own'}`, () =>
    staffQuery(db, inSurvey),
  );
  return query.execute({ organizationId: scope.organizationId, surveyId: scope.surveyId, grid });
}

/**
 * The staff grid of the caller's own organization in one round trip: the caller's approved
 * membership (the rights resolveScope would derive from it), the tab's state, the stored cells
 * and the senior leaders per race/ethnicity and gender. No row when the caller has no approved
 * membership of a live organization: the caller then goes through resolveScope, which says why.
 */
function ownStaffQuery(db: DbOrTx) {
  const savedBy = alias(users, 'saved_by');
  const cells = sql<[number, number, number][]>`(
    SELECT coalesce(json_agg(json_build_array(c.ethnicity_id, c.gender_id, c.value)), '[]'::json)
    FROM ${gridCells} c
    WHERE c.organization_id = ${memberships.organization_id} AND c.survey_id IS NULL AND c.grid = 'staff')`;
  const leaders = sql<[number, number, number][]>`(
    SELECT coalesce(json_agg(json_build_array(l.ethnicity_id, l.gender_id, l.n)), '[]'::json)
    FROM (
      SELECT i.ethnicity_id, i.gender_id, count(*)::int AS n
      FROM ${individuals} i
      WHERE i.organization_id = ${memberships.organization_id} AND i.survey_id IS NULL
        AND i.is_senior_management AND i.ethnicity_id IS NOT NULL AND i.gender_id IS NOT NULL
      GROUP BY i.ethnicity_id, i.gender_id) l)`;
  return db
    .select({
      caller_id: users.id,
      is_sadm: users.is_sadm,
      membership: membershipColumns,
      state: {
        updated_at: tabStates.updated_at,
        version: tabStates.version,
        completed: tabStates.completed,
        updated_by_id: savedBy.id,
        updated_by_name: savedBy.name,
        updated_by_lastname: savedBy.lastname,
      },
      cells,
      leaders,
      declared_fte: organizations.total_full_time_employees,
    })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.user_id, users.id), eq(memberships.status, 'approved')))
    .innerJoin(organizations, and(eq(organizations.id, memberships.organization_id), live(organizations)))
    .leftJoin(
      tabStates,
      and(
        eq(tabStates.organization_id, memberships.organization_id),
        isNull(tabStates.survey_id),
        eq(tabStates.tab, 'staff'),
      ),
    )
    .leftJoin(savedBy, eq(savedBy.id, tabStates.updated_by))
    .where(and(sql`${users.id} = ANY(${sql.placeholder('callerIds')}::int[])`, live(users)));
}

/** readOwnStaff by caller: the reads of one event-loop turn share one execution (batchedRead). */
export const readOwnStaff = batchedRead({
  fetch: (db, callerIds: number[]) =>
    preparedStatement(db, 'grid_staff_own_read', () => ownStaffQuery(db)).execute({ callerIds }),
  keyOf: (row) => row.caller_id,
});

/** The year a survey started (its historical insights are the 3 years before). */
export async function surveyStartYear(db: DbOrTx, surveyId: number): Promise<number | null> {
  const [row] = await db.select({ start: surveys.start }).from(surveys).where(eq(surveys.id, surveyId));
  return row ? Number(String(row.start).slice(0, 4)) : null;
}

/**
 * The Total Full-Time Employees each of the organization's submissions declared, with the year the
 * submission reports on (its survey's start year, or the year it was submitted for its own
 * profile), oldest first.
 */
export async function submittedHeadcounts(
  db: DbOrTx,
  organizationId: number,
): Promise<{ year: number; headcount: number }[]> {
  const rows = await db
    .select({
      year: sql<number>`EXTRACT(YEAR FROM COALESCE(${surveys.start}::timestamptz, ${submissions.submitted_at}))::int`,
      headcount: sql<
        number | null
      >`(${submissions.snapshot} #>> '{overview,total_full_time_employees}')::int`,
    })
    .from(submissions)
    .leftJoin(surveys, eq(surveys.id, submissions.survey_id))
    .where(eq(submissions.organization_id, organizationId))
    .orderBy(asc(submissions.submitted_at), asc(submissions.id));
  return rows.flatMap((row) =>
    row.headcount === null ? [] : [{ year: row.year, headcount: row.headcount }],
  );
}
