import { checkStaffTotal } from '@parity/domain/lpi/checks';
import type { TMeGridQuery } from '@parity/domain/lpi/grids';
import {
  gridTotals,
  HISTORICAL_TYPES,
  historicalYears,
  INVESTMENT_TYPES,
  type TGrid,
  type TGridRow,
  type TGridSave,
  type THistoricalGrids,
  type THistoricalSave,
  type TTypedGridSave,
  type TTypedGrids,
} from '@parity/domain/lpi/grids';
import { accountFlags } from '@parity/domain/permissions';
import { AppError } from '../../../../core/http/errors';
import type { Db, DbOrTx, Tx } from '../../../../db/client';
import type { ReportingScope } from '../../engine/scope';
import { type TabAnswer, tabStateOf } from '../../engine/tabs';
import {
  type CellRow,
  type GridReference,
  loadReference,
  readCells,
  readOwnStaff,
  readStaffCells,
  replaceCells,
  surveyStartYear,
} from './repo';

/** The grids with one grid per scope: their tab key is also their grid_cells.grid kind. */
export type SimpleGridTab = 'staff' | 'us_staff';
export type TypedGridTab = 'investment' | 'us_investment' | 'committee' | 'us_committee';
export type GridFamily = 'staff' | 'investment' | 'committee';

export function tabOf(family: 'staff', usBased: boolean | undefined): SimpleGridTab;
export function tabOf(family: 'investment' | 'committee', usBased: boolean | undefined): TypedGridTab;
export function tabOf(family: GridFamily, usBased: boolean | undefined): SimpleGridTab | TypedGridTab {
  return (usBased ? `us_${family}` : family) as SimpleGridTab | TypedGridTab;
}

// --- reads ---------------------------------------------------------------------------------------

const key = (ethnicityId: number, genderId: number) => `${ethnicityId}:${genderId}`;

function buildRows(ref: GridReference, cells: CellRow[], mins?: Map<string, number>): TGridRow[] {
  const values = new Map<string, number>();
  for (const cell of cells) values.set(key(cell.ethnicity_id, cell.gender_id), cell.value);
  return ref.ethnicities.map((ethnicity) => {
    let total = 0;
    const genders = ref.genderIds.map((id) => {
      // A cell without a row is not reported: null, not 0.
      const value = values.get(key(ethnicity.id, id)) ?? null;
      total += value ?? 0;
      return { id, value, min: mins?.get(key(ethnicity.id, id)) ?? 0 };
    });
    return { ethnicity_id: ethnicity.id, name: ethnicity.name, genders, total };
  });
}

function staffGrid(ref: GridReference, cells: CellRow[], mins: Map<string, number>): TGrid {
  const rows = buildRows(ref, cells, mins);
  return { categories: ref.categories, rows, totals: gridTotals(ref.categories, rows) };
}

/** A staff grid (all of it: every race/ethnicity and gender, cells not reported as null). */
export async function readSimpleGrid(db: DbOrTx, scope: ReportingScope, tab: SimpleGridTab): Promise<TGrid> {
  const ref = await loadReference(db);
  const all = await readStaffCells(db, scope, tab);
  const cells = all.filter((row) => Number(row.kind) === 0);
  const mins = new Map<string, number>();
  for (const row of all)
    if (Number(row.kind) === 1) mins.set(key(row.ethnicity_id, row.gender_id), Number(row.value));
  return staffGrid(ref, cells, mins);
}

/**
 * GET /api/organization/me/staff without a survey, the profile's most frequent read, in one
 * round trip (readOwnStaff): the same rights and answer as resolveScope + readTab give a member.
 * Undefined for another read, or when the caller has no approved membership: resolveScope then
 * answers (403 pending, a platform admin without an organization, 404).
 */
export async function readOwnStaffTab(
  db: Db,
  callerId: number,
  query: TMeGridQuery,
): Promise<TabAnswer<TGrid> | undefined> {
  if (query.us_based || query.survey_id !== undefined) return undefined;
  const [ref, row] = await Promise.all([loadReference(db), readOwnStaff(db, callerId)]);
  if (!row) return undefined;
  const flags = accountFlags({ is_sadm: row.is_sadm, membership: row.membership });
  const cells = row.cells.map(([ethnicity_id, gender_id, value]) => ({
    year: 0,
    type: 0,
    ethnicity_id,
    gender_id,
    value,
  }));
  const mins = new Map(
    row.leaders.map(([ethnicityId, genderId, count]) => [key(ethnicityId, genderId), count]),
  );
  const data = staffGrid(ref, cells, mins);
  return {
    data,
    state: tabStateOf('staff', flags.hasLpiAccess, row.state),
    checks: checkStaffTotal(data.totals.all, row.declared_fte),
  };
}

/** Investment staff or committee: a grid per type, senior then junior. */
export async function readTypedGrids(
  db: DbOrTx,
  scope: ReportingScope,
  tab: TypedGridTab,
): Promise<TTypedGrids> {
  const ref = await loadReference(db);
  const cells = await readCells(db, scope, tab);
  return {
    categories: ref.categories,
    grids: INVESTMENT_TYPES.map((type) => {
      const rows = buildRows(
        ref,
        cells.filter((cell) => cell.type === type.id),
      );
      return { type: type.id, label: type.label, rows, totals: gridTotals(ref.categories, rows) };
    }),
  };
}

/** The year the scope's historical insights count back from: this year, or the survey's start year. */
async function baseYear(db: DbOrTx, scope: Pick<ReportingScope, 'surveyId'>): Promise<number> {
  const fromSurvey = scope.surveyId === null ? null : await surveyStartYear(db, scope.surveyId);
  return fromSurvey ?? new Date().getUTCFullYear();
}

/** Historical insights: a grid per year (the past 3 full years) and type (hires, promotions, attrition). */
export async function readHistorical(db: DbOrTx, scope: ReportingScope): Promise<THistoricalGrids> {
  // One query at a time: the handle may be a transaction (saves read their result back).
  const ref = await loadReference(db);
  const cells = await readCells(db, scope, 'historical');
  const year = await baseYear(db, scope);
  const years = historicalYears(year);
  return {
    categories: ref.categories,
    years,
    grids: years.flatMap((y) =>
      HISTORICAL_TYPES.map((type) => {
        const rows = buildRows(
          ref,
          cells.filter((cell) => cell.year === y && cell.type === type.id),
        );
        return { year: y, type: type.id, label: type.label, rows, totals: gridTotals(ref.categories, rows) };
      }),
    ),
  };
}

/** A version's cells as readable paths: 'Asian › Woman', 'Senior Investment Professional › Asian › Woman'. */
export function flattenGrid(data: {
  categories: TGrid['categories'];
  rows?: TGridRow[];
  grids?: { label: string; year?: number; rows: TGridRow[] }[];
}): Record<string, unknown> {
  const genderNames = new Map<number, string>();
  for (const category of data.categories ?? [])
    for (const g of category.genders) genderNames.set(g.id, g.name);
  const out: Record<string, unknown> = {};
  const add = (prefix: string, rows: TGridRow[]) => {
    for (const row of rows) {
      for (const cell of row.genders)
        out[`${prefix}${row.name} › ${genderNames.get(cell.id) ?? cell.id}`] = cell.value;
    }
  };
  if (data.rows) add('', data.rows);
  for (const grid of data.grids ?? []) add(`${grid.year ? `${grid.year} ` : ''}${grid.label} › `, grid.rows);
  return out;
}

// --- saves ---------------------------------------------------------------------------------------

function invalid(field: string, message: string): AppError {
  return new AppError(400, 'validation_failed', `${field}: ${message}`, [{ field, message }]);
}

function checkRow(ref: GridReference, row: { ethnicity_id: number; genders: { id: number }[] }, at: string) {
  if (!ref.ethnicities.some((e) => e.id === row.ethnicity_id)) {
    throw invalid(`${at}.ethnicity_id`, `Unknown race/ethnicity id ${row.ethnicity_id}`);
  }
  row.genders.forEach((cell, j) => {
    if (!ref.genderIds.includes(cell.id))
      throw invalid(`${at}.genders.${j}.id`, `Unknown gender id ${cell.id}`);
  });
}

/** The stored cells of a row: a reported count is a row (0 included), a cell not reported none. */
const cellsOf = (
  row: { ethnicity_id: number; genders: { id: number; value: number | null }[] },
  year = 0,
  type = 0,
): CellRow[] =>
  row.genders.flatMap((cell) =>
    cell.value === null
      ? []
      : [{ year, type, ethnicity_id: row.ethnicity_id, gender_id: cell.id, value: cell.value }],
  );

type Write = (tx: Tx) => Promise<void>;

/** PUT /api/staff/save(/us-based): replaces the staff grid of the caller's scope. */
export async function simpleGridWrite(
  db: Db,
  scope: ReportingScope,
  tab: SimpleGridTab,
  body: TGridSave,
): Promise<Write> {
  const ref = await loadReference(db);
  for (const [i, row] of body.data.entries()) checkRow(ref, row, `body.data.${i}`);
  const cells = body.data.flatMap((row) => cellsOf(row));
  return (tx) => replaceCells(tx, scope, tab, cells);
}

/** The survey of a typed grid save: the body's, else the one its rows name (all the same). */
export function typedGridSurvey(body: TTypedGridSave): number | null {
  const rowSurvey = body.data.find((row) => row.survey_id != null)?.survey_id ?? null;
  return body.survey_id ?? rowSurvey;
}

/** PUT /api/investment-staff/save(/us-based), /api/investment-committee/save(/us-based). */
export async function typedGridsWrite(
  db: Db,
  scope: ReportingScope,
  tab: TypedGridTab,
  body: TTypedGridSave,
): Promise<Write> {
  body.data.forEach((row, i) => {
    if (row.survey_id != null && row.survey_id !== scope.surveyId) {
      throw invalid(`body.data.${i}.survey_id`, 'The row names another survey than the save');
    }
  });
  const ref = await loadReference(db);
  for (const [i, row] of body.data.entries()) checkRow(ref, row, `body.data.${i}`);
  const cells = body.data.flatMap((row) => cellsOf(row, 0, row.type_id));
  return (tx) => replaceCells(tx, scope, tab, cells);
}

/** PUT /api/organization/historical-insights: the years must be the scope's past 3 full years. */
export async function historicalWrite(db: Db, scope: ReportingScope, body: THistoricalSave): Promise<Write> {
  const ref = await loadReference(db);
  const years = historicalYears(await baseYear(db, scope));
  body.data.forEach((row, i) => {
    if (!years.includes(row.year))
      throw invalid(`body.data.${i}.year`, `Year must be one of ${years.join(', ')}`);
    checkRow(ref, row.data, `body.data.${i}.data`);
  });
  const cells = body.data.flatMap((row) => cellsOf(row.data, row.year, row.type));
  return (tx) => replaceCells(tx, scope, 'historical', cells);
}
