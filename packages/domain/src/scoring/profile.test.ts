/**
 * The worked example of docs/scoring.md ("Example Co"): every figure the document shows is
 * asserted here, so the document cannot drift from the library.
 */
import { describe, expect, it } from 'vitest';
import { SCORING_VERSION } from './constants';
import { scoreProfile, type TScoringProfile } from './profile';

const WOMAN = 1;
const MAN = 2;
const ASIAN = 2;
const BLACK = 3;
const WHITE = 7;
const UNDISCLOSED_ETHNICITY = 9;

const individual = (
  gender_id: number,
  ethnicity_id: number,
  is_senior_management: boolean,
  ownership: number | null,
) => ({ gender_id, ethnicity_id, is_senior_management, is_owner: ownership !== null, ownership });

const EXAMPLE_CO: TScoringProfile = {
  staff: [
    {
      ethnicity_id: WHITE,
      genders: [
        { id: WOMAN, value: 5 },
        { id: MAN, value: 7 },
      ],
    },
    {
      ethnicity_id: ASIAN,
      genders: [
        { id: WOMAN, value: 2 },
        { id: MAN, value: 1 },
      ],
    },
    {
      ethnicity_id: BLACK,
      genders: [
        { id: WOMAN, value: 1 },
        { id: MAN, value: 2 },
      ],
    },
    {
      ethnicity_id: UNDISCLOSED_ETHNICITY,
      genders: [
        { id: WOMAN, value: 1 },
        { id: MAN, value: 1 },
      ],
    },
  ],
  individuals: [
    individual(MAN, WHITE, true, 60), // Leader 1, owner 60%
    individual(WOMAN, WHITE, true, 30), // Leader 2, owner 30%
    individual(MAN, ASIAN, true, null), // Leader 3
    individual(MAN, UNDISCLOSED_ETHNICITY, true, null), // Leader 4
    individual(WOMAN, BLACK, false, 10), // Owner, not in leadership, 10%
  ],
  totals: { total_full_time_employees: 20, total_leaders: 4, total_owners: 3 },
};

const round = (n: number | null, d = 2) => (n === null ? null : Math.round(n * 10 ** d) / 10 ** d);

describe('scoreProfile: the worked example of docs/scoring.md', () => {
  const s = scoreProfile(EXAMPLE_CO);

  it('component scores', () => {
    expect(round(s.components.staff.w, 4)).toBe(0.45);
    expect(round(s.components.staff.r, 4)).toBe(0.3333);
    expect(round(s.staff_score)).toBe(86.67);
    expect(round(s.components.leadership.w, 4)).toBe(0.25);
    expect(round(s.components.leadership.r, 4)).toBe(0.3333);
    expect(round(s.leadership_score)).toBe(66.67);
    expect(round(s.components.ownership.w, 4)).toBe(0.4);
    expect(round(s.components.ownership.r, 4)).toBe(0.1);
    expect(round(s.ownership_score)).toBe(50);
  });

  it('indices', () => {
    expect(round(s.lpi)).toBe(6.5);
    expect(round(s.lpi_prime)).toBe(7.47);
    expect(round(s.lpi_prime_gender)).toBe(6.6);
    expect(round(s.lpi_prime_racial)).toBe(8.33);
    expect(round(s.lpi_ownership)).toBe(5);
    expect(round(s.lpi_ownership_gender)).toBe(8);
    expect(round(s.lpi_ownership_racial)).toBe(2);
  });

  it('transparency per component and overall', () => {
    expect(s.transparency.staff).toEqual({ reported: 18, requested: 20, percent: 90, viable: true });
    expect(s.transparency.leadership).toEqual({ reported: 7, requested: 8, percent: 87.5, viable: true });
    expect(s.transparency.ownership).toEqual({ reported: 6, requested: 6, percent: 100, viable: true });
    expect(s.transparency.transparency).toBe(93.13);
  });

  it('evenness (x100, 1 decimal)', () => {
    const e = (v: { value: number | null }) => round(v.value === null ? null : v.value * 100, 1);
    expect(e(s.evenness.prime.gender)).toBe(61.8);
    expect(e(s.evenness.prime.racial)).toBe(41.6);
    expect(e(s.evenness.prime.combined)).toBe(48.5);
    expect([s.evenness.prime.gender.n, s.evenness.prime.racial.n, s.evenness.prime.combined.n]).toEqual([
      24, 21, 21,
    ]);
    expect(s.evenness.prime.gender.lowConfidence).toBe(false);
    expect(e(s.evenness.ownership.gender)).toBe(61.3);
    expect(e(s.evenness.ownership.racial)).toBe(15.6);
    expect(e(s.evenness.ownership.combined)).toBe(28.3);
    expect(s.evenness.ownership.gender).toMatchObject({ n: 3, lowConfidence: true });
  });

  it('badges and version', () => {
    expect(s.badges).toEqual({
      level: 'substantial',
      label: 'Substantially diverse-owned',
      women: 'substantial',
      peopleOfColour: null,
    });
    expect(s.scoring_version).toBe(SCORING_VERSION);
  });
});

describe('scoreProfile: edge cases', () => {
  it('an empty profile: every score null, nothing requested', () => {
    const s = scoreProfile({ staff: [], individuals: [] });
    expect([
      s.staff_score,
      s.leadership_score,
      s.ownership_score,
      s.lpi,
      s.lpi_prime,
      s.lpi_ownership,
    ]).toEqual([null, null, null, null, null, null]);
    expect(s.transparency.transparency).toBeNull();
    expect(s.evenness.prime.gender).toEqual({ value: null, lowConfidence: true, n: 0 });
    expect(s.badges.level).toBeNull();
  });
  it('only a staff grid: lpi is the staff score / 10', () => {
    const s = scoreProfile({ staff: EXAMPLE_CO.staff, individuals: [] });
    expect(s.lpi).toBeCloseTo(s.staff_score! / 10);
    expect(s.lpi_prime).toBeCloseTo(s.staff_score! / 10);
    expect(s.lpi_ownership).toBeNull();
  });
  it('declared totals above the rows entered lower transparency, not the scores', () => {
    const s = scoreProfile({
      ...EXAMPLE_CO,
      totals: { total_full_time_employees: 40, total_leaders: 8, total_owners: 3 },
    });
    expect(s.transparency.staff.percent).toBe(45);
    expect(s.transparency.staff.viable).toBe(false);
    expect(s.transparency.leadership.percent).toBe(43.75);
    expect(s.lpi).toBeCloseTo(scoreProfile(EXAMPLE_CO).lpi!);
  });
  it('all undisclosed: scores null, transparency 0 and not viable', () => {
    const s = scoreProfile({
      staff: [{ ethnicity_id: 9, genders: [{ id: 5, value: 4 }] }],
      individuals: [
        { gender_id: 5, ethnicity_id: 9, is_senior_management: true, is_owner: true, ownership: 100 },
      ],
    });
    expect([s.staff_score, s.leadership_score, s.ownership_score, s.lpi]).toEqual([null, null, null, null]);
    expect(s.transparency.transparency).toBe(0);
    expect(s.transparency.ownership.viable).toBe(false);
  });
});
