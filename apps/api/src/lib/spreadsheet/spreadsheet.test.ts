import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FORMULA_TEXTS } from '../../test/exports';
import { readSheet } from './read-sheet';
import {
  MAX_ROWS,
  type SheetColumn,
  SPREADSHEET_MAX_BYTES,
  SpreadsheetError,
  type SpreadsheetErrorCode,
  ZIP_LIMITS,
} from './spreadsheet';
import { buildTemplate } from './template';

const genders = [
  { id: 1, name: 'Female' },
  { id: 2, name: 'Male' },
  { id: 3, name: 'Non-binary' },
];
// 60 long names: far more than the 255 characters an inline list validation may hold.
const ethnicities = Array.from({ length: 60 }, (_, index) => ({
  id: 100 + index,
  name: `Ethnic group number ${index + 1}`,
}));

const columns: SheetColumn[] = [
  { key: 'name', header: 'Owner name', required: true, note: 'The full legal name.' },
  { key: 'gender_id', header: 'Gender', options: genders, required: true },
  { key: 'ethnicity_id', header: 'Ethnicity', options: ethnicities },
  { key: 'joined_on', header: 'Joining date', kind: 'date' },
  { key: 'ownership', header: 'Ownership %', kind: 'percentage', required: true },
  { key: 'shares', header: 'Shares', kind: 'number' },
  { key: 'us_based', header: 'US based', kind: 'boolean' },
];

const exampleRow = {
  name: 'Jane Example',
  gender_id: 1,
  ethnicity_id: 100,
  joined_on: '2020-01-15',
  ownership: 25,
  shares: 1000,
  us_based: true,
};

const template = () =>
  buildTemplate({
    sheetName: 'Owners',
    columns,
    exampleRow,
    instructions: ['Fill one owner per row.', 'Row 2 is an example; it is skipped if left unchanged.'],
  });

async function openWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

/** Fills rows from row 3 of the template's data sheet, as a person would in Excel. */
async function fillTemplate(rows: ExcelJS.CellValue[][], edit?: (sheet: ExcelJS.Worksheet) => void) {
  const workbook = await openWorkbook(await template());
  const sheet = workbook.getWorksheet('Owners')!;
  rows.forEach((values, index) => {
    values.forEach((value, column) => {
      sheet.getCell(index + 3, column + 1).value = value;
    });
  });
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function spreadsheetError(promise: Promise<unknown>): Promise<SpreadsheetError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error('expected a SpreadsheetError');
}

async function expectRefused(promise: Promise<unknown>, code: SpreadsheetErrorCode) {
  const error = await spreadsheetError(promise);
  expect(error.code).toBe(code);
  return error;
}

interface ZipPart {
  name: string;
  data: Buffer;
  /** Store instead of deflating. */
  stored?: boolean;
  /** Lie about the uncompressed size in the headers. */
  declaredSize?: number;
}

/** A ZIP archive written by hand: local headers, data, central directory, end record. */
function handWrittenZip(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const body = part.stored ? part.data : deflateRawSync(part.data);
    const method = part.stored ? 0 : 8;
    const size = part.declaredSize ?? part.data.length;
    const crc = crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, name, body);
    directory.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directoryBytes, end]);
}

const xlsxSkeleton = (): ZipPart[] => [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
];

describe('buildTemplate', () => {
  it('writes a bold frozen header, the example row, an Instructions sheet and a hidden Lists sheet', async () => {
    const workbook = await openWorkbook(await template());
    expect(workbook.worksheets.map((ws) => [ws.name, ws.state])).toEqual([
      ['Owners', 'visible'],
      ['Instructions', 'visible'],
      ['Lists', 'hidden'],
    ]);
    const sheet = workbook.getWorksheet('Owners')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Owner name',
      'Gender',
      'Ethnicity',
      'Joining date',
      'Ownership %',
      'Shares',
      'US based',
    ]);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('A1').note).toBe('The full legal name.\nRequired.');
    expect(sheet.getCell('B1').note).toBe('Required.\nChoose from the list.');
    expect(sheet.getCell('D1').note).toBe('A date, YYYY-MM-DD.');
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'Jane Example',
      'Female',
      'Ethnic group number 1',
      new Date('2020-01-15T00:00:00.000Z'),
      25,
      1000,
      'Yes',
    ]);

    const lists = workbook.getWorksheet('Lists')!;
    expect(lists.getColumn(1).values.slice(1)).toEqual(['Gender', 'Female', 'Male', 'Non-binary']);
    const ethnicityNames = lists.getColumn(2).values.slice(2) as string[];
    expect(ethnicityNames).toEqual(ethnicities.map((e) => e.name));
    expect(ethnicityNames.join(',').length).toBeGreaterThan(255);

    const instructions = workbook.getWorksheet('Instructions')!;
    expect(instructions.getCell('A3').value).toBe('Fill one owner per row.');
  });

  it('puts drop-down, date, percentage, number and Yes/No validations on the column cells', async () => {
    const workbook = await openWorkbook(await template());
    const sheet = workbook.getWorksheet('Owners')!;
    for (const row of [2, 3, MAX_ROWS + 2]) {
      expect(sheet.getCell(`B${row}`).dataValidation).toMatchObject({
        type: 'list',
        formulae: ["'Lists'!$A$2:$A$4"],
        showErrorMessage: true,
      });
      expect(sheet.getCell(`C${row}`).dataValidation).toMatchObject({
        type: 'list',
        formulae: ["'Lists'!$B$2:$B$61"],
      });
      expect(sheet.getCell(`D${row}`).dataValidation).toMatchObject({
        type: 'date',
        operator: 'between',
        formulae: [new Date(Date.UTC(1900, 0, 1)), new Date(Date.UTC(9999, 11, 31))],
      });
      expect(sheet.getCell(`E${row}`).dataValidation).toMatchObject({
        type: 'decimal',
        formulae: [0, 100],
      });
      expect(sheet.getCell(`F${row}`).dataValidation).toMatchObject({ type: 'decimal' });
      expect(sheet.getCell(`G${row}`).dataValidation).toMatchObject({
        type: 'list',
        formulae: ['"Yes,No"'],
      });
    }
    expect(sheet.getCell('A3').dataValidation).toBeUndefined();
    expect(sheet.getCell(`B${MAX_ROWS + 3}`).dataValidation).toBeUndefined();
    expect(sheet.getColumn(4).numFmt).toBe('yyyy-mm-dd');
  });

  it('quotes formula-like option names and example texts (formula injection), keeps numbers, and reads the quoted names back', async () => {
    const kinds = FORMULA_TEXTS.map((name, index) => ({ id: index + 1, name }));
    const formulaColumns: SheetColumn[] = [
      { key: 'name', header: 'Name' },
      { key: 'kind_id', header: 'Kind', options: kinds },
      { key: 'shares', header: 'Shares', kind: 'number' },
    ];
    const example = { name: '@SUM(A1)', kind_id: 1, shares: -2 };
    const workbook = await openWorkbook(
      await buildTemplate({ sheetName: 'Owners', columns: formulaColumns, exampleRow: example }),
    );
    const lists = workbook.getWorksheet('Lists')!;
    // An XML parser reads a carriage return in text as a line feed.
    expect(kinds.map((_, index) => lists.getCell(index + 2, 1).value)).toEqual(
      FORMULA_TEXTS.map((text) => `'${text.replace('\r', '\n')}`),
    );
    const sheet = workbook.getWorksheet('Owners')!;
    expect([1, 2, 3].map((column) => sheet.getCell(2, column).value)).toEqual([
      "'@SUM(A1)",
      `'${FORMULA_TEXTS[0]}`,
      -2,
    ]);
    expect(sheet.getCell(2, 3).type).toBe(ExcelJS.ValueType.Number);

    // A row that picks a quoted name from the list reads back as its option; the example is skipped.
    sheet.getCell(3, 1).value = 'Ann';
    sheet.getCell(3, 2).value = `'${FORMULA_TEXTS[2]}`;
    sheet.getCell(3, 3).value = -5;
    sheet.getCell(4, 1).value = 'Bo';
    sheet.getCell(4, 2).value = FORMULA_TEXTS[3];
    const { rows, errors } = await readSheet(Buffer.from(await workbook.xlsx.writeBuffer()), {
      columns: formulaColumns,
      exampleRow: example,
    });
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { rowNumber: 3, values: { name: 'Ann', kind_id: 3, shares: -5 } },
      { rowNumber: 4, values: { name: 'Bo', kind_id: 4, shares: null } },
    ]);
  });

  it('refuses a sheet name Excel would not accept', async () => {
    await expect(buildTemplate({ sheetName: 'Owners/2024', columns })).rejects.toThrow(/cannot name/);
    await expect(buildTemplate({ sheetName: 'Lists', columns })).rejects.toThrow(/cannot name/);
  });
});

describe('readSheet', () => {
  it('reads a filled template back: option ids, dates, numbers, percentages and booleans', async () => {
    const buffer = await fillTemplate(
      [
        ['Ann Owner', 'Male', 'Ethnic group number 60', new Date(Date.UTC(2018, 4, 3)), 40, 1200, 'Yes'],
        ['  Bo Owner ', ' non-BINARY ', null, '2019-07-01', '35%', '1,500', 'no'],
        ['Cy Owner', 'Female', null, null, 0.25, null, null],
      ],
      (sheet) => {
        sheet.getCell('E5').numFmt = '0%';
      },
    );
    const result = await readSheet(buffer, { columns, exampleRow });
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        rowNumber: 3,
        values: {
          name: 'Ann Owner',
          gender_id: 2,
          ethnicity_id: 159,
          joined_on: '2018-05-03',
          ownership: 40,
          shares: 1200,
          us_based: true,
        },
      },
      {
        rowNumber: 4,
        values: {
          name: 'Bo Owner',
          gender_id: 3,
          ethnicity_id: null,
          joined_on: '2019-07-01',
          ownership: 35,
          shares: 1500,
          us_based: false,
        },
      },
      {
        rowNumber: 5,
        values: {
          name: 'Cy Owner',
          gender_id: 1,
          ethnicity_id: null,
          joined_on: null,
          ownership: 25,
          shares: null,
          us_based: null,
        },
      },
    ]);
  });

  it('skips the unchanged example row but keeps it once edited, and skips blank rows', async () => {
    await expectRefused(readSheet(await template(), { columns, exampleRow }), 'empty');

    const edited = await fillTemplate([[null], ['Dee Owner', 'Female', null, null, 50]], (sheet) => {
      sheet.getCell('A2').value = 'Jane Real';
    });
    const { rows, errors } = await readSheet(edited, { columns, exampleRow });
    expect(errors).toEqual([]);
    expect(rows.map((row) => [row.rowNumber, row.values.name])).toEqual([
      [2, 'Jane Real'],
      [4, 'Dee Owner'],
    ]);

    // Without the example to compare with, row 2 is data like any other.
    const all = await readSheet(await template(), { columns });
    expect(all.rows).toHaveLength(1);
    expect(all.rows[0]!.values).toEqual({ ...exampleRow, us_based: true });
  });

  it('answers every bad cell with its row and header, and keeps the rest of the row', async () => {
    const buffer = await fillTemplate([
      ['Ann Owner', 'Martian', null, 'last week', 40],
      ['Bo Owner', 'Male', null, null, 140, 'many', 'perhaps'],
      [null, null, null, null, null, 12],
    ]);
    const { rows, errors } = await readSheet(buffer, { columns, exampleRow });
    expect(errors).toEqual([
      { row: 3, column: 'Gender', message: '"Martian" is not one of the choices for Gender.' },
      { row: 3, column: 'Joining date', message: 'Joining date must be a date (YYYY-MM-DD).' },
      { row: 4, column: 'Ownership %', message: 'Ownership % must be a percentage from 0 to 100.' },
      { row: 4, column: 'Shares', message: 'Shares must be a number.' },
      { row: 4, column: 'US based', message: 'US based must be Yes or No.' },
      { row: 5, column: 'Owner name', message: 'Owner name is required.' },
      { row: 5, column: 'Gender', message: 'Gender is required.' },
      { row: 5, column: 'Ownership %', message: 'Ownership % is required.' },
    ]);
    expect(rows.map((row) => row.rowNumber)).toEqual([3, 4, 5]);
    expect(rows[0]!.values).toEqual({
      name: 'Ann Owner',
      ethnicity_id: null,
      ownership: 40,
      shares: null,
      us_based: null,
    });
  });

  it('matches headers by header text or key, ignoring case, spaces and order', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Anything');
    sheet.addRow([
      'US_BASED',
      'ownership',
      ' owner  NAME ',
      'gender_id',
      'Comment',
      'joining date',
      'Shares',
      'Ethnicity',
    ]);
    sheet.addRow(['Yes', 10, 'Ann', 'Female', 'ignored', null, null, null]);
    const { rows } = await readSheet(Buffer.from(await workbook.xlsx.writeBuffer()), { columns });
    expect(rows).toEqual([
      {
        rowNumber: 2,
        values: {
          name: 'Ann',
          gender_id: 1,
          ethnicity_id: null,
          joined_on: null,
          ownership: 10,
          shares: null,
          us_based: true,
        },
      },
    ]);
  });

  it('reports the missing columns by header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Owners');
    sheet.addRow(['Owner name', 'Gender', 'Ethnicity', 'Shares', 'US based']);
    sheet.addRow(['Ann', 'Female', null, 1, 'No']);
    const error = await expectRefused(
      readSheet(Buffer.from(await workbook.xlsx.writeBuffer()), { columns }),
      'missing_columns',
    );
    expect(error.message).toBe(
      'The spreadsheet is missing the columns Joining date, Ownership %. Download the template again and keep its header row.',
    );
    expect(error.detail).toEqual({ columns: ['Joining date', 'Ownership %'] });
  });

  it('reads the sheet named by sheetName, and says so when there is none', async () => {
    const buffer = await fillTemplate([['Ann', 'Female', null, null, 60]]);
    const { rows } = await readSheet(buffer, { columns, exampleRow, sheetName: 'Owners' });
    expect(rows.map((row) => row.values.name)).toEqual(['Ann']);
    const error = await expectRefused(
      readSheet(buffer, { columns, exampleRow, sheetName: 'Boards' }),
      'missing_columns',
    );
    expect(error.message).toBe('The spreadsheet has no sheet named Boards.');
  });

  it('refuses more rows than allowed: 5,001 by default, or the maxRows given', async () => {
    const workbook = await openWorkbook(await template());
    const sheet = workbook.getWorksheet('Owners')!;
    for (let row = 3; row <= MAX_ROWS + 3; row++) {
      sheet.getRow(row).values = [`Owner ${row}`, 'Female', null, null, 1];
    }
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const error = await expectRefused(readSheet(buffer, { columns, exampleRow }), 'too_many_rows');
    expect(error.message).toBe(
      'The spreadsheet has more than 5000 rows. Split it into several files of at most 5000 rows.',
    );

    const small = await fillTemplate([
      ['A', 'Female', null, null, 1],
      ['B', 'Female', null, null, 1],
      ['C', 'Female', null, null, 1],
    ]);
    await expectRefused(readSheet(small, { columns, exampleRow, maxRows: 2 }), 'too_many_rows');
    expect((await readSheet(small, { columns, exampleRow, maxRows: 3 })).rows).toHaveLength(3);
  });

  it('measurement: parses and converts 5,000 rows', async () => {
    const workbook = await openWorkbook(await template());
    const sheet = workbook.getWorksheet('Owners')!;
    for (let index = 0; index < MAX_ROWS; index++) {
      sheet.getRow(index + 3).values = [
        `Owner number ${index}`,
        genders[index % 3]!.name,
        ethnicities[index % 60]!.name,
        new Date(Date.UTC(2000 + (index % 20), index % 12, 1 + (index % 28))),
        (index % 100) / 10,
        index * 10,
        index % 2 ? 'Yes' : 'No',
      ];
    }
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(buffer.length).toBeLessThan(SPREADSHEET_MAX_BYTES);

    const started = performance.now();
    const { rows, errors } = await readSheet(buffer, { columns, exampleRow });
    const ms = performance.now() - started;
    console.info(
      `spreadsheet measurement: readSheet of ${rows.length} rows (${Math.round(buffer.length / 1000)} kB) took ${ms.toFixed(0)} ms`,
    );
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(MAX_ROWS);
    expect(rows[4999]!.values).toEqual({
      name: 'Owner number 4999',
      gender_id: 2,
      ethnicity_id: 119,
      joined_on: '2019-08-16',
      ownership: 9.9,
      shares: 49990,
      us_based: true,
    });
  });
});

describe('readSheet file checks', () => {
  const notASpreadsheet = async (buffer: Buffer) => {
    const error = await expectRefused(readSheet(buffer, { columns }), 'not_a_spreadsheet');
    expect(error.message).toMatch(/^The file is not an \.xlsx spreadsheet/);
  };

  it('refuses text, CSV, PDF, legacy .xls and random bytes by their content', async () => {
    await notASpreadsheet(Buffer.from('Owner name is Ann, she owns 40%.\n'));
    await notASpreadsheet(Buffer.from('Owner name,Gender,Ownership %\nAnn,Female,40\n'));
    await notASpreadsheet(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]));
    await notASpreadsheet(
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(4000)]),
    );
    await notASpreadsheet(Buffer.concat([Buffer.from([0]), randomBytes(4096)]));
    const plain = await spreadsheetError(readSheet(Buffer.from('hello'), { columns }));
    expect(plain.message).toBe('The file is not an .xlsx spreadsheet');
  });

  it('refuses ZIP files that are not workbooks, and damaged ones', async () => {
    await notASpreadsheet(
      handWrittenZip([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'word/document.xml', data: Buffer.from('<document/>') },
      ]),
    );
    const xlsx = await template();
    await notASpreadsheet(xlsx.subarray(0, xlsx.length - 200));
    await notASpreadsheet(Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(3000)]));
    // A sound container whose workbook holds no sheet.
    await expectRefused(readSheet(handWrittenZip(xlsxSkeleton()), { columns }), 'empty');
  });

  it('refuses an empty file and one over the size limit', async () => {
    await expectRefused(readSheet(Buffer.alloc(0), { columns }), 'empty');
    const error = await expectRefused(
      readSheet(Buffer.alloc(SPREADSHEET_MAX_BYTES + 1), { columns }),
      'too_large',
    );
    expect(error.message).toBe('The file is larger than 5 MB.');
  });

  it('refuses a zip bomb from its central directory, without inflating it', async () => {
    // 60 MB of zeros deflate to about 60 kB: over the total size limit and the 100:1 ratio.
    const bomb = handWrittenZip([
      ...xlsxSkeleton(),
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60_000_000, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(SPREADSHEET_MAX_BYTES);
    const error = await expectRefused(readSheet(bomb, { columns }), 'zip_bomb');
    expect(error.message).toMatch(/unpacks to more than 50000000 bytes/);

    // 5 MB, under the total limit, but compressed far beyond 100:1.
    const dense = handWrittenZip([
      ...xlsxSkeleton(),
      { name: 'xl/sharedStrings.xml', data: Buffer.alloc(5_000_000, 0x20) },
    ]);
    const ratio = await expectRefused(readSheet(dense, { columns }), 'zip_bomb');
    expect(ratio.message).toMatch(/compressed more than 100:1/);
  });

  it('refuses an entry that unpacks to more than its declared size', async () => {
    const liar = handWrittenZip([
      ...xlsxSkeleton(),
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(900_000, 0x20), declaredSize: 1000 },
    ]);
    const error = await expectRefused(readSheet(liar, { columns }), 'zip_bomb');
    expect(error.message).toMatch(/unpacks to more than it declares/);
  });

  it('refuses too many entries, with the default limit or a tighter one', async () => {
    const crowded = handWrittenZip([
      ...xlsxSkeleton(),
      ...Array.from({ length: ZIP_LIMITS.maxEntries - 1 }, (_, index) => ({
        name: `xl/media/image${index}.png`,
        data: Buffer.from('x'),
        stored: true,
      })),
    ]);
    const error = await expectRefused(readSheet(crowded, { columns }), 'zip_bomb');
    expect(error.message).toMatch(/holds 1001 files, more than the 1000 allowed/);

    await expectRefused(readSheet(await template(), { columns, limits: { maxEntries: 3 } }), 'zip_bomb');
  });
});

describe('readSheet on SpreadsheetML written by other tools', () => {
  const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const WORKSHEET_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';

  interface SheetPart {
    name: string;
    /** Target of its relationship, e.g. worksheets/sheet1.xml. */
    target: string;
    xml: string;
    state?: string;
  }

  /** An .xlsx written by hand, part by part, as tools other than exceljs write them. */
  function xlsxFromParts(options: {
    sheets: SheetPart[];
    sharedStrings?: string[];
    styles?: string;
    workbookPr?: string;
  }): Buffer {
    const sheetsXml = options.sheets
      .map(
        (sheet, index) =>
          `<sheet name="${sheet.name}" sheetId="${index + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${index + 1}"/>`,
      )
      .join('');
    const rels = options.sheets
      .map(
        (sheet, index) =>
          `<Relationship Id="rId${index + 1}" Type="${WORKSHEET_TYPE}" Target="${sheet.target}"/>`,
      )
      .join('');
    const parts: ZipPart[] = [
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
      {
        name: 'xl/workbook.xml',
        data: Buffer.from(
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook ${NS} ${REL_NS}>${options.workbookPr ?? ''}<sheets>${sheetsXml}</sheets></workbook>`,
        ),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: Buffer.from(
          `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
        ),
      },
      ...options.sheets.map((sheet) => ({
        name: `xl/${sheet.target.replace(/^\/xl\//, '')}`,
        data: Buffer.from(sheet.xml),
      })),
    ];
    if (options.sharedStrings) {
      parts.push({
        name: 'xl/sharedStrings.xml',
        data: Buffer.from(
          `<?xml version="1.0"?><sst ${NS} count="${options.sharedStrings.length}">${options.sharedStrings.join('')}</sst>`,
        ),
      });
    }
    if (options.styles) {
      parts.push({
        name: 'xl/styles.xml',
        data: Buffer.from(`<?xml version="1.0"?><styleSheet ${NS}>${options.styles}</styleSheet>`),
      });
    }
    return handWrittenZip(parts);
  }

  const worksheet = (rows: string, after = '') =>
    `<?xml version="1.0"?><worksheet ${NS} ${REL_NS}><cols><col min="1" max="5" width="12" customWidth="1"/></cols><sheetData>${rows}</sheetData>${after}</worksheet>`;
  const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const headerRow = `<row r="1">${inline('A1', 'Name')}${inline('B1', 'Joined')}${inline('C1', 'Share')}${inline('D1', 'Active')}${inline('E1', 'Count')}</row>`;

  const small: SheetColumn[] = [
    { key: 'name', header: 'Name' },
    { key: 'joined', header: 'Joined', kind: 'date' },
    { key: 'share', header: 'Share', kind: 'percentage' },
    { key: 'active', header: 'Active', kind: 'boolean' },
    { key: 'count', header: 'Count', kind: 'number' },
  ];
  const blank = { name: null, joined: null, share: null, active: null, count: null };

  // cellXfs: 0 General, 1 built-in date (14), 2 custom date, 3 custom percent, 4 built-in 0%, 5 a
  // custom format whose letters are all quoted (not a date), 6 built-in date-time (22).
  const styles = `<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="0.0%"/><numFmt numFmtId="166" formatCode="0 &quot;days&quot;"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border><left/><right/></border></borders><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="7"><xf numFmtId="0" fontId="0"/><xf numFmtId="14" fontId="0" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/><xf numFmtId="9" applyNumberFormat="1"><alignment horizontal="left"/></xf><xf numFmtId="166"/><xf numFmtId="22"/></cellXfs>`;

  it('reads shared strings with rich text runs (not their phonetic runs) and decodes entities', async () => {
    const buffer = xlsxFromParts({
      sheets: [
        {
          name: 'Owners',
          target: 'worksheets/sheet1.xml',
          xml: worksheet(
            `${headerRow.replace(inline('A1', 'Name'), '<c r="A1" t="s"><v>0</v></c>')}<row r="2"><c r="A2" t="s"><v>1</v></c><c r="E2" t="s"><v>3</v></c></row><row r="3"><c r="A3" t="s"><v>2</v></c><c r="D3" t="s"><v>4</v></c></row>`,
          ),
        },
      ],
      sharedStrings: [
        '<si><t>Name</t></si>',
        '<si><r><rPr><b/><sz val="11"/></rPr><t>Ann </t></r><r><rPr><i/></rPr><t xml:space="preserve">O&apos;Neil &amp; Co</t></r><rPh sb="0" eb="3"><t>PHONETIC</t></rPh></si>',
        '<si><t>&lt;b&gt; &#233;t&#xE9; &quot;q&quot; &#x1F600;</t></si>',
        '<si><t xml:space="preserve"> 1,250 </t></si>',
        '<si><r><t>Y</t></r><r><t>es</t></r></si>',
      ],
    });
    const { rows, errors } = await readSheet(buffer, { columns: small });
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { rowNumber: 2, values: { ...blank, name: "Ann O'Neil & Co", count: 1250 } },
      { rowNumber: 3, values: { ...blank, name: '<b> été "q" 😀', active: true } },
    ]);
  });

  it('reads inline strings, plain and rich, formula results, booleans and errors', async () => {
    const buffer = xlsxFromParts({
      sheets: [
        {
          name: 'Owners',
          target: 'worksheets/sheet1.xml',
          xml: worksheet(
            `${headerRow}<row r="2">${inline('A2', '  Bo &amp; Al  ')}<c r="C2"><f>10*2</f><v>20</v></c><c r="D2" t="b"><v>1</v></c><c r="E2" t="e"><v>#N/A</v></c></row>` +
              `<row r="3"><c r="A3" t="inlineStr"><is><r><t>Cy</t></r><r><rPr><b/></rPr><t>ra</t></r></is></c><c r="B3" t="str"><f>TEXT(1,"0")</f><v>2021-03-04</v></c><c r="D3" t="b"><v>0</v></c><c r="E3" t="str"><v>7</v></c></row>` +
              `<row r="4">${inline('A4', '   ')}<c r="E4"><f>1/0</f><v></v></c></row>`,
          ),
        },
      ],
    });
    const { rows, errors } = await readSheet(buffer, { columns: small });
    expect(errors).toEqual([{ row: 2, column: 'Count', message: 'Count holds the error #N/A.' }]);
    expect(rows).toEqual([
      { rowNumber: 2, values: { ...blank, name: 'Bo & Al', share: 20, active: true, count: undefined } },
      { rowNumber: 3, values: { ...blank, name: 'Cyra', joined: '2021-03-04', active: false, count: 7 } },
    ]);
    expect(Object.keys(rows[0]!.values)).not.toContain('count');
  });

  it('reads a number with a date style as a date, and percent styles (built-in or custom) as percentages', async () => {
    const buffer = xlsxFromParts({
      styles,
      sheets: [
        {
          name: 'Owners',
          target: 'worksheets/sheet1.xml',
          xml: worksheet(
            `${headerRow}` +
              // 43831 is 2020-01-01; a date style turns a number into a date in any column.
              `<row r="2"><c r="A2" s="1"><v>43831</v></c><c r="B2" s="1"><v>43831</v></c><c r="C2" s="3"><v>0.125</v></c><c r="E2" s="5"><v>3</v></c></row>` +
              `<row r="3">${inline('A3', 'Custom date')}<c r="B3" s="2"><v>44000.75</v></c><c r="C3" s="4"><v>0.4</v></c><c r="E3" s="1"><v>5</v></c></row>` +
              `<row r="4">${inline('A4', 'No style')}<c r="B4"><v>43831.9</v></c><c r="C4"><v>0.4</v></c><c r="E4" s="0"><v>12.5</v></c></row>` +
              `<row r="5">${inline('A5', 'Date-time')}<c r="B5" s="6"><v>45000.5</v></c><c r="C5" s="2"><v>0.5</v></c></row>`,
          ),
        },
      ],
    });
    const { rows, errors } = await readSheet(buffer, { columns: small });
    expect(rows.map((row) => row.values)).toEqual([
      { ...blank, name: '2020-01-01', joined: '2020-01-01', share: 12.5, count: 3 },
      { name: 'Custom date', joined: '2020-06-18', share: 40, active: null },
      { ...blank, name: 'No style', joined: '2020-01-01', share: 0.4, count: 12.5 },
      { name: 'Date-time', joined: '2023-03-15', active: null, count: null },
    ]);
    expect(errors).toEqual([
      { row: 3, column: 'Count', message: 'Count must be a number.' },
      { row: 5, column: 'Share', message: 'Share must be a percentage from 0 to 100.' },
    ]);
  });

  it('answers a date-styled cell holding a text formula result with a cell error, not a failure', async () => {
    const buffer = xlsxFromParts({
      styles,
      sheets: [
        {
          name: 'Owners',
          target: 'worksheets/sheet1.xml',
          xml: worksheet(
            `${headerRow}<row r="2"><c r="A2" s="1" t="str"><f>"x"&amp;"y"</f><v>xy</v></c><c r="B2" s="1" t="str"><f>"soon"</f><v>soon</v></c></row>`,
          ),
        },
      ],
    });
    const { rows, errors } = await readSheet(buffer, { columns: small });
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([
      { row: 2, column: 'Name', message: 'Name holds an invalid date.' },
      { row: 2, column: 'Joined', message: 'Joined holds an invalid date.' },
    ]);
  });

  it('honours the 1904 date system, for date-styled numbers and plain numbers in a date column', async () => {
    const sheet = (pr: string) =>
      xlsxFromParts({
        styles,
        workbookPr: pr,
        sheets: [
          {
            name: 'Owners',
            target: 'worksheets/sheet1.xml',
            xml: worksheet(
              `${headerRow}<row r="2">${inline('A2', 'Styled')}<c r="B2" s="1"><v>42369</v></c></row><row r="3">${inline('A3', 'Plain')}<c r="B3"><v>42369</v></c></row>`,
            ),
          },
        ],
      });
    const in1904 = await readSheet(sheet('<workbookPr date1904="1" defaultThemeVersion="166925"/>'), {
      columns: small,
    });
    expect(in1904.rows.map((row) => row.values.joined)).toEqual(['2020-01-01', '2020-01-01']);
    const in1900 = await readSheet(sheet('<workbookPr defaultThemeVersion="166925"/>'), { columns: small });
    expect(in1900.rows.map((row) => row.values.joined)).toEqual(['2015-12-31', '2015-12-31']);
  });

  it('finds a sheet by name through its relationship, whatever its part is called', async () => {
    const other = worksheet(`${headerRow}<row r="2">${inline('A2', 'Wrong sheet')}</row>`);
    const buffer = xlsxFromParts({
      sheets: [
        { name: 'Lists', target: 'worksheets/sheet1.xml', xml: other, state: 'hidden' },
        { name: 'Instructions', target: 'worksheets/sheet2.xml', xml: other },
        { name: 'Old', target: 'worksheets/sheet4.xml', xml: other, state: 'veryHidden' },
        {
          name: 'Data &amp; notes',
          target: '/xl/worksheets/sheet3.xml',
          xml: worksheet(`${headerRow}<row r="2">${inline('A2', 'Right sheet')}</row>`),
        },
        { name: 'Later', target: 'worksheets/sheet5.xml', xml: other },
      ],
    });
    const byName = await readSheet(buffer, { columns: small, sheetName: 'Data & notes' });
    expect(byName.rows.map((row) => row.values.name)).toEqual(['Right sheet']);
    // By default: the first visible sheet other than Lists and Instructions.
    const byDefault = await readSheet(buffer, { columns: small });
    expect(byDefault.rows.map((row) => row.values.name)).toEqual(['Right sheet']);
    expect((await readSheet(buffer, { columns: small, sheetName: 'Later' })).rows[0]!.values.name).toBe(
      'Wrong sheet',
    );
    await expectRefused(readSheet(buffer, { columns: small, sheetName: 'data & notes' }), 'missing_columns');
  });

  it('reads rows and cells out of order, sparse rows, cells without references and merged cells', async () => {
    const buffer = xlsxFromParts({
      styles,
      sheets: [
        {
          name: 'Owners',
          target: 'worksheets/sheet1.xml',
          xml: worksheet(
            `<row r="9"><c r="E9"><v>9</v></c></row>` +
              `<row r="1" spans="1:5">${inline('E1', 'Name')}${inline('A1', 'Count')}${inline('C1', 'Share')}${inline('B1', 'Joined')}${inline('D1', 'Active')}</row>` +
              `<row r="7"><c r="D7" t="inlineStr"><is><t>no</t></is></c><c r="A7"><v>70</v></c></row>` +
              `<row r="5"/><row r="6"><c r="A6" s="1"/><c r="B6" s="2"/></row>` +
              `<row r="4"><c r="B4" s="1"/><c><v>44</v></c><c t="inlineStr"><is><t>Yes</t></is></c></row>` +
              `<row r="10">${inline('E10', 'Merged owner')}<c r="A10"><v>3</v></c></row>`,
            '<mergeCells count="1"><mergeCell ref="E10:E11"/></mergeCells>',
          ),
        },
      ],
    });
    const { rows, errors } = await readSheet(buffer, { columns: small });
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { rowNumber: 4, values: { ...blank, share: 44, active: true } },
      { rowNumber: 7, values: { ...blank, count: 70, active: false } },
      { rowNumber: 9, values: { ...blank, name: '9' } },
      { rowNumber: 10, values: { ...blank, name: 'Merged owner', count: 3 } },
      { rowNumber: 11, values: { ...blank, name: 'Merged owner' } },
    ]);
  });

  it('refuses a workbook whose parts do not hold together', async () => {
    const missingString = xlsxFromParts({
      sharedStrings: ['<si><t>Name</t></si>'],
      sheets: [
        {
          name: 'Owners',
          target: 'worksheets/sheet1.xml',
          xml: worksheet('<row r="1"><c r="A1" t="s"><v>4</v></c></row>'),
        },
      ],
    });
    await expectRefused(readSheet(missingString, { columns: small }), 'not_a_spreadsheet');
    const overlapping = xlsxFromParts({
      sheets: [
        {
          name: 'Owners',
          target: 'worksheets/sheet1.xml',
          xml: worksheet(
            headerRow,
            '<mergeCells><mergeCell ref="A2:B3"/><mergeCell ref="B3:C4"/></mergeCells>',
          ),
        },
      ],
    });
    await expectRefused(readSheet(overlapping, { columns: small }), 'not_a_spreadsheet');
    const onlyStyled = xlsxFromParts({
      styles,
      sheets: [
        {
          name: 'Owners',
          target: 'worksheets/sheet1.xml',
          xml: worksheet('<row r="1"><c r="A1" s="1"/></row>'),
        },
      ],
    });
    await expectRefused(readSheet(onlyStyled, { columns: small }), 'empty');
  });
});

describe('readSheet on hostile XML', () => {
  const part = (name: string, text: string): ZipPart => ({ name, data: Buffer.from(text) });
  const workbookParts = (sheetXml: string, extra: ZipPart[] = []) =>
    handWrittenZip([
      part('[Content_Types].xml', '<Types/>'),
      part(
        'xl/workbook.xml',
        '<workbook xmlns:r="r"><sheets><sheet name="Owners" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      part(
        'xl/_rels/workbook.xml.rels',
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      part('xl/worksheets/sheet1.xml', sheetXml),
      ...extra,
    ]);

  it('reads a megabyte of unclosed tags in linear time', async () => {
    // Just under the size from which the compression ratio is checked: patterns that rescan the
    // rest of the part from each of these tags would take minutes.
    const many = (text: string) => text.repeat(Math.floor(480_000 / text.length));
    const cases: [Buffer, SpreadsheetErrorCode][] = [
      [
        workbookParts(`<worksheet><sheetData><row r="1">${many('<c r="A1" ')}</row></sheetData></worksheet>`),
        'empty',
      ],
      [
        workbookParts(
          `<worksheet><sheetData><row r="1">${many('<c r="A1" t="inlineStr">')}</row></sheetData></worksheet>`,
        ),
        'not_a_spreadsheet',
      ],
      [
        workbookParts(
          '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
          [part('xl/sharedStrings.xml', `<sst>${many('<si><t a="')}`)],
        ),
        'not_a_spreadsheet',
      ],
      [
        workbookParts(
          '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
          [part('xl/sharedStrings.xml', `<sst><si>${many('<rPh><t ')}</si></sst>`)],
        ),
        'missing_columns',
      ],
      [
        workbookParts(
          `<worksheet><sheetData><row r="1"><c r="A1" s="1"><v>1</v></c></row></sheetData>${many('<mergeCell ref="A1')}</worksheet>`,
          [part('xl/styles.xml', `<styleSheet>${many('<numFmt <xf ')}<cellXfs>${many('<xf numFmtId="1" ')}`)],
        ),
        'not_a_spreadsheet',
      ],
    ];
    for (const [buffer, code] of cases) {
      const started = performance.now();
      await expectRefused(readSheet(buffer, { columns }), code);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
