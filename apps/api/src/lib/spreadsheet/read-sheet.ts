import { neutraliseCell } from '@parity/domain/spreadsheet-cell';
import type ExcelJS from 'exceljs';
import {
  type CellError,
  INSTRUCTIONS_SHEET,
  LISTS_SHEET,
  MAX_ROWS,
  NO,
  normalizeHeader,
  normalizeOptionName,
  parseIsoDate,
  type SheetColumn,
  type SheetRow,
  SPREADSHEET_MAX_BYTES,
  SPREADSHEET_TOO_LARGE_MESSAGE,
  SpreadsheetError,
  toIsoDate,
  YES,
  ZIP_LIMITS,
  type ZipLimits,
} from './spreadsheet';
import { exampleCellValue } from './template';
import {
  isWorkbookPart,
  MalformedWorkbook,
  type Plain,
  readWorkbook,
  readWorksheet,
  type SheetCell,
  type SheetRowCells,
  type WorkbookParts,
} from './xlsx-reader';
import { hasZipMagic, inspectZip, verifyZipEntries, ZipProblem } from './zip-guard';

/** How `readSheet` reads an upload. */
export interface ReadSheetOptions {
  columns: SheetColumn[];
  /** Most data rows accepted (default MAX_ROWS); more is a `too_many_rows` error. */
  maxRows?: number;
  /** Tighter or looser container limits than ZIP_LIMITS. */
  limits?: Partial<ZipLimits>;
  /** The template's example row (as given to `buildTemplate`): row 2 is skipped when identical. */
  exampleRow?: Record<string, unknown>;
  /**
   * The data sheet's name (no such sheet is a missing_columns error); by default the first visible
   * sheet other than Lists and Instructions.
   */
  sheetName?: string;
}

/**
 * Every non-blank data row with its cells converted (option names to ids, dates to 'YYYY-MM-DD',
 * numbers to numbers, Yes/No to booleans, blank cells to null), and the cells that could not be
 * converted. A cell listed in `errors` is left out of its row's `values`, so a caller validating
 * rows with a schema should drop its own issues for a (row, column) already in `errors`.
 */
export interface ReadSheetResult {
  rows: SheetRow[];
  errors: CellError[];
}

const NOT_A_SPREADSHEET = 'The file is not an .xlsx spreadsheet';

type Converted = { value: unknown } | { error: string };

/**
 * Reads an uploaded .xlsx with the columns of its template. File-level problems throw a
 * SpreadsheetError: too large, not an .xlsx (checked on the bytes, not the name), a ZIP bomb, a
 * missing column, no data rows, or more than `maxRows` rows.
 */
export async function readSheet(buffer: Buffer, options: ReadSheetOptions): Promise<ReadSheetResult> {
  const { columns, maxRows = MAX_ROWS, exampleRow } = options;
  const parts = assertSafeContainer(buffer, { ...ZIP_LIMITS, ...options.limits });

  let rowsWithValues: SheetRowCells[];
  let date1904: boolean;
  try {
    const workbook = readWorkbook(parts);
    date1904 = workbook.date1904;
    const sheet = options.sheetName
      ? workbook.sheets.find((candidate) => candidate.name === options.sheetName)
      : workbook.sheets.find(
          (candidate) =>
            candidate.state === 'visible' &&
            candidate.name !== LISTS_SHEET &&
            candidate.name !== INSTRUCTIONS_SHEET,
        );
    if (!sheet && options.sheetName) {
      throw new SpreadsheetError(
        'missing_columns',
        `The spreadsheet has no sheet named ${options.sheetName}.`,
      );
    }
    rowsWithValues = sheet ? readWorksheet(parts, sheet.path, date1904) : [];
  } catch (error) {
    if (error instanceof MalformedWorkbook)
      throw new SpreadsheetError('not_a_spreadsheet', NOT_A_SPREADSHEET);
    throw error;
  }
  if (rowsWithValues.length === 0) {
    throw new SpreadsheetError('empty', 'The spreadsheet is empty.');
  }

  const header = rowsWithValues[0]!.number === 1 ? rowsWithValues[0]!.cells : new Map<number, SheetCell>();
  const positions = headerPositions(header, columns);
  const missing = columns.filter((column) => !positions.has(column.key)).map((column) => column.header);
  if (missing.length) {
    throw new SpreadsheetError(
      'missing_columns',
      `The spreadsheet is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Download the template again and keep its header row.`,
      { columns: missing },
    );
  }
  const optionIds = new Map(
    columns.map((column) => [
      column.key,
      // An option named like a formula is written neutralised in the template's list (template.ts).
      new Map(
        (column.options ?? []).flatMap((option) => [
          [normalizeOptionName(neutraliseCell(option.name)), option.id],
          [normalizeOptionName(option.name), option.id],
        ]),
      ),
    ]),
  );
  const example = exampleRow ? exampleValues(columns, exampleRow, optionIds) : undefined;

  const rows: SheetRow[] = [];
  const errors: CellError[] = [];
  let dataRowsSeen = 0;
  for (const { number: rowNumber, cells } of rowsWithValues) {
    if (rowNumber === 1) continue;
    const values: Record<string, unknown> = {};
    const rowErrors: CellError[] = [];
    let blank = true;
    for (const column of columns) {
      const cell = cells.get(positions.get(column.key)!);
      const raw = cell ? cell.value : null;
      if (raw !== null) blank = false;
      const numFmt = column.kind === 'percentage' && typeof raw === 'number' ? cell!.numFmt : '';
      const converted = convertCell(column, raw, { numFmt, date1904, optionIds: optionIds.get(column.key)! });
      if ('error' in converted)
        rowErrors.push({ row: rowNumber, column: column.header, message: converted.error });
      else values[column.key] = converted.value;
    }
    if (blank) continue;
    dataRowsSeen += 1;
    if (dataRowsSeen === 1 && example && rowErrors.length === 0 && sameValues(columns, values, example))
      continue;
    if (rows.length >= maxRows) {
      throw new SpreadsheetError(
        'too_many_rows',
        `The spreadsheet has more than ${maxRows} rows. Split it into several files of at most ${maxRows} rows.`,
        { maxRows },
      );
    }
    rows.push({ rowNumber, values });
    for (const error of rowErrors) errors.push(error);
  }
  if (rows.length === 0) {
    throw new SpreadsheetError('empty', 'The spreadsheet has no rows to import.');
  }
  return { rows, errors };
}

/**
 * The byte-level checks: size, ZIP magic, the central directory against the limits, parts present,
 * every entry inflated under its cap. Returns the inflated parts the reader needs.
 */
function assertSafeContainer(buffer: Buffer, limits: ZipLimits): WorkbookParts {
  if (buffer.length === 0) throw new SpreadsheetError('empty', 'The file is empty.');
  if (buffer.length > SPREADSHEET_MAX_BYTES) {
    throw new SpreadsheetError('too_large', SPREADSHEET_TOO_LARGE_MESSAGE, {
      maxBytes: SPREADSHEET_MAX_BYTES,
    });
  }
  if (!hasZipMagic(buffer)) throw new SpreadsheetError('not_a_spreadsheet', NOT_A_SPREADSHEET);
  try {
    const entries = inspectZip(buffer, limits);
    const names = new Set(entries.map((entry) => entry.name));
    if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
      throw new SpreadsheetError('not_a_spreadsheet', NOT_A_SPREADSHEET);
    }
    return verifyZipEntries(buffer, entries, isWorkbookPart);
  } catch (error) {
    if (error instanceof ZipProblem) {
      throw error.kind === 'bomb'
        ? new SpreadsheetError(
            'zip_bomb',
            `The file is refused: ${error.message}. Save the spreadsheet again from Excel and retry.`,
          )
        : new SpreadsheetError('not_a_spreadsheet', `${NOT_A_SPREADSHEET} (${error.message}).`);
    }
    throw error;
  }
}

/** Column number of each column key, from the header row (first match wins). */
function headerPositions(
  headerCells: ReadonlyMap<number, SheetCell>,
  columns: SheetColumn[],
): Map<string, number> {
  const byName = new Map<string, string>();
  for (const column of columns) {
    for (const name of [column.header, column.key]) {
      const normalized = normalizeHeader(name);
      if (!byName.has(normalized)) byName.set(normalized, column.key);
    }
  }
  const positions = new Map<string, number>();
  const columnNumbers = [...headerCells.keys()].sort((a, b) => a - b);
  for (const columnNumber of columnNumbers) {
    const text = headerCells.get(columnNumber)!.value;
    if (typeof text !== 'string') continue;
    const key = byName.get(normalizeHeader(text));
    if (key && !positions.has(key)) positions.set(key, columnNumber);
  }
  return positions;
}

/** An exceljs cell value (the template's example row) without formulas, rich text or hyperlinks; blank strings become null. */
function plainValue(value: ExcelJS.CellValue): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return plainValue(value.richText.map((part) => part.text).join(''));
  if ('error' in value) return { error: value.error };
  if ('formula' in value || 'sharedFormula' in value) {
    return plainValue((value.result ?? null) as ExcelJS.CellValue);
  }
  if ('hyperlink' in value) return plainValue(value.text as ExcelJS.CellValue);
  return null;
}

interface ConvertContext {
  numFmt: string;
  date1904: boolean;
  optionIds: Map<string, number>;
}

/** One cell to its value for the column, or the message of a cell error. */
function convertCell(column: SheetColumn, raw: Plain, context: ConvertContext): Converted {
  const { header } = column;
  if (raw === null) return column.required ? { error: `${header} is required.` } : { value: null };
  if (typeof raw === 'object' && !(raw instanceof Date)) {
    return { error: `${header} holds the error ${raw.error}.` };
  }
  // A date style on a cell whose value is not a date serial (a formula's text result, say).
  if (raw instanceof Date && Number.isNaN(raw.getTime()))
    return { error: `${header} holds an invalid date.` };
  if (column.options) {
    const text = raw instanceof Date ? toIsoDate(raw) : String(raw);
    const id = context.optionIds.get(normalizeOptionName(text));
    return id === undefined ? { error: `"${text}" is not one of the choices for ${header}.` } : { value: id };
  }
  switch (column.kind) {
    case 'number': {
      const number = toNumber(raw);
      return number === null ? { error: `${header} must be a number.` } : { value: number };
    }
    case 'percentage': {
      let number: number | null;
      if (typeof raw === 'number') {
        number = context.numFmt.includes('%') ? Math.round(raw * 100 * 1e9) / 1e9 : raw;
      } else if (typeof raw === 'string' && raw.endsWith('%')) {
        number = toNumber(raw.slice(0, -1).trim());
      } else {
        number = toNumber(raw);
      }
      return number === null || number < 0 || number > 100
        ? { error: `${header} must be a percentage from 0 to 100.` }
        : { value: number };
    }
    case 'date': {
      const date = toDate(raw, context.date1904);
      return date === null ? { error: `${header} must be a date (YYYY-MM-DD).` } : { value: toIsoDate(date) };
    }
    case 'boolean': {
      const value = toBoolean(raw);
      return value === null ? { error: `${header} must be ${YES} or ${NO}.` } : { value };
    }
    default:
      if (raw instanceof Date) return { value: toIsoDate(raw) };
      if (typeof raw === 'boolean') return { value: raw ? YES : NO };
      return { value: String(raw) };
  }
}

const GROUPED_THOUSANDS = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

function toNumber(raw: Plain): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = GROUPED_THOUSANDS.test(raw) ? raw.replaceAll(',', '') : raw;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** Largest Excel date serial (9999-12-31). */
const MAX_DATE_SERIAL = 2958465;

function toDate(raw: Plain, date1904: boolean): Date | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw;
  if (typeof raw === 'number') {
    if (raw < 1 || raw > MAX_DATE_SERIAL) return null;
    const days = Math.floor(raw) - 25569 + (date1904 ? 1462 : 0);
    return new Date(days * 86_400_000);
  }
  if (typeof raw === 'string') return parseIsoDate(raw);
  return null;
}

function toBoolean(raw: Plain): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === 0) return raw === 1;
  if (typeof raw !== 'string') return null;
  const text = raw.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return null;
}

/** The example row as the reader would read it back from the template. */
function exampleValues(
  columns: SheetColumn[],
  exampleRow: Record<string, unknown>,
  optionIds: Map<string, Map<string, number>>,
): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    const raw = plainValue(exampleCellValue(column, exampleRow[column.key]));
    const converted = convertCell({ ...column, required: false }, raw, {
      numFmt: '',
      date1904: false,
      optionIds: optionIds.get(column.key)!,
    });
    if ('error' in converted) return undefined;
    values[column.key] = converted.value;
  }
  return values;
}

function sameValues(columns: SheetColumn[], a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return columns.every((column) => a[column.key] === b[column.key]);
}
