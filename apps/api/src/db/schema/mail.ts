import { index, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const mailStatus = pgEnum('mail_status', ['logged', 'sent', 'failed']);

/** Every message the product sends, whether delivered by SMTP or only logged (embedded default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** attached files as sent, e.g. an invitation's .ics: [{filename, contentType, content}] */
    attachments: jsonb('attachments'),
    status: mailStatus('status').notNull(),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);
