import parsePrometheusTextFormat, { type PrometheusSample } from 'parse-prometheus-text-format';
import type { TestApp } from './app';

/** A scrape of GET /api/metrics, parsed by a Prometheus text-format parser. */
export interface Scrape {
  /** the family's type (COUNTER, GAUGE, HISTOGRAM...), or undefined when the scrape lacks it */
  type(name: string): string | undefined;
  /** the samples named `name` (a histogram's: `<name>_bucket`, `_sum`, `_count`) whose labels include `labels` */
  samples(name: string, labels?: Record<string, string>): PrometheusSample[];
  /** the one sample's value (counter or gauge) with these labels; 0 when there is none */
  value(name: string, labels?: Record<string, string>): number;
}

export async function scrape(t: TestApp, token: string): Promise<Scrape> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/metrics answered ${res.statusCode}: ${res.body}`);
  const types = new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f.type]));
  // The parser folds every series of a histogram into one and drops their labels: read histograms
  // as their _bucket, _sum and _count samples instead, each with its labels.
  const families = parsePrometheusTextFormat(
    res.body.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped'),
  );
  const samples = (name: string, labels: Record<string, string> = {}) =>
    families
      .filter((f) => f.name === name)
      .flatMap((f) => f.metrics)
      .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value));
  return {
    type: (name) => types.get(name),
    samples,
    value(name, labels) {
      const found = samples(name, labels);
      if (found.length > 1)
        throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
      return found[0] ? Number(found[0].value) : 0;
    },
  };
}
