/**
 * The grids of the LPI profile (spec 3 "Grids"): staff, investment staff, investment committee
 * (each also US-based) and historical insights. A grid has a row per race/ethnicity and a column
 * per gender, the genders grouped into categories; every cell is a head count, or null when it is not
 * reported (an empty cell, stored as no row: not a zero). The same schemas validate the web forms
 * and the API's saves.
 */
import { z } from 'zod';
import { ZCheckIssue } from './checks';
import { ZGridScopeQuery, ZMeScopeQuery, ZSaveBase, ZTabState } from './tabs';

/** The largest head count a cell accepts. */
export const GRID_MAX_VALUE = 1_000_000;

/** How each grid is stored (grid_cells.grid). */
export const GRID_KINDS = [
  'staff',
  'us_staff',
  'investment',
  'us_investment',
  'committee',
  'us_committee',
  'historical',
] as const;
export type TGridKind = (typeof GRID_KINDS)[number];

/** Spec 9: historical insight types. */
export const HISTORICAL_TYPES = [
  { id: 1, label: 'Hires' },
  { id: 2, label: 'Promotions' },
  { id: 3, label: 'Attrition' },
] as const;
/** Spec 9: investment staff and committee types. */
export const INVESTMENT_TYPES = [
  { id: 1, label: 'Senior Investment Professional' },
  { id: 2, label: 'Junior Investment Professional' },
] as const;

export const historicalTypeLabel = (type: number) => HISTORICAL_TYPES.find((t) => t.id === type)?.label ?? '';
export const investmentTypeLabel = (type: number) => INVESTMENT_TYPES.find((t) => t.id === type)?.label ?? '';

/**
 * The past 3 full years before `currentYear` (2026: 2023, 2024, 2025). The organization's own
 * profile counts from this year, a survey's copy from the survey's start year.
 */
export function historicalYears(currentYear: number): number[] {
  return [currentYear - 3, currentYear - 2, currentYear - 1];
}

export const GRID_VALUE_MESSAGE = `Value must be a whole number from 0 to ${GRID_MAX_VALUE.toLocaleString('en-US')}`;

const refId = z
  .number({ error: 'Value must be an id' })
  .int('Value must be an id')
  .positive('Value must be an id');

/** One cell's count: a whole number from 0 to 1,000,000. */
export const ZGridValue = z
  .number({ error: GRID_VALUE_MESSAGE })
  .int(GRID_VALUE_MESSAGE)
  .min(0, GRID_VALUE_MESSAGE)
  .max(GRID_MAX_VALUE, GRID_VALUE_MESSAGE);

/** One cell of a save: its count, or null when it is not reported (an empty cell). */
export const ZGridCellInput = z.strictObject({ id: refId, value: ZGridValue.nullable() });
export type TGridCellInput = z.infer<typeof ZGridCellInput>;

/** One race/ethnicity row of a save: its counts per gender id (a gender at most once). */
export const ZGridRowInput = z
  .strictObject({ ethnicity_id: refId, genders: z.array(ZGridCellInput).max(100) })
  .superRefine((row, ctx) => {
    const seen = new Set<number>();
    row.genders.forEach((cell, i) => {
      if (seen.has(cell.id)) {
        ctx.addIssue({ code: 'custom', path: ['genders', i, 'id'], message: 'Gender is listed twice' });
      }
      seen.add(cell.id);
    });
  });
export type TGridRowInput = z.infer<typeof ZGridRowInput>;

function uniqueBy<T>(
  rows: T[],
  key: (row: T) => string,
  path: (i: number) => (string | number)[],
  message: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const k = key(row);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: path(i), message });
    seen.add(k);
  });
}

const ROW_DUPLICATE = 'Race/ethnicity is listed twice';

/** A whole grid's rows; a save replaces the grid, cells and rows left out are not reported. */
export const ZGridData = z
  .array(ZGridRowInput)
  .max(100)
  .superRefine((rows, ctx) =>
    uniqueBy(
      rows,
      (r) => String(r.ethnicity_id),
      (i) => [i, 'ethnicity_id'],
      ROW_DUPLICATE,
      ctx,
    ),
  );

/** PUT /api/staff/save and /api/staff/save/us-based. */
export const ZGridSave = ZSaveBase.extend({ data: ZGridData }).strict();
export type TGridSave = z.infer<typeof ZGridSave>;

const historicalType = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'Type must be 1 (Hires), 2 (Promotions) or 3 (Attrition)',
});
const investmentType = z.union([z.literal(1), z.literal(2)], {
  error: 'Type must be 1 (Senior) or 2 (Junior)',
});

export const ZHistoricalRowInput = z.strictObject({
  year: z.number({ error: 'Year must be a whole number' }).int('Year must be a whole number'),
  type: historicalType,
  data: ZGridRowInput,
});
export type THistoricalRowInput = z.infer<typeof ZHistoricalRowInput>;

/**
 * PUT /api/organization/historical-insights: rows of (year, type, race/ethnicity). The years must
 * be the past 3 full years of the scope (checked by the API, which knows the survey's year).
 */
export const ZHistoricalSave = ZSaveBase.extend({
  data: z
    .array(ZHistoricalRowInput)
    .max(1000)
    .superRefine((rows, ctx) =>
      uniqueBy(
        rows,
        (r) => `${r.year}/${r.type}/${r.data.ethnicity_id}`,
        (i) => [i, 'data', 'ethnicity_id'],
        ROW_DUPLICATE,
        ctx,
      ),
    ),
}).strict();
export type THistoricalSave = z.infer<typeof ZHistoricalSave>;

export const ZTypedRowInput = z
  .strictObject({
    type_id: investmentType,
    ethnicity_id: refId,
    genders: z.array(ZGridCellInput).max(100),
    /** the legacy per-row survey id: when present it must be the save's survey */
    survey_id: refId.nullish(),
  })
  .superRefine((row, ctx) => {
    const seen = new Set<number>();
    row.genders.forEach((cell, i) => {
      if (seen.has(cell.id)) {
        ctx.addIssue({ code: 'custom', path: ['genders', i, 'id'], message: 'Gender is listed twice' });
      }
      seen.add(cell.id);
    });
  });
export type TTypedRowInput = z.infer<typeof ZTypedRowInput>;

/** PUT /api/investment-staff/save(/us-based) and /api/investment-committee/save(/us-based). */
export const ZTypedGridSave = ZSaveBase.extend({
  data: z
    .array(ZTypedRowInput)
    .max(500)
    .superRefine((rows, ctx) => {
      uniqueBy(
        rows,
        (r) => `${r.type_id}/${r.ethnicity_id}`,
        (i) => [i, 'ethnicity_id'],
        ROW_DUPLICATE,
        ctx,
      );
      const surveys = new Set(rows.map((r) => r.survey_id ?? null));
      if (surveys.size > 1) {
        ctx.addIssue({
          code: 'custom',
          path: [0, 'survey_id'],
          message: 'Rows must all name the same survey',
        });
      }
    }),
}).strict();
export type TTypedGridSave = z.infer<typeof ZTypedGridSave>;

// --- reads ---------------------------------------------------------------------------------------

export const ZGridGender = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  order: z.number().int(),
});
export const ZGridCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  genders: z.array(ZGridGender),
});
export type TGridCategory = z.infer<typeof ZGridCategory>;

export const ZGridCell = z.object({
  id: z.number().int(),
  /** null: not reported (an empty cell), told apart from a reported 0 */
  value: z.number().int().nullable(),
  /** the smallest count accepted (0 unless another tab lists people of this row and gender) */
  min: z.number().int(),
});
export const ZGridRow = z.object({
  ethnicity_id: z.number().int(),
  name: z.string(),
  genders: z.array(ZGridCell),
  total: z.number().int(),
});
export type TGridRow = z.infer<typeof ZGridRow>;

export const ZGridTotals = z.object({
  byGender: z.array(z.object({ id: z.number().int(), total: z.number().int() })),
  byCategory: z.array(z.object({ id: z.number().int(), total: z.number().int() })),
  all: z.number().int(),
  /** how many cells are reported (a count, 0 included); empty cells are not */
  reported: z.number().int(),
});
export type TGridTotals = z.infer<typeof ZGridTotals>;

/** The staff grids' data. */
export const ZGrid = z.object({
  categories: z.array(ZGridCategory),
  rows: z.array(ZGridRow),
  totals: ZGridTotals,
});
export type TGrid = z.infer<typeof ZGrid>;

export const ZTypedGrid = z.object({
  type: z.number().int(),
  label: z.string(),
  rows: z.array(ZGridRow),
  totals: ZGridTotals,
});
/** Investment staff and committee: a grid per type (1 senior, 2 junior). */
export const ZTypedGrids = z.object({ categories: z.array(ZGridCategory), grids: z.array(ZTypedGrid) });
export type TTypedGrids = z.infer<typeof ZTypedGrids>;

export const ZHistoricalGrid = ZTypedGrid.extend({ year: z.number().int() });
/** Historical insights: a grid per (year, type), years oldest first. */
export const ZHistoricalGrids = z.object({
  categories: z.array(ZGridCategory),
  years: z.array(z.number().int()),
  grids: z.array(ZHistoricalGrid),
});
export type THistoricalGrids = z.infer<typeof ZHistoricalGrids>;

/** checks: the staff grid's failing data checks (issue #19); absent for grids without checks. */
export const ZGridResponse = z.object({
  data: ZGrid,
  state: ZTabState,
  checks: z.array(ZCheckIssue).optional(),
});
export const ZTypedGridsResponse = z.object({ data: ZTypedGrids, state: ZTabState });
/** checks: hires minus attrition against the change in head count (issue #19), where known. */
export const ZHistoricalGridsResponse = z.object({
  data: ZHistoricalGrids,
  state: ZTabState,
  checks: z.array(ZCheckIssue),
});

/** The "me" grid reads: an optional survey and the US-based variant. */
export const ZMeGridQuery = ZMeScopeQuery.extend({ us_based: ZGridScopeQuery.shape.us_based });
export type TMeGridQuery = z.infer<typeof ZMeGridQuery>;

// --- helpers shared by the API and the web --------------------------------------------------------

/** Row, column, category and grand totals of a grid's reported counts, and how many cells are reported. */
export function gridTotals(
  categories: readonly TGridCategory[],
  rows: readonly { genders: readonly { id: number; value: number | null }[] }[],
): TGridTotals {
  const byGender = new Map<number, number>();
  for (const category of categories) for (const gender of category.genders) byGender.set(gender.id, 0);
  let all = 0;
  let reported = 0;
  for (const row of rows) {
    for (const cell of row.genders) {
      if (!byGender.has(cell.id) || cell.value === null) continue;
      byGender.set(cell.id, (byGender.get(cell.id) ?? 0) + cell.value);
      all += cell.value;
      reported += 1;
    }
  }
  return {
    byGender: [...byGender].map(([id, total]) => ({ id, total })),
    byCategory: categories.map((category) => ({
      id: category.id,
      total: category.genders.reduce((sum, g) => sum + (byGender.get(g.id) ?? 0), 0),
    })),
    all,
    reported,
  };
}

/** A row's total of its reported counts. */
export const rowTotal = (row: { genders: readonly { value: number | null }[] }) =>
  row.genders.reduce((sum, cell) => sum + (cell.value ?? 0), 0);

/** A grid's rows as a save's data: every row, every cell (zeros and cells not reported included). */
export const toGridData = (rows: readonly TGridRow[]): TGridRowInput[] =>
  rows.map((row) => ({
    ethnicity_id: row.ethnicity_id,
    genders: row.genders.map((cell) => ({ id: cell.id, value: cell.value })),
  }));

/**
 * Parses one pasted spreadsheet cell. An empty cell is "not reported" (`{value: null}`), as a
 * cell emptied by hand; digits with optional thousands separators and spaces ("1,200", " 7 ") are
 * a count. Anything else (text, negatives, decimals, too large) is not a count: null.
 */
export function parsePastedCell(text: string): { value: number | null } | null {
  const cleaned = text.trim().replace(/[,\s\u00a0]/g, '');
  if (cleaned === '') return { value: null };
  if (!/^\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value <= GRID_MAX_VALUE ? { value } : null;
}

/** A pasted block (tab-separated cells, one row per line, as spreadsheets copy) as text cells. */
export function parsePastedBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}
