import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';

/**
 * Community (issue 18). A person is listed while they have a `community_people` row (their
 * opt-in, off by default: no row); an organization is listed while it is public
 * (`organizations.is_public`, its admins' choice), so it needs no flag here, only its tags.
 */
export const communityPeople = pgTable('community_people', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  listed_at: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An organization's `tags` dictionary ids, set by its admins. */
export const communityOrganizationTags = pgTable('community_organization_tags', {
  organization_id: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  tags: integer('tags').array().notNull().default(sql`'{}'::integer[]`),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user following a person or an organization (exactly one of the two). */
export const communityFollows = pgTable(
  'community_follows',
  {
    id: serial('id').primaryKey(),
    follower_id: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organization_id: integer('organization_id').references(() => organizations.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('community_follows_one_target', sql`num_nonnulls(${t.user_id}, ${t.organization_id}) = 1`),
    check('community_follows_not_self', sql`${t.user_id} IS DISTINCT FROM ${t.follower_id}`),
    uniqueIndex('community_follows_person_unique').on(t.follower_id, t.user_id),
    uniqueIndex('community_follows_organization_unique').on(t.follower_id, t.organization_id),
    index('community_follows_user_idx').on(t.user_id),
    index('community_follows_organization_idx').on(t.organization_id),
  ],
);

/** The platform administrators' announcements (markdown), read by every approved user until they expire. */
export const communityAnnouncements = pgTable(
  'community_announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('community_announcements_published_idx').on(t.published_at.desc(), t.id.desc())],
);
