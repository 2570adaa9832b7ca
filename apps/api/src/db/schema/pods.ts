import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './people';
import { tsvector } from './tsvector';

/**
 * Pods (issue 16): peer groups across organizations. A pod's events are calendar events with
 * `events.pod_id` (db/schema/calendar.ts); its files are rows of `files` (kind 'pod_document').
 */
export const pods = pgTable(
  'pods',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** the pod's purpose (plain text) */
    description: text('description').notNull().default(''),
    /** plain text */
    rules: text('rules').notNull().default(''),
    /** 'open' | 'invite-only' | 'secret' (domain POD_VISIBILITIES) */
    visibility: text('visibility').notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Name (A), description (B), for the search's `pods` kind. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('english', description), 'B')`,
      ),
  },
  (t) => [
    index('pods_visibility_idx').on(t.visibility),
    index('pods_search_idx').using('gin', t.search),
    index('pods_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * Members ('active') and join requests to invite-only pods ('requested'); role 'admin' | 'member';
 * the per-pod mail preference 'every' | 'digest' | 'off'.
 */
export const podMembers = pgTable(
  'pod_members',
  {
    pod_id: integer('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('active'),
    role: text('role').notNull().default('member'),
    mail_preference: text('mail_preference').notNull().default('every'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    joined_at: timestamp('joined_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.pod_id, t.user_id] }),
    index('pod_members_user_idx').on(t.user_id, t.status),
  ],
);

/** Invitations by a pod admin; the mail's accept link holds the token, only its SHA-256 is kept. */
export const podInvitations = pgTable(
  'pod_invitations',
  {
    id: serial('id').primaryKey(),
    pod_id: integer('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    invited_by: integer('invited_by')
      .notNull()
      .references(() => users.id),
    token_hash: text('token_hash').notNull(),
    /** 'pending' | 'accepted' | 'revoked' */
    status: text('status').notNull().default('pending'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answered_at: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pod_invitations_token_unique').on(t.token_hash),
    uniqueIndex('pod_invitations_pending_unique').on(t.pod_id, t.user_id).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The feed: members' posts and replies (kind 'post') and the pod's own entries ('member_joined',
 * 'event_created', 'file_added'). `event_id` has no foreign key (events reference pods, and a
 * deleted event leaves its entry without the event); ids grow with time, so the feed pages by id.
 */
export const podPosts = pgTable(
  'pod_posts',
  {
    id: serial('id').primaryKey(),
    pod_id: integer('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id').references((): AnyPgColumn => podPosts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('post'),
    author_id: integer('author_id').references(() => users.id),
    /** sanitised HTML */
    body: text('body').notNull().default(''),
    event_id: integer('event_id'),
    file_id: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    edited_at: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('pod_posts_feed_idx').on(t.pod_id, t.id.desc()).where(sql`${t.parent_id} IS NULL`),
    index('pod_posts_parent_idx').on(t.parent_id, t.id),
  ],
);

export const podPostMentions = pgTable(
  'pod_post_mentions',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => podPosts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.user_id] })],
);

/** A post's attachments: files of the pod (pod_files). */
export const podPostAttachments = pgTable(
  'pod_post_attachments',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => podPosts.id, { onDelete: 'cascade' }),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.file_id] }),
    index('pod_post_attachments_file_idx').on(t.file_id),
  ],
);

/** The pod's documents: rows of `files` (kind 'pod_document'), bytes in the storage. */
export const podFiles = pgTable(
  'pod_files',
  {
    pod_id: integer('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pod_id, t.file_id] }), uniqueIndex('pod_files_file_unique').on(t.file_id)],
);

/** What waits for a member's daily pod digest (mail preference 'digest'); deleted once mailed. */
export const podDigestItems = pgTable(
  'pod_digest_items',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    pod_id: integer('pod_id')
      .notNull()
      .references(() => pods.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    link: text('link').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pod_digest_items_user_idx').on(t.user_id, t.id)],
);
