import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';

/**
 * Investments (issue 18): an investor organization's portfolio, one row per fund of a manager
 * (another organization; several funds per manager). What the investor sees of the manager's
 * profile is decided by exchange grants (core/access/exchange-grant.ts), never stored here.
 */
export const portfolioEntries = pgTable(
  'portfolio_entries',
  {
    id: serial('id').primaryKey(),
    investor_organization_id: integer('investor_organization_id')
      .notNull()
      .references(() => organizations.id),
    manager_organization_id: integer('manager_organization_id')
      .notNull()
      .references(() => organizations.id),
    fund_name: text('fund_name').notNull(),
    vintage: integer('vintage').notNull(),
    /** in `currency` (domain COMMITMENT_CURRENCIES) */
    commitment: numeric('commitment', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    /** domain ASSET_CLASSES */
    asset_class: text('asset_class').notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('portfolio_entries_not_self', sql`${t.investor_organization_id} <> ${t.manager_organization_id}`),
    check('portfolio_entries_commitment', sql`${t.commitment} >= 0`),
    check('portfolio_entries_vintage', sql`${t.vintage} BETWEEN 1950 AND 2200`),
    index('portfolio_entries_investor_idx').on(t.investor_organization_id, t.manager_organization_id),
  ],
);
