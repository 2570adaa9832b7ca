import type { TAttendeeStatus, TEventVisibility, TRecurrence } from '@parity/domain/calendar/events';
import { type SQL, sql } from 'drizzle-orm';
import { mayKnowOrganizationSql, type OrganizationKnower } from '../../core/access/organization-visibility';
import { isPodAdminSql, isPodMemberSql } from '../../core/access/pod-membership';
import { batchedRead } from '../../db/batched-read';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { calendarVersion as calendarVersionTable } from '../../db/schema/calendar';

/** Who reads: the rights every query is written with. */
export interface CalendarCaller {
  userId: number;
  name: string;
  email: string;
  /** the live organization the caller is an approved member of */
  organizationId: number | null;
  isOrganizationAdmin: boolean;
  isPlatformAdmin: boolean;
  /** approved members and platform admins */
  allowed: boolean;
}

export function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

/**
 * The events the caller may read (alias `e`): organizer and invited attendees; an organization
 * event to its approved members; a public one to every approved user; a pod's event to the pod's
 * members. Everyone else: 404. `anyPod`: platform admins (who may see any pod) also read every
 * pod's events: one event by id and a pod's list, not in their own calendar's views.
 */
export function readableEvent(caller: CalendarCaller, anyPod = false): SQL {
  const podAdmin = anyPod && caller.isPlatformAdmin;
  return sql`(e.organizer_id = ${caller.userId}
    OR EXISTS (SELECT 1 FROM event_attendees ra WHERE ra.event_id = e.id AND ra.user_id = ${caller.userId})
    OR (e.visibility = 'organization' AND e.organization_id = ${caller.organizationId ?? -1})
    OR (e.visibility = 'public' AND ${caller.allowed}::boolean)
    OR (e.visibility = 'pod' AND (${podAdmin}::boolean OR ${isPodMemberSql(sql`e.pod_id`, caller.userId)})))`;
}

export interface EventRow {
  id: number;
  uid: string;
  sequence: number;
  title: string;
  description: string;
  start_at: Date;
  end_at: Date;
  all_day: boolean;
  time_zone: string;
  location: string | null;
  video_url: string | null;
  visibility: TEventVisibility;
  organization_id: number | null;
  organization_name: string | null;
  pod_id: number | null;
  /** the caller is an admin of the event's pod */
  pod_admin: boolean;
  organizer_id: number;
  organizer_name: string;
  organizer_email: string;
  rrule: string | null;
  recurrence: TRecurrence | null;
  series_end_at: Date | null;
  my_status: TAttendeeStatus | null;
  my_reminder: number | null;
}

const eventColumns = sql`e.id, e.uid, e.sequence, e.title, e.description, e.start_at, e.end_at, e.all_day,
  e.time_zone, e.location, e.video_url, e.visibility, e.organization_id, o.name AS organization_name,
  e.pod_id, e.organizer_id, trim(u.name || ' ' || u.lastname) AS organizer_name, u.email AS organizer_email,
  e.rrule, e.recurrence, e.series_end_at`;

function dates<T extends { start_at: unknown; end_at: unknown; series_end_at?: unknown }>(row: T): T {
  return {
    ...row,
    start_at: new Date(row.start_at as string),
    end_at: new Date(row.end_at as string),
    ...('series_end_at' in row
      ? { series_end_at: row.series_end_at ? new Date(row.series_end_at as string) : null }
      : {}),
  };
}

/** One event the caller may read (with their attendance), or undefined; `lock`: FOR UPDATE of the event. */
export async function findReadableEvent(
  db: DbOrTx,
  caller: CalendarCaller,
  eventId: number,
  lock = false,
): Promise<EventRow | undefined> {
  const result = await db.execute(sql`
    SELECT ${eventColumns}, a.status AS my_status, a.reminder_minutes AS my_reminder,
      ${isPodAdminSql(sql`e.pod_id`, caller.userId)} AS pod_admin
    FROM events e
    JOIN users u ON u.id = e.organizer_id
    LEFT JOIN organizations o ON o.id = e.organization_id
    LEFT JOIN event_attendees a ON a.event_id = e.id AND a.user_id = ${caller.userId}
    WHERE e.id = ${eventId} AND ${readableEvent(caller, true)}
    ${lock ? sql`FOR UPDATE OF e` : sql``}`);
  const row = rowsOf<EventRow>(result)[0];
  return row ? dates(row) : undefined;
}

export interface RangeRow {
  id: number;
  title: string;
  /** ISO instants, written by PostgreSQL (no Date parsing per row: the month view reads hundreds) */
  start_iso: string;
  end_iso: string;
  all_day: boolean;
  time_zone: string;
  organization_id: number | null;
  pod_admin: boolean;
  organizer_id: number;
  recurrence: TRecurrence | null;
  my_status: TAttendeeStatus | null;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The events with an occurrence in [from, to) the caller may read, with their attendance: the columns a grid needs. */
export async function eventsInRange(
  db: DbOrTx,
  caller: CalendarCaller,
  from: Date,
  to: Date,
): Promise<RangeRow[]> {
  const f = from.toISOString();
  const t = to.toISOString();
  const result = await db.execute(sql`
    SELECT e.id, e.title, ${iso(sql`e.start_at`)} AS start_iso, ${iso(sql`e.end_at`)} AS end_iso, e.all_day,
      e.time_zone, e.organization_id, e.organizer_id, e.recurrence, a.status AS my_status,
      ${isPodAdminSql(sql`e.pod_id`, caller.userId)} AS pod_admin
    FROM events e
    LEFT JOIN event_attendees a ON a.event_id = e.id AND a.user_id = ${caller.userId}
    WHERE ${readableEvent(caller)} AND (
      (e.rrule IS NULL AND e.start_at < ${t}::timestamptz AND e.end_at > ${f}::timestamptz)
      OR (e.rrule IS NOT NULL AND e.start_at < ${t}::timestamptz
          AND (e.series_end_at IS NULL OR e.series_end_at > ${f}::timestamptz))
      OR (e.rrule IS NOT NULL AND EXISTS (SELECT 1 FROM event_exceptions x WHERE x.event_id = e.id
          AND NOT x.cancelled AND x.start_at < ${t}::timestamptz AND x.end_at > ${f}::timestamptz))
    )`);
  return rowsOf<RangeRow>(result);
}

/**
 * The calendar version (parity_cache.calendar_version): a token every committed change to what
 * a range read answers replaces. Read after the request arrived; the reads of one event-loop turn
 * share one execution of a prepared statement (batchedRead), so checking it costs a request
 * little. In a transaction it runs alone, on the transaction.
 */
export const calendarVersion = (db: DbOrTx): Promise<string> =>
  readVersion(db, 1).then((row) => {
    if (!row) throw new Error('parity_cache.calendar_version has no row (migration 0033)');
    return row.token;
  });

const readVersion = batchedRead({
  fetch: async (db, _keys: 1[]) => {
    const rows = await preparedStatement(db, 'calendar_version', () =>
      db.select({ token: calendarVersionTable.token }).from(calendarVersionTable),
    ).execute();
    return rows.map((row) => ({ key: 1 as const, token: row.token }));
  },
  keyOf: (row) => row.key,
});

export interface ExceptionRow {
  event_id: number;
  occurrence_start: Date;
  cancelled: boolean;
  start_at: Date | null;
  end_at: Date | null;
  title: string | null;
}

export async function exceptionsOf(db: DbOrTx, eventIds: number[]): Promise<ExceptionRow[]> {
  if (eventIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT event_id, occurrence_start, cancelled, start_at, end_at, title FROM event_exceptions
    WHERE event_id = ANY(${sql.raw(`ARRAY[${eventIds.map(Number).join(',')}]::int[]`)})
    ORDER BY occurrence_start`);
  return rowsOf<ExceptionRow>(result).map((r) => ({
    ...r,
    occurrence_start: new Date(r.occurrence_start),
    start_at: r.start_at ? new Date(r.start_at) : null,
    end_at: r.end_at ? new Date(r.end_at) : null,
  }));
}

export type StatusCounts = Record<TAttendeeStatus, number>;

export async function statusCounts(db: DbOrTx, eventId: number): Promise<StatusCounts> {
  const result = await db.execute(sql`
    SELECT status, count(*)::int AS n FROM event_attendees WHERE event_id = ${eventId} GROUP BY status`);
  const counts: StatusCounts = { 'no-answer': 0, attending: 0, declined: 0, maybe: 0 };
  for (const row of rowsOf<{ status: TAttendeeStatus; n: number }>(result))
    counts[row.status] = Number(row.n);
  return counts;
}

export interface AttendeeRow {
  user_id: number;
  name: string;
  email: string;
  organization_name: string | null;
  status: TAttendeeStatus;
  via_organization_id: number | null;
  reminder_minutes: number | null;
}

/** With `viewer`, a private organization is named only when they may know it (else null). */
export async function attendeesOf(
  db: DbOrTx,
  eventId: number,
  options: { status?: TAttendeeStatus; limit?: number; offset?: number; viewer?: OrganizationKnower } = {},
) {
  const where = options.status ? sql`AND a.status = ${options.status}` : sql``;
  const organization = options.viewer
    ? sql`CASE WHEN ${mayKnowOrganizationSql(options.viewer, sql`o.id`)} THEN o.name END`
    : sql`o.name`;
  const result = await db.execute(sql`
    SELECT a.user_id, trim(u.name || ' ' || u.lastname) AS name, u.email, ${organization} AS organization_name, a.status,
      a.via_organization_id, a.reminder_minutes, count(*) OVER ()::int AS total
    FROM event_attendees a
    JOIN users u ON u.id = a.user_id AND u.deleted_at IS NULL
    LEFT JOIN memberships m ON m.user_id = u.id AND m.status = 'approved'
    LEFT JOIN organizations o ON o.id = m.organization_id
    WHERE a.event_id = ${eventId} ${where}
    ORDER BY lower(u.name), lower(u.lastname), a.user_id
    LIMIT ${options.limit ?? 100_000} OFFSET ${options.offset ?? 0}`);
  const rows = rowsOf<AttendeeRow & { total: number }>(result);
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

/** Live users among these ids (id, name, email). */
export async function liveUsers(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    SELECT id, trim(name || ' ' || lastname) AS name, email FROM users
    WHERE id = ANY(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) AND deleted_at IS NULL`);
  return rowsOf<{ id: number; name: string; email: string }>(result);
}

/** The approved members of live organizations among these ids. */
export async function approvedMembers(db: DbOrTx, organizationIds: number[]) {
  if (organizationIds.length === 0) return { organizations: [], members: [] };
  const ids = sql.raw(`ARRAY[${organizationIds.map(Number).join(',')}]::int[]`);
  const orgs = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`SELECT id, name FROM organizations WHERE id = ANY(${ids}) AND deleted_at IS NULL`),
  );
  const members = rowsOf<{ user_id: number; organization_id: number }>(
    await db.execute(sql`
      SELECT m.user_id, m.organization_id FROM memberships m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
      WHERE m.organization_id = ANY(${ids}) AND m.status = 'approved'`),
  );
  return { organizations: orgs, members };
}

export async function organizationName(db: DbOrTx, id: number) {
  const result = await db.execute(
    sql`SELECT name FROM organizations WHERE id = ${id} AND deleted_at IS NULL`,
  );
  return rowsOf<{ name: string }>(result)[0]?.name ?? null;
}
