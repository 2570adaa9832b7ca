#!/usr/bin/env node
// `node bench/pods-feed.mjs`: GET /api/pods/{podId}/feed on PostgreSQL (issue 16's target: a pod
// feed of 10,000 posts pages in under 30 ms p50). Starts the built API on a new PostgreSQL database
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with
// the demo data and 50 bench users, all members of one pod; generates 10,000 posts in it with
// generate_series (a reply on every fifth, a mention on every seventh, a file entry every 50th),
// then measures the first page and a page deep in the feed (keyset `before`), each connection
// signed in as its own member. Every request goes to 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 50), --posts <n> (default 10000)
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
const POSTS = Number(arg('posts', '10000'));

ensureApiBuilt();
printMachine();
printLoad(LOAD);

/** The bench pod and its posts, in SQL: the same on every run (setseed). */
async function generate(exec) {
  await exec('SELECT setseed(0.16)');
  await exec(
    `INSERT INTO pods (name, description, visibility) VALUES ('Bench pod', 'Generated for the feed bench.', 'open')`,
  );
  await exec(`INSERT INTO pod_members (pod_id, user_id, status, role, mail_preference, joined_at)
    SELECT (SELECT id FROM pods WHERE name = 'Bench pod'), u.id, 'active',
           CASE WHEN row_number() OVER (ORDER BY u.id) = 1 THEN 'admin' ELSE 'member' END, 'off', now()
    FROM users u WHERE u.email LIKE 'bench-%@bench.test'`);
  await exec(`CREATE TEMP TABLE bench_members AS
    SELECT row_number() OVER (ORDER BY user_id) - 1 AS k, user_id AS id FROM pod_members
    WHERE pod_id = (SELECT id FROM pods WHERE name = 'Bench pod')`);
  await exec(
    `INSERT INTO pod_posts (pod_id, kind, author_id, body, created_at)
     SELECT (SELECT id FROM pods WHERE name = 'Bench pod'), 'post', m.id,
            '<p>Post ' || g || ': ' || repeat('notes on hiring and retention ', 1 + (random() * 8)::int) || '</p>',
            now() - interval '1 minute' * ($1::int - g)
     FROM generate_series(1, $1::int) g
     JOIN bench_members m ON m.k = g % (SELECT count(*) FROM bench_members)
     ORDER BY g`,
    [POSTS],
  );
  await exec(`INSERT INTO pod_posts (pod_id, parent_id, kind, author_id, body, created_at)
    SELECT p.pod_id, p.id, 'post', (SELECT id FROM bench_members WHERE k = (p.id + 1) % (SELECT count(*) FROM bench_members)),
           '<p>Agreed.</p>', p.created_at + interval '10 seconds'
    FROM pod_posts p WHERE p.pod_id = (SELECT id FROM pods WHERE name = 'Bench pod') AND p.id % 5 = 0`);
  await exec(`INSERT INTO pod_post_mentions (post_id, user_id)
    SELECT p.id, (SELECT id FROM bench_members WHERE k = p.id % (SELECT count(*) FROM bench_members))
    FROM pod_posts p WHERE p.pod_id = (SELECT id FROM pods WHERE name = 'Bench pod') AND p.id % 7 = 0`);
  await exec('ANALYZE');
}

const rows = [];
await withServer({ label: 'pods', postgres: true, users: USERS, prepare: generate }, async (server) => {
  const pods = await call(`${server.url}/api/pods`, 'GET', server.tokens[0]);
  const pod = pods.data.find((p) => p.name === 'Bench pod');
  const base = `${server.url}/api/pods/${pod.id}/feed`;
  const first = await call(base, 'GET', server.tokens[0]);
  console.info(`\n  the bench pod: ${first.total} top-level entries; a page holds ${first.data.length}`);
  // a page in the middle of the feed, reached by the keyset cursor
  let before = first.nextBefore;
  for (let i = 0; i < 250 && before; i++) {
    before = (await call(`${base}?before=${before}&limit=20`, 'GET', server.tokens[0])).nextBefore;
  }
  const deep = `${base}?before=${before}`;
  await load('warm-up', { ...LOAD, duration: 3 }, { url: base, ...asUsers(server.tokens) });
  rows.push(
    await load('PostgreSQL GET /api/pods/{podId}/feed (newest page)', LOAD, {
      url: base,
      serverPid: server.pid,
      ...asUsers(server.tokens),
    }),
  );
  rows.push(
    await load('PostgreSQL GET /api/pods/{podId}/feed?before= (page 251)', LOAD, {
      url: deep,
      serverPid: server.pid,
      ...asUsers(server.tokens),
    }),
  );
});
printSummary(rows);
