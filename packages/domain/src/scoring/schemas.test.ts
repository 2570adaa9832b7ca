import { describe, expect, it } from 'vitest';
import { LPI_WEIGHTS, TRANSPARENCY_WEIGHTS } from './constants';
import { scoreProfile } from './profile';
import { ZPeerBenchmark, ZProfileScores, ZSurveySummary } from './schemas';
import { peerBenchmark, summarize } from './survey';

describe('result schemas', () => {
  it('ZProfileScores keeps every field of scoreProfile', () => {
    const scores = scoreProfile({
      staff: [
        {
          ethnicity_id: 2,
          genders: [
            { id: 1, value: 3 },
            { id: 2, value: 4 },
          ],
        },
      ],
      individuals: [
        { gender_id: 1, ethnicity_id: 7, is_senior_management: true, is_owner: true, ownership: 100 },
      ],
    });
    expect(ZProfileScores.parse(scores)).toEqual(scores);
    const empty = scoreProfile({ staff: [], individuals: [] });
    expect(ZProfileScores.parse(empty)).toEqual(empty);
  });
  it('the survey summaries parse in both shapes', () => {
    for (const value of [
      summarize([1, 2, 3]),
      summarize([1]),
      peerBenchmark(1, [1, 2, 3, 4]),
      peerBenchmark(1, []),
    ]) {
      expect(ZSurveySummary.or(ZPeerBenchmark).parse(value)).toEqual(value);
    }
  });
  it('transparency is weighted like lpi (DESIGN 9)', () => {
    expect(TRANSPARENCY_WEIGHTS).toEqual(LPI_WEIGHTS);
  });
});
