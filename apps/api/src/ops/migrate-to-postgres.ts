import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { type Database, openDatabase, type Tx } from '../db/client';
import { storageFor } from '../plugins/storage';
import { compareFiles, copyFilesTo, diskFileHashes } from './files';
import {
  appTables,
  compareSequences,
  compareSums,
  type Difference,
  holdsAppData,
  ident,
  rowsOf,
  sequencePositions,
  tableSums,
} from './tables';

export interface MigrateOptions {
  /** postgres://... of the target database */
  to: string;
  /** empty a target that already holds data instead of refusing */
  replace: boolean;
  /** where the files go on disk (default: DATA_DIR/files, where they are); ignored with S3 */
  filesTo?: string | undefined;
  log?: (line: string) => void;
}

export interface MigrateReport {
  tables: { table: string; rows: number; same: boolean }[];
  files: number;
  differences: Difference[];
  seconds: number;
}

const BATCH_ROWS = 2000;

/**
 * Copies the embedded database of DATA_DIR and its uploaded files to PostgreSQL, then checks
 * every table (row count and checksum), every sequence and every file (sha256) on the target.
 * Opening the source takes its lock: a running embedded server makes this refuse.
 */
export async function migrateToPostgres(config: Config, options: MigrateOptions): Promise<MigrateReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  if (config.database.kind !== 'pglite' || !config.database.dataDir) {
    throw new Error('The source is the embedded database of DATA_DIR: unset DATABASE_URL for this command.');
  }
  const source = await openDatabase(config.database);
  let target: Database | undefined;
  try {
    // The source at the code's schema, as a start would leave it, so both sides match.
    await source.migrate();
    target = await openDatabase({ kind: 'postgres', url: options.to });
    await target.migrate();
    if ((await holdsAppData(target.db)) && !options.replace) {
      throw new Error('The target database already holds data: give --replace to empty it first.');
    }
    const tables = await appTables(source.db);
    log(`Copying ${tables.length} tables...`);
    await target.db.transaction(async (tx) => {
      // Reference rows the migrations inserted go too: the source's rows replace them.
      await withoutReferenceChecks(tx);
      await tx.execute(
        sql.raw(`TRUNCATE ${tables.map((t) => ident(t.name)).join(', ')} RESTART IDENTITY CASCADE`),
      );
      for (const table of tables) await copyTable(source, tx, table);
      for (const [name, last] of Object.entries(await sequencePositions(source.db))) {
        if (last !== null) await tx.execute(sql`SELECT setval(${ident(name)}, ${last}::bigint, true)`);
      }
    });

    const filesDir = path.join(config.dataDir, 'files');
    const files = await diskFileHashes(filesDir);
    const filesTarget = options.filesTo ? path.resolve(options.filesTo) : filesDir;
    const storage = storageFor(config, filesTarget);
    if (config.s3 || filesTarget !== filesDir) {
      log(`Copying ${Object.keys(files).length} files...`);
      await copyFilesTo(filesDir, Object.keys(files), storage);
    }

    log('Verifying...');
    const expected = await tableSums(source.db);
    const found = await tableSums(target.db);
    const foundBy = new Map(found.map((s) => [s.table, s]));
    const differences = [
      ...compareSums(expected, found),
      ...compareSequences(await sequencePositions(source.db), await sequencePositions(target.db)),
      ...(await compareFiles(files, storage)),
    ];
    const differing = new Set(differences.map((d) => d.what));
    return {
      tables: expected.map((e) => ({
        table: e.table,
        rows: foundBy.get(e.table)?.rows ?? 0,
        same: !differing.has(`table ${e.table}`),
      })),
      files: Object.keys(files).length,
      differences,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await target?.close();
    await source.close();
  }
}

/**
 * Superusers copy with the foreign-key triggers off (rows of a table that point at each other then
 * load in any order); others copy in dependency order with the checks on.
 */
async function withoutReferenceChecks(tx: Tx) {
  await tx.execute(sql`SAVEPOINT replica`);
  try {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`RELEASE SAVEPOINT replica`);
  } catch {
    await tx.execute(sql`ROLLBACK TO SAVEPOINT replica`);
  }
}

/** A table's rows in batches, as JSON rebuilt into rows by the target (every type round-trips). */
async function copyTable(
  source: Database,
  tx: Tx,
  table: { name: string; insertable: string[]; overriding: boolean },
) {
  const columns = table.insertable.map(ident).join(', ');
  for (let offset = 0; ; offset += BATCH_ROWS) {
    // ctid order: the insertion order, which keeps a row after the row of its own table it points to
    const [batch] = await rowsOf<{ rows: string | null; n: number }>(
      source.db,
      sql.raw(`SELECT json_agg(r)::text AS rows, count(*)::int AS n FROM (
          SELECT ${columns} FROM ${ident(table.name)} ORDER BY ctid LIMIT ${BATCH_ROWS} OFFSET ${offset}) r`),
    );
    if (!batch?.rows) return;
    await tx.execute(
      sql`${sql.raw(`INSERT INTO ${ident(table.name)} (${columns})${table.overriding ? ' OVERRIDING SYSTEM VALUE' : ''}
          SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table.name)}, `)}${batch.rows}::json)`,
    );
    if (batch.n < BATCH_ROWS) return;
  }
}
