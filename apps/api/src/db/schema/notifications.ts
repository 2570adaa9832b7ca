import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * What a user is told (issue 17), written by `core/outbox` in the transaction of the write that
 * caused it. `kind`, `type` and `delivery` hold the domain's values (notifications.ts): text, so a
 * new kind needs no migration.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** the app path the notification opens */
    link: text('link').notNull(),
    /**
     * How it goes out by mail, fixed from the user's preference when written: 'none' (in-app
     * only), 'pending' (mail at once, not sent yet), 'sent', 'digest' (waits for the daily
     * digest), 'digested'.
     */
    mail_status: text('mail_status').notNull().default('none'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.id),
    index('notifications_mail_idx').on(t.mail_status, t.id),
  ],
);

/** A user's choice per kind; a kind without a row is delivered in-app only. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    delivery: text('delivery').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
);
