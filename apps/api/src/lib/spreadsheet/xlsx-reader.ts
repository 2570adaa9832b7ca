/**
 * A small reader for the SpreadsheetML parts of an .xlsx, working on the parts zip-guard has
 * already inflated under its caps: the workbook's sheets and their rels targets, the shared
 * strings (rich text runs joined), the cell styles' number formats and one worksheet's cells.
 *
 * Cell values come out as the plain values `read-sheet` converts, and they are the values exceljs
 * (which read these files before) gives for the same XML: a number whose cell style has a date
 * format becomes a Date (`isDateFmt` and `excelToDate` as in exceljs 4.4, 1900 or 1904 system),
 * text is trimmed and blank text is null, formulas give their cached result, errors give
 * `{ error }`, and the cells of a merged range hold the value of its top-left cell. A cell's
 * number format is its own style's (when its `s` names an existing cell format other than 0),
 * else its column's (or, for a cell only a merged range creates, its row's or its column's).
 */

/** A cell's value as `read-sheet` converts it. */
export type Plain = string | number | boolean | Date | { error: string } | null;

export interface SheetCell {
  value: Plain;
  /** The cell's number format code ('' when none). */
  numFmt: string;
}

/** A row that holds at least one cell with a value (exceljs's `hasValues`). */
export interface SheetRowCells {
  number: number;
  /** By column number (1 is A). */
  cells: Map<number, SheetCell>;
}

/** One worksheet of the workbook, in the workbook's order. */
export interface WorkbookSheet {
  name: string;
  /** visible, hidden or veryHidden. */
  state: string;
  /** The worksheet's part, e.g. xl/worksheets/sheet3.xml. */
  path: string;
}

/** The inflated parts of the archive, by entry name. */
export type WorkbookParts = ReadonlyMap<string, Buffer>;

/** The workbook cannot be read (a part is missing or refers to something absent). */
export class MalformedWorkbook extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedWorkbook';
  }
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
/** The worksheet parts exceljs loads (it skips any other name). */
const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
/** Most cells the merged ranges of a sheet may cover (a single <mergeCell> could name billions). */
const MAX_MERGED_CELLS = 1_000_000;

/** The archive entries this reader needs (zip-guard keeps their inflated bytes). */
export function isWorkbookPart(name: string): boolean {
  return (
    name === WORKBOOK ||
    name === WORKBOOK_RELS ||
    name === SHARED_STRINGS ||
    name === STYLES ||
    WORKSHEET_PART.test(name)
  );
}

// ---------------------------------------------------------------------------------------------
// XML text

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/g;

/** Text content or an attribute value with its entities (named and numeric) decoded. */
export function decodeXml(text: string): string {
  const normalized = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  if (!normalized.includes('&')) return normalized;
  return normalized.replace(ENTITY, (match, name: string | undefined, decimal?: string, hex?: string) => {
    if (name) return NAMED_ENTITIES[name]!;
    const code = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

/** exceljs decodes the named entities of a formula's string result a second time; so do we. */
function decodeNamedAgain(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([a-z]*);/g, (match, name: string) => NAMED_ENTITIES[name] ?? match);
}

const attributePatterns = new Map<string, RegExp>();

/** The decoded value of an attribute in a start tag's attribute text, or undefined. */
function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name.replace(':', '\\:')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  if (!match) return undefined;
  return decodeXml(match[1] ?? match[2] ?? '');
}

function partText(parts: WorkbookParts, name: string): string | undefined {
  const bytes = parts.get(name);
  if (!bytes) return undefined;
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/*
 * Elements are found with start-tag patterns whose scan stops at the next '<' (XML forbids '<' in
 * attribute values; a quoted value may hold '>') and with indexOf for the end tag, so every part
 * is scanned in linear time whatever its bytes: no pattern can rescan the rest of a part from
 * each of many unclosed tags.
 */
const ATTRIBUTES = `((?:[^<>"']|"[^"<]*"|'[^'<]*')*)`;
const startTagPatterns = new Map<string, RegExp>();

function startTagPattern(name: string): RegExp {
  let pattern = startTagPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`<${name}(?=[\\s/>])${ATTRIBUTES}>`, 'g');
    startTagPatterns.set(name, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** The attribute text of every <name ...> or <name .../> start tag, in order. */
function startTags(xml: string, name: string): string[] {
  return Array.from(xml.matchAll(startTagPattern(name)), (match) => match[1]!.replace(/\/$/, ''));
}

interface XmlElement {
  attributes: string;
  /** undefined for an empty-element tag <name/>. */
  content?: string;
}

/** Every <name> element's attributes and content, in order (they must not nest). */
function elements(xml: string, name: string, firstOnly = false): XmlElement[] {
  const pattern = startTagPattern(name);
  const close = `</${name}>`;
  const found: XmlElement[] = [];
  for (let match = pattern.exec(xml); match; match = pattern.exec(xml)) {
    const attributes = match[1]!;
    if (attributes.endsWith('/')) {
      found.push({ attributes: attributes.slice(0, -1) });
    } else {
      const end = xml.indexOf(close, pattern.lastIndex);
      if (end < 0) throw new MalformedWorkbook(`a <${name}> element is not closed`);
      found.push({ attributes, content: xml.slice(pattern.lastIndex, end) });
      pattern.lastIndex = end + close.length;
    }
    if (firstOnly) break;
  }
  return found;
}

function firstElement(xml: string, name: string): XmlElement | undefined {
  return xml.includes(`<${name}`) ? elements(xml, name, true)[0] : undefined;
}

/** The text without its <rPh> (phonetic) runs. */
function withoutPhoneticRuns(text: string): string {
  let result = '';
  let from = 0;
  for (let start = text.indexOf('<rPh', from); start >= 0; start = text.indexOf('<rPh', from)) {
    result += text.slice(from, start);
    const end = text.indexOf('</rPh>', start);
    if (end < 0) return result;
    from = end + '</rPh>'.length;
  }
  return result + text.slice(from);
}

const RICH_RUN = /<r[\s>]/;

/** The text of a string item (<si> or <is>): its <t>, or its rich text runs joined; no phonetic runs. */
function stringItemText(content: string): { text: string; rich: boolean } {
  const body = content.includes('<rPh') ? withoutPhoneticRuns(content) : content;
  let text = '';
  for (const run of elements(body, 't')) {
    if (run.content) text += decodeXml(run.content);
  }
  return { text, rich: RICH_RUN.test(body) };
}

// ---------------------------------------------------------------------------------------------
// Workbook, relationships, shared strings, styles

/** The worksheets exceljs would load, in the workbook's order, and the date system. */
export function readWorkbook(parts: WorkbookParts): { sheets: WorkbookSheet[]; date1904: boolean } {
  const xml = partText(parts, WORKBOOK);
  if (xml === undefined) throw new MalformedWorkbook('the workbook part is missing');
  const properties = startTags(xml, 'workbookPr')[0];
  const date1904Attribute = properties === undefined ? undefined : attribute(properties, 'date1904');
  const date1904 = date1904Attribute === '1' || date1904Attribute === 'true';

  const declared = startTags(xml, 'sheet');
  if (declared.length === 0) return { sheets: [], date1904 };

  const relsXml = partText(parts, WORKBOOK_RELS);
  if (relsXml === undefined) throw new MalformedWorkbook('the workbook relationships are missing');
  const targets = new Map<string, string>();
  for (const relationship of startTags(relsXml, 'Relationship')) {
    const id = attribute(relationship, 'Id');
    const target = attribute(relationship, 'Target');
    if (id !== undefined && target !== undefined && !targets.has(id)) targets.set(id, target);
  }

  const sheets: WorkbookSheet[] = [];
  for (const attributes of declared) {
    const target = targets.get(attribute(attributes, 'r:id') ?? '');
    if (target === undefined) throw new MalformedWorkbook('a sheet has no relationship');
    const path = `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`;
    if (!WORKSHEET_PART.test(path) || !parts.has(path)) continue;
    sheets.push({
      name: attribute(attributes, 'name') ?? '',
      state: attribute(attributes, 'state') || 'visible',
      path,
    });
  }
  return { sheets, date1904 };
}

function readSharedStrings(parts: WorkbookParts): string[] {
  const xml = partText(parts, SHARED_STRINGS);
  if (xml === undefined) return [];
  const strings: string[] = [];
  for (const item of elements(xml, 'si')) {
    strings.push(item.content ? stringItemText(item.content).text : '');
  }
  return strings;
}

/** exceljs's built-in number formats (ids without a locale-independent code have none). */
const BUILT_IN_FORMATS: Record<number, string> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00 ;(#,##0.00)',
  40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/** The number format code of each cell format (<cellXfs>), '' when it has none. */
function readCellFormats(parts: WorkbookParts): string[] {
  const xml = partText(parts, STYLES);
  if (xml === undefined) return [];
  const custom = new Map<number, string>();
  for (const numFmt of startTags(xml, 'numFmt')) {
    const id = Number.parseInt(attribute(numFmt, 'numFmtId') ?? '', 10);
    const code = attribute(numFmt, 'formatCode');
    if (code !== undefined) custom.set(id, code.replace(/[\\](.)/g, '$1'));
  }
  const cellXfs = firstElement(xml, 'cellXfs')?.content;
  if (!cellXfs) return [];
  const formats: string[] = [];
  for (const xf of startTags(cellXfs, 'xf')) {
    const id = Number.parseInt(attribute(xf, 'numFmtId') ?? '', 10);
    formats.push(id ? custom.get(id) || BUILT_IN_FORMATS[id] || '' : '');
  }
  return formats;
}

/** exceljs's test for a date format: y, m, d, h, M, s or b outside [..] and "..". */
export function isDateFormat(format: string): boolean {
  if (!format) return false;
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** exceljs's conversion of a date serial (days since 1899-12-30, or 1904-01-01). */
export function excelSerialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
}

// ---------------------------------------------------------------------------------------------
// Worksheet

/** Column number of a cell reference's letters (B7 -> 2), 0 when it has none. */
function columnNumber(reference: string): number {
  let column = 0;
  for (let index = 0; index < reference.length; index++) {
    const code = reference.charCodeAt(index);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
  }
  return column;
}

function rowNumberOf(reference: string): number {
  return Number.parseInt(reference.replace(/^[A-Za-z$]+/, '').replace('$', ''), 10);
}

function plainText(text: string): Plain {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

const SHEET_DATA_ITEM = new RegExp(`<(row|c)(?=[\\s/>])${ATTRIBUTES}>`, 'g');

/**
 * The rows of a worksheet that hold a value, in ascending order, with their cells. `date1904`
 * is the workbook's date system.
 */
export function readWorksheet(parts: WorkbookParts, path: string, date1904: boolean): SheetRowCells[] {
  const xml = partText(parts, path);
  if (xml === undefined) throw new MalformedWorkbook('a worksheet part is missing');
  let sharedStrings: string[] | undefined;
  let cellFormats: string[] | undefined;
  const formats = () => {
    cellFormats ??= readCellFormats(parts);
    return cellFormats;
  };

  // Column styles: the number format of each column that has one.
  const columnFormats = new Map<number, string>();
  const colsXml = firstElement(xml.slice(0, Math.max(0, xml.indexOf('<sheetData'))), 'cols')?.content;
  if (colsXml) {
    const cols = startTags(colsXml, 'col')
      .map((col) => ({
        min: Number.parseInt(attribute(col, 'min') ?? '', 10),
        max: Number.parseInt(attribute(col, 'max') ?? '', 10),
        style: Number.parseInt(attribute(col, 'style') ?? '', 10),
      }))
      .filter((col) => col.min > 0 && col.max >= col.min)
      .sort((a, b) => a.min - b.min);
    let next = 1;
    for (const col of cols) {
      const format = col.style ? (formats()[col.style] ?? '') : '';
      for (let column = Math.max(next, col.min); column <= Math.min(col.max, 16384); column++) {
        if (format) columnFormats.set(column, format);
      }
      next = Math.max(next, col.max + 1);
    }
  }

  const rows = new Map<number, Map<number, SheetCell>>();
  const rowFormats = new Map<number, string>();
  // exceljs gives a cell of the sheet data its column's format (its row's style is set after its
  // cells), and a cell it creates for a merged range its row's format, else its column's.
  const mergedCellFormat = (row: number, column: number) =>
    rowFormats.get(row) || columnFormats.get(column) || '';

  const dataStart = xml.indexOf('<sheetData');
  const dataEnd = xml.indexOf('</sheetData>');
  const sheetData = dataStart >= 0 && dataEnd > dataStart ? xml.slice(dataStart, dataEnd) : '';

  let rowNumber = 0;
  let cells = new Map<number, SheetCell>();
  let previousColumn = 0;
  SHEET_DATA_ITEM.lastIndex = 0;
  for (let match = SHEET_DATA_ITEM.exec(sheetData); match; match = SHEET_DATA_ITEM.exec(sheetData)) {
    if (match[1] === 'row') {
      const rowAttributes = match[2]!;
      const declared = Number.parseInt(attribute(rowAttributes, 'r') ?? '', 10);
      rowNumber = declared > 0 ? declared : rowNumber + 1;
      cells = new Map();
      rows.set(rowNumber, cells);
      previousColumn = 0;
      const rowStyle = Number.parseInt(attribute(rowAttributes, 's') ?? '', 10);
      const rowFormat = rowStyle ? (formats()[rowStyle] ?? '') : '';
      if (rowFormat) rowFormats.set(rowNumber, rowFormat);
      else rowFormats.delete(rowNumber);
      continue;
    }
    let attributes = match[2]!;
    let content = '';
    if (attributes.endsWith('/')) attributes = attributes.slice(0, -1);
    else {
      const end = sheetData.indexOf('</c>', SHEET_DATA_ITEM.lastIndex);
      if (end < 0) throw new MalformedWorkbook('a cell is not closed');
      content = sheetData.slice(SHEET_DATA_ITEM.lastIndex, end);
      SHEET_DATA_ITEM.lastIndex = end + '</c>'.length;
    }
    if (rowNumber === 0) continue;
    const reference = attribute(attributes, 'r');
    const type = attribute(attributes, 't');
    const styleId = Number.parseInt(attribute(attributes, 's') ?? '', 10) || 0;

    let formula = false;
    let text: string | undefined;
    if (content) {
      const f = firstElement(content, 'f');
      if (f) formula = Boolean(f.content) || Boolean(attribute(f.attributes, 't'));
      const v = firstElement(content, 'v')?.content;
      if (v) text = decodeXml(v);
      const inline = firstElement(content, 'is')?.content;
      if (inline !== undefined) {
        const item = stringItemText(inline);
        if (item.text || item.rich) text = (text ?? '') + item.text;
      }
    }

    const column = reference ? columnNumber(reference) : previousColumn + 1;
    if (column < 1) throw new MalformedWorkbook('a cell reference is not valid');
    if (text === undefined && !formula) {
      // exceljs keeps a styled empty cell as a null cell (no value) and drops an unstyled one.
      if (styleId) {
        cells.delete(column);
        previousColumn = column;
      }
      continue;
    }
    previousColumn = column;
    const ownFormat = styleId ? formats()[styleId] : undefined;
    const numFmt = ownFormat ?? columnFormats.get(column) ?? '';

    let value: Plain;
    if (formula) {
      let result: string | number | boolean | { error: string } | undefined;
      if (!text) result = undefined;
      else if (type === 'str') result = decodeNamedAgain(text);
      else if (type === 'b') result = Number.parseInt(text, 10) !== 0;
      else if (type === 'e') result = { error: text };
      else result = Number.parseFloat(text);
      if (result === undefined) value = null;
      // exceljs turns any cached result of a date-styled formula into a date, coercing it like `-`.
      else if (ownFormat && isDateFormat(ownFormat)) value = excelSerialToDate(Number(result), date1904);
      else value = typeof result === 'string' ? plainText(result) : result;
    } else {
      switch (type) {
        case 's': {
          sharedStrings ??= readSharedStrings(parts);
          const shared = sharedStrings[Number.parseInt(text!, 10)];
          if (shared === undefined) throw new MalformedWorkbook('a cell refers to a missing shared string');
          value = plainText(shared);
          break;
        }
        case 'str':
          value = plainText(decodeNamedAgain(text!));
          break;
        case 'inlineStr':
          value = plainText(text!);
          break;
        case 'b':
          value = Number.parseInt(text!, 10) !== 0;
          break;
        case 'e':
          value = { error: text! };
          break;
        default: {
          const number = Number.parseFloat(text!);
          value = ownFormat && isDateFormat(ownFormat) ? excelSerialToDate(number, date1904) : number;
        }
      }
    }
    cells.set(column, { value, numFmt });
  }

  applyMerges(xml, rows, mergedCellFormat);

  return [...rows]
    .filter(([, rowCells]) => rowCells.size > 0)
    .sort(([a], [b]) => a - b)
    .map(([number, rowCells]) => ({ number, cells: rowCells }));
}

/** Every cell of a merged range but the top-left one takes the top-left cell's value (as exceljs). */
function applyMerges(
  xml: string,
  rows: Map<number, Map<number, SheetCell>>,
  inheritedFormat: (row: number, column: number) => string,
): void {
  if (!xml.includes('<mergeCell ')) return;
  const ranges: { top: number; left: number; bottom: number; right: number }[] = [];
  let covered = 0;
  for (const merge of startTags(xml, 'mergeCell')) {
    const [from, to = from] = (attribute(merge, 'ref') ?? '').split(':') as [string, string?];
    const corners = [
      [rowNumberOf(from), columnNumber(from.replaceAll('$', ''))],
      [rowNumberOf(to), columnNumber(to.replaceAll('$', ''))],
    ];
    const [[r1, c1], [r2, c2]] = corners as [[number, number], [number, number]];
    if (!(r1 > 0 && r2 > 0 && c1 > 0 && c2 > 0)) throw new MalformedWorkbook('a merged range is not valid');
    const range = {
      top: Math.min(r1, r2),
      left: Math.min(c1, c2),
      bottom: Math.max(r1, r2),
      right: Math.max(c1, c2),
    };
    if (
      ranges.some(
        (other) =>
          other.left <= range.right &&
          range.left <= other.right &&
          other.top <= range.bottom &&
          range.top <= other.bottom,
      )
    ) {
      throw new MalformedWorkbook('merged ranges overlap');
    }
    covered += (range.bottom - range.top + 1) * (range.right - range.left + 1);
    if (covered > MAX_MERGED_CELLS) throw new MalformedWorkbook('the merged ranges are too large');
    ranges.push(range);
  }
  for (const range of ranges) {
    const master = rows.get(range.top)?.get(range.left)?.value ?? null;
    for (let row = range.top; row <= range.bottom; row++) {
      let rowCells = rows.get(row);
      if (!rowCells) {
        rowCells = new Map();
        rows.set(row, rowCells);
      }
      for (let column = range.left; column <= range.right; column++) {
        if (row === range.top && column === range.left) continue;
        const numFmt = rowCells.get(column)?.numFmt ?? inheritedFormat(row, column);
        rowCells.set(column, { value: master, numFmt });
      }
    }
  }
}
