import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';
import { tsvector } from './tsvector';

/** Uploaded files: the bytes live in the storage (disk or S3) under a generated key. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** An integer id, where ids are integers (a search hit's, domain ZSearchHit). */
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    owner_user_id: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    organization_id: integer('organization_id').references(() => organizations.id),
    /** What the file is for: 'user_image', 'attachment', ... */
    kind: text('kind').notNull(),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    storage_key: text('storage_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A document's text (PDF, DOCX, XLSX) extracted at upload, capped; null when not extracted. */
    text: text('text'),
    /** The name with its separators as spaces (A), the document's text (C). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', regexp_replace(original_name, '[._-]+', ' ', 'g')), 'A')
          || setweight(to_tsvector('english', coalesce(text, '')), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex('files_storage_key_unique').on(t.storage_key),
    uniqueIndex('files_number_unique').on(t.number),
    index('files_owner_idx').on(t.owner_user_id, t.created_at),
    index('files_organization_kind_idx').on(t.organization_id, t.kind),
    // Only the organizations' documents are searched, and only by their own organization's
    // members: both indexes lead with the organization (btree_gin), so a search reads the
    // caller's matches, not every organization's.
    index('files_document_search_idx')
      .using('gin', t.organization_id, t.search)
      .where(sql`kind = 'organization_document'`),
    index('files_document_name_trgm_idx')
      .using('gin', t.organization_id, sql`${t.original_name} gin_trgm_ops`)
      .where(sql`kind = 'organization_document'`),
  ],
);

/** A user's bookmarks (/users/private bookmarks): saved organizations and surveys. */
export const userSaved = pgTable(
  'user_saved',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'organization' or 'survey' */
    kind: text('kind').notNull(),
    ref_id: integer('ref_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_saved_unique').on(t.user_id, t.kind, t.ref_id)],
);
