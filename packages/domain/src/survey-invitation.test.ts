import { describe, expect, it } from 'vitest';
import { byStatusOrder, isOpenStatus, type TSurveyStatus } from './survey-invitation';

describe('the survey lists’ status order', () => {
  it('puts active first, then scheduled, closed and archived, keeping the list’s own order within each', () => {
    const listed: { id: number; status: TSurveyStatus }[] = [
      { id: 1, status: 'Archived' },
      { id: 2, status: 'Scheduled' },
      { id: 3, status: 'Not Submitted' },
      { id: 4, status: 'Past Due' },
      { id: 5, status: 'Active' },
      { id: 6, status: 'Submitted' },
      { id: 7, status: 'Active' },
    ];
    expect([...listed].sort(byStatusOrder).map((s) => s.id)).toEqual([5, 7, 2, 4, 6, 1, 3]);
    expect(listed.filter((s) => isOpenStatus(s.status)).map((s) => s.id)).toEqual([2, 5, 7]);
  });
});
