import type { TBoardSave } from '@parity/domain/lpi/board';
import {
  DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  INDIVIDUAL_LABELS,
  individualRowSchema,
  type TIndividualRow,
  type TOwnershipSave,
  todayIso,
} from '@parity/domain/lpi/individuals';
import { AppError, notFound } from '../../../../core/http/errors';
import type { Db, Tx } from '../../../../db/client';
import { readSheet } from '../../../../lib/spreadsheet/read-sheet';
import { type CellError, type SheetColumn, SpreadsheetError } from '../../../../lib/spreadsheet/spreadsheet';
import { buildTemplate } from '../../../../lib/spreadsheet/template';
import { type ReportingScope, readScope, writeScope } from '../../engine/scope';
import { saveTab } from '../../engine/tabs';
import { ownershipTab } from './definition';
import * as repo from './repo';

// --- saves ---------------------------------------------------------------------------------------

const distinct = (ids: number[]) => [...new Set(ids)];

/** PUT /api/ownership/save: creates, updates and deletes rows of the scope (foreign ids: 404). */
export async function ownershipWrite(_db: Db, scope: ReportingScope, body: TOwnershipSave) {
  return async (tx: Tx) => {
    const ids = distinct([...body.update.map((row) => row.id), ...body.delete]);
    if ((await repo.countIndividualsInScope(tx, scope, ids)) !== ids.length) throw notFound('Individual');
    const deleted = new Set(body.delete);
    await repo.deleteIndividuals(tx, scope, body.delete);
    await repo.updateIndividuals(
      tx,
      scope,
      body.update.filter((row) => !deleted.has(row.id)),
    );
    await repo.insertIndividuals(tx, scope, body.create);
  };
}

/** POST /api/boards/save: creates, updates and deletes members of the scope (foreign ids: 404). */
export async function boardWrite(_db: Db, scope: ReportingScope, body: TBoardSave) {
  return async (tx: Tx) => {
    const ids = distinct([...body.update.map((row) => row.id), ...body.delete]);
    if ((await repo.countBoardMembersInScope(tx, scope, ids)) !== ids.length) throw notFound('Board member');
    const deleted = new Set(body.delete);
    await repo.deleteBoardMembers(tx, scope, body.delete);
    await repo.updateBoardMembers(
      tx,
      scope,
      body.update.filter((row) => !deleted.has(row.id)),
    );
    await repo.insertBoardMembers(tx, scope, body.create);
  };
}

// --- template and bulk upload ----------------------------------------------------------------------

export const TEMPLATE_FILE_NAME = 'ownership-and-leadership-template.xlsx';
export const TEMPLATE_SHEET = 'Individuals';

const EXAMPLE_ROW = {
  identification_id: 17,
  name: 'Jane Example',
  corporate_title_id: 3,
  date_of_joining: '2015-04-01',
  gender_id: null as number | null,
  ethnicity_id: null as number | null,
  immigration_id: 2,
  veteran_id: 2,
  lgbtq_id: 3,
  disabled_id: 2,
  us_citizen_id: 1,
  us_based_id: 1,
  is_senior_management: true,
  date_of_promotion: '2019-01-01',
  is_owner: true,
  ownership: 25,
  initial_ownership_date: '2016-01-01',
};

const INSTRUCTIONS = [
  'Fill one individual or entity per row of the Individuals sheet, from row 3. Row 2 is an example: it is skipped while unchanged, so replace or delete it.',
  'Identification decides what else a row needs. Employee: corporate title, date of joining and the demographic columns; Leadership (Yes/No) applies to employees only, with an optional date of promotion. Non-employee individual and Former employee: the demographic columns. Entities: only the name and ownership.',
  'Leave columns that do not apply to the identification empty.',
  'Ownership: Yes for owners, then Ownership % (0 to 100, at most 2 decimals) and the initial ownership date (not in the future).',
  'Dates are YYYY-MM-DD. Choose values from the drop-down lists.',
  'Every row is checked before anything is saved: if a row has a problem, nothing is imported and each problem is listed with its row and column.',
];

/** The template's columns and the option lists behind its drop-downs. */
async function ownershipColumns(db: Db): Promise<{ columns: SheetColumn[]; example: typeof EXAMPLE_ROW }> {
  const groups = await repo.listOptionGroups(db, [
    'identification',
    'corporate_titles',
    'immigration',
    'military_member',
    'lgbtq',
    'disabled',
    'us_citizen',
    'us_based',
  ]);
  const of = (group: string) =>
    groups.filter((row) => row.group === group).map(({ id, name }) => ({ id, name }));
  const genderList = await repo.listGenders(db);
  const ethnicityList = await repo.listEthnicities(db);
  const flags = DEFAULT_INDIVIDUAL_OPTION_FLAGS;
  const L = INDIVIDUAL_LABELS;
  const columns: SheetColumn[] = [
    { key: 'identification_id', header: L.identification_id, options: of('identification'), width: 28 },
    { key: 'name', header: L.name, width: 32, note: 'Required for every row.' },
    { key: 'corporate_title_id', header: L.corporate_title_id, options: of('corporate_titles'), width: 30 },
    { key: 'date_of_joining', header: L.date_of_joining, kind: 'date' },
    { key: 'gender_id', header: L.gender_id, options: genderList },
    { key: 'ethnicity_id', header: L.ethnicity_id, options: ethnicityList, width: 30 },
    ...(
      [
        ['immigration_id', 'immigration'],
        ['veteran_id', 'military_member'],
        ['lgbtq_id', 'lgbtq'],
        ['disabled_id', 'disabled'],
        ['us_citizen_id', 'us_citizen'],
        ['us_based_id', 'us_based'],
      ] as const
    )
      .filter(([key]) => flags[key])
      .map(([key, group]): SheetColumn => ({ key, header: L[key], options: of(group) })),
    { key: 'is_senior_management', header: L.is_senior_management, kind: 'boolean' },
    { key: 'date_of_promotion', header: L.date_of_promotion, kind: 'date' },
    { key: 'is_owner', header: L.is_owner, kind: 'boolean' },
    { key: 'ownership', header: L.ownership, kind: 'percentage' },
    { key: 'initial_ownership_date', header: L.initial_ownership_date, kind: 'date' },
  ];
  const example = {
    ...EXAMPLE_ROW,
    gender_id: genderList[0]?.id ?? null,
    ethnicity_id: ethnicityList[0]?.id ?? null,
  };
  return { columns, example };
}

export async function ownershipTemplate(db: Db, userId: number, surveyId?: number) {
  await readScope(db, userId, { survey_id: surveyId });
  const { columns, example } = await ownershipColumns(db);
  return buildTemplate({
    sheetName: TEMPLATE_SHEET,
    columns,
    exampleRow: example,
    instructions: INSTRUCTIONS,
  });
}

export interface UploadRequest {
  file: Buffer;
  surveyId: number | null;
  updatedAt: string | null;
  mode: 'append' | 'replace';
}

const SPREADSHEET_STATUS: Record<SpreadsheetError['code'], number> = {
  too_large: 413,
  not_a_spreadsheet: 422,
  zip_bomb: 422,
  too_many_rows: 422,
  missing_columns: 422,
  empty: 422,
};

/**
 * A bulk upload: every row checked with the row schema of the form; all rows created in one save
 * (one version), or none with 422 and every problem as {row, column, message}. 'replace' deletes
 * the scope's rows first, in the same save.
 */
export async function uploadOwnership(db: Db, userId: number, request: UploadRequest) {
  const scope = await writeScope(db, userId, { surveyId: request.surveyId });
  const { columns, example } = await ownershipColumns(db);
  let sheet: Awaited<ReturnType<typeof readSheet>>;
  try {
    sheet = await readSheet(request.file, { columns, exampleRow: example });
  } catch (error) {
    if (error instanceof SpreadsheetError) {
      throw new AppError(SPREADSHEET_STATUS[error.code], error.code, error.message, error.detail);
    }
    throw error;
  }
  const headerOf = new Map(columns.map((column) => [column.key, column.header]));
  const errors: CellError[] = [...sheet.errors];
  const cellHasError = new Set(errors.map((e) => `${e.row}:${e.column}`));
  const schema = individualRowSchema(DEFAULT_INDIVIDUAL_OPTION_FLAGS, todayIso());
  const rows: TIndividualRow[] = [];
  for (const { rowNumber, values } of sheet.rows) {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      rows.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const column = headerOf.get(key) ?? key;
      if (cellHasError.has(`${rowNumber}:${column}`)) continue;
      cellHasError.add(`${rowNumber}:${column}`);
      errors.push({ row: rowNumber, column, message: issue.message });
    }
  }
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row || columnIndex(columns, a.column) - columnIndex(columns, b.column));
    const rowsWithErrors = new Set(errors.map((e) => e.row)).size;
    throw new AppError(
      422,
      'invalid_rows',
      `${rowsWithErrors} row${rowsWithErrors > 1 ? 's have' : ' has'} problems; nothing was imported.`,
      errors,
    );
  }
  const saved = await saveTab(db, scope, ownershipTab, request.updatedAt, async (tx) => {
    if (request.mode === 'replace') await repo.deleteAllIndividuals(tx, scope);
    await repo.insertIndividuals(tx, scope, rows);
  });
  return { ...saved, created: rows.length };
}

function columnIndex(columns: SheetColumn[], header: string) {
  const index = columns.findIndex((column) => column.header === header);
  return index === -1 ? columns.length : index;
}
