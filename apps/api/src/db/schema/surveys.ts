import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './people';
import { tsvector } from './tsvector';

// Surveys (DESIGN 4): a host organization's request, what it asks (config content, custom
// questions), the organizations invited to it, the host's contacts and labels.

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
    /** How the host receives the responses: 1 in Parity (spec 3 receive types). */
    receive_type_id: integer('receive_type_id').notNull().default(1),
    /** The insights the host requests, INSIGHT_TYPES ids in the host's order (spec 3 insight types). */
    insight_type_ids: integer('insight_type_ids').array().notNull().default(sql`'{}'::integer[]`),
    title: text('title').notNull(),
    description: text('description'),
    start: date('start').notNull(),
    due: date('due').notNull(),
    primary_contact_id: integer('primary_contact_id').references(() => users.id),
    contact_email: text('contact_email'),
    support_email: text('support_email'),
    /** Imported from an earlier cycle (GET /api/legacy-surveys/{id}); taken elsewhere, read only here. */
    is_legacy: boolean('is_legacy').notNull().default(false),
    created_by: integer('created_by').references(() => users.id),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Title (A), description (C). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
  },
  (t) => [
    index('surveys_host_idx').on(t.organization_id),
    index('surveys_search_idx').using('gin', t.search),
    index('surveys_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
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
    /**
     * The furthest step (its weight) the respondent moved on from, 0 before any (spec 3 Survey
     * invitation); its locked step, step + 1, is where Continue Response opens.
     */
    step: integer('step').notNull().default(0),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    submitted_by: integer('submitted_by').references(() => users.id),
    last_reminded_at: timestamp('last_reminded_at', { withTimezone: true }),
    reminder_count: integer('reminder_count').notNull().default(0),
    declined_at: timestamp('declined_at', { withTimezone: true }),
    declined_by: integer('declined_by').references(() => users.id),
    /** Why the respondent declined (a short code such as not_applicable, no_capacity, other). */
    decline_code: text('decline_code'),
    invited_by: integer('invited_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_invitations_unique').on(t.survey_id, t.organization_id),
    index('survey_invitations_org_idx').on(t.organization_id),
  ],
);

/**
 * What a survey asks (spec 3 Survey request, config content list): one row per LPI tab (content_type
 * 'lpi_tab', content_ref_id the tab id), practices field ('practice', the form field id) or
 * miscellaneous question ('miscellaneous', the form field id), each enabled or not. A survey without
 * rows asks everything (the demo surveys and those created before the wizard).
 */
export const surveyContents = pgTable(
  'survey_contents',
  {
    id: serial('id').primaryKey(),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    content_type: text('content_type').notNull(),
    content_ref_id: integer('content_ref_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    config: jsonb('config'),
  },
  (t) => [unique('survey_contents_unique').on(t.survey_id, t.content_type, t.content_ref_id)],
);

/**
 * A host's custom miscellaneous question (types text 1, number 13, select 4, multi-select 5,
 * formatted-text 14); respondents answer it in the survey's Miscellaneous step.
 */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    question_type_id: integer('question_type_id').notNull(),
    display: text('display').notNull(),
    config: jsonb('config'),
    default_value: jsonb('default_value'),
    section: text('section'),
    section_sub_header: text('section_sub_header'),
    weight: integer('weight').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('survey_questions_survey_idx').on(t.survey_id)],
);

/** Users of the host organization granted administrator access to one survey. */
export const surveyAdministrators = pgTable(
  'survey_administrators',
  {
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    granted_by: integer('granted_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.survey_id, t.user_id] })],
);

/**
 * A host's contact for a survey: a person (an organization's member, or just a name and an email)
 * whose organization the host invites; invited_at once the invitation mail went out.
 */
export const surveyContacts = pgTable(
  'survey_contacts',
  {
    id: serial('id').primaryKey(),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    user_id: integer('user_id').references(() => users.id),
    name: text('name').notNull(),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull(),
    invited_at: timestamp('invited_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('survey_contacts_unique').on(t.survey_id, t.email),
    index('survey_contacts_org_idx').on(t.survey_id, t.organization_id),
  ],
);

/** A host organization's labels for the organizations it surveys (spec 3 Organization labels). */
export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    /** The organization that owns the label (a host). */
    owner_organization_id: integer('owner_organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    color: text('color'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('labels_owner_name_unique').on(t.owner_organization_id, t.name)],
);

/** A label put on an organization by the label's owner. */
export const organizationLabels = pgTable(
  'organization_labels',
  {
    label_id: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.label_id, t.organization_id] }),
    index('organization_labels_org_idx').on(t.organization_id),
  ],
);

/** An organization's answers to a legacy survey (imported from an earlier cycle), read only. */
export const legacySurveyResponses = pgTable(
  'legacy_survey_responses',
  {
    id: serial('id').primaryKey(),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** [{section, questions: [{question, answer}]}] as imported */
    data: jsonb('data').notNull(),
    imported_at: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('legacy_survey_responses_unique').on(t.survey_id, t.organization_id)],
);
