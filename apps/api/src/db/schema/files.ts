import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';

/** Uploaded files: the bytes live in the storage (disk or S3) under a generated key. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
  },
  (t) => [
    uniqueIndex('files_storage_key_unique').on(t.storage_key),
    index('files_owner_idx').on(t.owner_user_id, t.created_at),
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
