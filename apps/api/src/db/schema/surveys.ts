import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './people';

// Surveys as far as the LPI's survey scope needs them: a host organization's request and the
// organizations invited to it. The hosting and taking flows add to these tables.

/** A survey request hosted by an organization (spec 3 Survey request). */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    /** The host organization. */
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** 1 score, 2 dei, 3 deiplus (spec 1). */
    survey_type_id: integer('survey_type_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    start: date('start').notNull(),
    due: date('due').notNull(),
    primary_contact_id: integer('primary_contact_id').references(() => users.id),
    contact_email: text('contact_email'),
    support_email: text('support_email'),
    created_by: integer('created_by').references(() => users.id),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_host_idx').on(t.organization_id)],
);

/** An organization invited to a survey: the respondent. Its tabs' completion is in tab_states. */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: serial('id').primaryKey(),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** invited, in_progress, submitted, declined */
    status: text('status').notNull().default('invited'),
    /** The step the respondent last saw (spec 3 Survey invitation). */
    step: integer('step').notNull().default(1),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    submitted_by: integer('submitted_by').references(() => users.id),
    last_reminded_at: timestamp('last_reminded_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_invitations_unique').on(t.survey_id, t.organization_id),
    index('survey_invitations_org_idx').on(t.organization_id),
  ],
);
