/** Property tests (fast-check) of the scoring library. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evenness, pielou } from './evenness';
import { classifier, gridGroup } from './group';
import { scoreProfile, type TScoringProfile } from './profile';
import { peerBenchmark, quartiles, summarize } from './survey';

const c = classifier();
const genderId = fc.option(fc.integer({ min: 1, max: 6 }), { nil: null });
const ethnicityId = fc.option(fc.integer({ min: 1, max: 10 }), { nil: null });

const individualArb = fc.record({
  gender_id: genderId,
  ethnicity_id: ethnicityId,
  is_senior_management: fc.boolean(),
  is_owner: fc.boolean(),
  ownership: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
});

const staffArb = fc.uniqueArray(
  fc.record({
    ethnicity_id: fc.integer({ min: 1, max: 9 }),
    genders: fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 5 }), value: fc.integer({ min: 0, max: 500 }) }),
      {
        selector: (g) => g.id,
        maxLength: 5,
      },
    ),
  }),
  { selector: (r) => r.ethnicity_id, maxLength: 9 },
);

const profileArb: fc.Arbitrary<TScoringProfile> = fc.record({
  staff: staffArb,
  individuals: fc.array(individualArb, { maxLength: 40 }),
  totals: fc.record({
    total_full_time_employees: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
    total_leaders: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
    total_owners: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
  }),
});

const inRange = (value: number | null, max: number) => value === null || (value >= 0 && value <= max + 1e-9);

describe('properties', () => {
  it('every score stays in its range', () => {
    fc.assert(
      fc.property(profileArb, (profile) => {
        const s = scoreProfile(profile);
        for (const v of [s.staff_score, s.leadership_score, s.ownership_score])
          expect(inRange(v, 100)).toBe(true);
        for (const v of [
          s.lpi,
          s.lpi_prime,
          s.lpi_prime_gender,
          s.lpi_prime_racial,
          s.lpi_ownership,
          s.lpi_ownership_gender,
          s.lpi_ownership_racial,
        ]) {
          expect(inRange(v, 10)).toBe(true);
        }
        for (const set of [s.evenness.prime, s.evenness.ownership]) {
          for (const e of [set.gender, set.racial, set.combined]) {
            expect(inRange(e.value, 1)).toBe(true);
            if (e.n < 2) expect(e.value).toBeNull();
            expect(e.lowConfidence).toBe(e.n < 10);
          }
        }
        expect(inRange(s.transparency.transparency, 100)).toBe(true);
        // lpi is null exactly when no component has a score
        expect(s.lpi === null).toBe(
          s.staff_score === null && s.leadership_score === null && s.ownership_score === null,
        );
      }),
    );
  });

  it('lpi and every score are unchanged by listing the same people in another order', () => {
    fc.assert(
      fc.property(profileArb, fc.infiniteStream(fc.nat()), (profile, seeds) => {
        const shuffle = <T>(xs: readonly T[]) =>
          xs
            .map((x) => ({ x, k: seeds.next().value as number }))
            .sort((a, b) => a.k - b.k)
            .map(({ x }) => x);
        const reordered: TScoringProfile = {
          ...profile,
          staff: shuffle(profile.staff).map((row) => ({ ...row, genders: shuffle(row.genders) })),
          individuals: shuffle(profile.individuals),
        };
        const a = scoreProfile(profile);
        const b = scoreProfile(reordered);
        const close = (x: number | null, y: number | null) =>
          x === null ? y === null : y !== null && Math.abs(x - y) < 1e-9;
        for (const key of [
          'lpi',
          'lpi_prime',
          'lpi_ownership',
          'staff_score',
          'leadership_score',
          'ownership_score',
        ] as const) {
          expect(close(a[key], b[key])).toBe(true);
        }
        expect(close(a.evenness.prime.combined.value, b.evenness.prime.combined.value)).toBe(true);
        expect(close(a.evenness.ownership.racial.value, b.evenness.ownership.racial.value)).toBe(true);
      }),
    );
  });

  it('evenness is 1 for a perfectly even group', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (perCell) => {
        // the same head count in each of the 3 gender categories x 8 ethnicities
        const grid = [1, 2, 3, 4, 5, 6, 7, 8].map((ethnicity_id) => ({
          ethnicity_id,
          genders: [
            { id: 1, value: perCell },
            { id: 2, value: perCell },
            { id: 3, value: perCell },
          ],
        }));
        const group = gridGroup(grid, c);
        for (const kind of ['gender', 'racial', 'combined'] as const) {
          expect(evenness(group, kind, c).value).toBeCloseTo(1, 9);
        }
      }),
    );
  });

  it('evenness falls as one group dominates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (k, base, extra) => {
          // k categories of `base`; giving the first one `extra` more makes it less even
          const even = Array.from({ length: k }, () => base);
          const skewed = [base + extra, ...even.slice(1)];
          const more = [base + 2 * extra, ...even.slice(1)];
          const j0 = pielou(even, 24) as number;
          const j1 = pielou(skewed, 24) as number;
          const j2 = pielou(more, 24) as number;
          expect(j1).toBeLessThan(j0);
          expect(j2).toBeLessThan(j1);
        },
      ),
    );
  });

  it('quartiles are ordered and the peer percentile is within 0-100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 1, maxLength: 50 }),
        (xs) => {
          const q = quartiles(xs);
          expect(q).not.toBeNull();
          if (!q) return;
          expect(q.min <= q.q1 && q.q1 <= q.median && q.median <= q.q3 && q.q3 <= q.max).toBe(true);
          const s = summarize(xs);
          expect(s.suppressed).toBe(xs.length < 3);
          const [first, ...others] = xs;
          const p = peerBenchmark(first, others);
          if (!p.suppressed) expect(p.percentile >= 0 && p.percentile <= 100).toBe(true);
          else expect(xs.length).toBeLessThan(5);
        },
      ),
    );
  });
});
