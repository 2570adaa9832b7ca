import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { organizations, users } from './people';
import { tsvector } from './tsvector';

/**
 * Support and FAQ (issue 18). Markdown is stored as text and rendered by the web app only. Topics
 * and statuses are the domain's lists (packages/domain/src/support.ts).
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** markdown */
    body: text('body').notNull(),
    /** SUPPORT_TOPICS, or null */
    topic: text('topic'),
    published: boolean('published').notNull().default(true),
    updated_by: integer('updated_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Title (A), body (B). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')`,
      ),
  },
  (t) => [
    uniqueIndex('help_articles_slug_unique').on(t.slug),
    index('help_articles_search_idx').using('gin', t.search),
    index('help_articles_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const faqEntries = pgTable(
  'faq_entries',
  {
    id: serial('id').primaryKey(),
    topic: text('topic').notNull(),
    question: text('question').notNull(),
    /** markdown */
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    updated_by: integer('updated_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Question (A), answer (B). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', answer), 'B')`,
      ),
  },
  (t) => [
    index('faq_entries_topic_idx').on(t.topic, t.position),
    index('faq_entries_search_idx').using('gin', t.search),
    index('faq_entries_question_trgm_idx').using('gin', sql`${t.question} gin_trgm_ops`),
  ],
);

/** A support request: the contact form's message; its answers and replies are support_messages. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    requester_id: integer('requester_id')
      .notNull()
      .references(() => users.id),
    /** the requester's organization when they filed it */
    organization_id: integer('organization_id').references(() => organizations.id),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** the app path the requester came from ('' when unknown) */
    page: text('page').notNull().default(''),
    /** 'open' | 'answered' | 'closed' */
    status: text('status').notNull().default('open'),
    /** a row of `files` (kind 'support_attachment') */
    attachment_file_id: uuid('attachment_file_id').references(() => files.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_requester_idx').on(t.requester_id, t.updated_at),
    index('support_requests_status_idx').on(t.status, t.updated_at),
    check('support_requests_status_check', sql`${t.status} IN ('open', 'answered', 'closed')`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** a platform administrator's answer (true) or the requester's reply */
    from_support: boolean('from_support').notNull(),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_request_idx').on(t.request_id, t.id)],
);
