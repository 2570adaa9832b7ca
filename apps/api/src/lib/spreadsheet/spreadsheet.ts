import type { ZipLimits } from './zip-guard';

/**
 * The shared contract of the spreadsheet library: column descriptions, limits and errors.
 * `template.ts` builds a template from columns; `read-sheet.ts` reads an upload back with them.
 * Sizes use base 1000 like the rest of the product ("5 MB" is 5,000,000 bytes).
 */

export type { ZipLimits };

/** Largest upload accepted, in bytes (5 MB). */
export const SPREADSHEET_MAX_BYTES = 5_000_000;
export const SPREADSHEET_TOO_LARGE_MESSAGE = `The file is larger than ${SPREADSHEET_MAX_BYTES / 1_000_000} MB.`;

/** Most data rows one upload may hold (the template's example row is not counted). */
export const MAX_ROWS = 5000;

/** Limits on the .xlsx container, checked before any XML is inflated. */
export const ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxEntries: 1000,
  maxTotalUncompressedBytes: 50_000_000,
  maxCompressionRatio: 100,
  ratioCheckMinBytes: 1_000_000,
});

/** Name of the hidden sheet holding the drop-down option lists. */
export const LISTS_SHEET = 'Lists';
/** Name of the sheet holding the instructions, when some are given. */
export const INSTRUCTIONS_SHEET = 'Instructions';
/** How booleans are written, and offered in their drop-down. */
export const YES = 'Yes';
export const NO = 'No';

/** One choice of a drop-down column: the sheet shows `name`, the reader gives back `id`. */
export interface SheetOption {
  id: number;
  name: string;
}

/** What a column holds; `options` (when given) wins over `kind`. */
export type SheetColumnKind = 'text' | 'number' | 'date' | 'percentage' | 'boolean';

/** One column of a template and of its upload. */
export interface SheetColumn {
  /** Key of the value in each read row (`values[key]`); also accepted as the header of an upload. */
  key: string;
  /** Header text written in row 1 and named in cell errors. */
  header: string;
  /** Column width in characters (default: fits the header). */
  width?: number;
  /** Choices shown as names in a drop-down list validation; read back as their ids. */
  options?: SheetOption[];
  /** text (default), number, date (read as 'YYYY-MM-DD'), percentage (0 to 100), boolean (Yes/No). */
  kind?: SheetColumnKind;
  /** A blank cell in a non-blank row is a cell error. */
  required?: boolean;
  /** Extra help shown as a note on the header cell. */
  note?: string;
}

/** A problem with one cell: its row number in the sheet, its column's header and what is wrong. */
export interface CellError {
  row: number;
  column: string;
  message: string;
}

/** One non-blank data row of an upload, keyed by column key (blank cells are null). */
export interface SheetRow {
  rowNumber: number;
  values: Record<string, unknown>;
}

export type SpreadsheetErrorCode =
  | 'not_a_spreadsheet'
  | 'too_large'
  | 'zip_bomb'
  | 'too_many_rows'
  | 'missing_columns'
  | 'empty';

/** A problem with the file as a whole; `message` is plain English meant for the person uploading. */
export class SpreadsheetError extends Error {
  constructor(
    readonly code: SpreadsheetErrorCode,
    message: string,
    /** e.g. `{ columns: string[] }` for missing_columns. */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

/** How headers are matched: case, spaces, underscores and a trailing '*' do not matter. */
export function normalizeHeader(text: string): string {
  return text
    .trim()
    .replace(/\*+$/, '')
    .replace(/[\s_]+/g, '')
    .toLowerCase();
}

/** How option names are matched: case and runs of spaces do not matter. */
export function normalizeOptionName(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** 'YYYY-MM-DD' of a date, read in UTC (spreadsheet dates carry no time zone). */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC midnight of a 'YYYY-MM-DD' string, or null when it is not a real calendar date. */
export function parseIsoDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date;
}
