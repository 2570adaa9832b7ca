#!/usr/bin/env node
// `node bench/search.mjs`: latency of GET /api/search on PostgreSQL at the size of issue 17's target
// (10,000 organizations, 50,000 people, 100,000 documents: p50 under 50 ms). Starts the built API on a
// new PostgreSQL database (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// created and dropped) with the demo data, adds the rows with generate_series in a few statements
// (names and texts from word lists and 8,000 made-up words, the texts' words drawn skewed; Acme, ada@acme.test's organization, holds 5% of the documents),
// then measures a few searches as different callers with autocannon. Every request goes to
// 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 10: people typing, not a flood)
import autocannon from 'autocannon';
import pg from 'pg';
import { arg, call, DEMO, ensureApiBuilt, printLoad, printMachine, token, withServer } from './support.mjs';

const LOAD = { duration: Number(arg('duration', '10')), connections: Number(arg('connections', '10')) };
const SIZE = { organizations: 10_000, people: 50_000, documents: 100_000 };

ensureApiBuilt();
printMachine();
printLoad(LOAD);

/** The bench's rows, in SQL: pseudo-random but the same on every run (setseed). */
async function generate(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = Date.now();
  try {
    await client.query('SELECT setseed(0.17)');
    await client.query(
      `CREATE TEMP TABLE words AS SELECT
         ARRAY['Cedar','Oak','Birch','Harbor','Summit','Granite','River','Meadow','Falcon','Crescent',
               'Aurora','Beacon','Willow','Atlas','Sterling','Northgate','Bluewater','Ridge','Maple','Orion',
               'Evergreen','Ironwood','Silver','Lakeside','Pioneer','Redwood','Keystone','Horizon','Juniper','Union']
           AS first,
         ARRAY['Capital','Partners','Equity','Ventures','Holdings','Advisors','Investments','Fund',
               'Asset Management','Group','Growth','Credit']
           AS kind,
         ARRAY['Ada','Ben','Chloe','Dev','Elena','Farid','Grace','Hiro','Ines','Jonas','Kemi','Luca','Maya',
               'Noah','Olga','Priya','Quinn','Rosa','Sami','Tara','Umar','Vera','Wen','Xavi','Yara','Zoe']
           AS given,
         ARRAY['Lovelace','Okafor','Nguyen','Schmidt','Garcia','Kowalski','Haddad','Tanaka','Moreau','Silva',
               'Johansson','Patel','Rossi','Cohen','Murphy','Novak','Ibrahim','Larsen','Fischer','Kim']
           AS family,
         ARRAY['policy','report','quarterly','diversity','equity','inclusion','portfolio','board','minutes',
               'hiring','pipeline','benchmark','survey','leadership','ownership','review','annual','budget',
               'fund','capital','returns','governance','committee','strategy','training','mentoring','pay',
               'gap','analysis','targets','progress','retention','talent','recruiting','supplier','audit',
               'risk','climate','impact','workforce','promotion','succession','charter','compliance',
               'investment','allocation','manager','limited','partner','disclosure'] AS vocabulary,
         ARRAY['ka','lo','mi','ra','ven','tor','sha','del','bri','an','mar','el','os','ti','ne','ru','ga',
               'phi','lin','dor'] AS syllables`,
    );
    // Synthetic words (8,000 of three syllables) after the domain words: the texts pick the domain
    // words far more often (a skewed draw), as real documents use a few words a lot.
    await client.query(
      `CREATE TEMP TABLE lexicon AS SELECT row_number() OVER ()::int AS id, word FROM (
         SELECT unnest(w.vocabulary) AS word FROM words w
         UNION ALL
         SELECT w.syllables[1 + a] || w.syllables[1 + b] || w.syllables[1 + c]
         FROM words w, generate_series(0, 19) a, generate_series(0, 19) b, generate_series(0, 19) c) made`,
    );
    await client.query('ALTER TABLE lexicon ADD PRIMARY KEY (id)');
    await client.query(
      `INSERT INTO organizations (name, about, website, is_public, total_full_time_employees)
       SELECT initcap((SELECT word FROM lexicon WHERE id = 51 + abs(hashint4(g)) % 8000)) || ' ' || w.first[1 + floor(random() * 30)::int]
                || ' ' || w.kind[1 + floor(random() * 12)::int],
              'An investment firm focused on ' || w.vocabulary[1 + floor(random() * 50)::int] || ' and '
                || w.vocabulary[1 + floor(random() * 50)::int] || '.',
              'https://org' || g || '.bench.test', g % 6 <> 5, 10 + g % 500
       FROM generate_series(1, $1::int) g, words w`,
      [SIZE.organizations],
    );
    await client.query(
      `WITH made AS (
         INSERT INTO users (email, name, lastname, password_hash, title)
         SELECT 'person-' || g || '@bench.test',
                CASE WHEN g % 4 = 0 THEN w.given[1 + floor(random() * 26)::int]
                  ELSE initcap(w.syllables[1 + floor(random() * 20)::int] || w.syllables[1 + floor(random() * 20)::int]) END,
                CASE WHEN g % 10 = 0 THEN w.family[1 + floor(random() * 20)::int]
                  ELSE initcap((SELECT word FROM lexicon WHERE id = 51 + abs(hashint4(g + 7)) % 8000)) END, 'x',
                (ARRAY['Analyst','Associate','Principal','Managing Partner','Chief Operating Officer'])[1 + g % 5]
         FROM generate_series(1, $1::int) g, words w
         RETURNING id)
       INSERT INTO memberships (user_id, organization_id, status)
       SELECT made.id, o.first_id + floor(random() * $2)::int, 'approved'
       FROM made, (SELECT min(id) AS first_id FROM organizations WHERE website LIKE '%.bench.test') o`,
      [SIZE.people, SIZE.organizations],
    );
    await client.query(
      `INSERT INTO files (owner_user_id, organization_id, kind, original_name, content_type, size, storage_key, text)
       SELECT owner.id, CASE WHEN g % 20 = 0 THEN acme.id ELSE o.first_id + floor(random() * $2)::int END,
              'organization_document',
              initcap(w.vocabulary[1 + floor(random() * 50)::int]) || ' ' || w.vocabulary[1 + floor(random() * 50)::int]
                || ' ' || (2015 + g % 11) || (ARRAY['.pdf', '.docx', '.xlsx'])[1 + g % 3],
              'application/pdf', 20000 + g % 100000, 'bench/' || g,
              (SELECT string_agg(x.word, ' ') FROM lexicon x JOIN (
                 SELECT 1 + floor(power(random(), 2.5) * 8050)::int + 0 * g AS k FROM generate_series(1, 60)) r
               ON x.id = r.k)
                || CASE WHEN g % 5000 = 0 THEN ' zephyrine' ELSE '' END
       FROM generate_series(1, $1::int) g, words w,
            (SELECT id FROM organizations WHERE name = 'Acme Capital Partners') acme,
            (SELECT min(id) AS first_id FROM organizations WHERE website LIKE '%.bench.test') o,
            (SELECT id FROM users WHERE email = 'ada@acme.test') owner`,
      [SIZE.documents, SIZE.organizations],
    );
    await client.query('ANALYZE');
    const counts = await client.query(
      `SELECT (SELECT count(*) FROM organizations) AS organizations, (SELECT count(*) FROM users) AS people,
              (SELECT count(*) FROM files WHERE kind = 'organization_document') AS documents,
              (SELECT count(*) FROM files f JOIN organizations o ON o.id = f.organization_id
                WHERE o.name = 'Acme Capital Partners') AS acme_documents`,
    );
    console.info(
      `\nGenerated in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts.rows[0])}`,
    );
  } finally {
    await client.end();
  }
}

/** One scenario: its latency percentiles, the figures the target is about. */
async function measure(title, url, access) {
  const result = await autocannon({ ...LOAD, url, headers: { authorization: `Bearer ${access}` } });
  const row = {
    scenario: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.info(
    `  ${title}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p97.5 ${row['p97.5 ms']} ms, p99 ${row['p99 ms']} ms, errors ${row.errors}`,
  );
  return row;
}

const rows = [];
await withServer({ label: 'search', postgres: true }, async (server) => {
  await generate(server.databaseUrl);
  const callers = {
    ada: await token(server.url, DEMO, '127.0.0.2'),
    admin: await token(server.url, { ...DEMO, username: 'admin@parity.test' }, '127.0.0.3'),
    host: await token(server.url, { ...DEMO, username: 'host@northwind.test' }, '127.0.0.4'),
  };
  const scenarios = [
    ['a word (capital), member', 'capital', 'ada'],
    ['a typo (cedr), member', 'cedr', 'ada'],
    ['a rare term (zephyrine), member', 'zephyrine', 'ada'],
    ['two words (granite partners), survey host', 'granite partners', 'host'],
    ['a word (capital), platform admin', 'capital', 'admin'],
    ['a person (lovelace), member', 'lovelace', 'ada'],
  ];
  for (const [, q, who] of scenarios) {
    const answer = await call(`${server.url}/api/search?q=${encodeURIComponent(q)}`, 'GET', callers[who]);
    console.info(`  '${q}' as ${who}: ${answer.groups.map((g) => `${g.kind} ${g.total}`).join(', ')}`);
  }
  // An untimed pass first: the first seconds of a new server (JIT, pool, plans) are not the figure.
  await autocannon({
    ...LOAD,
    duration: 3,
    url: `${server.url}/api/search?q=capital`,
    headers: { authorization: `Bearer ${callers.ada}` },
  });
  for (const [title, q, who] of scenarios) {
    rows.push(await measure(title, `${server.url}/api/search?q=${encodeURIComponent(q)}`, callers[who]));
  }
});

console.info('\nSummary (GET /api/search, all kinds, 5 per kind)');
for (const r of rows) {
  console.info(
    `  ${r.scenario}: ${r['req/s']} req/s, p50 ${r['p50 ms']} ms, p97.5 ${r['p97.5 ms']} ms, p99 ${r['p99 ms']} ms`,
  );
}
