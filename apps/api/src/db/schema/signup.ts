import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';

/**
 * Email verification links of sign-up: the link's uuid is stored only as its SHA-256, lives 24 h
 * and is used once. A newer sign-up or resend for the same account ends the older links.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_unique').on(t.token_hash),
    index('email_verifications_user_idx').on(t.user_id),
  ],
);

/**
 * An organization admin's invitation of one email address (7 days, single use). Accepting it
 * creates a verified user already approved in the organization. The link's uuid is stored hashed.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull(),
    invited_by: integer('invited_by').references(() => users.id),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    accepted_user_id: integer('accepted_user_id').references(() => users.id),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_unique').on(t.token_hash),
    index('invitations_organization_idx').on(t.organization_id),
  ],
);
