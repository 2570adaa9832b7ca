import { neutraliseCell } from '@parity/domain/spreadsheet-cell';
import type { Block, ResponseDocument } from '@parity/domain/survey-response-document';
import ExcelJS from 'exceljs';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };

/**
 * A worksheet name Excel accepts: at most 31 characters, none of []:*?/\, unique in the book. A
 * longer title loses its closing parenthesis ('Historical Insights (Past 3 Years)'), then its last
 * words.
 */
function sheetName(title: string, used: Set<string>): string {
  const clean = title.replace(/[[\]:*?/\\]/g, ' ').trim();
  const short = clean.length > 31 ? clean.replace(/\s*\([^()]*\)$/, '') : clean;
  const base =
    (short.length > 31
      ? short
          .slice(0, 32)
          .replace(/\s+\S*$/, '')
          .slice(0, 31)
      : short) || 'Step';
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 28).trim()} ${n}`;
  used.add(name.toLowerCase());
  return name;
}

/** Adds a row of cells, each neutralised against formula injection; null is an empty cell. */
function addRow(sheet: ExcelJS.Worksheet, values: readonly (string | number | null | undefined)[]) {
  return sheet.addRow(values.map((value) => neutraliseCell(value ?? '')));
}

function addBlock(sheet: ExcelJS.Worksheet, block: Block) {
  if (block.kind === 'note') {
    addRow(sheet, [block.text]).font = { italic: true };
    addRow(sheet, []);
    return;
  }
  if (block.title) addRow(sheet, [block.title]).font = { bold: true, size: 12 };
  if (block.kind === 'fields') {
    for (const [label, value] of block.rows) {
      const row = addRow(sheet, [label, value]);
      row.getCell(1).font = { bold: true };
      row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    }
  } else {
    const header = addRow(sheet, block.columns);
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = HEADER_FILL;
      cell.alignment = { wrapText: true, vertical: 'top' };
    });
    for (const values of block.rows) addRow(sheet, values);
    if (block.totals) addRow(sheet, block.totals).font = { bold: true };
  }
  addRow(sheet, []);
}

/**
 * The response as a workbook: a Summary sheet (Field, Value: the heading and each step's name),
 * then a sheet per step, titled by the step in row 1, with its fields and tables under it.
 */
export async function renderXlsx(document: ResponseDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parity';
  workbook.title = document.title;
  const used = new Set<string>();

  const summary = workbook.addWorksheet(sheetName('Summary', used));
  summary.columns = [{ width: 28 }, { width: 60 }];
  addRow(summary, ['Field', 'Value']).font = { bold: true };
  for (const [label, value] of document.heading) addRow(summary, [label, value]);
  for (const [i, section] of document.sections.entries()) addRow(summary, [`Step ${i + 1}`, section.title]);

  for (const section of document.sections) {
    const sheet = workbook.addWorksheet(sheetName(section.title, used));
    addRow(sheet, [section.title]).font = { bold: true, size: 14 };
    addRow(sheet, []);
    for (const block of section.blocks) addBlock(sheet, block);
    const widest = Math.max(
      2,
      ...section.blocks.map((b) => (b.kind === 'table' ? b.columns.length : b.kind === 'fields' ? 2 : 1)),
    );
    sheet.columns = Array.from({ length: widest }, (_, i) => ({ width: i === 0 ? 36 : i === 1 ? 28 : 16 }));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
