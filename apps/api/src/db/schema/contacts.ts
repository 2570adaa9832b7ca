import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './people';

/** An organization's external contacts (people a host may invite to a survey). */
export const organizationContacts = pgTable(
  'organization_contacts',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    title: text('title'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_contacts_org_idx').on(t.organization_id, t.name)],
);
