import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';

/**
 * Exchange (issue 18): an organization (the owner) opens its submitted LPI profile and scores to
 * a named investor organization until `expires_at` or until revoked. Read through
 * core/access/exchange-grant.ts by every module that shows shared data (exchange, investments).
 */
export const exchangeGrants = pgTable(
  'exchange_grants',
  {
    id: serial('id').primaryKey(),
    owner_organization_id: integer('owner_organization_id')
      .notNull()
      .references(() => organizations.id),
    investor_organization_id: integer('investor_organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The LPI tab keys shared (domain TAB_KEYS); null shares everything. */
    tabs: text('tabs').array(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    granted_by: integer('granted_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_by: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    check('exchange_grants_not_self', sql`${t.owner_organization_id} <> ${t.investor_organization_id}`),
    index('exchange_grants_investor_idx').on(t.investor_organization_id, t.owner_organization_id),
    index('exchange_grants_owner_idx').on(t.owner_organization_id, t.created_at),
  ],
);

/** An investor's request for access; the owner's organization admins accept or decline it. */
export const exchangeRequests = pgTable(
  'exchange_requests',
  {
    id: serial('id').primaryKey(),
    owner_organization_id: integer('owner_organization_id')
      .notNull()
      .references(() => organizations.id),
    investor_organization_id: integer('investor_organization_id')
      .notNull()
      .references(() => organizations.id),
    requested_by: integer('requested_by').references(() => users.id),
    message: text('message').notNull().default(''),
    /** The LPI tab keys asked for (domain TAB_KEYS); null asks for everything. */
    tabs: text('tabs').array(),
    /** 'pending' | 'accepted' | 'declined' | 'withdrawn' */
    status: text('status').notNull().default('pending'),
    decided_by: integer('decided_by').references(() => users.id),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    /** The grant an acceptance made. */
    grant_id: integer('grant_id').references(() => exchangeGrants.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exchange_requests_not_self', sql`${t.owner_organization_id} <> ${t.investor_organization_id}`),
    index('exchange_requests_owner_idx').on(t.owner_organization_id, t.status),
    index('exchange_requests_investor_idx').on(t.investor_organization_id, t.status),
  ],
);

/** Every read of a shared profile by the investor, shown to the owner. */
export const exchangeViews = pgTable(
  'exchange_views',
  {
    id: serial('id').primaryKey(),
    grant_id: integer('grant_id')
      .notNull()
      .references(() => exchangeGrants.id),
    owner_organization_id: integer('owner_organization_id')
      .notNull()
      .references(() => organizations.id),
    investor_organization_id: integer('investor_organization_id')
      .notNull()
      .references(() => organizations.id),
    viewer_user_id: integer('viewer_user_id').references(() => users.id),
    /** The tab read, or null for the profile's summary and scores. */
    tab: text('tab'),
    viewed_at: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_views_owner_idx').on(t.owner_organization_id, t.viewed_at)],
);
