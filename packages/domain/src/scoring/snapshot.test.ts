import { describe, expect, it } from 'vitest';
import { SCORING_VERSION } from './constants';
import { scoreProfile } from './profile';
import { individualsOf, profileOfSnapshot, scoresOfSnapshot, staffRowsOf, totalsOf } from './snapshot';

// A snapshot shaped like the tab GETs answer (what a submission stores): ids of the reference
// data (genders 1 Woman, 2 Man, 5 Undisclosed; ethnicity 7 White, 2 Black, 9 Undisclosed).
const snapshot = {
  overview: { name: 'Example Co', total_full_time_employees: 12, total_leaders: 3, total_owners: 2 },
  staff: {
    categories: [],
    rows: [
      {
        ethnicity_id: 7,
        name: 'White',
        genders: [
          { id: 1, value: 3, min: 0 },
          { id: 2, value: 5, min: 0 },
          { id: 5, value: 0, min: 0 },
        ],
        total: 8,
      },
      {
        ethnicity_id: 2,
        name: 'Black',
        genders: [
          { id: 1, value: 2, min: 0 },
          { id: 2, value: 2, min: 0 },
        ],
        total: 4,
      },
    ],
    totals: { byGender: [], byCategory: [], all: 12 },
  },
  ownership: {
    rows: [
      { name: 'A', gender_id: 1, ethnicity_id: 2, is_senior_management: true, is_owner: true, ownership: 60 },
      {
        name: 'B',
        gender_id: 2,
        ethnicity_id: 7,
        is_senior_management: true,
        is_owner: true,
        ownership: '40',
      },
      {
        name: 'C',
        gender_id: 5,
        ethnicity_id: 9,
        is_senior_management: true,
        is_owner: false,
        ownership: null,
      },
    ],
    totals: { ownership_sum: 100, owners: 2, leaders: 3, total_owners: 2, total_leaders: 3 },
  },
  board: { rows: [] },
};

describe('the snapshot to scoring input mapping', () => {
  it('maps staff grid rows to cells, leaving out empty cells and rows', () => {
    expect(staffRowsOf(snapshot.staff)).toEqual([
      {
        ethnicity_id: 7,
        genders: [
          { id: 1, value: 3 },
          { id: 2, value: 5 },
        ],
      },
      {
        ethnicity_id: 2,
        genders: [
          { id: 1, value: 2 },
          { id: 2, value: 2 },
        ],
      },
    ]);
    expect(staffRowsOf({ rows: [{ ethnicity_id: 1, genders: [{ id: 1, value: 0 }] }] })).toEqual([]);
  });

  it('maps ownership rows to leaders and owners (numeric strings read as numbers)', () => {
    expect(individualsOf(snapshot.ownership)).toEqual([
      { gender_id: 1, ethnicity_id: 2, is_senior_management: true, is_owner: true, ownership: 60 },
      { gender_id: 2, ethnicity_id: 7, is_senior_management: true, is_owner: true, ownership: 40 },
      { gender_id: 5, ethnicity_id: 9, is_senior_management: true, is_owner: false, ownership: null },
    ]);
  });

  it("takes the requested totals from the overview, else from the ownership tab's", () => {
    expect(totalsOf(snapshot)).toEqual({ total_full_time_employees: 12, total_leaders: 3, total_owners: 2 });
    expect(totalsOf({ ownership: snapshot.ownership })).toEqual({
      total_full_time_employees: null,
      total_leaders: 3,
      total_owners: 2,
    });
  });

  it('reads missing or malformed tabs as empty', () => {
    expect(profileOfSnapshot({})).toEqual({
      staff: [],
      individuals: [],
      totals: { total_full_time_employees: null, total_leaders: null, total_owners: null },
    });
    expect(profileOfSnapshot(null).staff).toEqual([]);
    expect(profileOfSnapshot({ staff: 'x', ownership: { rows: [1, null] } }).individuals).toEqual([]);
    const empty = scoresOfSnapshot({});
    expect(empty.lpi).toBeNull();
    expect(empty.scoring_version).toBe(SCORING_VERSION);
  });

  it('scores the snapshot as the library scores the same data', () => {
    const scores = scoresOfSnapshot(snapshot);
    expect(scores).toEqual(scoreProfile(profileOfSnapshot(snapshot)));
    // staff: w = 5/12, r = 4/12 -> Rep = 0.5 (5/12)/0.5 + 0.5 (4/12)/0.4 = 0.41667 + 0.41667
    expect(scores.staff_score).toBeCloseTo(100 * (0.5 * (5 / 12 / 0.5) + 0.5 * (4 / 12 / 0.4)), 6);
    // leaders: C undisclosed; of A and B w = 1/2 (full), r = 1/2 (full) -> 100
    expect(scores.leadership_score).toBeCloseTo(100, 6);
    // owners: Ew = 0.6, Er = 0.6, both full -> 100
    expect(scores.ownership_score).toBeCloseTo(100, 6);
    expect(scores.scoring_version).toBe(SCORING_VERSION);
  });
});
