import { neutraliseCell } from '@parity/domain/spreadsheet-cell';
import ExcelJS from 'exceljs';
import type { Cell } from './table-stream';

export type { Cell };

export interface WorkbookSheet {
  title: string;
  headers: readonly string[];
  rows: readonly (readonly Cell[])[];
}

/**
 * A small workbook of several frozen-header sheets built in memory (an organization's data export:
 * each part is one sheet). Every header and value passes `neutraliseCell` (formula injection).
 */
export async function workbookBuffer(title: string, sheets: readonly WorkbookSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parity';
  workbook.title = title;
  for (const part of sheets) {
    const sheet = workbook.addWorksheet(part.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = part.headers.map((header) => ({
      header: neutraliseCell(header),
      width: Math.max(12, header.length + 2),
    }));
    for (const row of part.rows) sheet.addRow(row.map((value) => neutraliseCell(value)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
