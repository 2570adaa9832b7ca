import {
  CALENDAR_MESSAGES,
  DEFAULT_CALENDAR_PREFERENCES,
  MAX_OCCURRENCES_PER_READ,
  reminderText,
  type TAttendee,
  type TAttendeeInvite,
  type TCalendarPreferences,
  type TEventDetail,
  type TEventInput,
  type TEventListItem,
  type TEventListQuery,
  type TEventPatch,
  type TMyAttendance,
  type TOccurrence,
  type TRecurrence,
  ZOccurrenceList,
} from '@parity/domain/calendar/events';
import { type AccountFlags, AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import { sql } from 'drizzle-orm';
import { flagsOf, loadCaller } from '../../core/access/caller';
import type { UserProfileRow } from '../../core/access/user-profile';
import { hashOpaqueToken, newOpaqueToken } from '../../core/auth/tokens';
import { AppError, badRequest, fieldIssue, forbidden, notFound } from '../../core/http/errors';
import { strongEtag } from '../../core/http/etag';
import { enqueue } from '../../core/jobs/runner';
import { notify } from '../../core/outbox/notify';
import type { Db, DbOrTx } from '../../db/client';
import { plainText, sanitizeDescription } from '../../lib/formatted-text';
import { eventIcs, feedIcs, type IcsEvent, type IcsMethod, whenText } from './ics';
import type { RangeAnswer, RangeAnswers } from './range-cache';
import {
  isOccurrence,
  nextOccurrence,
  occurrenceStarts,
  previousOccurrence,
  rruleText,
  seriesEnd,
  TooManyOccurrences,
} from './recurrence';
import type { CalendarCaller, EventRow, ExceptionRow } from './repo';
import * as repo from './repo';

export const MAIL_JOB = 'calendar.mail';
export const REMINDER_JOB = 'calendar.reminder';
export const REMINDER_SWEEP_JOB = 'calendar.reminder-sweep';

export interface CalendarDeps {
  db: Db;
  publicUrl: string;
}

/** The formatted-text rules, shared with the pods' posts. */
export { readable, requireCalendarUser };

export async function calendarCaller(db: DbOrTx, userId: number): Promise<CalendarCaller> {
  const caller = await loadCaller(db, userId);
  return calendarCallerOf(userId, caller.row, caller.flags);
}

/** The calendar's view of a caller from their profile (the auth hook's, or loadCaller's). */
export function calendarCallerOf(
  userId: number,
  row: UserProfileRow,
  flags: AccountFlags = flagsOf(row),
): CalendarCaller {
  const approved = row.organization && row.membership?.status === 'approved';
  return {
    userId,
    name: `${row.user.name} ${row.user.lastname}`.trim(),
    email: row.user.email,
    organizationId: approved ? row.organization!.id : null,
    isOrganizationAdmin: Boolean(flags.isOrganizationAdministrator),
    isPlatformAdmin: Boolean(row.user.is_sadm),
    allowed: Boolean(flags.isAllowed),
  };
}

/** Creating and joining events: approved members and platform admins (403 while awaiting approval). */
function requireCalendarUser(caller: CalendarCaller) {
  if (!caller.allowed) throw new AppError(403, 'awaiting_approval', AWAITING_APPROVAL_MESSAGE);
}

const notFoundEvent = () => notFound('Event');
const queryIssue = (field: string, message: string) =>
  badRequest(`querystring.${field}: ${message}`, [{ field: `querystring.${field}`, message }]);

export function canEdit(
  event: Pick<EventRow, 'organizer_id' | 'organization_id' | 'pod_admin'>,
  caller: CalendarCaller,
) {
  return (
    event.organizer_id === caller.userId ||
    event.pod_admin ||
    (caller.isOrganizationAdmin &&
      event.organization_id !== null &&
      event.organization_id === caller.organizationId)
  );
}

function requireEdit(event: EventRow, caller: CalendarCaller) {
  if (!canEdit(event, caller)) {
    throw forbidden("Only the event's organizer and the admins of its organization or pod may change it.");
  }
}

async function readable(db: DbOrTx, caller: CalendarCaller, eventId: number, lock = false) {
  const event = await repo.findReadableEvent(db, caller, eventId, lock);
  if (!event) throw notFoundEvent();
  return event;
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const duration = (e: { start_at: Date; end_at: Date }) => e.end_at.getTime() - e.start_at.getTime();

function tooMany(): never {
  throw new AppError(400, 'bad_request', CALENDAR_MESSAGES.tooManyOccurrences, [
    { field: 'querystring.to', message: CALENDAR_MESSAGES.tooManyOccurrences },
  ]);
}

/* Occurrences */

interface Expanded {
  occurrenceStart: Date;
  start: Date;
  end: Date;
  title: string;
}

/** The occurrences of an event in [from, to), exceptions applied. */
function expand(
  event: Pick<EventRow, 'title' | 'start_at' | 'end_at' | 'time_zone' | 'recurrence'>,
  exceptions: ExceptionRow[],
  from: Date,
  to: Date,
  limit?: number,
): Expanded[] {
  if (!event.recurrence) {
    return event.start_at < to && event.end_at > from
      ? [{ occurrenceStart: event.start_at, start: event.start_at, end: event.end_at, title: event.title }]
      : [];
  }
  const length = duration(event);
  const byStart = new Map(exceptions.map((x) => [x.occurrence_start.getTime(), x]));
  const starts = occurrenceStarts(event.recurrence, event.start_at, event.time_zone, length, from, to, limit);
  const seen = new Set(starts.map((s) => s.getTime()));
  const out: Expanded[] = [];
  for (const original of starts) {
    const exception = byStart.get(original.getTime());
    if (exception?.cancelled) continue;
    const start = exception?.start_at ?? original;
    const end = exception?.end_at ?? new Date(original.getTime() + length);
    if (start < to && end > from)
      out.push({ occurrenceStart: original, start, end, title: exception?.title ?? event.title });
  }
  // occurrences moved into the range from outside it
  for (const exception of exceptions) {
    if (exception.cancelled || seen.has(exception.occurrence_start.getTime())) continue;
    if (exception.start_at && exception.end_at && exception.start_at < to && exception.end_at > from) {
      out.push({
        occurrenceStart: exception.occurrence_start,
        start: exception.start_at,
        end: exception.end_at,
        title: exception.title ?? event.title,
      });
    }
  }
  return out;
}

/** GET /api/events?from&to: every occurrence the caller may read in the range (at most 1,000). */
export async function listOccurrences(
  db: DbOrTx,
  caller: CalendarCaller,
  from: Date,
  to: Date,
): Promise<{ data: TOccurrence[] }> {
  const events = await repo.eventsInRange(db, caller, from, to);
  const exceptions = await repo.exceptionsOf(
    db,
    events.filter((e) => e.recurrence).map((e) => e.id),
  );
  const byEvent = groupBy(exceptions, (x) => x.event_id);
  const data: TOccurrence[] = [];
  for (const event of events) {
    const canEditIt = canEdit(event, caller);
    const myStatus = event.my_status;
    if (!event.recurrence) {
      // the query matched a single event's own times to the range
      const single: TOccurrence = {
        eventId: event.id,
        title: event.title,
        start: event.start_iso,
        end: event.end_iso,
        allDay: event.all_day,
        canEdit: canEditIt,
      };
      if (myStatus) single.myStatus = myStatus;
      data.push(single);
    } else {
      const series = {
        title: event.title,
        start_at: new Date(event.start_iso),
        end_at: new Date(event.end_iso),
        time_zone: event.time_zone,
        recurrence: event.recurrence,
      };
      let occurrences: Expanded[];
      try {
        occurrences = expand(
          series,
          byEvent.get(event.id) ?? [],
          from,
          to,
          MAX_OCCURRENCES_PER_READ - data.length,
        );
      } catch (error) {
        if (error instanceof TooManyOccurrences) tooMany();
        throw error;
      }
      for (const o of occurrences) {
        const one: TOccurrence = {
          eventId: event.id,
          title: o.title,
          start: o.start.toISOString(),
          end: o.end.toISOString(),
          allDay: event.all_day,
          canEdit: canEditIt,
          occurrenceStart: o.occurrenceStart.toISOString(),
        };
        if (myStatus) one.myStatus = myStatus;
        data.push(one);
      }
    }
    if (data.length > MAX_OCCURRENCES_PER_READ) tooMany();
  }
  // ISO instants of one format sort as text: a plain comparison (localeCompare is far slower)
  data.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.eventId - b.eventId));
  return { data };
}

/**
 * The key of a range read's answer: everything of the caller the answer depends on (their rights,
 * read by the auth hook for this request) and the range's instants. The rest it depends on is the
 * database's, which the calendar version covers (repo.calendarVersion).
 */
function rangeKey(caller: CalendarCaller, from: Date, to: Date) {
  return [
    caller.userId,
    caller.organizationId ?? '-',
    caller.isOrganizationAdmin ? 1 : 0,
    caller.isPlatformAdmin ? 1 : 0,
    caller.allowed ? 1 : 0,
    from.getTime(),
    to.getTime(),
  ].join(':');
}

/**
 * GET /api/events?from&to as bytes: the answer kept for this caller, range and calendar version,
 * else built (checked against its schema, serialized, given a strong ETag) and kept. The version is
 * read first, after the request arrived, so an answer is never older than the version it is kept
 * under: once any write commits, the version differs and the answer is built again.
 */
export async function occurrencesAnswer(
  db: Db,
  answers: RangeAnswers,
  caller: CalendarCaller,
  from: Date,
  to: Date,
): Promise<RangeAnswer> {
  const version = await repo.calendarVersion(db);
  return answers.get(rangeKey(caller, from, to), version, async () => {
    const body = Buffer.from(
      JSON.stringify(ZOccurrenceList.parse(await listOccurrences(db, caller, from, to))),
    );
    return { body, etag: strongEtag(body) };
  });
}

/** GET /api/events/list: upcoming or past events, searched and filtered, in pages. */
export async function listEvents(
  db: Db,
  userId: number,
  query: TEventListQuery,
  now = new Date(),
): Promise<{ data: TEventListItem[]; total: number }> {
  const caller = await calendarCaller(db, userId);
  const at = now.toISOString();
  const when =
    query.when === 'upcoming'
      ? sql`((e.rrule IS NULL AND e.end_at >= ${at}::timestamptz) OR (e.rrule IS NOT NULL AND (e.series_end_at IS NULL OR e.series_end_at >= ${at}::timestamptz)))`
      : sql`((e.rrule IS NULL AND e.end_at < ${at}::timestamptz) OR (e.rrule IS NOT NULL AND e.start_at < ${at}::timestamptz))`;
  const q = query.q?.trim();
  const search = q
    ? sql`AND (e.search @@ websearch_to_tsquery('simple', ${q}) OR e.search @@ websearch_to_tsquery('english', ${q}) OR e.title ILIKE ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
    : sql``;
  const organization = query.organizationId ? sql`AND e.organization_id = ${query.organizationId}` : sql``;
  const pod = query.podId ? sql`AND e.pod_id = ${query.podId}` : sql``;
  const result = await db.execute(sql`
    SELECT e.id, e.title, e.start_at, e.end_at, e.all_day, e.time_zone, e.recurrence, e.visibility,
      o.name AS organization_name, a.status AS my_status,
      (SELECT count(*)::int FROM event_attendees c WHERE c.event_id = e.id AND c.status = 'attending') AS attending,
      count(*) OVER ()::int AS total
    FROM events e
    LEFT JOIN organizations o ON o.id = e.organization_id
    LEFT JOIN event_attendees a ON a.event_id = e.id AND a.user_id = ${caller.userId}
    WHERE ${repo.readableEvent(caller, Boolean(query.podId))} AND ${when} ${search} ${organization} ${pod}
    ORDER BY ${query.when === 'upcoming' ? sql`e.start_at ASC` : sql`e.start_at DESC`}, e.id
    LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`);
  const rows = repo.rowsOf<{
    id: number;
    title: string;
    start_at: Date;
    end_at: Date;
    all_day: boolean;
    time_zone: string;
    recurrence: TRecurrence | null;
    visibility: TEventListItem['visibility'];
    organization_name: string | null;
    my_status: TEventListItem['myStatus'];
    attending: number;
    total: number;
  }>(result);
  const data = rows.map((row) => {
    let start = new Date(row.start_at);
    const length = new Date(row.end_at).getTime() - start.getTime();
    if (row.recurrence) {
      // a series shows its next occurrence (upcoming) or its last one (past)
      const pick =
        query.when === 'upcoming'
          ? nextOccurrence(row.recurrence, start, row.time_zone, new Date(now.getTime() - length))
          : previousOccurrence(row.recurrence, start, row.time_zone, now);
      if (pick) start = pick;
    }
    return {
      eventId: row.id,
      title: row.title,
      start: start.toISOString(),
      end: new Date(start.getTime() + length).toISOString(),
      allDay: row.all_day,
      organizationName: row.organization_name,
      visibility: row.visibility,
      recurring: row.recurrence !== null,
      myStatus: row.my_status,
      attendingCount: Number(row.attending),
    };
  });
  return { data, total: rows[0] ? Number(rows[0].total) : 0 };
}

/* Details */

async function detail(db: DbOrTx, caller: CalendarCaller, event: EventRow): Promise<TEventDetail> {
  const [counts, exceptions] = await Promise.all([
    repo.statusCounts(db, event.id),
    repo.exceptionsOf(db, event.recurrence ? [event.id] : []),
  ]);
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    start: event.start_at.toISOString(),
    end: event.end_at.toISOString(),
    allDay: event.all_day,
    timeZone: event.time_zone,
    location: event.location,
    videoUrl: event.video_url,
    visibility: event.visibility,
    organizationId: event.organization_id,
    organizationName: event.organization_name,
    podId: event.pod_id,
    organizer: { id: event.organizer_id, name: event.organizer_name, email: event.organizer_email },
    recurrence: event.recurrence,
    rrule: event.rrule,
    sequence: event.sequence,
    canEdit: canEdit(event, caller),
    myAttendance: event.my_status ? { status: event.my_status, reminderMinutes: event.my_reminder } : null,
    counts,
    exceptions: exceptions.map((x) => ({
      occurrenceStart: x.occurrence_start.toISOString(),
      cancelled: x.cancelled,
      start: x.start_at?.toISOString() ?? null,
      end: x.end_at?.toISOString() ?? null,
      title: x.title,
    })),
  };
}

export async function getEvent(db: Db, userId: number, eventId: number): Promise<TEventDetail> {
  const caller = await calendarCaller(db, userId);
  return detail(db, caller, await readable(db, caller, eventId));
}

/* Mail and notifications */

async function icsEventOf(db: DbOrTx, event: EventRow, publicUrl: string): Promise<IcsEvent> {
  const [{ rows: attendees }, exceptions] = await Promise.all([
    repo.attendeesOf(db, event.id),
    repo.exceptionsOf(db, event.recurrence ? [event.id] : []),
  ]);
  return {
    uid: event.uid,
    sequence: event.sequence,
    title: event.title,
    description: plainText(event.description),
    start: event.start_at,
    end: event.end_at,
    allDay: event.all_day,
    timeZone: event.time_zone,
    location: event.location,
    videoUrl: event.video_url,
    url: `${publicUrl}/calendar/events/${event.id}`,
    organizer: { name: event.organizer_name, email: event.organizer_email },
    attendees: attendees.map((a) => ({ name: a.name, email: a.email, status: a.status })),
    recurrence: event.recurrence,
    exceptions: exceptions.map((x) => ({
      occurrenceStart: x.occurrence_start,
      cancelled: x.cancelled,
      start: x.start_at,
      end: x.end_at,
      title: x.title,
    })),
  };
}

interface MailOut {
  kind: 'invitation' | 'update' | 'cancel';
  method: IcsMethod;
  /** recipients (user ids); the actor is left out */
  userIds: number[];
  /** a cancelled occurrence's original start */
  occurrence?: Date;
}

/**
 * Mails the event as an .ics (one durable job per recipient, enqueued in the write's
 * transaction) and writes the in-app notifications of the same change.
 */
async function announce(
  tx: DbOrTx,
  deps: CalendarDeps,
  event: EventRow,
  actor: CalendarCaller,
  out: MailOut,
) {
  const ids = [...new Set(out.userIds)].filter((id) => id !== actor.userId);
  if (ids.length === 0) return;
  const ics = eventIcs(await icsEventOf(tx, event, deps.publicUrl), out.method, out.occurrence);
  const recipients = await repo.liveUsers(tx, ids);
  const when = whenText(out.occurrence ?? event.start_at, event.all_day, event.time_zone);
  const link = `/calendar/events/${event.id}`;
  const subject =
    out.kind === 'invitation'
      ? `Invitation: ${event.title}`
      : out.kind === 'update'
        ? `Updated: ${event.title}`
        : `Cancelled: ${event.title}${out.occurrence ? ` (${when})` : ''}`;
  const lines = [
    out.kind === 'invitation'
      ? `${actor.name} invites you to ${event.title}.`
      : out.kind === 'update'
        ? `${actor.name} changed ${event.title}.`
        : `${actor.name} cancelled ${event.title}${out.occurrence ? ` on ${when}` : ''}.`,
    '',
    `When: ${when}`,
    ...(event.location ? [`Where: ${event.location}`] : []),
    ...(event.video_url ? [`Video: ${event.video_url}`] : []),
    '',
    `Open it in Parity: ${deps.publicUrl}${link}`,
    'The attached .ics adds it to your calendar.',
  ];
  for (const r of recipients) {
    await enqueue(tx, {
      kind: MAIL_JOB,
      key: `${MAIL_JOB}:${event.uid}:${event.sequence}:${out.method}:${out.occurrence?.toISOString() ?? 'series'}:${r.id}:${out.kind}`,
      payload: {
        to: r.email,
        subject,
        text: lines.join('\n'),
        ics,
        method: out.method,
      },
    });
  }
  await notify(tx, {
    userIds: recipients.map((r) => r.id),
    kind: out.kind === 'invitation' ? 'event_invitation' : 'event_update',
    title: subject,
    body: `${when}${event.location ? ` · ${event.location}` : ''}`,
    link,
  });
}

/* Writes */

function validTimes(start: Date, end: Date) {
  if (end.getTime() <= start.getTime()) throw fieldIssue('end', CALENDAR_MESSAGES.endBeforeStart);
}

function seriesColumns(recurrence: TRecurrence | null | undefined, start: Date, end: Date, timeZone: string) {
  if (!recurrence) return { rrule: null, recurrence: null, series_end_at: null };
  return {
    rrule: rruleText(recurrence, start, timeZone),
    recurrence,
    series_end_at: seriesEnd(recurrence, start, timeZone, end.getTime() - start.getTime()),
  };
}

async function organizationFor(tx: DbOrTx, caller: CalendarCaller, requested: number | null | undefined) {
  if (requested == null || requested === caller.organizationId) return caller.organizationId;
  if (!caller.isPlatformAdmin) {
    throw fieldIssue('organizationId', 'You can only create events of your own organization.');
  }
  if (!(await repo.organizationName(tx, requested))) {
    throw fieldIssue('organizationId', 'There is no such organization.');
  }
  return requested;
}

/**
 * POST /api/events: approved members and platform admins; the organizer attends. `podId`: a pod's
 * event (the pods module checked the caller is a member): visibility 'pod', no organization.
 */
export async function createEvent(
  deps: CalendarDeps,
  userId: number,
  input: TEventInput,
  podId: number | null = null,
): Promise<TEventDetail> {
  const start = new Date(input.start);
  const end = new Date(input.end);
  validTimes(start, end);
  return deps.db.transaction(async (tx) => {
    const caller = await calendarCaller(tx, userId);
    requireCalendarUser(caller);
    const organizationId = podId === null ? await organizationFor(tx, caller, input.organizationId) : null;
    const visibility = podId === null ? input.visibility : 'pod';
    if (visibility === 'organization' && organizationId === null) {
      throw fieldIssue(
        'visibility',
        'An organization event needs an organization; choose private or public.',
      );
    }
    const series = seriesColumns(input.recurrence, start, end, input.timeZone);
    const result = await tx.execute(sql`
      INSERT INTO events (uid, title, description, start_at, end_at, all_day, time_zone, location, video_url,
        visibility, organization_id, pod_id, organizer_id, rrule, recurrence, series_end_at)
      VALUES (${`${crypto.randomUUID()}@parity`}, ${input.title}, ${sanitizeDescription(input.description)},
        ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${input.allDay}, ${input.timeZone},
        ${input.location || null}, ${input.videoUrl || null}, ${visibility}, ${organizationId}, ${podId}, ${userId},
        ${series.rrule}, ${series.recurrence ? JSON.stringify(series.recurrence) : null}::jsonb,
        ${series.series_end_at?.toISOString() ?? null}::timestamptz)
      RETURNING id`);
    const id = repo.rowsOf<{ id: number }>(result)[0]!.id;
    await tx.execute(sql`
      INSERT INTO event_attendees (event_id, user_id, status, responded_at) VALUES (${id}, ${userId}, 'attending', now())`);
    return detail(tx, caller, await readable(tx, caller, id));
  });
}

const OCCURRENCE_FIELDS = new Set(['title', 'start', 'end', 'scope', 'occurrenceStart']);

/** PATCH /api/events/{id}: the organizer and admins of its organization; the whole series or one occurrence. */
export async function updateEvent(
  deps: CalendarDeps,
  userId: number,
  eventId: number,
  patch: TEventPatch,
): Promise<TEventDetail> {
  return deps.db.transaction(async (tx) => {
    const caller = await calendarCaller(tx, userId);
    const event = await readable(tx, caller, eventId, true);
    requireEdit(event, caller);
    if (patch.scope === 'occurrence') {
      if (!event.recurrence) {
        throw fieldIssue('scope', 'This event does not repeat: change the whole event (scope "series").');
      }
      const extra = Object.keys(patch).filter((k) => !OCCURRENCE_FIELDS.has(k));
      if (extra.length) {
        throw fieldIssue(`${extra[0]}`, 'Only the title, start and end of one occurrence can change.');
      }
      const original = new Date(patch.occurrenceStart!);
      if (!isOccurrence(event.recurrence, event.start_at, event.time_zone, original)) {
        throw fieldIssue('occurrenceStart', 'No occurrence of this event starts at this time.');
      }
      const [existing] = (await repo.exceptionsOf(tx, [event.id])).filter(
        (x) => x.occurrence_start.getTime() === original.getTime(),
      );
      if (existing?.cancelled) throw notFound('Occurrence');
      const currentStart = existing?.start_at ?? original;
      const currentEnd = existing?.end_at ?? new Date(original.getTime() + duration(event));
      const start = patch.start ? new Date(patch.start) : currentStart;
      const end = patch.end
        ? new Date(patch.end)
        : new Date(start.getTime() + (currentEnd.getTime() - currentStart.getTime()));
      validTimes(start, end);
      await tx.execute(sql`
        INSERT INTO event_exceptions (event_id, occurrence_start, cancelled, start_at, end_at, title)
        VALUES (${event.id}, ${original.toISOString()}::timestamptz, false, ${start.toISOString()}::timestamptz,
          ${end.toISOString()}::timestamptz, ${patch.title ?? existing?.title ?? null})
        ON CONFLICT (event_id, occurrence_start) DO UPDATE
        SET start_at = excluded.start_at, end_at = excluded.end_at, title = excluded.title`);
    } else {
      const start = patch.start ? new Date(patch.start) : event.start_at;
      const end = patch.end
        ? new Date(patch.end)
        : patch.start
          ? new Date(start.getTime() + duration(event))
          : event.end_at;
      validTimes(start, end);
      const timeZone = patch.timeZone ?? event.time_zone;
      const recurrence = patch.recurrence === undefined ? event.recurrence : patch.recurrence;
      // a pod's event stays the pod's: its visibility and (absent) organization are not changed here
      const podEvent = event.pod_id !== null;
      const visibility = podEvent ? event.visibility : (patch.visibility ?? event.visibility);
      const organizationId =
        podEvent || patch.organizationId === undefined
          ? event.organization_id
          : await organizationFor(tx, caller, patch.organizationId);
      if (visibility === 'organization' && organizationId === null) {
        throw fieldIssue(
          'visibility',
          'An organization event needs an organization; choose private or public.',
        );
      }
      const series = seriesColumns(recurrence, start, end, timeZone);
      const timesChanged =
        start.getTime() !== event.start_at.getTime() ||
        timeZone !== event.time_zone ||
        JSON.stringify(recurrence) !== JSON.stringify(event.recurrence);
      await tx.execute(sql`
        UPDATE events SET
          title = ${patch.title ?? event.title},
          description = ${patch.description === undefined ? event.description : sanitizeDescription(patch.description)},
          start_at = ${start.toISOString()}::timestamptz, end_at = ${end.toISOString()}::timestamptz,
          all_day = ${patch.allDay ?? event.all_day}, time_zone = ${timeZone},
          location = ${patch.location === undefined ? event.location : patch.location || null},
          video_url = ${patch.videoUrl === undefined ? event.video_url : patch.videoUrl || null},
          visibility = ${visibility}, organization_id = ${organizationId},
          rrule = ${series.rrule}, recurrence = ${series.recurrence ? JSON.stringify(series.recurrence) : null}::jsonb,
          series_end_at = ${series.series_end_at?.toISOString() ?? null}::timestamptz, updated_at = now()
        WHERE id = ${event.id}`);
      // a series moved or re-ruled has other occurrences: the old ones' changes no longer apply
      if (timesChanged) await tx.execute(sql`DELETE FROM event_exceptions WHERE event_id = ${event.id}`);
    }
    await tx.execute(
      sql`UPDATE events SET sequence = sequence + 1, updated_at = now() WHERE id = ${event.id}`,
    );
    const updated = await readable(tx, caller, event.id);
    const { rows } = await repo.attendeesOf(tx, event.id);
    await announce(tx, deps, updated, caller, {
      kind: 'update',
      method: 'REQUEST',
      userIds: rows.filter((a) => a.status !== 'declined').map((a) => a.user_id),
    });
    return detail(tx, caller, updated);
  });
}

/** DELETE /api/events/{id}: the whole series (files removed too) or one occurrence; attendees get a CANCEL. */
export async function deleteEvent(
  deps: CalendarDeps,
  userId: number,
  eventId: number,
  scope: 'series' | 'occurrence',
  occurrenceStart: string | undefined,
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const caller = await calendarCaller(tx, userId);
    const event = await readable(tx, caller, eventId, true);
    requireEdit(event, caller);
    const { rows } = await repo.attendeesOf(tx, event.id);
    const attendeeIds = rows.map((a) => a.user_id);
    if (scope === 'occurrence' && event.recurrence) {
      const original = new Date(occurrenceStart!);
      if (!isOccurrence(event.recurrence, event.start_at, event.time_zone, original)) {
        throw queryIssue('occurrenceStart', 'No occurrence of this event starts at this time.');
      }
      await tx.execute(sql`
        INSERT INTO event_exceptions (event_id, occurrence_start, cancelled)
        VALUES (${event.id}, ${original.toISOString()}::timestamptz, true)
        ON CONFLICT (event_id, occurrence_start) DO UPDATE SET cancelled = true`);
      await tx.execute(
        sql`UPDATE events SET sequence = sequence + 1, updated_at = now() WHERE id = ${event.id}`,
      );
      const updated = await readable(tx, caller, event.id);
      await announce(tx, deps, updated, caller, {
        kind: 'cancel',
        method: 'CANCEL',
        userIds: attendeeIds,
        occurrence: original,
      });
      return [];
    }
    if (scope === 'occurrence') {
      throw queryIssue('scope', 'This event does not repeat: delete the whole event (scope "series").');
    }
    // the cancellation carries the next sequence, as every change does
    const cancelled = { ...event, sequence: event.sequence + 1 };
    await announce(tx, deps, cancelled, caller, { kind: 'cancel', method: 'CANCEL', userIds: attendeeIds });
    const files = repo.rowsOf<{ storage_key: string }>(
      await tx.execute(sql`
        DELETE FROM files WHERE id IN (SELECT file_id FROM event_files WHERE event_id = ${event.id})
        RETURNING storage_key`),
    );
    await tx.execute(sql`DELETE FROM events WHERE id = ${event.id}`);
    return files.map((f) => f.storage_key);
  });
}

/* Attendees */

export async function listAttendees(
  db: Db,
  userId: number,
  eventId: number,
  query: { status?: TAttendee['status']; page: number; pageSize: number },
) {
  const caller = await calendarCaller(db, userId);
  await readable(db, caller, eventId);
  const [{ rows, total }, counts] = await Promise.all([
    repo.attendeesOf(db, eventId, {
      status: query.status,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      viewer: caller,
    }),
    repo.statusCounts(db, eventId),
  ]);
  return {
    data: rows.map((a) => ({
      userId: a.user_id,
      name: a.name,
      email: a.email,
      organizationName: a.organization_name,
      status: a.status,
      viaOrganizationId: a.via_organization_id,
    })),
    total,
    counts,
  };
}

/** POST /api/events/{id}/attendees: users and whole organizations (their approved members). */
export async function inviteAttendees(
  deps: CalendarDeps,
  userId: number,
  eventId: number,
  input: TAttendeeInvite,
): Promise<{ invited: number }> {
  return deps.db.transaction(async (tx) => {
    const caller = await calendarCaller(tx, userId);
    const event = await readable(tx, caller, eventId, true);
    requireEdit(event, caller);
    const userIds = [...new Set(input.userIds ?? [])];
    const users = await repo.liveUsers(tx, userIds);
    const missingUser = userIds.find((id) => !users.some((u) => u.id === id));
    if (missingUser) throw fieldIssue('userIds', `There is no user ${missingUser}.`);
    const organizationIds = [...new Set(input.organizationIds ?? [])];
    const { organizations, members } = await repo.approvedMembers(tx, organizationIds);
    const missingOrg = organizationIds.find((id) => !organizations.some((o) => o.id === id));
    if (missingOrg) throw fieldIssue('organizationIds', `There is no organization ${missingOrg}.`);
    const wanted = new Map<number, number | null>();
    for (const m of members) wanted.set(m.user_id, m.organization_id);
    for (const u of users) wanted.set(u.id, null);
    for (const organizationId of organizationIds) {
      await tx.execute(sql`
        INSERT INTO event_organizations (event_id, organization_id) VALUES (${event.id}, ${organizationId})
        ON CONFLICT DO NOTHING`);
    }
    const invited: number[] = [];
    for (const [id, via] of wanted) {
      const result = await tx.execute(sql`
        INSERT INTO event_attendees (event_id, user_id, via_organization_id) VALUES (${event.id}, ${id}, ${via})
        ON CONFLICT DO NOTHING RETURNING user_id`);
      if (repo.rowsOf(result).length) invited.push(id);
    }
    if (invited.length) {
      await announce(tx, deps, event, caller, { kind: 'invitation', method: 'REQUEST', userIds: invited });
    }
    return { invited: invited.length };
  });
}

/** PUT /api/events/{id}/attendees/me: anyone who may read the event answers (joining it when not invited). */
export async function setMyAttendance(
  deps: CalendarDeps,
  userId: number,
  eventId: number,
  input: TMyAttendance,
  now = new Date(),
): Promise<TMyAttendance> {
  return deps.db.transaction(async (tx) => {
    const caller = await calendarCaller(tx, userId);
    const event = await readable(tx, caller, eventId);
    if (!event.my_status) requireCalendarUser(caller);
    await tx.execute(sql`
      INSERT INTO event_attendees (event_id, user_id, status, reminder_minutes, responded_at)
      VALUES (${event.id}, ${userId}, ${input.status}, ${input.reminderMinutes}, now())
      ON CONFLICT (event_id, user_id) DO UPDATE
      SET status = excluded.status, reminder_minutes = excluded.reminder_minutes, responded_at = now()`);
    if (input.reminderMinutes !== null && input.status !== 'declined') {
      const exceptions = await repo.exceptionsOf(tx, event.recurrence ? [event.id] : []);
      const [next] = expand(event, exceptions, now, new Date(now.getTime() + 62 * 86_400_000), 1000)
        .filter((o) => o.start > now)
        .sort((a, b) => a.start.getTime() - b.start.getTime());
      if (next) await enqueueReminder(tx, event.id, userId, next, input.reminderMinutes);
    }
    return input;
  });
}

/** DELETE /api/events/{id}/attendees/{userId}: the organizer and admins (or the attendee leaving). */
export async function removeAttendee(
  deps: CalendarDeps,
  userId: number,
  eventId: number,
  attendeeId: number,
) {
  await deps.db.transaction(async (tx) => {
    const caller = await calendarCaller(tx, userId);
    const event = await readable(tx, caller, eventId, true);
    if (attendeeId !== userId) requireEdit(event, caller);
    if (attendeeId === event.organizer_id) {
      throw badRequest('params.userId: The organizer stays an attendee of their event.', [
        { field: 'params.userId', message: 'The organizer stays an attendee of their event.' },
      ]);
    }
    const result = await tx.execute(sql`
      DELETE FROM event_attendees WHERE event_id = ${event.id} AND user_id = ${attendeeId} RETURNING user_id`);
    if (!repo.rowsOf(result).length) throw notFound('Attendee');
    await announce(tx, deps, event, caller, { kind: 'cancel', method: 'CANCEL', userIds: [attendeeId] });
  });
}

/* .ics and feeds */

export async function eventIcsFile(deps: CalendarDeps, userId: number, eventId: number) {
  const caller = await calendarCaller(deps.db, userId);
  const event = await readable(deps.db, caller, eventId);
  return { title: event.title, ics: eventIcs(await icsEventOf(deps.db, event, deps.publicUrl), 'PUBLISH') };
}

const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/feed/${token}.ics`;

export async function getFeed(db: Db, userId: number) {
  const result = await db.execute(sql`SELECT created_at FROM calendar_feed_tokens WHERE user_id = ${userId}`);
  const row = repo.rowsOf<{ created_at: Date }>(result)[0];
  return { url: null, active: Boolean(row), createdAt: row ? new Date(row.created_at).toISOString() : null };
}

/** POST /api/calendar/feed: a new secret; the old URL stops working at once. Only its hash is kept. */
export async function regenerateFeed(deps: CalendarDeps, userId: number) {
  const token = newOpaqueToken();
  const result = await deps.db.execute(sql`
    INSERT INTO calendar_feed_tokens (user_id, token_hash) VALUES (${userId}, ${hashOpaqueToken(token)})
    ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = now()
    RETURNING created_at`);
  const row = repo.rowsOf<{ created_at: Date }>(result)[0]!;
  return {
    url: feedUrl(deps.publicUrl, token),
    active: true,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function revokeFeed(db: Db, userId: number) {
  await db.execute(sql`DELETE FROM calendar_feed_tokens WHERE user_id = ${userId}`);
}

/** GET /api/calendar/feed/{token}.ics: every event the token's owner attends (not declined) or organizes. */
export async function feedByToken(deps: CalendarDeps, token: string): Promise<string> {
  const result = await deps.db.execute(sql`
    SELECT t.user_id FROM calendar_feed_tokens t JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
    WHERE t.token_hash = ${hashOpaqueToken(token)}`);
  const owner = repo.rowsOf<{ user_id: number }>(result)[0];
  if (!owner) throw notFound('Calendar feed');
  const caller = await calendarCaller(deps.db, owner.user_id);
  const ids = repo.rowsOf<{ id: number }>(
    await deps.db.execute(sql`
      SELECT e.id FROM events e
      WHERE e.organizer_id = ${caller.userId} OR EXISTS (SELECT 1 FROM event_attendees a
        WHERE a.event_id = e.id AND a.user_id = ${caller.userId} AND a.status <> 'declined')
      ORDER BY e.start_at DESC LIMIT 2000`),
  );
  const events: IcsEvent[] = [];
  for (const { id } of ids) {
    const event = await repo.findReadableEvent(deps.db, caller, id);
    if (event) events.push(await icsEventOf(deps.db, event, deps.publicUrl));
  }
  return feedIcs(`Parity — ${caller.name}`, events);
}

/* Preferences */

export async function getPreferences(db: Db, userId: number): Promise<TCalendarPreferences> {
  const result = await db.execute(sql`
    SELECT time_zone, week_start, slot_minutes FROM calendar_preferences WHERE user_id = ${userId}`);
  const row = repo.rowsOf<{ time_zone: string; week_start: number; slot_minutes: number }>(result)[0];
  if (!row) return DEFAULT_CALENDAR_PREFERENCES;
  return {
    timeZone: row.time_zone,
    weekStart: Number(row.week_start) === 1 ? 1 : 0,
    slotMinutes: Number(row.slot_minutes),
  };
}

export async function savePreferences(db: Db, userId: number, input: TCalendarPreferences) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO calendar_preferences (user_id, time_zone, week_start, slot_minutes)
      VALUES (${userId}, ${input.timeZone}, ${input.weekStart}, ${input.slotMinutes})
      ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, week_start = excluded.week_start,
        slot_minutes = excluded.slot_minutes, updated_at = now()`);
  });
  return input;
}

/* Reminders */

async function enqueueReminder(
  tx: DbOrTx,
  eventId: number,
  userId: number,
  occurrence: Expanded,
  minutes: number,
) {
  return enqueue(tx, {
    kind: REMINDER_JOB,
    // one reminder per attendee, occurrence (and its time) and threshold
    key: `${REMINDER_JOB}:${eventId}:${userId}:${occurrence.occurrenceStart.toISOString()}:${occurrence.start.toISOString()}:${minutes}`,
    runAt: new Date(occurrence.start.getTime() - minutes * 60_000),
    payload: {
      eventId,
      userId,
      occurrenceStart: occurrence.occurrenceStart.toISOString(),
      start: occurrence.start.toISOString(),
      minutes,
    },
  });
}

/** The sweep: reminders of every occurrence starting within the next two hours, once each (keys). */
export async function sweepReminders(db: Db, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + 2 * 3_600_000);
  const rows = repo.rowsOf<{ event_id: number; user_id: number; reminder_minutes: number }>(
    await db.execute(sql`
      SELECT a.event_id, a.user_id, a.reminder_minutes FROM event_attendees a JOIN events e ON e.id = a.event_id
      WHERE a.reminder_minutes IS NOT NULL AND a.status <> 'declined'
        AND ((e.rrule IS NULL AND e.start_at > ${now.toISOString()}::timestamptz AND e.start_at <= ${horizon.toISOString()}::timestamptz)
          OR (e.rrule IS NOT NULL AND e.start_at <= ${horizon.toISOString()}::timestamptz
              AND (e.series_end_at IS NULL OR e.series_end_at > ${now.toISOString()}::timestamptz)))`),
  );
  let enqueued = 0;
  for (const [eventId, attendees] of groupBy(rows, (r) => r.event_id)) {
    const caller = await calendarCaller(db, attendees[0]!.user_id).catch(() => null);
    if (!caller) continue;
    const event = await repo.findReadableEvent(db, caller, eventId);
    if (!event) continue;
    const exceptions = await repo.exceptionsOf(db, event.recurrence ? [event.id] : []);
    const upcoming = expand(event, exceptions, now, horizon, 1000).filter((o) => o.start > now);
    for (const occurrence of upcoming) {
      for (const a of attendees) {
        if (occurrence.start.getTime() - a.reminder_minutes * 60_000 > horizon.getTime()) continue;
        if (await enqueueReminder(db, eventId, a.user_id, occurrence, a.reminder_minutes)) enqueued++;
      }
    }
  }
  return enqueued;
}

export interface ReminderPayload {
  eventId: number;
  userId: number;
  occurrenceStart: string;
  start: string;
  minutes: number;
}

/**
 * Sends one reminder (mail and notification) if it still holds: the attendee still wants it at
 * this threshold, has not declined, and the occurrence still starts then.
 */
export async function sendReminder(
  db: Db,
  mailer: {
    send(message: { to: string; subject: string; text: string }, options: { db: DbOrTx }): Promise<void>;
  },
  publicUrl: string,
  payload: ReminderPayload,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const caller = await calendarCaller(tx, payload.userId).catch(() => null);
    if (!caller) return false;
    const event = await repo.findReadableEvent(tx, caller, payload.eventId);
    if (!event || event.my_status === null || event.my_status === 'declined') return false;
    if (event.my_reminder !== payload.minutes) return false;
    const start = new Date(payload.start);
    const exceptions = await repo.exceptionsOf(tx, event.recurrence ? [event.id] : []);
    const still = expand(event, exceptions, start, new Date(start.getTime() + 1), 10).some(
      (o) =>
        o.start.getTime() === start.getTime() && o.occurrenceStart.toISOString() === payload.occurrenceStart,
    );
    if (!still) return false;
    const text = reminderText(payload.minutes);
    const link = `/calendar/events/${event.id}`;
    const when = whenText(start, event.all_day, event.time_zone);
    await mailer.send(
      {
        to: caller.email,
        subject: `Reminder: ${event.title} starts ${text}`,
        text: [
          `${event.title} starts ${text}: ${when}.`,
          ...(event.location ? [`Where: ${event.location}`] : []),
          ...(event.video_url ? [`Video: ${event.video_url}`] : []),
          '',
          `Open it in Parity: ${publicUrl}${link}`,
        ].join('\n'),
      },
      { db: tx },
    );
    await notify(tx, {
      userIds: [caller.userId],
      kind: 'event_reminder',
      title: `${event.title} starts ${text}`,
      body: when,
      link,
    });
    return true;
  });
}
