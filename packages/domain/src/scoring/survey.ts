/**
 * Survey-level figures (DESIGN 9): the mean and quartiles of a score over the submitted
 * respondents, a respondent's percentile among the others (the peer benchmark), and the privacy
 * rule that an aggregate over fewer than MIN_AGGREGATE organizations is suppressed with a reason.
 * Respondents whose score is null (no data) are left out of every figure.
 */
import { MIN_AGGREGATE, PEER_BENCHMARK_MIN } from './constants';

export interface TSuppressed {
  suppressed: true;
  /** how many values (organizations or people) the aggregate would have covered */
  n: number;
  reason: string;
}

export interface TQuartiles {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

export interface TSurveySummary {
  suppressed: false;
  n: number;
  mean: number;
  quartiles: TQuartiles;
}

const present = (values: readonly (number | null | undefined)[]) =>
  values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));

/** Why an aggregate over `n` organizations (or people) is withheld; null when it may be shown. */
export function suppressionReason(
  n: number,
  unit: 'organizations' | 'people' = 'organizations',
): string | null {
  return n < MIN_AGGREGATE
    ? `Hidden to protect privacy: fewer than ${MIN_AGGREGATE} ${unit} (${n}) have this score.`
    : null;
}

export function mean(values: readonly (number | null | undefined)[]): number | null {
  const xs = present(values);
  return xs.length === 0 ? null : xs.reduce((sum, x) => sum + x, 0) / xs.length;
}

/**
 * The p-quantile (0-1) of sorted values by linear interpolation between order statistics
 * (Hyndman & Fan type 7, the default of R and of spreadsheet QUARTILE.INC): h = (n - 1) p,
 * Q = x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]).
 */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) throw new Error('quantile of no values');
  const h = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (h - lo) * (b - a);
}

/** Min, quartiles (type 7) and max; null when there is no value. */
export function quartiles(values: readonly (number | null | undefined)[]): TQuartiles | null {
  // a typed array sorts numerically and natively: several times faster for a survey of thousands
  const xs = Float64Array.from(present(values)).sort();
  if (xs.length === 0) return null;
  return {
    min: xs[0] as number,
    q1: quantile(xs, 0.25),
    median: quantile(xs, 0.5),
    q3: quantile(xs, 0.75),
    max: xs[xs.length - 1] as number,
  };
}

/** One score over a survey's submitted respondents (one value each), suppressed under 3. */
export function summarize(values: readonly (number | null | undefined)[]): TSurveySummary | TSuppressed {
  const xs = present(values);
  const reason = suppressionReason(xs.length);
  if (reason !== null) return { suppressed: true, n: xs.length, reason };
  return {
    suppressed: false,
    n: xs.length,
    mean: mean(xs) as number,
    quartiles: quartiles(xs) as TQuartiles,
  };
}

export interface TPeerBenchmark {
  suppressed: false;
  /** 0-100: the share of the other respondents scoring below, ties counted half */
  percentile: number;
  /** the other respondents compared with */
  peers: number;
}

/**
 * Where one respondent's score falls among the survey's other submitted respondents (mid-rank
 * percentile). Shown only when at least PEER_BENCHMARK_MIN respondents (this one included) have
 * a score; otherwise, or when this respondent has none, suppressed with a reason.
 */
export function peerBenchmark(
  value: number | null | undefined,
  others: readonly (number | null | undefined)[],
): TPeerBenchmark | TSuppressed {
  const peers = present(others);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { suppressed: true, n: peers.length, reason: 'This organization has no score to compare.' };
  }
  if (peers.length + 1 < PEER_BENCHMARK_MIN) {
    return {
      suppressed: true,
      n: peers.length + 1,
      reason: `Shown once at least ${PEER_BENCHMARK_MIN} organizations have submitted (${peers.length + 1} so far).`,
    };
  }
  let below = 0;
  let equal = 0;
  for (const p of peers) {
    if (p < value) below += 1;
    else if (p === value) equal += 1;
  }
  return { suppressed: false, percentile: (100 * (below + equal / 2)) / peers.length, peers: peers.length };
}

/** summarize for several scores at once, from one row of scores per submitted respondent. */
export function summarizeEach<K extends string>(
  rows: readonly Partial<Record<K, number | null>>[],
  keys: readonly K[],
): Record<K, TSurveySummary | TSuppressed> {
  const out = {} as Record<K, TSurveySummary | TSuppressed>;
  for (const key of keys) out[key] = summarize(rows.map((row) => row[key]));
  return out;
}

/** The first index of sorted values whose value is at least (strict: greater than) x. */
function bound(sorted: ArrayLike<number>, x: number, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid] as number;
    if (strict ? v <= x : v < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each value's percentile among the others (the peer benchmark's rule: the share of the other
 * values below it, ties counting half, 0-100), in the order given; null for a missing value or
 * when there is no other value. Sorting once keeps it O(n log n) for a survey of thousands.
 */
export function percentileRanks(values: readonly (number | null | undefined)[]): (number | null)[] {
  const sorted = Float64Array.from(present(values)).sort();
  const others = sorted.length - 1;
  return values.map((v) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || others < 1) return null;
    const below = bound(sorted, v, false);
    const equal = bound(sorted, v, true) - below - 1; // the value itself is not its own peer
    return (100 * (below + equal / 2)) / others;
  });
}

/** Which quartile (1-4) a value falls in: up to q1 is 1, up to the median 2, up to q3 3, else 4. */
export function quartileOf(value: number | null | undefined, q: TQuartiles): 1 | 2 | 3 | 4 | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value <= q.q1) return 1;
  if (value <= q.median) return 2;
  if (value <= q.q3) return 3;
  return 4;
}
