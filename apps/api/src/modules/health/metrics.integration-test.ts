import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, createTestApp, type SeededTestApp } from '../../test/app';
import { openStream, until } from '../../test/event-stream';
import { scrape } from '../../test/metrics';

const TOKEN = `metrics-${'k'.repeat(40)}`;

let t: SeededTestApp;
let base: string;
beforeAll(async () => {
  t = await createSeededTestApp({ metricsToken: TOKEN });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t?.close();
});

const metricsWith = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('GET /api/metrics', () => {
  it('answers the Prometheus text format only to the metrics token, not to a signed-in user', async () => {
    const res = await metricsWith(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');

    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Bearer ${t.tokenOf('admin@parity.test')}`,
    ]) {
      const refused = await metricsWith(authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.json().message).toBe('The metrics token is missing or wrong.');
    }
  });

  it('is off (404) when METRICS_TOKEN is not set, in an app of its own registry', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('counts requests under the route pattern, never the id, with their latency histogram', async () => {
    const route = { method: 'GET', route: '/api/accounts/:id', status_code: '200' };
    const before = await scrape(t, TOKEN);
    const ids = [t.demo.users.get('max@acme.test')!, t.demo.users.get('ada@acme.test')!];
    for (const id of ids)
      expect((await t.call('GET', 'ada@acme.test', `/api/accounts/${id}`)).statusCode).toBe(200);
    const after = await scrape(t, TOKEN);

    expect(after.value('http_requests_total', route) - before.value('http_requests_total', route)).toBe(2);
    const routes = after.samples('http_requests_total').map((s) => s.labels?.route ?? '');
    expect(routes.filter((r) => ids.some((id) => r.includes(String(id))))).toEqual([]);

    expect(after.type('http_request_duration_seconds')).toBe('HISTOGRAM');
    const buckets = Object.fromEntries(
      after
        .samples('http_request_duration_seconds_bucket', route)
        .map((b) => [b.labels!.le, Number(b.value)]),
    );
    expect(Object.keys(buckets)).toEqual(expect.arrayContaining(['0.005', '0.1', '1', '10', '+Inf']));
    const count = after.value('http_request_duration_seconds_count', route);
    expect(count).toBe(after.value('http_requests_total', route));
    expect(buckets['+Inf']).toBe(count);
    expect(after.value('http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
  });

  it('counts paths no route matches under one label', async () => {
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    const before = await scrape(t, TOKEN);
    for (const path of ['/api/no-such-thing/123', '/api/no-such-thing/456'])
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const after = await scrape(t, TOKEN);
    expect(
      after.value('http_requests_total', unmatched) - before.value('http_requests_total', unmatched),
    ).toBe(2);
    expect(
      after.samples('http_requests_total').filter((s) => s.labels?.route?.includes('no-such-thing')),
    ).toEqual([]);
  });

  it('reports the job queue by state, read from the jobs table', async () => {
    const states = ['due', 'scheduled', 'leased', 'retrying', 'failed'];
    const countsOf = async () => {
      const s = await scrape(t, TOKEN);
      return Object.fromEntries(states.map((state) => [state, s.value('jobs', { state })]));
    };
    const before = await countsOf();
    await t.app.db.execute(sql`
      INSERT INTO jobs (kind, run_at, attempts, last_error, done_at, failed_at) VALUES
        ('metrics.test', now() - interval '1 minute', 0, NULL, NULL, NULL),
        ('metrics.test', now() - interval '1 minute', 2, 'timeout', NULL, NULL),
        ('metrics.test', now() + interval '1 hour', 0, NULL, NULL, NULL),
        ('metrics.test', now() + interval '5 minutes', 1, NULL, NULL, NULL),
        ('metrics.test', now() + interval '5 minutes', 1, 'SMTP refused', NULL, NULL),
        ('metrics.test', now() - interval '1 hour', 5, 'SMTP refused', NULL, now()),
        ('metrics.test', now() - interval '1 hour', 1, NULL, now(), NULL)`);
    const after = await countsOf();
    const added = Object.fromEntries(states.map((state) => [state, after[state]! - before[state]!]));
    expect(added).toEqual({ due: 2, scheduled: 1, leased: 1, retrying: 1, failed: 1 });
  });

  it('counts the open notification streams and connections while a stream is open, and back to 0', async () => {
    const streams = async () => (await scrape(t, TOKEN)).value('notification_streams_open');
    expect(await streams()).toBe(0);
    const stream = await openStream(base, t.tokenOf('max@acme.test'));
    try {
      expect(stream.status).toBe(200);
      await stream.unread(1);
      expect(await streams()).toBe(1);
      expect((await scrape(t, TOKEN)).value('http_open_connections')).toBeGreaterThanOrEqual(1);
    } finally {
      stream.close();
    }
    await until(async () => (await streams()) === 0, 'the stream gauge back to 0');
  });

  it('reports the database connections and the process figures', async () => {
    const s = await scrape(t, TOKEN);
    expect(s.value('db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(s.samples('db_pool_idle_connections')).toHaveLength(1);
    expect(s.samples('db_pool_waiting_requests')).toHaveLength(1);
    expect(s.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(s.type('nodejs_eventloop_lag_seconds')).toBe('GAUGE');
    expect(s.type('nodejs_heap_size_used_bytes')).toBe('GAUGE');
  });
});
