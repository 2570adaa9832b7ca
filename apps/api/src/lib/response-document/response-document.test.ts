import { describe, expect, it } from 'vitest';
import { answerText, buildSections, type Names } from './index';

const names: Names = {
  legalStructures: new Map([[2, 'General Partnership']]),
  globalIndustries: new Map(),
  globalIndustryTypes: new Map(),
  corporateTitles: new Map(),
  genders: new Map([[1, 'Woman']]),
  ethnicities: new Map([[2, 'Asian']]),
  options: new Map([['board_type', new Map([[5, 'Independent']])]]),
  people: new Map(),
};

describe('answerText', () => {
  it('prints option names, Yes/No for switches, lists joined, and nothing for no answer', () => {
    const options = [
      { id: 1, name: 'Annually' },
      { id: 2, name: 'Never' },
    ];
    expect(answerText({ type: 'select', options, value: 2 })).toBe('Never');
    expect(answerText({ type: 'select', options, value: [1, 2] })).toBe('Annually, Never');
    expect(answerText({ type: 'switch', options: null, value: true })).toBe('Yes');
    expect(answerText({ type: 'switch', options: null, value: '0' })).toBe('No');
    expect(answerText({ type: 'number', options: null, value: 12 })).toBe(12);
    expect(answerText({ type: 'text', options: null, value: '' })).toBeNull();
    expect(answerText({ type: 'text', options: null, value: null })).toBeNull();
  });
});

describe('buildSections', () => {
  const steps = [
    { id: 2, title: 'Total Full-Time Employees' },
    { id: 6, title: 'Board' },
    { id: 12, title: 'Submit' },
  ];
  const staff = {
    categories: [
      { id: 1, name: 'Women', order: 1, genders: [{ id: 1, name: 'Woman', category_id: 1, order: 1 }] },
    ],
    rows: [{ ethnicity_id: 2, name: 'Asian', genders: [{ id: 1, value: 5, min: 0 }], total: 5 }],
    totals: { byGender: [{ id: 1, total: 5 }], byCategory: [{ id: 1, total: 5 }], all: 5 },
  };

  it('one section per requested step but submit; a grid with its row and column totals', () => {
    const sections = buildSections(steps, { staff, us_staff: staff }, new Set(['staff', 'us_staff']), names);
    expect(sections.map((s) => s.title)).toEqual(['Total Full-Time Employees', 'Board']);
    const [grid] = sections[0]!.blocks;
    expect(grid).toEqual({
      kind: 'table',
      title: 'Total Full-Time Employees',
      columns: ['Race/Ethnicity', 'Women › Woman', 'Total'],
      rows: [['Asian', 5, 5]],
      totals: ['Total', 5, 5],
    });
    expect(sections[0]!.blocks).toHaveLength(2);
    // Never opened in the survey: said so, not printed as empty.
    expect(sections[1]!.blocks).toEqual([{ kind: 'note', text: expect.stringMatching(/^Not started/) }]);
  });

  it('names the board rows’ options', () => {
    const board = {
      rows: [
        {
          id: 1,
          name: 'Jane Roe',
          board_type_id: 5,
          board_position_id: null,
          date_of_joining: '2020-01-01',
          gender_id: 1,
          ethnicity_id: 2,
          military_member_id: null,
          disabled_id: null,
          lgbtq_id: null,
          immigration_id: null,
          organization_id: 2,
          survey_id: 5,
          updated_at: '2026-11-22T07:00:00.000Z',
        },
      ],
      option_flags: { military_member_id: true, disabled_id: true, lgbtq_id: true, immigration_id: true },
    };
    const [, section] = buildSections(steps, { board }, new Set(['board']), names);
    const table = section!.blocks[0];
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.rows[0]!.slice(0, 6)).toEqual([
      'Jane Roe',
      'Independent',
      null,
      '2020-01-01',
      'Woman',
      'Asian',
    ]);
  });
});
