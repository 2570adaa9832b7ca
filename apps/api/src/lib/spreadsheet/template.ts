import { neutraliseCell } from '@parity/domain/spreadsheet-cell';
import ExcelJS from 'exceljs';
import {
  INSTRUCTIONS_SHEET,
  LISTS_SHEET,
  MAX_ROWS,
  NO,
  parseIsoDate,
  type SheetColumn,
  YES,
} from './spreadsheet';

/** What `buildTemplate` writes. */
export interface TemplateOptions {
  /** Name of the data sheet (at most 31 characters, none of []:*?/\). */
  sheetName: string;
  columns: SheetColumn[];
  /**
   * Row 2, keyed by column key. Option columns take an id (or a name), dates a 'YYYY-MM-DD' string
   * or a Date, booleans true/false. Pass the same object to `readSheet` so it skips this row.
   */
  exampleRow?: Record<string, unknown>;
  /** Lines of an 'Instructions' sheet, when given. */
  instructions?: string[];
}

/** Validations and formats cover the example row plus MAX_ROWS rows below it. */
const LAST_VALIDATED_ROW = MAX_ROWS + 2;
const DATE_FORMAT = 'yyyy-mm-dd';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
const EXAMPLE_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF6B7280' } };
/** exceljs has `worksheet.dataValidations` (ranges allowed) but leaves it out of its types. */
type SheetWithValidations = ExcelJS.Worksheet & {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
};
const FORBIDDEN_SHEET_NAME = /[[\]:*?/\\]/;

/**
 * A real .xlsx template: the data sheet with a bold, frozen header row and an optional example row;
 * drop-down list validations whose choices live on a hidden 'Lists' sheet (so long lists work),
 * date and number validations where the column kind says so, booleans as a Yes/No list, and an
 * 'Instructions' sheet when instructions are given.
 */
export async function buildTemplate({
  sheetName,
  columns,
  exampleRow,
  instructions,
}: TemplateOptions): Promise<Buffer> {
  if (
    !sheetName.trim() ||
    sheetName.length > 31 ||
    FORBIDDEN_SHEET_NAME.test(sheetName) ||
    [LISTS_SHEET, INSTRUCTIONS_SHEET].includes(sheetName)
  ) {
    throw new Error(`"${sheetName}" cannot name the template's data sheet`);
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parity';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  if (instructions?.length) {
    const sheetOfInstructions = workbook.addWorksheet(INSTRUCTIONS_SHEET);
    sheetOfInstructions.getColumn(1).width = 100;
    sheetOfInstructions.getCell(1, 1).value = INSTRUCTIONS_SHEET;
    sheetOfInstructions.getCell(1, 1).font = { bold: true, size: 14 };
    instructions.forEach((line, index) => {
      const cell = sheetOfInstructions.getCell(index + 3, 1);
      cell.value = line;
      cell.alignment = { wrapText: true, vertical: 'top' };
    });
  }
  // The hidden Lists sheet comes last; the data sheet is first and active.
  const lists = columns.some((column) => column.options?.length)
    ? workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' })
    : undefined;
  let listCount = 0;

  columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = column.width ?? Math.max(12, column.header.length + 4);
    const numFmt = columnFormat(column);
    if (numFmt) sheetColumn.numFmt = numFmt;

    const header = sheet.getCell(1, index + 1);
    header.value = column.header;
    header.font = { bold: true };
    header.fill = HEADER_FILL;
    header.alignment = { vertical: 'middle', wrapText: true };
    header.numFmt = 'General';
    const note = headerNote(column);
    if (note) header.note = note;

    const letter = sheetColumn.letter;
    const range = `${letter}2:${letter}${LAST_VALIDATED_ROW}`;
    let validation: ExcelJS.DataValidation | undefined;
    if (column.options) {
      if (lists && column.options.length) {
        listCount += 1;
        const listColumn = lists.getColumn(listCount);
        listColumn.width = Math.max(12, column.header.length + 4);
        lists.getCell(1, listCount).value = column.header;
        column.options.forEach((option, row) => {
          // Option names come from the database; the reader also accepts the neutralised name.
          lists.getCell(row + 2, listCount).value = neutraliseCell(option.name);
        });
        const ref = `'${LISTS_SHEET}'!$${listColumn.letter}$2:$${listColumn.letter}$${column.options.length + 1}`;
        validation = {
          type: 'list',
          formulae: [ref],
          error: `Choose a value from the list for ${column.header}.`,
        };
      }
    } else if (column.kind === 'boolean') {
      validation = {
        type: 'list',
        formulae: [`"${YES},${NO}"`],
        error: `${column.header} is ${YES} or ${NO}.`,
      };
    } else if (column.kind === 'date') {
      validation = {
        type: 'date',
        operator: 'between',
        formulae: [new Date(Date.UTC(1900, 0, 1)), new Date(Date.UTC(9999, 11, 31))],
        error: `${column.header} is a date (YYYY-MM-DD).`,
      };
    } else if (column.kind === 'percentage') {
      validation = {
        type: 'decimal',
        operator: 'between',
        formulae: [0, 100],
        error: `${column.header} is a percentage from 0 to 100.`,
      };
    } else if (column.kind === 'number') {
      validation = {
        type: 'decimal',
        operator: 'between',
        formulae: [-1e15, 1e15],
        error: `${column.header} is a number.`,
      };
    }
    if (validation) {
      (sheet as SheetWithValidations).dataValidations.add(range, {
        allowBlank: true,
        showErrorMessage: true,
        errorStyle: 'stop',
        errorTitle: column.header,
        ...validation,
      });
    }
  });

  if (exampleRow) {
    const row = sheet.getRow(2);
    columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      cell.value = exampleCellValue(column, exampleRow[column.key]);
      cell.font = EXAMPLE_FONT;
    });
  }

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The number format given to a whole column, so typed values land in the right type. */
function columnFormat(column: SheetColumn): string | undefined {
  if (column.options || column.kind === 'boolean') return undefined;
  switch (column.kind) {
    case 'date':
      return DATE_FORMAT;
    case 'percentage':
      return '0.00';
    case 'number':
      return undefined;
    default:
      return '@';
  }
}

function headerNote(column: SheetColumn): string {
  const lines: string[] = [];
  if (column.note) lines.push(column.note);
  if (column.required) lines.push('Required.');
  if (column.options) lines.push('Choose from the list.');
  else if (column.kind === 'date') lines.push('A date, YYYY-MM-DD.');
  else if (column.kind === 'percentage') lines.push('A percentage from 0 to 100.');
  else if (column.kind === 'number') lines.push('A number.');
  else if (column.kind === 'boolean') lines.push(`${YES} or ${NO}.`);
  return lines.join('\n');
}

/**
 * The cell value written for an example value: option names, Yes/No, Dates at UTC midnight; a text
 * that would start a formula is neutralised (`neutraliseCell`).
 */
export function exampleCellValue(column: SheetColumn, value: unknown): ExcelJS.CellValue {
  return neutraliseCell(exampleValue(column, value));
}

function exampleValue(column: SheetColumn, value: unknown): ExcelJS.CellValue {
  if (value === undefined || value === null || value === '') return null;
  if (column.options) {
    const option = column.options.find((o) => o.id === value || o.name === value);
    return option ? option.name : String(value);
  }
  if (column.kind === 'boolean' && typeof value === 'boolean') return value ? YES : NO;
  if (column.kind === 'date') {
    if (value instanceof Date) return value;
    if (typeof value === 'string') return parseIsoDate(value) ?? value;
  }
  if (typeof value === 'number' || typeof value === 'string' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? YES : NO;
  return String(value);
}
