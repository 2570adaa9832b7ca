import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { organizations, users } from './people';
import { pods } from './pods';
import { tsvector } from './tsvector';

/**
 * Calendar events (issue 15). Times are stored in UTC with the event's own IANA zone, which the
 * recurrence is expanded in (a weekly 09:00 Vienna meeting stays at 09:00 across DST). `uid` and
 * `sequence` are the iCalendar identity: every change raises the sequence.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull(),
    sequence: integer('sequence').notNull().default(0),
    title: text('title').notNull(),
    /** sanitised HTML */
    description: text('description').notNull().default(''),
    start_at: timestamp('start_at', { withTimezone: true }).notNull(),
    end_at: timestamp('end_at', { withTimezone: true }).notNull(),
    all_day: boolean('all_day').notNull().default(false),
    time_zone: text('time_zone').notNull(),
    location: text('location'),
    video_url: text('video_url'),
    /** 'private' | 'organization' | 'public' | 'pod' (domain EVENT_STORED_VISIBILITIES) */
    visibility: text('visibility').notNull(),
    organization_id: integer('organization_id').references(() => organizations.id),
    /** a pod's event (visibility 'pod'): its members read it */
    pod_id: integer('pod_id').references(() => pods.id, { onDelete: 'cascade' }),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => users.id),
    /** the RRULE line (without DTSTART), null for a single event */
    rrule: text('rrule'),
    /** the recurrence as the form gives it (domain recurrenceSchema) */
    recurrence: jsonb('recurrence'),
    /** the end of the last occurrence; null for a series without end (range reads skip ended ones) */
    series_end_at: timestamp('series_end_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Title (A), location (B), description (C). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', title), 'A')
          || setweight(to_tsvector('simple', coalesce(location, '')), 'B')
          || setweight(to_tsvector('english', regexp_replace(description, '<[^>]*>', ' ', 'g')), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex('events_uid_unique').on(t.uid),
    index('events_single_range_idx').on(t.start_at, t.end_at).where(sql`${t.rrule} IS NULL`),
    index('events_series_idx').on(t.start_at, t.series_end_at).where(sql`${t.rrule} IS NOT NULL`),
    index('events_organization_idx').on(t.organization_id, t.visibility),
    index('events_organizer_idx').on(t.organizer_id),
    index('events_pod_idx').on(t.pod_id, t.start_at).where(sql`${t.pod_id} IS NOT NULL`),
    index('events_search_idx').using('gin', t.search),
    index('events_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** One occurrence of a series moved, changed or cancelled (RECURRENCE-ID / EXDATE). */
export const eventExceptions = pgTable(
  'event_exceptions',
  {
    id: serial('id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** the occurrence's original start, as the series expands it */
    occurrence_start: timestamp('occurrence_start', { withTimezone: true }).notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    start_at: timestamp('start_at', { withTimezone: true }),
    end_at: timestamp('end_at', { withTimezone: true }),
    title: text('title'),
  },
  (t) => [uniqueIndex('event_exceptions_occurrence_unique').on(t.event_id, t.occurrence_start)],
);

/** Who is invited, their answer ('no-answer' | 'attending' | 'declined' | 'maybe') and reminder. */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('no-answer'),
    /** one of REMINDER_MINUTES, or null for no reminder */
    reminder_minutes: smallint('reminder_minutes'),
    /** set when the invitation came with a whole organization */
    via_organization_id: integer('via_organization_id').references(() => organizations.id),
    invited_at: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    responded_at: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.user_id] }), index('event_attendees_user_idx').on(t.user_id)],
);

/** Organizations invited as a whole (their approved members are attendees). */
export const eventOrganizations = pgTable(
  'event_organizations',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    invited_at: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.organization_id] })],
);

/** Documents attached to an event: rows of `files` (kind 'event_document'), bytes in the storage. */
export const eventFiles = pgTable(
  'event_files',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.file_id] }),
    uniqueIndex('event_files_file_unique').on(t.file_id),
  ],
);

/** A user's personal feed secret: only its SHA-256 is kept; a new one replaces the old. */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    token_hash: text('token_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feed_tokens_hash_unique').on(t.token_hash)],
);

/** The calendar settings of a user: time zone (IANA), week start (0 Sunday, 1 Monday), slot size. */
export const calendarPreferences = pgTable('calendar_preferences', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  time_zone: text('time_zone').notNull().default('UTC'),
  week_start: smallint('week_start').notNull().default(0),
  slot_minutes: smallint('slot_minutes').notNull().default(30),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What caches are checked against, not the app's data: outside the public schema, so the
 * operator's copy and checksums (ops/tables.ts) leave it alone.
 */
export const parityCache = pgSchema('parity_cache');

/**
 * One row whose `token` is drawn anew by every committed change to what a range read
 * (GET /api/events?from&to) answers: triggers on events, event_attendees, event_exceptions and
 * pod_members draw it once per writing transaction, at its commit, whichever module writes
 * (migration 0033). A process keeps a range's answer while the token is the one it was read at
 * (modules/calendar/range-cache.ts); the caller's own rights are part of that answer's key. A
 * random token, not a counter: a restored backup's token names the restored state exactly.
 */
export const calendarVersion = parityCache.table(
  'calendar_version',
  {
    id: smallint('id').primaryKey().default(1),
    token: uuid('token').notNull().defaultRandom(),
  },
  (t) => [check('calendar_version_one_row', sql`${t.id} = 1`)],
);
