import { describe, expect, it } from 'vitest';
import { organizationScores, sizeBand } from './organization';

describe('organization fields (spec 3 Organization)', () => {
  it('lpi_score and evenness: the LPI and the combined evenness of its people, null when unscored', () => {
    const combined = { value: 0.72, lowConfidence: false, n: 40 };
    const scores = { lpi: 6.5, evenness: { prime: { combined } } } as Parameters<
      typeof organizationScores
    >[0];
    expect(organizationScores(scores)).toEqual({ lpi_score: 6.5, evenness: 0.72 });
    expect(organizationScores(null)).toEqual({ lpi_score: null, evenness: null });
    expect(organizationScores({ lpi: null })).toEqual({ lpi_score: null, evenness: null });
  });

  it('size_of_workforce is the size band of the full-time employees', () => {
    expect(sizeBand(45)).toBe('11-50');
    expect(sizeBand(0)).toBeNull();
  });
});
