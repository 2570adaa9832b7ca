import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './spreadsheet-cell';

describe('neutraliseCell', () => {
  it('prefixes a text that would start a formula with a single quote', () => {
    for (const value of ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '-5']) {
      expect(neutraliseCell(value)).toBe(`'${value}`);
    }
  });

  it('leaves other values as they are: ordinary text, numbers (negative too), dates, null', () => {
    const date = new Date('2026-01-01T00:00:00Z');
    for (const value of ['Acme', ' =x', "'=x", '', 'x=1', -2, 0, 3.5, date, true, null, undefined]) {
      expect(neutraliseCell(value)).toBe(value);
    }
  });
});
