import { describe, expect, it } from 'vitest';
import {
  GRID_VALUE_MESSAGE,
  gridTotals,
  historicalYears,
  parsePastedBlock,
  parsePastedCell,
  rowTotal,
  toGridData,
  ZGridSave,
  ZHistoricalSave,
  ZMeGridQuery,
  ZTypedGridSave,
} from './grids';

const base = { updated_at: null };
const issue = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('ZGridSave', () => {
  it('accepts rows of whole counts', () => {
    const body = {
      ...base,
      survey_id: 3,
      data: [
        {
          ethnicity_id: 2,
          genders: [
            { id: 1, value: 0 },
            { id: 2, value: 1_000_000 },
          ],
        },
      ],
    };
    expect(ZGridSave.parse(body)).toEqual(body);
  });

  it.each([
    [-1, 'data.0.genders.0.value'],
    [1.5, 'data.0.genders.0.value'],
    [1_000_001, 'data.0.genders.0.value'],
    ['3', 'data.0.genders.0.value'],
  ])('refuses the value %p, naming the field', (value, field) => {
    const result = ZGridSave.safeParse({ ...base, data: [{ ethnicity_id: 2, genders: [{ id: 1, value }] }] });
    expect(issue(result)).toEqual([`${field}: ${GRID_VALUE_MESSAGE}`]);
  });

  it('refuses a race/ethnicity or a gender listed twice', () => {
    const result = ZGridSave.safeParse({
      ...base,
      data: [
        {
          ethnicity_id: 2,
          genders: [
            { id: 1, value: 1 },
            { id: 1, value: 2 },
          ],
        },
        { ethnicity_id: 2, genders: [] },
      ],
    });
    expect(issue(result)).toEqual([
      'data.0.genders.1.id: Gender is listed twice',
      'data.1.ethnicity_id: Race/ethnicity is listed twice',
    ]);
  });

  it('needs updated_at and refuses unknown keys', () => {
    expect(ZGridSave.safeParse({ data: [] }).success).toBe(false);
    expect(ZGridSave.safeParse({ ...base, data: [], extra: 1 }).success).toBe(false);
    expect(ZGridSave.safeParse({ ...base, data: [{ ethnicity_id: 0, genders: [] }] }).success).toBe(false);
  });
});

describe('ZHistoricalSave', () => {
  const row = (year: number, type: number, ethnicity_id = 1) => ({
    year,
    type,
    data: { ethnicity_id, genders: [{ id: 1, value: 4 }] },
  });

  it('accepts the three types', () => {
    expect(
      ZHistoricalSave.safeParse({ ...base, data: [row(2025, 1), row(2025, 2), row(2025, 3)] }).success,
    ).toBe(true);
  });

  it('refuses another type and the same row twice', () => {
    expect(issue(ZHistoricalSave.safeParse({ ...base, data: [row(2025, 4)] }))).toEqual([
      'data.0.type: Type must be 1 (Hires), 2 (Promotions) or 3 (Attrition)',
    ]);
    expect(issue(ZHistoricalSave.safeParse({ ...base, data: [row(2025, 1), row(2025, 1)] }))).toEqual([
      'data.1.data.ethnicity_id: Race/ethnicity is listed twice',
    ]);
    expect(ZHistoricalSave.safeParse({ ...base, data: [row(2025, 1), row(2024, 1)] }).success).toBe(true);
  });
});

describe('ZTypedGridSave', () => {
  it('accepts senior and junior rows, with the legacy per-row survey id', () => {
    const data = [
      { type_id: 1, ethnicity_id: 1, genders: [{ id: 1, value: 1 }], survey_id: 4 },
      { type_id: 2, ethnicity_id: 1, genders: [], survey_id: 4 },
    ];
    expect(ZTypedGridSave.safeParse({ ...base, data }).success).toBe(true);
  });

  it('refuses type 3, duplicates and rows naming different surveys', () => {
    expect(
      issue(ZTypedGridSave.safeParse({ ...base, data: [{ type_id: 3, ethnicity_id: 1, genders: [] }] })),
    ).toEqual(['data.0.type_id: Type must be 1 (Senior) or 2 (Junior)']);
    const twice = [
      { type_id: 1, ethnicity_id: 1, genders: [] },
      { type_id: 1, ethnicity_id: 1, genders: [] },
    ];
    expect(issue(ZTypedGridSave.safeParse({ ...base, data: twice }))).toEqual([
      'data.1.ethnicity_id: Race/ethnicity is listed twice',
    ]);
    const mixed = [
      { type_id: 1, ethnicity_id: 1, genders: [], survey_id: 4 },
      { type_id: 2, ethnicity_id: 1, genders: [] },
    ];
    expect(issue(ZTypedGridSave.safeParse({ ...base, data: mixed }))).toEqual([
      'data.0.survey_id: Rows must all name the same survey',
    ]);
  });
});

describe('helpers', () => {
  const categories = [
    { id: 1, name: 'Women', order: 1, genders: [{ id: 1, name: 'Woman', category_id: 1, order: 1 }] },
    {
      id: 3,
      name: 'Non-binary/other',
      order: 3,
      genders: [
        { id: 3, name: 'Non-binary', category_id: 3, order: 3 },
        { id: 4, name: 'Another gender identity', category_id: 3, order: 4 },
      ],
    },
  ];

  it('totals by gender, by category and overall', () => {
    const rows = [
      {
        genders: [
          { id: 1, value: 2 },
          { id: 3, value: 1 },
          { id: 4, value: 5 },
        ],
      },
      {
        genders: [
          { id: 1, value: 3 },
          { id: 9, value: 100 },
        ],
      },
    ];
    expect(gridTotals(categories, rows)).toEqual({
      byGender: [
        { id: 1, total: 5 },
        { id: 3, total: 1 },
        { id: 4, total: 5 },
      ],
      byCategory: [
        { id: 1, total: 5 },
        { id: 3, total: 6 },
      ],
      all: 11,
      reported: 4,
    });
    expect(rowTotal(rows[0]!)).toBe(8);
  });

  it('counts a reported 0 as reported and an empty cell (null) as not reported', () => {
    const rows = [
      {
        genders: [
          { id: 1, value: 0 },
          { id: 3, value: null },
          { id: 4, value: 2 },
        ],
      },
    ];
    expect(gridTotals(categories, rows)).toMatchObject({ all: 2, reported: 2 });
    expect(rowTotal(rows[0]!)).toBe(2);
    // A save keeps the empty cell empty: the API stores no row for it, not a zero.
    const saved = ZGridSave.parse({ ...base, data: [{ ethnicity_id: 2, genders: rows[0]!.genders }] });
    expect(saved.data[0]?.genders[1]).toEqual({ id: 3, value: null });
  });

  it('turns read rows into save data', () => {
    const rows = [{ ethnicity_id: 2, name: 'Asian', total: 1, genders: [{ id: 1, value: 1, min: 0 }] }];
    expect(toGridData(rows)).toEqual([{ ethnicity_id: 2, genders: [{ id: 1, value: 1 }] }]);
  });

  it('gives the past three full years', () => {
    expect(historicalYears(2026)).toEqual([2023, 2024, 2025]);
  });

  it.each([
    ['7', { value: 7 }],
    [' 1,200 ', { value: 1200 }],
    ['0', { value: 0 }],
    ['', { value: null }],
    ['  ', { value: null }],
    ['abc', null],
    ['-3', null],
    ['2.5', null],
    ['1000001', null],
  ])('parses the pasted cell %p as %p', (text, parsed) => {
    expect(parsePastedCell(text)).toEqual(parsed);
  });

  it('splits a pasted block into rows and cells', () => {
    expect(parsePastedBlock('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parsePastedBlock('5')).toEqual([['5']]);
  });

  it('reads us_based from the query', () => {
    expect(ZMeGridQuery.parse({ survey_id: '4', us_based: 'true' })).toEqual({
      survey_id: 4,
      us_based: true,
    });
    expect(ZMeGridQuery.safeParse({ other: 1 }).success).toBe(false);
  });
});
