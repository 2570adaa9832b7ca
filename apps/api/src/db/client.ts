import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseConfig } from '../config';
import { acquireDirectoryLock } from './lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The database handle every repository takes: the same type in both modes. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept the database or a transaction, so a service can compose them in one. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other databases from (tests). */
  dumpTemplate?: () => Promise<Blob>;
}

export interface OpenOptions {
  /** PGlite only: start from a dumped data directory instead of running initdb. */
  templateFile?: string | undefined;
}

/** The migrations folder, found from this file both in src/ (tests) and in the dist/ bundle. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'src', 'db', 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const inside = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(inside, 'meta', '_journal.json'))) return inside;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder not found');
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') {
    // Loaded only in server mode: the embedded default starts faster without them.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server ends (a restart, a failover, a dropped test database) is an
    // 'error' on the pool: without a listener it would crash the process. The pool drops that
    // client and opens a new one on the next query.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    // A connection that ends while checked out (a transaction between two statements when the
    // server restarts) is an 'error' on that client, which the pool does not listen to: the
    // process would crash. The statement that uses it fails with the error and the request
    // answers it; the pool then discards the client.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several replicas may start at once: one migrates, the others wait for it.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(727274)');
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  let releaseLock: (() => void) | undefined;
  if (config.dataDir) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    // PGlite is single-process: two servers on one data directory would corrupt it.
    releaseLock = acquireDirectoryLock(config.dataDir);
  }
  try {
    // A new directory starts from the migrated template when there is one: initdb under
    // WebAssembly takes seconds, restoring a dump a fraction of that.
    const isNew = !config.dataDir || !fs.existsSync(path.join(config.dataDir, 'PG_VERSION'));
    const loadDataDir =
      isNew && options.templateFile && fs.existsSync(options.templateFile)
        ? new Blob([fs.readFileSync(options.templateFile)])
        : undefined;
    // pg_trgm: the search's typo tolerance (migration 0018 creates the extension).
    const pgliteOptions = { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) };
    const client = config.dataDir ? new PGlite(config.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      async migrate() {
        await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
      },
      dumpTemplate: () => client.dumpDataDir('none'),
      async close() {
        await client.close();
        releaseLock?.();
      },
    };
  } catch (error) {
    releaseLock?.();
    throw error;
  }
}

/** True when the database has no users yet: a new install that may get demo data. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0;
}

/**
 * Independent queries: together on a pool (each on its own connection), one after another on a
 * transaction, whose single connection must not be given two queries at once.
 */
export async function queriesOf<T extends unknown[]>(
  db: DbOrTx,
  queries: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if ('rollback' in db) {
    const results: unknown[] = [];
    for (const query of queries) results.push(await query());
    return results as T;
  }
  return (await Promise.all(queries.map((query) => query()))) as T;
}
