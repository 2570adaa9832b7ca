import { describe, expect, it } from 'vitest';
import { categoriesK, evenness, evennessSet, pielou } from './evenness';
import { classifier, gridGroup, ownershipGroup } from './group';

const c = classifier();
const ln = Math.log;

describe('pielou', () => {
  it('is 1 when every one of K categories has the same weight, 0 when one holds everything', () => {
    expect(pielou([5, 5, 5], 3)).toBeCloseTo(1);
    expect(pielou([9], 3)).toBe(0);
  });
  it('uses the fixed K, not the categories observed', () => {
    expect(pielou([5, 5], 3)).toBeCloseTo(ln(2) / ln(3));
    expect(pielou([1, 3], 8)).toBeCloseTo(-(0.25 * ln(0.25) + 0.75 * ln(0.75)) / ln(8));
  });
  it('has no value for K under 2 or no weight', () => {
    expect(pielou([1, 1], 1)).toBeNull();
    expect(pielou([], 3)).toBeNull();
  });
});

describe('evenness of a group', () => {
  it('takes K from the reference data: 3 gender categories, 8 ethnicities, 24 cells', () => {
    expect(categoriesK('gender', c)).toBe(3);
    expect(categoriesK('racial', c)).toBe(8);
    expect(categoriesK('combined', c)).toBe(24);
  });
  it('gender evenness over categories (non-binary and another identity are one category)', () => {
    const grid = [
      {
        ethnicity_id: 7,
        genders: [
          { id: 1, value: 4 },
          { id: 2, value: 4 },
          { id: 3, value: 2 },
          { id: 4, value: 2 },
        ],
      },
    ];
    const e = evenness(gridGroup(grid, c), 'gender', c);
    expect(e).toEqual({ value: expect.closeTo(1, 10), lowConfidence: false, n: 12 });
  });
  it('racial and combined evenness leave undisclosed people out', () => {
    const grid = [
      {
        ethnicity_id: 7,
        genders: [
          { id: 1, value: 3 },
          { id: 2, value: 3 },
        ],
      },
      {
        ethnicity_id: 2,
        genders: [
          { id: 1, value: 3 },
          { id: 5, value: 3 },
        ],
      },
      { ethnicity_id: 9, genders: [{ id: 1, value: 4 }] },
    ];
    const set = evennessSet(gridGroup(grid, c), c);
    expect(set.racial.n).toBe(12);
    expect(set.racial.value).toBeCloseTo(ln(2) / ln(8));
    // combined: White woman 3, White man 3, Asian woman 3 (gender-undisclosed and ethnicity-undisclosed left out)
    expect(set.combined.n).toBe(9);
    expect(set.combined.value).toBeCloseTo(ln(3) / ln(24));
    expect(set.combined.lowConfidence).toBe(true);
    expect(set.gender.n).toBe(13);
    expect(set.gender.value).toBeCloseTo(-((10 / 13) * ln(10 / 13) + (3 / 13) * ln(3 / 13)) / ln(3));
  });
  it('0 or 1 person: null; under 10: low confidence', () => {
    expect(evenness([], 'gender', c)).toEqual({ value: null, lowConfidence: true, n: 0 });
    const one = gridGroup([{ ethnicity_id: 2, genders: [{ id: 1, value: 1 }] }], c);
    expect(evenness(one, 'racial', c)).toEqual({ value: null, lowConfidence: true, n: 1 });
    const two = gridGroup(
      [
        {
          ethnicity_id: 2,
          genders: [
            { id: 1, value: 1 },
            { id: 2, value: 1 },
          ],
        },
      ],
      c,
    );
    expect(evenness(two, 'gender', c)).toEqual({
      value: expect.closeTo(ln(2) / ln(3), 10),
      lowConfidence: true,
      n: 2,
    });
  });
  it('all undisclosed: null', () => {
    const grid = [{ ethnicity_id: 9, genders: [{ id: 5, value: 30 }] }];
    const set = evennessSet(gridGroup(grid, c), c);
    expect([set.gender.value, set.racial.value, set.combined.value]).toEqual([null, null, null]);
  });
  it('ownership variants weight owners by their percentage and count owners as n', () => {
    const owners = ownershipGroup(
      [
        { gender_id: 1, ethnicity_id: 7, is_senior_management: false, is_owner: true, ownership: 25 },
        { gender_id: 2, ethnicity_id: 7, is_senior_management: false, is_owner: true, ownership: 75 },
        { gender_id: 2, ethnicity_id: 3, is_senior_management: false, is_owner: true, ownership: null },
      ],
      c,
    );
    const e = evenness(owners, 'gender', c);
    expect(e.n).toBe(2);
    expect(e.value).toBeCloseTo(-(0.25 * ln(0.25) + 0.75 * ln(0.75)) / ln(3));
    expect(e.lowConfidence).toBe(true);
  });
});
