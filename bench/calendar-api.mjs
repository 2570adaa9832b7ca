#!/usr/bin/env node
// `node bench/calendar-api.mjs`: GET /api/events?from&to for one month on PostgreSQL (issue 15's
// target: 2,000 req/s with p99 under 30 ms). Starts the built API on a new PostgreSQL database
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with
// the demo data and 50 bench users (approved members of the demo organizations), adds events with
// generate_series (20,000 single events over a year around today and 400 weekly series, in the
// organizations of the bench users, half of them organization-wide, the rest private with
// attendees; each bench user attends about 100 events in the measured month), then measures the
// month view's read with each connection signed in as its own user (after the first read of each,
// the answer the API keeps for that user and range: every request still checks the calendar's
// version). Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 50)
import {
  arg,
  asUsers,
  call,
  ensureApiBuilt,
  load,
  loadOptions,
  printLoad,
  printMachine,
  printSummary,
  withServer,
} from './support.mjs';

const LOAD = loadOptions();
const USERS = Number(arg('users', '50'));
const SIZE = { single: 20_000, series: 400, attendeesPerUser: 1_200 };

ensureApiBuilt();
printMachine();
printLoad(LOAD);

/** The bench's events, in SQL: pseudo-random but the same on every run (setseed). */
async function generate(exec) {
  await exec('SELECT setseed(0.15)');
  await exec(`CREATE TEMP TABLE bench_orgs AS
    SELECT row_number() OVER (ORDER BY organization_id) - 1 AS k, organization_id AS id, min(user_id) AS organizer
    FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE u.email LIKE 'bench-%@bench.test' AND m.status = 'approved' GROUP BY organization_id`);
  await exec(
    `INSERT INTO events (uid, title, description, start_at, end_at, time_zone, visibility, organization_id, organizer_id)
     SELECT 'bench-' || g || '@parity',
            (ARRAY['Pipeline review','Board prep','Investor call','Hiring panel','DEI working group','Deal sync'])[1 + g % 6] || ' ' || g,
            '<p>Generated for the calendar bench.</p>', s, s + interval '1 hour' * (1 + g % 3), 'Europe/London',
            CASE WHEN g % 2 = 0 THEN 'organization' ELSE 'private' END, o.id, o.organizer
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT date_trunc('hour', now() - interval '180 days' + (random() + 0 * g) * interval '365 days') AS s) t
     JOIN bench_orgs o ON o.k = g % (SELECT count(*) FROM bench_orgs)`,
    [SIZE.single],
  );
  await exec(
    `INSERT INTO events (uid, title, start_at, end_at, time_zone, visibility, organization_id, organizer_id, rrule, recurrence)
     SELECT 'bench-series-' || g || '@parity', 'Weekly stand-up ' || g, s, s + interval '30 minutes', 'Europe/Vienna',
            CASE WHEN g % 2 = 0 THEN 'organization' ELSE 'private' END, o.id, o.organizer,
            'FREQ=WEEKLY;INTERVAL=1', '{"freq":"weekly","interval":1}'::jsonb
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT date_trunc('hour', now() - interval '90 days' + (random() + 0 * g) * interval '60 days') AS s) t
     JOIN bench_orgs o ON o.k = g % (SELECT count(*) FROM bench_orgs)`,
    [SIZE.series],
  );
  // Each bench user is invited to events of the whole year (about 100 of them in a month).
  await exec(
    `INSERT INTO event_attendees (event_id, user_id, status)
     SELECT e.id, u.id,
            (ARRAY['no-answer','attending','declined','maybe'])[1 + floor(random() * 4)::int]
     FROM users u
     CROSS JOIN LATERAL (SELECT id FROM events WHERE uid LIKE 'bench-%' ORDER BY random() + 0 * u.id LIMIT $1) e
     WHERE u.email LIKE 'bench-%@bench.test'
     ON CONFLICT DO NOTHING`,
    [SIZE.attendeesPerUser],
  );
  await exec('ANALYZE');
}

const rows = [];
await withServer({ label: 'calendar', postgres: true, users: USERS, prepare: generate }, async (server) => {
  const from = new Date();
  from.setUTCDate(1);
  from.setUTCHours(0, 0, 0, 0);
  const to = new Date(from);
  to.setUTCMonth(to.getUTCMonth() + 1);
  // the month grid shows 42 days: from the Sunday before the 1st
  const gridFrom = new Date(from.getTime() - from.getUTCDay() * 86_400_000);
  const gridTo = new Date(gridFrom.getTime() + 42 * 86_400_000);
  const url = `${server.url}/api/events?from=${gridFrom.toISOString()}&to=${gridTo.toISOString()}`;
  const sample = await call(url, 'GET', server.tokens[0]);
  const bytes = (
    await (await fetch(url, { headers: { authorization: `Bearer ${server.tokens[0]}` } })).arrayBuffer()
  ).byteLength;
  console.info(
    `\n  one bench user's month (42 days): ${sample.data.length} occurrences, ${Math.round(bytes / 1024)} KB`,
  );
  // An untimed pass first: the first seconds of a new server (JIT, pool, plans) are not the figure.
  await load('warm-up', { ...LOAD, duration: 3 }, { url, ...asUsers(server.tokens) });
  rows.push(
    await load('PostgreSQL GET /api/events (a 42-day month grid)', LOAD, {
      url,
      serverPid: server.pid,
      ...asUsers(server.tokens),
    }),
  );
});
printSummary(rows);
