import { describe, expect, it } from 'vitest';
import { DEFAULT_REFERENCE } from './constants';
import { classifier, gridGroup, leadershipGroup, ownershipGroup, type TIndividualData } from './group';
import { clip, indices, ownershipScore, representation, type TComponentScore, weightedMean } from './scores';

const c = classifier();
const person = (
  gender_id: number | null,
  ethnicity_id: number | null,
  extra: Partial<TIndividualData> = {},
) => ({
  gender_id,
  ethnicity_id,
  is_senior_management: true,
  is_owner: false,
  ownership: null,
  ...extra,
});
const owner = (gender_id: number | null, ethnicity_id: number | null, ownership: number | null) =>
  person(gender_id, ethnicity_id, { is_senior_management: false, is_owner: true, ownership });
const component = (score: number | null, gender: number | null = score, racial: number | null = score) =>
  ({ score, gender, racial, w: null, r: null }) satisfies TComponentScore;

describe('clip and weightedMean', () => {
  it('clips to 0-1', () => {
    expect(clip(-0.2)).toBe(0);
    expect(clip(0.3)).toBe(0.3);
    expect(clip(1.6)).toBe(1);
  });
  it('drops null values and rescales the other weights', () => {
    expect(weightedMean({ a: 10, b: 20 }, { a: 0.25, b: 0.75 })).toBeCloseTo(17.5);
    expect(weightedMean({ a: null, b: 20 }, { a: 0.25, b: 0.75 })).toBeCloseTo(20);
    expect(weightedMean({ a: null, b: null }, { a: 0.25, b: 0.75 })).toBeNull();
  });
});

describe('staff_score (Rep of the staff grid)', () => {
  it('is 100 x [0.5 clip(w/0.5) + 0.5 clip(r/0.40)], undisclosed people left out of each share', () => {
    // 10 people: White women 3, White men 4, Asian woman 1, Black man 1, White person of undisclosed gender 1.
    // w = 4 of 9 with gender disclosed; r = 2 of 10 with ethnicity disclosed.
    const grid = [
      {
        ethnicity_id: 7,
        genders: [
          { id: 1, value: 3 },
          { id: 2, value: 4 },
          { id: 5, value: 1 },
        ],
      },
      { ethnicity_id: 2, genders: [{ id: 1, value: 1 }] },
      { ethnicity_id: 3, genders: [{ id: 2, value: 1 }] },
    ];
    const s = representation(gridGroup(grid, c));
    expect(s.w).toBeCloseTo(4 / 9);
    expect(s.r).toBeCloseTo(0.2);
    expect(s.gender).toBeCloseTo(100 * (4 / 9 / 0.5));
    expect(s.racial).toBeCloseTo(50);
    expect(s.score).toBeCloseTo(50 * (8 / 9) + 25);
  });
  it('counts non-binary and another gender identity with women, and caps each term at its benchmark', () => {
    const grid = [
      {
        ethnicity_id: 3,
        genders: [
          { id: 3, value: 2 },
          { id: 4, value: 1 },
          { id: 2, value: 1 },
        ],
      },
    ];
    const s = representation(gridGroup(grid, c));
    expect(s.w).toBeCloseTo(0.75);
    expect(s.r).toBe(1);
    expect(s.score).toBe(100);
  });
  it('an empty grid, or one of zeros, has no score', () => {
    expect(representation(gridGroup([], c)).score).toBeNull();
    const zeros = [{ ethnicity_id: 7, genders: [{ id: 1, value: 0 }] }];
    expect(representation(gridGroup(zeros, c))).toEqual({
      score: null,
      gender: null,
      racial: null,
      w: null,
      r: null,
    });
  });
  it('all undisclosed: no score', () => {
    const grid = [{ ethnicity_id: 9, genders: [{ id: 5, value: 12 }] }];
    expect(representation(gridGroup(grid, c)).score).toBeNull();
  });
  it('only gender disclosed: the score is the gender term alone', () => {
    const grid = [
      {
        ethnicity_id: 9,
        genders: [
          { id: 1, value: 1 },
          { id: 2, value: 3 },
        ],
      },
    ];
    const s = representation(gridGroup(grid, c));
    expect(s.racial).toBeNull();
    expect(s.gender).toBeCloseTo(50);
    expect(s.score).toBeCloseTo(50);
  });
  it('ids unknown to the reference count as undisclosed', () => {
    const grid = [
      {
        ethnicity_id: 99,
        genders: [
          { id: 1, value: 2 },
          { id: 42, value: 2 },
        ],
      },
    ];
    const s = representation(gridGroup(grid, c));
    expect(s.w).toBe(1);
    expect(s.r).toBeNull();
  });
});

describe('leadership_score', () => {
  it('uses only the individuals flagged senior management', () => {
    const rows = [person(1, 7), person(2, 7), person(2, 2), person(1, 3, { is_senior_management: false })];
    const s = representation(leadershipGroup(rows, c));
    expect(s.w).toBeCloseTo(1 / 3);
    expect(s.r).toBeCloseTo(1 / 3);
    expect(s.score).toBeCloseTo(50 * (2 / 3) + 50 * (1 / 3 / 0.4));
  });
  it('one person: a woman of colour scores 100, a White man 0', () => {
    expect(representation(leadershipGroup([person(1, 4)], c)).score).toBe(100);
    expect(representation(leadershipGroup([person(2, 7)], c)).score).toBe(0);
  });
  it('accepts 0/1 flags as the tables store them', () => {
    expect(leadershipGroup([person(1, 4, { is_senior_management: 1 })], c)).toHaveLength(1);
    expect(leadershipGroup([person(1, 4, { is_senior_management: 0 })], c)).toHaveLength(0);
  });
});

describe('ownership_score', () => {
  it('is 100 x 0.5 x [clip(Ew/0.5) + clip(Er/0.5)] with ownership-weighted shares', () => {
    const rows = [owner(1, 7, 20), owner(2, 3, 30), owner(2, 7, 50)];
    const s = ownershipScore(ownershipGroup(rows, c));
    expect(s.w).toBeCloseTo(0.2);
    expect(s.r).toBeCloseTo(0.3);
    expect(s.score).toBeCloseTo(50 * 0.4 + 50 * 0.6);
  });
  it('ownership not summing to 100: normalised by the disclosed owners percentages', () => {
    // 30 + 30 + 20 = 80 disclosed; an undisclosed owner's 20% is left out.
    const rows = [owner(1, 7, 30), owner(2, 3, 30), owner(2, 7, 20), owner(5, 9, 20)];
    const s = ownershipScore(ownershipGroup(rows, c));
    expect(s.w).toBeCloseTo(30 / 80);
    expect(s.r).toBeCloseTo(30 / 80);
    expect(s.score).toBeCloseTo(75);
  });
  it('an owner without a percentage weighs nothing; owners with none at all give no score', () => {
    expect(ownershipScore(ownershipGroup([owner(1, 3, null), owner(2, 7, 100)], c)).score).toBe(0);
    expect(ownershipScore(ownershipGroup([owner(1, 3, null)], c)).score).toBeNull();
    expect(ownershipScore(ownershipGroup([], c)).score).toBeNull();
  });
  it('leaders who are not owners do not count', () => {
    expect(ownershipGroup([person(1, 3)], c)).toHaveLength(0);
  });
});

describe('indices', () => {
  it('lpi = 10 x (0.40 ownership + 0.35 leadership + 0.25 staff) / 100', () => {
    const r = indices({ staff: component(80), leadership: component(60), ownership: component(40) });
    expect(r.lpi).toBeCloseTo((0.4 * 40 + 0.35 * 60 + 0.25 * 80) / 10);
  });
  it('a missing component is dropped and the weights rescaled; none gives null', () => {
    const r = indices({ staff: component(80), leadership: component(60), ownership: component(null) });
    expect(r.lpi).toBeCloseTo((0.35 * 60 + 0.25 * 80) / 0.6 / 10);
    expect(r.lpi_ownership).toBeNull();
    const none = indices({ staff: component(null), leadership: component(null), ownership: component(null) });
    expect(Object.values(none).every((v) => v === null)).toBe(true);
  });
  it('lpi_prime = 10 x (0.6 leadership + 0.4 staff) / 100, with gender and racial variants', () => {
    const r = indices({
      staff: component(80, 100, 60),
      leadership: component(50, 40, 60),
      ownership: component(70, 90, 50),
    });
    expect(r.lpi_prime).toBeCloseTo((0.6 * 50 + 0.4 * 80) / 10);
    expect(r.lpi_prime_gender).toBeCloseTo((0.6 * 40 + 0.4 * 100) / 10);
    expect(r.lpi_prime_racial).toBeCloseTo(6);
    expect(r.lpi_ownership).toBeCloseTo(7);
    expect(r.lpi_ownership_gender).toBeCloseTo(9);
    expect(r.lpi_ownership_racial).toBeCloseTo(5);
  });
  it('lpi_prime without leadership is the staff score alone', () => {
    const r = indices({ staff: component(80), leadership: component(null), ownership: component(null) });
    expect(r.lpi_prime).toBeCloseTo(8);
    expect(r.lpi).toBeCloseTo(8);
  });
});

describe('reference data as a parameter', () => {
  it('classifies by the reference passed', () => {
    // A reference in which ethnicity 8 is undisclosed and "Another gender identity" is not counted.
    const reference = {
      ...DEFAULT_REFERENCE,
      genders: [...DEFAULT_REFERENCE.genders.filter((g) => g.id !== 4), { id: 4, category_id: 4 }],
      ethnicities: DEFAULT_REFERENCE.ethnicities.map((e) =>
        e.id === 8 ? { ...e, is_undisclosed: true } : e,
      ),
    };
    const custom = classifier(reference);
    const grid = [
      { ethnicity_id: 8, genders: [{ id: 4, value: 1 }] },
      { ethnicity_id: 7, genders: [{ id: 2, value: 1 }] },
    ];
    const s = representation(gridGroup(grid, custom));
    expect(s.w).toBe(0);
    expect(s.r).toBe(0);
    expect(custom.ethnicityIds).toHaveLength(7);
    expect(representation(gridGroup(grid, c)).w).toBeCloseTo(0.5);
  });
});
