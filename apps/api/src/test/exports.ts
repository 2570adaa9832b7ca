import { CUSTOM_QUESTION_TYPES } from '@parity/domain/constants';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './app';

/** Texts a spreadsheet would read as formulas (OWASP CSV injection), for the exports' tests. */
export const FORMULA_TEXTS = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'];
/** A custom question named like a formula, answered with a negative number. */
export const NEGATIVE_QUESTION = '-Funds closed, net';

/**
 * Through the API, the caller's survey copy gets custom Miscellaneous questions: one text question
 * per formula-like answer (`Formula 1`...), and NEGATIVE_QUESTION answered -2.
 */
export async function answerWithFormulas(app: TestApp['app'], token: string, surveyId: number) {
  const headers = { authorization: `Bearer ${token}` };
  const read = await app.inject({
    method: 'GET',
    url: `/api/miscellaneous-questions/10?survey_id=${surveyId}`,
    headers,
  });
  expect(read.statusCode, read.body).toBe(200);
  const save = await app.inject({
    method: 'PUT',
    url: `/api/surveys/${surveyId}/miscellaneous-questions/10`,
    headers,
    payload: {
      updated_at: read.json().state.updated_at,
      questions: [
        ...FORMULA_TEXTS.map((value, i) => ({
          question_type_id: CUSTOM_QUESTION_TYPES.TEXT,
          display: `Formula ${i + 1}`,
          value,
        })),
        { question_type_id: CUSTOM_QUESTION_TYPES.NUMBER, display: NEGATIVE_QUESTION, value: -2 },
      ],
      data: [],
    },
  });
  expect(save.statusCode, save.body).toBe(200);
}

/** The rows of a sheet as exceljs reads them: each cell's value and type (string, number, formula...). */
export async function readSheetCells(buffer: Buffer, sheetName: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  const rows: { value: ExcelJS.CellValue; type: ExcelJS.ValueType }[][] = [];
  sheet.eachRow((row) => {
    const cells: (typeof rows)[number] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push({ value: cell.value, type: cell.type }));
    rows.push(cells);
  });
  return rows;
}
