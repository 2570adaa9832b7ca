import { describe, expect, it } from 'vitest';
import { MIN_AGGREGATE, PEER_BENCHMARK_MIN } from './constants';
import {
  mean,
  peerBenchmark,
  percentileRanks,
  quantile,
  quartileOf,
  quartiles,
  summarize,
  summarizeEach,
  suppressionReason,
} from './survey';

describe('mean and quartiles', () => {
  it('mean over the values present', () => {
    expect(mean([2, null, 4, undefined, 9])).toBe(5);
    expect(mean([null])).toBeNull();
  });
  it('quartiles by linear interpolation (type 7)', () => {
    expect(quartiles([4, 1, 3, 2])).toEqual({ min: 1, q1: 1.75, median: 2.5, q3: 3.25, max: 4 });
    expect(quartiles([7])).toEqual({ min: 7, q1: 7, median: 7, q3: 7, max: 7 });
    expect(quartiles([1, 2, 3, 4, 5])).toEqual({ min: 1, q1: 2, median: 3, q3: 4, max: 5 });
    expect(quartiles([])).toBeNull();
    expect(quantile([0, 10], 0.9)).toBeCloseTo(9);
    expect(() => quantile([], 0.5)).toThrow();
  });
});

describe('summarize (survey level)', () => {
  it(`suppresses an aggregate over fewer than ${MIN_AGGREGATE} organizations and says why`, () => {
    const s = summarize([6.5, null, 7]);
    expect(s).toEqual({
      suppressed: true,
      n: 2,
      reason: expect.stringContaining('fewer than 3 organizations'),
    });
    expect(suppressionReason(1, 'people')).toContain('fewer than 3 people');
    expect(suppressionReason(3)).toBeNull();
  });
  it('gives the mean and quartiles from 3 respondents on', () => {
    expect(summarize([3, 6, 9, null])).toEqual({
      suppressed: false,
      n: 3,
      mean: 6,
      quartiles: { min: 3, q1: 4.5, median: 6, q3: 7.5, max: 9 },
    });
  });
});

describe('peerBenchmark', () => {
  it('is the share of the other respondents scoring below, ties counted half', () => {
    expect(peerBenchmark(3, [1, 2, 3, 4])).toEqual({ suppressed: false, percentile: 62.5, peers: 4 });
    expect(peerBenchmark(0, [1, 2, 3, 4])).toMatchObject({ percentile: 0 });
    expect(peerBenchmark(9, [1, 2, 3, 4, null])).toMatchObject({ percentile: 100, peers: 4 });
  });
  it(`is shown only when at least ${PEER_BENCHMARK_MIN} respondents have a score`, () => {
    expect(peerBenchmark(3, [1, 2, 4, null])).toEqual({
      suppressed: true,
      n: 4,
      reason: expect.stringContaining('at least 5'),
    });
    expect(peerBenchmark(null, [1, 2, 3, 4, 5])).toMatchObject({ suppressed: true });
  });
});

describe('summarizeEach', () => {
  it('summarizes each score over the respondents that have it', () => {
    const rows = [
      { lpi: 2, lpi_prime: 5 },
      { lpi: 4, lpi_prime: null },
      { lpi: 6, lpi_prime: 7 },
    ];
    const s = summarizeEach(rows, ['lpi', 'lpi_prime']);
    expect(s.lpi).toMatchObject({ suppressed: false, n: 3, mean: 4 });
    expect(s.lpi_prime).toMatchObject({ suppressed: true, n: 2 });
  });
});

describe('percentileRanks and quartileOf (a respondent among the others)', () => {
  it('gives the peer benchmark of each value, in the order given', () => {
    const values = [5, null, 1, 5, 9, 3];
    const ranks = percentileRanks(values);
    values.forEach((v, i) => {
      if (v === null) {
        expect(ranks[i]).toBeNull();
        return;
      }
      const others = values.filter((_, j) => j !== i);
      const expected = peerBenchmark(v, others);
      // peerBenchmark is shown from 5 respondents; this data has exactly 5 values
      expect(expected.suppressed).toBe(false);
      if (!expected.suppressed) expect(ranks[i]).toBeCloseTo(expected.percentile, 12);
    });
    expect(percentileRanks([4])).toEqual([null]);
    expect(percentileRanks([2, 2])).toEqual([50, 50]);
  });
  it('places a value in its quartile', () => {
    const q = quartiles([1, 2, 3, 4, 5])!;
    expect([1, 2, 2.5, 3, 4, 5, null].map((v) => quartileOf(v, q))).toEqual([1, 1, 2, 2, 3, 4, null]);
  });
});
