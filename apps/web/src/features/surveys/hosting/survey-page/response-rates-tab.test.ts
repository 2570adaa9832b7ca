import { describe, expect, it } from 'vitest';
import { axisLabels } from './response-rates-tab';

/** n days from Sep 1, 2026, as the response rates' series gives them. */
const daysFrom = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10),
    invited: 27,
    submitted: 0,
    declined: 0,
  }));

describe('axisLabels of the responses chart', () => {
  it('writes every step-th date and the last, without a stepped date crowding the last', () => {
    // 86 days: a step of 11; Nov 17 (8 days before the last) would run into Nov 25
    const labels = axisLabels(daysFrom(86)).filter(Boolean);
    expect(labels).toEqual(['Sep 1', 'Sep 12', 'Sep 23', 'Oct 4', 'Oct 15', 'Oct 26', 'Nov 6', 'Nov 25']);
  });

  it('keeps a stepped date far enough from the last, and writes every day of a short series', () => {
    expect(axisLabels(daysFrom(81)).filter(Boolean)).toEqual([
      'Sep 1',
      'Sep 12',
      'Sep 23',
      'Oct 4',
      'Oct 15',
      'Oct 26',
      'Nov 6',
      'Nov 20',
    ]);
    expect(axisLabels(daysFrom(3))).toEqual(['Sep 1', 'Sep 2', 'Sep 3']);
  });
});
