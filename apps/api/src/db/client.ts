import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
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
  /** Closing twice is a no-op (a test closes the database under the app, then both). */
  close(): Promise<void>;
  /**
   * The connections behind `db`, for the metrics: the `pg` pool's open, idle and waiting counts;
   * PGlite is one embedded connection that queues queries inside itself (1 open, 0 idle, 0 waiting).
   */
  poolStats(): PoolStats;
  /** PGlite only: the data directory as a tarball, to start other databases from (tests). */
  dumpTemplate?: () => Promise<Blob>;
  /**
   * LISTEN to a channel: `onMessage` gets each committed NOTIFY's payload. On PostgreSQL all of a
   * process's channels share one dedicated connection outside the pool, which reconnects after an
   * error and LISTENs again; `onReconnect` is then called, since what was sent while it was away is
   * lost (the listener catches up from its tables). Answers the function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
}

export interface PoolStats {
  /** connections open */
  total: number;
  /** open connections no query holds */
  idle: number;
  /** queries waiting for a connection */
  waiting: number;
}

export interface ListenOptions {
  /** PostgreSQL: the connection was lost and is back; notifications sent meanwhile were missed. */
  onReconnect?: () => void;
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

/**
 * The extensions the migrations create, which PGlite loads from its own bundle: pg_trgm (the
 * search's typo tolerance, migration 0019) and btree_gin (search indexes that lead with the
 * organization, migration 0026).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

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
    const listener = new PostgresListener(() => new pg.Client({ connectionString: config.url }));
    return {
      db,
      kind: 'postgres',
      listen: (channel, onMessage, listenOptions) => listener.listen(channel, onMessage, listenOptions),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
      async close() {
        await listener.close();
        if (!pool.ended) await pool.end();
      },
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
    const pgliteOptions = { extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) };
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
      poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
      // One embedded database in this process: nothing to reconnect. Once it is closed (a test of
      // an unreachable database) it has no listener left to stop.
      listen: (channel, onMessage) =>
        client.listen(channel, onMessage).then((stop) => async () => {
          if (!client.closed) await stop();
        }),
      async close() {
        if (!client.closed) await client.close();
        releaseLock?.();
      },
    };
  } catch (error) {
    releaseLock?.();
    throw error;
  }
}

interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

/** How long the listener waits before connecting again: doubling up to this. */
const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * PostgreSQL's LISTEN on one dedicated connection (a pooled one would be handed to other queries
 * and its LISTEN lost). When the connection fails it connects again with a doubling delay, LISTENs
 * to every channel again and tells each subscriber, which catches up on what it missed.
 */
class PostgresListener {
  private client: ListenClient | undefined;
  private connecting: Promise<void> | undefined;
  private readonly subscribers = new Map<
    string,
    Set<{ onMessage: (payload: string) => void; options: ListenOptions }>
  >();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = 250;

  constructor(private readonly newClient: () => ListenClient) {}

  async listen(channel: string, onMessage: (payload: string) => void, options: ListenOptions = {}) {
    const subscriber = { onMessage, options };
    let set = this.subscribers.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(subscriber);
    if (!this.client) await this.connect(false);
    else if (isNewChannel) await this.client.query(`LISTEN ${quoteIdentifier(channel)}`);
    return async () => {
      set.delete(subscriber);
      if (set.size > 0 || this.subscribers.get(channel) !== set) return;
      this.subscribers.delete(channel);
      await this.client?.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
    };
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connect(isReconnect: boolean): Promise<void> {
    this.connecting ??= (async () => {
      const client = this.newClient();
      let failed = false;
      const fail = (error?: Error) => {
        if (failed) return;
        failed = true;
        if (this.client === client) this.client = undefined;
        client.end().catch(() => {});
        if (this.closed) return;
        console.warn(`The LISTEN connection to PostgreSQL was lost${error ? `: ${error.message}` : ''}`);
        this.retry();
      };
      client.on('error', fail);
      client.on('end', () => fail());
      client.on('notification', (message) => {
        for (const subscriber of this.subscribers.get(message.channel) ?? []) {
          subscriber.onMessage(message.payload ?? '');
        }
      });
      try {
        await client.connect();
        for (const channel of this.subscribers.keys())
          await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      } catch (error) {
        failed = true;
        client.end().catch(() => {});
        throw error;
      }
      this.client = client;
      this.retryMs = 250;
      if (isReconnect) {
        for (const set of this.subscribers.values()) for (const s of set) s.options.onReconnect?.();
      }
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private retry() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connect(true).catch((error: Error) => {
        console.warn(`Could not LISTEN on PostgreSQL again: ${error.message}`);
        this.retryMs = Math.min(this.retryMs * 2, LISTEN_RETRY_MAX_MS);
        this.retry();
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

let journal: { tag: string; when: number }[] | undefined;

/**
 * The migrations of the journal this build ships that the database has not applied. Drizzle's
 * migrator records each applied migration in drizzle.__drizzle_migrations with the journal entry's
 * `when` as created_at (both modes); a database migrated by a newer build has extra rows, which
 * do not count. Throws when the database cannot be read.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    }
  ).entries;
  const exists = await db.execute<{ found: boolean }>(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!(exists as unknown as { rows: { found: boolean }[] }).rows[0]?.found)
    return journal.map((entry) => entry.tag);
  const applied = await db.execute<{ created_at: string | number }>(
    sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
  );
  const done = new Set(
    (applied as unknown as { rows: { created_at: string | number }[] }).rows.map((row) =>
      Number(row.created_at),
    ),
  );
  return journal.filter((entry) => !done.has(entry.when)).map((entry) => entry.tag);
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
