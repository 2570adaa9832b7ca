import type { TGrantStatus, TRequestStatus } from '@parity/domain/exchange';
import type { TTabKey } from '@parity/domain/lpi/tabs';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// The exchange's reads and writes, in SQL.

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

const personName = (alias: string) => sql.raw(`nullif(trim(${alias}.name || ' ' || ${alias}.lastname), '')`);
const limitOffset = (page: number, limit: number) => sql`LIMIT ${limit} OFFSET ${(page - 1) * limit}`;

/** A grant's status now: revoked wins over expired. */
const grantStatus = sql.raw(
  `CASE WHEN g.revoked_at IS NOT NULL THEN 'revoked' WHEN g.expires_at <= now() THEN 'expired' ELSE 'active' END`,
);

export interface OrganizationRow {
  id: number;
  name: string;
}

export async function findOrganization(
  db: DbOrTx,
  organizationId: number,
): Promise<OrganizationRow | undefined> {
  return rowsOf<OrganizationRow>(
    await db.execute(
      sql`SELECT id, name FROM organizations WHERE id = ${organizationId} AND deleted_at IS NULL`,
    ),
  )[0];
}

/* Grants */

export interface GrantRow {
  id: number;
  owner_id: number;
  owner_name: string;
  investor_id: number;
  investor_name: string;
  tabs: TTabKey[] | null;
  status: TGrantStatus;
  expires_at: Date | string;
  created_at: Date | string;
  granted_by: string | null;
  revoked_at: Date | string | null;
  revoked_by: string | null;
  views: number;
}

const grantSelect = sql`SELECT g.id, g.owner_organization_id AS owner_id, o.name AS owner_name,
    g.investor_organization_id AS investor_id, i.name AS investor_name, g.tabs, ${grantStatus} AS status,
    g.expires_at, g.created_at, ${personName('gb')} AS granted_by, g.revoked_at, ${personName('rb')} AS revoked_by,
    (SELECT count(*)::int FROM exchange_views v WHERE v.grant_id = g.id) AS views
  FROM exchange_grants g
  JOIN organizations o ON o.id = g.owner_organization_id
  JOIN organizations i ON i.id = g.investor_organization_id
  LEFT JOIN users gb ON gb.id = g.granted_by
  LEFT JOIN users rb ON rb.id = g.revoked_by`;

export async function listGrants(
  db: DbOrTx,
  ownerId: number,
  status: TGrantStatus | undefined,
  page: number,
  limit: number,
) {
  const where = sql`g.owner_organization_id = ${ownerId} ${status ? sql`AND ${grantStatus} = ${status}` : sql``}`;
  const [rows, count] = await Promise.all([
    db.execute(
      sql`${grantSelect} WHERE ${where} ORDER BY g.created_at DESC, g.id DESC ${limitOffset(page, limit)}`,
    ),
    db.execute(sql`SELECT count(*)::int AS n FROM exchange_grants g WHERE ${where}`),
  ]);
  return { rows: rowsOf<GrantRow>(rows), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
}

export async function findGrant(db: DbOrTx, grantId: number): Promise<GrantRow | undefined> {
  return rowsOf<GrantRow>(await db.execute(sql`${grantSelect} WHERE g.id = ${grantId}`))[0];
}

/** Locks the grant row for its revocation. */
export async function lockGrant(db: DbOrTx, grantId: number) {
  return rowsOf<{ id: number; owner_organization_id: number; revoked_at: Date | null }>(
    await db.execute(
      sql`SELECT id, owner_organization_id, revoked_at FROM exchange_grants WHERE id = ${grantId} FOR UPDATE`,
    ),
  )[0];
}

const tabsValue = (tabs: readonly TTabKey[] | null): SQL =>
  tabs === null ? sql`NULL` : sql`string_to_array(${tabs.join(',')}, ',')`;

export async function insertGrant(
  db: DbOrTx,
  input: {
    ownerId: number;
    investorId: number;
    tabs: readonly TTabKey[] | null;
    expiresAt: Date;
    grantedBy: number;
  },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO exchange_grants
      (owner_organization_id, investor_organization_id, tabs, expires_at, granted_by)
      VALUES (${input.ownerId}, ${input.investorId}, ${tabsValue(input.tabs)}, ${input.expiresAt.toISOString()}::timestamptz, ${input.grantedBy})
      RETURNING id`),
  );
  return row!.id;
}

export async function revokeGrant(db: DbOrTx, grantId: number, userId: number) {
  await db.execute(
    sql`UPDATE exchange_grants SET revoked_at = now(), revoked_by = ${userId} WHERE id = ${grantId}`,
  );
}

/* Shared with the investor */

export interface SharedRow {
  grant_id: number;
  owner_id: number;
  owner_name: string;
  tabs: TTabKey[] | null;
  expires_at: Date | string;
  created_at: Date | string;
  submitted_at: Date | string | null;
}

/** The live grants to the investor, one per owner (its newest). */
export async function listShared(db: DbOrTx, investorId: number, page: number, limit: number) {
  const live = sql`SELECT DISTINCT ON (g.owner_organization_id) g.id, g.owner_organization_id, g.tabs, g.expires_at, g.created_at
    FROM exchange_grants g JOIN organizations o ON o.id = g.owner_organization_id AND o.deleted_at IS NULL
    WHERE g.investor_organization_id = ${investorId} AND g.revoked_at IS NULL AND g.expires_at > now()
    ORDER BY g.owner_organization_id, g.created_at DESC, g.id DESC`;
  const [rows, count] = await Promise.all([
    db.execute(sql`SELECT l.id AS grant_id, l.owner_organization_id AS owner_id, o.name AS owner_name, l.tabs,
        l.expires_at, l.created_at,
        (SELECT max(s.submitted_at) FROM submissions s
          WHERE s.organization_id = l.owner_organization_id AND s.survey_id IS NULL) AS submitted_at
      FROM (${live}) l JOIN organizations o ON o.id = l.owner_organization_id
      ORDER BY o.name, l.id ${limitOffset(page, limit)}`),
    db.execute(sql`SELECT count(*)::int AS n FROM (${live}) l`),
  ]);
  return { rows: rowsOf<SharedRow>(rows), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
}

export interface SubmissionRow {
  submitted_at: Date | string;
  snapshot: Record<string, unknown> | null;
  scores: Record<string, unknown> | null;
}

/** The organization's latest profile submission (not a survey response). */
export async function latestProfileSubmission(db: DbOrTx, organizationId: number) {
  return rowsOf<SubmissionRow>(
    await db.execute(sql`SELECT submitted_at, snapshot, scores FROM submissions
      WHERE organization_id = ${organizationId} AND survey_id IS NULL
      ORDER BY submitted_at DESC, id DESC LIMIT 1`),
  )[0];
}

/* Views */

export async function insertView(
  db: DbOrTx,
  input: { grantId: number; ownerId: number; investorId: number; viewerId: number; tab: TTabKey | null },
) {
  await db.execute(sql`INSERT INTO exchange_views
    (grant_id, owner_organization_id, investor_organization_id, viewer_user_id, tab)
    VALUES (${input.grantId}, ${input.ownerId}, ${input.investorId}, ${input.viewerId}, ${input.tab})`);
}

export interface ViewRow {
  id: number;
  grant_id: number;
  investor_id: number;
  investor_name: string;
  viewer: string | null;
  tab: TTabKey | null;
  viewed_at: Date | string;
}

export async function listViews(db: DbOrTx, ownerId: number, page: number, limit: number) {
  const [rows, count] = await Promise.all([
    db.execute(sql`SELECT v.id, v.grant_id, v.investor_organization_id AS investor_id, i.name AS investor_name,
        ${personName('u')} AS viewer, v.tab, v.viewed_at
      FROM exchange_views v
      JOIN organizations i ON i.id = v.investor_organization_id
      LEFT JOIN users u ON u.id = v.viewer_user_id
      WHERE v.owner_organization_id = ${ownerId}
      ORDER BY v.viewed_at DESC, v.id DESC ${limitOffset(page, limit)}`),
    db.execute(
      sql`SELECT count(*)::int AS n FROM exchange_views v WHERE v.owner_organization_id = ${ownerId}`,
    ),
  ]);
  return { rows: rowsOf<ViewRow>(rows), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
}

/* Requests */

export interface RequestRow {
  id: number;
  owner_id: number;
  owner_name: string;
  investor_id: number;
  investor_name: string;
  requested_by: string | null;
  message: string;
  tabs: TTabKey[] | null;
  status: TRequestStatus;
  decided_by: string | null;
  decided_at: Date | string | null;
  grant_id: number | null;
  created_at: Date | string;
}

const requestSelect = sql`SELECT r.id, r.owner_organization_id AS owner_id, o.name AS owner_name,
    r.investor_organization_id AS investor_id, i.name AS investor_name, ${personName('rq')} AS requested_by,
    r.message, r.tabs, r.status, ${personName('d')} AS decided_by, r.decided_at, r.grant_id, r.created_at
  FROM exchange_requests r
  JOIN organizations o ON o.id = r.owner_organization_id
  JOIN organizations i ON i.id = r.investor_organization_id
  LEFT JOIN users rq ON rq.id = r.requested_by
  LEFT JOIN users d ON d.id = r.decided_by`;

export async function listRequests(
  db: DbOrTx,
  filter: { column: 'owner_organization_id' | 'investor_organization_id'; organizationId: number },
  status: TRequestStatus | undefined,
  page: number,
  limit: number,
) {
  const where = sql`r.${sql.raw(filter.column)} = ${filter.organizationId} ${status ? sql`AND r.status = ${status}` : sql``}`;
  const [rows, count] = await Promise.all([
    db.execute(
      sql`${requestSelect} WHERE ${where}
        ORDER BY (r.status = 'pending') DESC, r.created_at DESC, r.id DESC ${limitOffset(page, limit)}`,
    ),
    db.execute(sql`SELECT count(*)::int AS n FROM exchange_requests r WHERE ${where}`),
  ]);
  return { rows: rowsOf<RequestRow>(rows), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
}

export async function findRequest(db: DbOrTx, requestId: number): Promise<RequestRow | undefined> {
  return rowsOf<RequestRow>(await db.execute(sql`${requestSelect} WHERE r.id = ${requestId}`))[0];
}

export async function lockRequest(db: DbOrTx, requestId: number) {
  return rowsOf<{
    id: number;
    owner_organization_id: number;
    investor_organization_id: number;
    status: string;
    requested_by: number | null;
  }>(
    await db.execute(sql`SELECT id, owner_organization_id, investor_organization_id, status, requested_by
      FROM exchange_requests WHERE id = ${requestId} FOR UPDATE`),
  )[0];
}

export async function hasPendingRequest(db: DbOrTx, ownerId: number, investorId: number): Promise<boolean> {
  return (
    rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM exchange_requests
        WHERE owner_organization_id = ${ownerId} AND investor_organization_id = ${investorId} AND status = 'pending'
        LIMIT 1`),
    ).length > 0
  );
}

export async function insertRequest(
  db: DbOrTx,
  input: {
    ownerId: number;
    investorId: number;
    requestedBy: number;
    message: string;
    tabs: readonly TTabKey[] | null;
  },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO exchange_requests
      (owner_organization_id, investor_organization_id, requested_by, message, tabs)
      VALUES (${input.ownerId}, ${input.investorId}, ${input.requestedBy}, ${input.message}, ${tabsValue(input.tabs)})
      RETURNING id`),
  );
  return row!.id;
}

export async function decideRequest(
  db: DbOrTx,
  requestId: number,
  input: { status: 'accepted' | 'declined'; decidedBy: number; grantId: number | null },
) {
  await db.execute(sql`UPDATE exchange_requests
    SET status = ${input.status}, decided_by = ${input.decidedBy}, decided_at = now(), grant_id = ${input.grantId}
    WHERE id = ${requestId}`);
}

/** Serialises the pending-request check and insert of one pair (two clicks must not make two). */
export async function lockPair(db: DbOrTx, ownerId: number, investorId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ownerId}::int, ${investorId}::int)`);
}
