import { describe, expect, it } from 'vitest';
import {
  computeTransparency,
  peopleComponent,
  staffComponent,
  transparencyComponent,
  weightedTransparency,
} from './transparency';

describe('transparency (DESIGN 9)', () => {
  it('a component is reported over requested, 2 decimals, viable from 50%', () => {
    expect(transparencyComponent(1, 3)).toEqual({ reported: 1, requested: 3, percent: 33.33, viable: false });
    expect(transparencyComponent(5, 10)).toEqual({ reported: 5, requested: 10, percent: 50, viable: true });
    expect(transparencyComponent(0, 0)).toEqual({ reported: 0, requested: 0, percent: null, viable: false });
  });

  it('staff: requested is the larger of the grid total and the overview total', () => {
    // grid 40 people, 30 disclosed, overview says 50 employees: 30 / 50 = 60%
    expect(staffComponent({ gridTotal: 40, disclosed: 30, expected: 50 }).percent).toBe(60);
    // grid holds more than the overview: 30 / 40 = 75%
    expect(staffComponent({ gridTotal: 40, disclosed: 30, expected: 10 }).percent).toBe(75);
  });

  it('people: two demographic fields per person, missing people count as unreported', () => {
    // 3 leaders flagged, 5 fields reported, overview says 4 leaders: 5 / 8 = 62.5%
    expect(peopleComponent({ people: 3, fieldsReported: 5, expected: 4 })).toEqual({
      reported: 5,
      requested: 8,
      percent: 62.5,
      viable: true,
    });
    expect(peopleComponent({ people: 2, fieldsReported: 1, expected: 0 }).viable).toBe(false);
  });

  it('overall is weighted 0.40 ownership, 0.35 leadership, 0.25 staff, dropping empty components', () => {
    const all = computeTransparency({
      staff: { gridTotal: 100, disclosed: 80, expected: 100 }, // 80
      leadership: { people: 5, fieldsReported: 6, expected: 5 }, // 60
      ownership: { people: 2, fieldsReported: 4, expected: 2 }, // 100
    });
    // 0.25*80 + 0.35*60 + 0.40*100 = 20 + 21 + 40 = 81
    expect(all.transparency).toBe(81);
    expect([all.staff_score, all.leadership_score, all.ownership_score]).toEqual([80, 60, 100]);
    const noOwners = computeTransparency({
      staff: { gridTotal: 100, disclosed: 80, expected: 0 },
      leadership: { people: 5, fieldsReported: 6, expected: 0 },
      ownership: { people: 0, fieldsReported: 0, expected: 0 },
    });
    // (0.25*80 + 0.35*60) / 0.60 = 41 / 0.6 = 68.33
    expect(noOwners.transparency).toBe(68.33);
    expect(noOwners.ownership).toEqual({ reported: 0, requested: 0, percent: null, viable: false });
  });

  it('nothing requested gives null', () => {
    const empty = { reported: 0, requested: 0, percent: null, viable: false };
    expect(weightedTransparency({ staff: empty, leadership: empty, ownership: empty })).toBeNull();
  });
});
