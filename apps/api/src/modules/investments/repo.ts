import type {
  TAssetClass,
  TCommitmentCurrency,
  TPortfolioEntryPatch,
  TPortfolioSort,
} from '@parity/domain/investments';
import type { TTabKey } from '@parity/domain/lpi/tabs';
import { type SQL, sql } from 'drizzle-orm';
import { hasLiveGrantSql } from '../../core/access/exchange-grant';
import type { DbOrTx } from '../../db/client';

// The portfolio's reads and writes, in SQL. The list and the roll-up are one statement each
// (bench/investments.mjs: an investor with 300 managers).

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A manager shares with the investor while it has a live grant and is not deleted; its head counts
 * count in the roll-up only while that grant shares the staff tab.
 */
const sharedSql = (investorId: number, tab?: TTabKey) =>
  sql`(o.deleted_at IS NULL AND ${hasLiveGrantSql(sql`p.manager_organization_id`, investorId, tab)})`;

/** A JSON value as a number when it is one (or a numeric string), else null: snapshots are data. */
const jsonNumber = (value: SQL) => sql`CASE
  WHEN jsonb_typeof(${value}) = 'number' THEN (${value})::numeric
  WHEN jsonb_typeof(${value}) = 'string' AND (${value} #>> '{}') ~ '^[0-9]{1,12}(\\.[0-9]{1,6})?$'
    THEN (${value} #>> '{}')::numeric
  END`;

/** A score of the stored scores jsonb as float8 (null when absent). */
const score = (path: string) => sql`(${jsonNumber(sql.raw(`s.scores #> '{${path}}'`))})::float8`;

export interface EntryRow {
  id: number;
  investor_organization_id: number;
  manager_organization_id: number;
  manager_name: string;
  fund_name: string;
  vintage: number;
  commitment: string;
  currency: TCommitmentCurrency;
  asset_class: TAssetClass;
  created_at: Date | string;
  updated_at: Date | string;
  shared: boolean;
  submitted_at: Date | string | null;
  lpi: number | null;
  evenness: number | null;
  transparency: number | null;
  staff_score: number | null;
  leadership_score: number | null;
  ownership_score: number | null;
  total: number;
}

export interface ListFilter {
  q?: string;
  asset_class?: TAssetClass;
  vintage?: number;
  shared?: 'yes' | 'no';
}

const SORT_COLUMNS: Record<TPortfolioSort, SQL> = {
  manager: sql`lower(o.name)`,
  fund: sql`lower(p.fund_name)`,
  vintage: sql`p.vintage`,
  commitment: sql`p.commitment`,
  lpi: sql`lpi`,
  submitted: sql`submitted_at`,
};

/**
 * The investor's entries (one page, with the total), each with its manager's latest
 * organization-scope submission's scores while that manager shares with the investor.
 */
export async function listEntries(
  db: DbOrTx,
  investorId: number,
  filter: ListFilter,
  page: { sort: TPortfolioSort; order: 'asc' | 'desc'; limit: number; offset: number },
  entryId?: number,
): Promise<EntryRow[]> {
  const where: SQL[] = [sql`p.investor_organization_id = ${investorId}`];
  if (entryId !== undefined) where.push(sql`p.id = ${entryId}`);
  if (filter.q) where.push(sql`(o.name ILIKE ${like(filter.q)} OR p.fund_name ILIKE ${like(filter.q)})`);
  if (filter.asset_class) where.push(sql`p.asset_class = ${filter.asset_class}`);
  if (filter.vintage !== undefined) where.push(sql`p.vintage = ${filter.vintage}`);
  if (filter.shared)
    where.push(filter.shared === 'yes' ? sharedSql(investorId) : sql`NOT ${sharedSql(investorId)}`);
  const direction = sql.raw(page.order === 'desc' ? 'DESC' : 'ASC');
  return rowsOf<EntryRow>(
    await db.execute(sql`
      SELECT p.id, p.investor_organization_id, p.manager_organization_id, o.name AS manager_name,
        p.fund_name, p.vintage, p.commitment, p.currency, p.asset_class, p.created_at, p.updated_at,
        g.shared, s.submitted_at,
        ${score('lpi')} AS lpi,
        ${score('evenness,prime,combined,value')} * 100 AS evenness,
        ${score('transparency,transparency')} AS transparency,
        ${score('staff_score')} AS staff_score,
        ${score('leadership_score')} AS leadership_score,
        ${score('ownership_score')} AS ownership_score,
        count(*) OVER ()::int AS total
      FROM portfolio_entries p
      JOIN organizations o ON o.id = p.manager_organization_id
      CROSS JOIN LATERAL (SELECT ${sharedSql(investorId)} AS shared) g
      LEFT JOIN LATERAL (
        SELECT sub.submitted_at, sub.scores FROM submissions sub
        WHERE g.shared AND sub.organization_id = p.manager_organization_id AND sub.survey_id IS NULL
        ORDER BY sub.submitted_at DESC, sub.id DESC LIMIT 1
      ) s ON true
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY ${SORT_COLUMNS[page.sort]} ${direction} NULLS LAST, p.id ${direction}
      LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
}

export interface RollupRow {
  dimension: 'gender' | 'ethnicity';
  id: number;
  name: string;
  managers: number;
  people: string | null;
  weighted_share: string | null;
  /** the same on every row: the portfolio's figures */
  portfolio_managers: number;
  shared_managers: number;
  reporting_managers: number;
  reporting_people: string | null;
  currencies: string[] | null;
}

/**
 * A staff grid has a row per ethnicity (9 in the dictionary) and a cell per gender (5): the bounds
 * well above them tell the planner how little a snapshot unnests. Without them it reckons 100 x 100
 * rows per snapshot, and that cost turns on JIT compilation (150 ms of a statement of a few ms).
 */
const GRID_ROWS_MAX = sql.raw('32');
const GRID_CELLS_MAX = sql.raw('16');

/**
 * The roll-up, in one statement: the managers that share with the investor, each one's latest
 * organization-scope submission's staff grid (snapshot.staff.rows[].genders[]), summed by gender
 * and by ethnicity over the dictionaries; for each group, how many managers report someone in it,
 * its head count, and its commitment-weighted share (%): sum over managers of commitment x the
 * group's share of that manager's staff, over the sum of their commitments.
 */
export async function rollup(db: DbOrTx, investorId: number): Promise<RollupRow[]> {
  return rowsOf<RollupRow>(
    await db.execute(sql`
      WITH portfolio AS (
        SELECT p.manager_organization_id AS org, sum(p.commitment) AS commitment,
          array_agg(DISTINCT p.currency) AS currencies, bool_or(${sharedSql(investorId)}) AS shared,
          bool_or(${sharedSql(investorId, 'staff')}) AS staff_shared
        FROM portfolio_entries p JOIN organizations o ON o.id = p.manager_organization_id
        WHERE p.investor_organization_id = ${investorId}
        GROUP BY p.manager_organization_id
      ), latest AS (
        -- The staff grid alone, read out of the stored snapshot once per manager.
        SELECT m.org, m.commitment, m.currencies, s.staff_rows FROM portfolio m
        CROSS JOIN LATERAL (
          SELECT sub.snapshot #> '{staff,rows}' AS staff_rows FROM submissions sub
          WHERE sub.organization_id = m.org AND sub.survey_id IS NULL
          ORDER BY sub.submitted_at DESC, sub.id DESC LIMIT 1
        ) s
        WHERE m.staff_shared
      ), cells AS (
        SELECT l.org, ${jsonNumber(sql`r.row -> 'ethnicity_id'`)}::int AS ethnicity_id,
          ${jsonNumber(sql`c.cell -> 'id'`)}::int AS gender_id, ${jsonNumber(sql`c.cell -> 'value'`)} AS people
        FROM latest l
        CROSS JOIN LATERAL (SELECT * FROM jsonb_array_elements(CASE WHEN jsonb_typeof(l.staff_rows) = 'array'
          THEN l.staff_rows ELSE '[]'::jsonb END) LIMIT ${GRID_ROWS_MAX}) AS r(row)
        CROSS JOIN LATERAL (SELECT * FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.row -> 'genders') = 'array'
          THEN r.row -> 'genders' ELSE '[]'::jsonb END) LIMIT ${GRID_CELLS_MAX}) AS c(cell)
      ), counted AS (
        SELECT * FROM cells WHERE people > 0 AND ethnicity_id IS NOT NULL AND gender_id IS NOT NULL
      ), reporting AS (
        SELECT l.org, l.commitment, l.currencies, t.total FROM latest l
        JOIN (SELECT org, sum(people) AS total FROM counted GROUP BY org) t ON t.org = l.org
      ), weights AS (
        SELECT count(*)::int AS managers, sum(total) AS people, sum(commitment) AS commitment,
          (SELECT array_agg(DISTINCT x ORDER BY x) FROM reporting, unnest(currencies) x) AS currencies
        FROM reporting
      ), groups AS (
        SELECT 'gender' AS dimension, c.gender_id AS id, c.org, sum(c.people) AS people FROM counted c
        GROUP BY c.gender_id, c.org
        UNION ALL
        SELECT 'ethnicity', c.ethnicity_id, c.org, sum(c.people) FROM counted c GROUP BY c.ethnicity_id, c.org
      ), totals AS (
        SELECT g.dimension, g.id, count(*)::int AS managers, sum(g.people) AS people,
          100 * sum(r.commitment * g.people / r.total) / nullif((SELECT commitment FROM weights), 0) AS weighted_share
        FROM groups g JOIN reporting r ON r.org = g.org
        GROUP BY g.dimension, g.id
      ), dictionary AS (
        SELECT 'gender' AS dimension, id, name, "order" FROM genders
        UNION ALL
        SELECT 'ethnicity', id, name, "order" FROM ethnicities
      )
      SELECT d.dimension, d.id, d.name, coalesce(t.managers, 0) AS managers, t.people, t.weighted_share,
        (SELECT count(*)::int FROM portfolio) AS portfolio_managers,
        (SELECT count(*)::int FROM portfolio WHERE shared) AS shared_managers,
        w.managers AS reporting_managers, w.people AS reporting_people, w.currencies
      FROM dictionary d
      CROSS JOIN weights w
      LEFT JOIN totals t ON t.dimension = d.dimension AND t.id = d.id
      ORDER BY d.dimension DESC, d."order", d.id`),
  );
}

/** Organizations the investor may link as managers: public ones and those sharing with it. */
export async function managerCandidates(
  db: DbOrTx,
  investorId: number,
  q: string | undefined,
  limit: number,
): Promise<{ id: number; name: string; shared: boolean; total: number }[]> {
  const shared = hasLiveGrantSql(sql`o.id`, investorId);
  return rowsOf(
    await db.execute(sql`
      SELECT o.id, o.name, ${shared} AS shared, count(*) OVER ()::int AS total
      FROM organizations o
      WHERE o.deleted_at IS NULL AND o.id <> ${investorId} AND (o.is_public OR ${shared})
        ${q ? sql`AND o.name ILIKE ${like(q)}` : sql``}
      ORDER BY lower(o.name), o.id LIMIT ${limit}`),
  );
}

/** The manager by id if the investor may link it (public, or sharing with it); else null. */
export async function linkableById(
  db: DbOrTx,
  investorId: number,
  organizationId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`SELECT o.id, o.name FROM organizations o
      WHERE o.id = ${organizationId} AND o.deleted_at IS NULL
        AND (o.is_public OR ${hasLiveGrantSql(sql`o.id`, investorId)})`),
  );
  return row ?? null;
}

/** The organization of a current (not revoked, not expired) organization code; else null. */
export async function organizationByCode(
  db: DbOrTx,
  code: string,
): Promise<{ id: number; name: string } | null> {
  const [row] = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`SELECT o.id, o.name FROM organization_codes c
      JOIN organizations o ON o.id = c.organization_id AND o.deleted_at IS NULL
      WHERE upper(c.code) = upper(${code}) AND c.revoked_at IS NULL
        AND (c.expires_at IS NULL OR c.expires_at > now())
      LIMIT 1`),
  );
  return row ?? null;
}

export interface EntryValues {
  fund_name: string;
  vintage: number;
  commitment: number;
  currency: TCommitmentCurrency;
  asset_class: TAssetClass;
}

export async function insertEntry(
  tx: DbOrTx,
  values: EntryValues & { investorId: number; managerId: number; createdBy: number },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`INSERT INTO portfolio_entries
      (investor_organization_id, manager_organization_id, fund_name, vintage, commitment, currency, asset_class, created_by)
      VALUES (${values.investorId}, ${values.managerId}, ${values.fund_name}, ${values.vintage},
        ${values.commitment}, ${values.currency}, ${values.asset_class}, ${values.createdBy})
      RETURNING id`),
  );
  return row!.id;
}

/** The entry's stored fields, locked for the write; null when not the investor's. */
export async function lockEntry(
  tx: DbOrTx,
  investorId: number,
  entryId: number,
): Promise<(EntryValues & { id: number; manager_organization_id: number }) | null> {
  const [row] = rowsOf<EntryValues & { id: number; manager_organization_id: number; commitment: string }>(
    await tx.execute(sql`SELECT id, manager_organization_id, fund_name, vintage, commitment, currency, asset_class
      FROM portfolio_entries WHERE id = ${entryId} AND investor_organization_id = ${investorId} FOR UPDATE`),
  );
  return row ? { ...row, commitment: Number(row.commitment) } : null;
}

export async function updateEntry(tx: DbOrTx, entryId: number, patch: TPortfolioEntryPatch): Promise<void> {
  const sets = Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  await tx.execute(sql`UPDATE portfolio_entries SET ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
    WHERE id = ${entryId}`);
}

export async function deleteEntry(tx: DbOrTx, entryId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM portfolio_entries WHERE id = ${entryId}`);
}
