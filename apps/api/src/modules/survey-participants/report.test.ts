import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from '../../lib/spreadsheet/read-sheet';
import { buildReport, REPORT_SHEETS, responsesSource } from './report';

const GENDERS = [
  { id: 1, name: 'Woman' },
  { id: 2, name: 'Man' },
];

const SNAPSHOT = {
  overview: { website: 'https://acme.example', inception_date: '2010-05-01', total_full_time_employees: 40 },
  staff: {
    rows: [
      {
        name: 'Asian',
        ethnicity_id: 2,
        genders: [
          { id: 1, value: 3 },
          { id: 2, value: 4 },
        ],
      },
      {
        name: 'White',
        ethnicity_id: 7,
        genders: [
          { id: 1, value: 10 },
          { id: 2, value: 12 },
        ],
      },
    ],
  },
  insights: {
    grids: [
      { year: 2025, type: 1, rows: [{ name: 'Asian', ethnicity_id: 2, genders: [{ id: 1, value: 1 }] }] },
    ],
  },
  ownership: {
    rows: [
      { name: 'Thomas Bennett', is_owner: true, is_senior_management: true, ownership: 60.5, gender_id: 2 },
      { name: 'Omar Yamamoto', is_owner: true, is_senior_management: false, ownership: 39.5, gender_id: 2 },
      { name: 'Lee Park', is_owner: false, is_senior_management: true, ownership: null, gender_id: 1 },
    ],
  },
  board: { rows: [{ name: 'A' }, { name: 'B' }] },
  policies: [{ name: 'Code of Conduct', status: 'Reviewed', current_as_of: '2026-03-11' }],
  practices: {
    sections: [
      {
        name: 'Leadership',
        inputs: [
          { id: 801, label: 'A senior leader is accountable', value: true },
          {
            id: 802,
            label: 'How often is diversity data reviewed?',
            value: 2,
            options: [
              { id: 1, name: 'Never' },
              { id: 2, name: 'Annually' },
            ],
          },
        ],
      },
    ],
  },
  miscellaneous: {
    form: { sections: [{ name: 'Contacts', inputs: [{ id: 1001, label: 'Phone', value: '+12155550113' }] }] },
    questions: [{ id: 5, question_type_id: 5, display: 'Which regions?', config: {}, value: ['EU', 'US'] }],
  },
};

const read = (file: Buffer, sheetName: string, headers: string[]) =>
  readSheet(file, { sheetName, columns: headers.map((header) => ({ key: header, header })) });

describe('the responses report', () => {
  it('holds each response at the organization level, people only as counts', async () => {
    const file = await buildReport({
      title: '2026 DEI Survey',
      genders: GENDERS,
      source: responsesSource([
        {
          organization_id: 2,
          organization_name: 'Acme Capital Partners',
          submitted_at: '2026-11-20T10:00:00.000Z',
          snapshot: SNAPSHOT,
          scores: { lpi: 6.5, staff_score: 61.2, evenness: { prime: { combined: { value: 0.42 } } } },
        },
      ]),
    });

    const responses = await read(file, REPORT_SHEETS.responses, [
      'Organization',
      'Submitted at',
      'LPI',
      'Website',
    ]);
    expect(responses.rows.map((r) => r.values)).toEqual([
      {
        Organization: 'Acme Capital Partners',
        'Submitted at': '2026-11-20 10:00',
        LPI: '6.5',
        Website: 'https://acme.example',
      },
    ]);

    const grids = await read(file, REPORT_SHEETS.grids, [
      'Grid',
      'Year',
      'Type',
      'Race/Ethnicity',
      'Woman',
      'Man',
      'Total',
    ]);
    expect(grids.rows.map((r) => r.values)).toEqual([
      {
        Grid: 'Total full-time employees',
        Year: null,
        Type: null,
        'Race/Ethnicity': 'Asian',
        Woman: '3',
        Man: '4',
        Total: '7',
      },
      {
        Grid: 'Total full-time employees',
        Year: null,
        Type: null,
        'Race/Ethnicity': 'White',
        Woman: '10',
        Man: '12',
        Total: '22',
      },
      {
        Grid: 'Historical insights',
        Year: '2025',
        Type: 'Hires',
        'Race/Ethnicity': 'Asian',
        Woman: '1',
        Man: null,
        Total: '1',
      },
    ]);

    const people = await read(file, REPORT_SHEETS.decisionMakers, [
      'Owners',
      'Senior leaders',
      'Total ownership (%)',
    ]);
    expect(people.rows[0]!.values).toEqual({
      Owners: '2',
      'Senior leaders': '2',
      'Total ownership (%)': '100',
    });
    const board = await read(file, REPORT_SHEETS.board, ['Board members']);
    expect(board.rows[0]!.values).toEqual({ 'Board members': '2' });

    const practices = await read(file, REPORT_SHEETS.practices, ['Question', 'Answer']);
    expect(practices.rows.map((r) => r.values)).toEqual([
      { Question: 'A senior leader is accountable', Answer: 'Yes' },
      { Question: 'How often is diversity data reviewed?', Answer: 'Annually' },
    ]);
    const misc = await read(file, REPORT_SHEETS.miscellaneous, ['Section', 'Question', 'Answer']);
    expect(misc.rows.map((r) => r.values)).toEqual([
      // A text starting with + is quoted against formula injection (#20); Excel hides the quote.
      { Section: 'Contacts', Question: 'Phone', Answer: "'+12155550113" },
      { Section: 'Custom questions', Question: 'Which regions?', Answer: 'EU, US' },
    ]);
    const policies = await read(file, REPORT_SHEETS.policies, ['Policy', 'Status']);
    expect(policies.rows[0]!.values).toEqual({ Policy: 'Code of Conduct', Status: 'Reviewed' });

    // No sheet lists a person: the owners' and leaders' names appear in no cell.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          cells.push(String(cell.value));
        });
      });
    }
    expect(cells).toContain('Acme Capital Partners');
    expect(cells.join('\n')).not.toMatch(/Thomas Bennett|Omar Yamamoto|Lee Park/);
  });

  it('is a workbook with headers only when nobody submitted', async () => {
    const file = await buildReport({ title: 'Empty', genders: GENDERS, source: responsesSource([]) });
    await expect(read(file, REPORT_SHEETS.responses, ['Organization'])).rejects.toThrow(
      'The spreadsheet has no rows to import.',
    );
  });
});
