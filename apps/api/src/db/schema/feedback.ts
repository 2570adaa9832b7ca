import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';

/** Ratings sent from the feedback widget (spec 3 and 7), read by platform admins. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    // The sender's organization at the time, if any.
    organization_id: integer('organization_id').references(() => organizations.id),
    url: text('url').notNull(),
    value: smallint('value').notNull(),
    comment: text('comment'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_idx').on(t.created_at), index('feedback_user_idx').on(t.user_id)],
);
