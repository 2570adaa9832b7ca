import { describe, expect, it } from 'vitest';
import {
  checkHeadcountChange,
  checkListedPeople,
  checkOwnershipTotal,
  checkStaffTotal,
  lpiChecks,
  ZCheckNote,
} from './checks';

const overview = { total_full_time_employees: 189, total_owners: 2, total_leaders: 3 };

describe('the LPI data checks (issue #19)', () => {
  it('tells a staff grid of 190 against a declared 189, and what to do', () => {
    expect(checkStaffTotal(190, 189)).toEqual([
      {
        tab: 'staff',
        code: 'staff_total',
        message:
          'The staff grid adds up to 190 employees; the Overview declares 189 full-time employees. ' +
          'Correct the grid or the Overview’s Total Full-Time Employees.',
      },
    ]);
    expect(checkStaffTotal(189, 189)).toEqual([]);
  });

  it('says what the owner percentages add up to and what they must total', () => {
    expect(checkOwnershipTotal(58.95, 2, 2).map((i) => i.message)).toEqual([
      'Owner percentages add up to 58.95%; they must total 100.00%',
    ]);
    expect(checkOwnershipTotal(100, 2, 2)).toEqual([]);
    // Nobody owns a share and none is declared: nothing to add up.
    expect(checkOwnershipTotal(0, 0, 0)).toEqual([]);
    expect(checkOwnershipTotal(0, 0, 1)).toHaveLength(1);
  });

  it('compares the owners and leaders listed with the overview’s totals', () => {
    expect(checkListedPeople({ owners: 1, leaders: 3 }, { owners: 2, leaders: 3 })).toEqual([
      {
        tab: 'ownership',
        code: 'owners_listed',
        message:
          '1 owner is listed; the Overview declares 2 owners. List every owner, or correct the Overview’s Total Owners.',
      },
    ]);
    expect(checkListedPeople({ owners: 2, leaders: 4 }, { owners: 2, leaders: 1 })[0]?.message).toBe(
      '4 leaders are listed; the Overview declares 1 leader. List every member of senior leadership, or ' +
        'correct the Overview’s Total Leaders.',
    );
    expect(checkListedPeople({ owners: 2, leaders: 3 }, { owners: 2, leaders: 3 })).toEqual([]);
  });

  it('compares hires minus attrition with the year-on-year change in head count', () => {
    const grids = [
      { year: 2024, type: 1, totals: { all: 10, reported: 3 } }, // hires
      { year: 2024, type: 2, totals: { all: 4, reported: 2 } }, // promotions do not change the head count
      { year: 2024, type: 3, totals: { all: 3, reported: 2 } }, // attrition
      { year: 2025, type: 1, totals: { all: 5, reported: 1 } },
      { year: 2025, type: 3, totals: { all: 5, reported: 4 } },
    ];
    // 2024: 100 -> 107 (+7 = 10 - 3); 2025: 107 -> 110 (+3, but 5 - 5 = 0).
    const headcounts = new Map([
      [2023, 100],
      [2024, 107],
      [2025, 110],
    ]);
    expect(checkHeadcountChange(grids, headcounts)).toEqual([
      {
        tab: 'insights',
        code: 'headcount_change',
        message:
          'In 2025, hires minus attrition is 0 but head count changed by 3 (from 107 to 110). ' +
          'Correct the hires or the attrition of that year.',
      },
    ]);
    // A year whose head count at its start is unknown is not checked.
    expect(checkHeadcountChange(grids, new Map([[2025, 110]]))).toEqual([]);
  });

  it('does not check a year whose hires and attrition are not reported, but does one reported as 0', () => {
    const headcounts = new Map([
      [2024, 107],
      [2025, 110],
    ]);
    const year = (hires: { all: number; reported: number }, attrition: { all: number; reported: number }) => [
      { year: 2025, type: 1, totals: hires },
      { year: 2025, type: 3, totals: attrition },
    ];
    // Empty cells: nothing to check yet.
    expect(checkHeadcountChange(year({ all: 0, reported: 0 }, { all: 0, reported: 0 }), headcounts)).toEqual(
      [],
    );
    // Reported: nobody hired, nobody left; yet head count grew by 3.
    expect(
      checkHeadcountChange(year({ all: 0, reported: 1 }, { all: 0, reported: 0 }), headcounts).map(
        (i) => i.code,
      ),
    ).toEqual(['headcount_change']);
    expect(checkHeadcountChange(year({ all: 3, reported: 2 }, { all: 0, reported: 0 }), headcounts)).toEqual(
      [],
    );
  });

  it('runs every check whose figures are given', () => {
    const issues = lpiChecks({
      overview,
      staff: { totals: { all: 190 } },
      ownership: { totals: { ownership_sum: 58.95, owners: 2, leaders: 2 } },
    });
    expect(issues.map((i) => i.code)).toEqual(['staff_total', 'ownership_total', 'leaders_listed']);
    expect(lpiChecks({ staff: { totals: { all: 190 } } })).toEqual([]);
  });

  it('asks for a note that explains, within a length', () => {
    expect(ZCheckNote.safeParse('  ').success).toBe(false);
    expect(ZCheckNote.safeParse('x'.repeat(2001)).success).toBe(false);
    expect(ZCheckNote.parse(' One contractor counted as staff. ')).toBe('One contractor counted as staff.');
  });
});
