import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * The app's tables read from the catalog, so the same code serves PGlite and PostgreSQL (both are
 * PostgreSQL): what to copy, in which order, and a checksum that both sides compute alike.
 */

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface AppTable {
  name: string;
  /** The columns an INSERT may write: generated ones (the search tsvectors) are computed again. */
  insertable: string[];
  /** An identity GENERATED ALWAYS column is among them: inserts say OVERRIDING SYSTEM VALUE. */
  overriding: boolean;
}

/** The public schema's tables, parents before the tables that reference them. */
export async function appTables(db: DbOrTx): Promise<AppTable[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  const columns = await rowsOf<{ table: string; column: string; generated: string; identity: string | null }>(
    db,
    sql`SELECT table_name AS "table", column_name AS "column", is_generated AS generated,
          identity_generation AS identity
        FROM information_schema.columns WHERE table_schema = 'public'
        ORDER BY table_name, ordinal_position`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint c
        JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class pa ON pa.oid = c.confrelid
        JOIN pg_namespace n ON n.oid = ch.relnamespace
        WHERE c.contype = 'f' AND n.nspname = 'public' AND ch.relname <> pa.relname`,
  );
  const byName = new Map<string, AppTable>(
    tables.map((t) => [t.name, { name: t.name, insertable: [], overriding: false }]),
  );
  for (const c of columns) {
    const table = byName.get(c.table);
    if (!table || c.generated === 'ALWAYS') continue;
    table.insertable.push(c.column);
    if (c.identity === 'ALWAYS') table.overriding = true;
  }
  // Kahn's order; a cycle (none today) keeps its tables in name order at the end.
  const parents = new Map<string, Set<string>>([...byName.keys()].map((name) => [name, new Set()]));
  for (const r of references) parents.get(r.child)?.add(r.parent);
  const ordered: AppTable[] = [];
  const done = new Set<string>();
  while (done.size < byName.size) {
    const ready = [...byName.keys()].filter(
      (name) => !done.has(name) && [...parents.get(name)!].every((p) => done.has(p) || !byName.has(p)),
    );
    const next = ready.length ? ready : [...byName.keys()].filter((name) => !done.has(name));
    for (const name of next) {
      done.add(name);
      ordered.push(byName.get(name)!);
    }
  }
  return ordered;
}

export interface TableSum {
  table: string;
  rows: number;
  checksum: string;
}

/**
 * Every table's row count and the md5 of its rows' JSON (generated columns included, so the
 * target's recomputed search vectors are checked too), independent of physical order. The
 * settings that change a value's text are fixed for the transaction.
 */
export async function tableSums(db: DbOrTx): Promise<TableSum[]> {
  const run = async (tx: DbOrTx) => {
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    await tx.execute(sql`SET LOCAL extra_float_digits = 1`);
    await tx.execute(sql`SET LOCAL IntervalStyle = 'postgres'`);
    const tables = await appTables(tx);
    const sums: TableSum[] = [];
    for (const { name } of [...tables].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const [row] = await rowsOf<{ n: number; sum: string }>(
        tx,
        sql.raw(`SELECT count(*)::int AS n,
            md5(coalesce(string_agg(h, '' ORDER BY h COLLATE "C"), '')) AS sum
          FROM (SELECT md5(row_to_json(t)::text) AS h FROM ${ident(name)} t) r`),
      );
      sums.push({ table: name, rows: row!.n, checksum: row!.sum });
    }
    return sums;
  };
  return 'rollback' in db ? run(db) : db.transaction(run, { isolationLevel: 'repeatable read' });
}

/** Each sequence's position, so ids given after a copy or restore never collide. */
export async function sequencePositions(db: DbOrTx): Promise<Record<string, string | null>> {
  const rows = await rowsOf<{ name: string; last: string | null }>(
    db,
    sql`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences
        WHERE schemaname = 'public' ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.last]));
}

/** True when the database holds people or organizations: the app's own data, not reference rows. */
export async function holdsAppData(db: DbOrTx): Promise<boolean> {
  const tables = new Set((await appTables(db)).map((t) => t.name));
  if (!tables.has('users')) return false;
  const [row] = await rowsOf<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM organizations) AS "any"`,
  );
  return row!.any;
}

export interface Difference {
  what: string;
  expected: string;
  found: string;
}

/** Tables whose count or checksum differs between two sets of sums. */
export function compareSums(expected: TableSum[], found: TableSum[]): Difference[] {
  const out: Difference[] = [];
  const foundBy = new Map(found.map((s) => [s.table, s]));
  for (const e of expected) {
    const f = foundBy.get(e.table);
    if (!f) out.push({ what: `table ${e.table}`, expected: `${e.rows} rows`, found: 'missing' });
    else if (f.rows !== e.rows || f.checksum !== e.checksum) {
      out.push({
        what: `table ${e.table}`,
        expected: `${e.rows} rows ${e.checksum}`,
        found: `${f.rows} rows ${f.checksum}`,
      });
    }
  }
  return out;
}

/** Sequences whose position differs (one never used on the source is not compared). */
export function compareSequences(
  expected: Record<string, string | null>,
  found: Record<string, string | null>,
): Difference[] {
  return Object.entries(expected)
    .filter(([name, last]) => last !== null && found[name] !== last)
    .map(([name, last]) => ({
      what: `sequence ${name}`,
      expected: String(last),
      found: String(found[name]),
    }));
}
