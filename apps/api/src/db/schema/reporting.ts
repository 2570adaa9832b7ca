import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { organizations, users } from './people';
import { surveys } from './surveys';
import { tsvector } from './tsvector';

// The LPI profile (DESIGN 4). Every table is scoped by organization_id and a nullable survey_id:
// null is the organization's own profile, a survey id its copy inside that survey. Unique keys
// that mean "one per scope" treat null as a value (NULLS NOT DISTINCT).

const scope = {
  organization_id: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  survey_id: integer('survey_id').references(() => surveys.id),
};
const stamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A survey's copy of the overview (the organization's own is on the organizations row). */
export const surveyOrganizationMeta = pgTable(
  'survey_organization_meta',
  {
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    name: text('name').notNull(),
    about: text('about'),
    website: text('website'),
    color_id: integer('color_id'),
    legal_structure_id: integer('legal_structure_id'),
    inception_date: date('inception_date'),
    is_publicly_traded: boolean('is_publicly_traded').notNull().default(false),
    ticker_symbol: text('ticker_symbol'),
    is_public: boolean('is_public').notNull().default(false),
    primary_phone: text('primary_phone'),
    primary_contact_id: integer('primary_contact_id'),
    total_full_time_employees: integer('total_full_time_employees').notNull().default(0),
    total_owners: integer('total_owners').notNull().default(0),
    total_leaders: integer('total_leaders').notNull().default(0),
    identifiers: jsonb('identifiers').notNull().default({}),
    ...stamps,
  },
  (t) => [uniqueIndex('survey_organization_meta_pk').on(t.organization_id, t.survey_id)],
);

/** Office addresses; exactly one is primary per scope once any exists. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    ...scope,
    address: text('address').notNull(),
    place_id: text('place_id'),
    details: jsonb('details'),
    is_primary: boolean('is_primary').notNull().default(false),
    ...stamps,
  },
  (t) => [index('addresses_scope_idx').on(t.organization_id, t.survey_id)],
);

/**
 * Every grid of the profile, one row per cell: staff, us_staff, investment, us_investment,
 * committee, us_committee (type 1 senior / 2 junior for investment and committee) and historical
 * (year, type 1 hires / 2 promotions / 3 attrition). year and type are 0 where they do not apply.
 */
export const gridCells = pgTable(
  'grid_cells',
  {
    id: serial('id').primaryKey(),
    ...scope,
    grid: text('grid').notNull(),
    year: integer('year').notNull().default(0),
    type: integer('type').notNull().default(0),
    ethnicity_id: integer('ethnicity_id').notNull(),
    gender_id: integer('gender_id').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [
    unique('grid_cells_unique')
      .on(t.organization_id, t.survey_id, t.grid, t.year, t.type, t.ethnicity_id, t.gender_id)
      .nullsNotDistinct(),
  ],
);

/** Ownership and senior leadership individuals (spec 3). */
export const individuals = pgTable(
  'individuals',
  {
    id: serial('id').primaryKey(),
    ...scope,
    identification_id: integer('identification_id'),
    name: text('name').notNull(),
    corporate_title_id: bigint('corporate_title_id', { mode: 'number' }),
    date_of_joining: date('date_of_joining'),
    gender_id: integer('gender_id'),
    ethnicity_id: integer('ethnicity_id'),
    immigration_id: integer('immigration_id'),
    veteran_id: integer('veteran_id'),
    lgbtq_id: integer('lgbtq_id'),
    disabled_id: integer('disabled_id'),
    us_citizen_id: integer('us_citizen_id'),
    us_based_id: integer('us_based_id'),
    is_senior_management: boolean('is_senior_management').notNull().default(false),
    date_of_promotion: date('date_of_promotion'),
    is_owner: boolean('is_owner').notNull().default(false),
    /** percent, 2 decimals */
    ownership: numeric('ownership', { precision: 5, scale: 2, mode: 'number' }),
    initial_ownership_date: date('initial_ownership_date'),
    ...stamps,
  },
  (t) => [index('individuals_scope_idx').on(t.organization_id, t.survey_id)],
);

/** Board members (spec 3). */
export const boardMembers = pgTable(
  'board_members',
  {
    id: serial('id').primaryKey(),
    ...scope,
    name: text('name').notNull(),
    board_type_id: integer('board_type_id'),
    board_position_id: integer('board_position_id'),
    date_of_joining: date('date_of_joining'),
    gender_id: integer('gender_id'),
    ethnicity_id: integer('ethnicity_id'),
    military_member_id: integer('military_member_id'),
    disabled_id: integer('disabled_id'),
    lgbtq_id: integer('lgbtq_id'),
    immigration_id: integer('immigration_id'),
    ...stamps,
  },
  (t) => [index('board_members_scope_idx').on(t.organization_id, t.survey_id)],
);

/** The policy list (reference data, spec 3 Policy). */
export const policies = pgTable('policies', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  order: integer('order').notNull().default(0),
  /**
   * The policy's name (A): an organization's policy record (organization_policies) is found by the
   * name of its policy; the list is short, so a GIN index would not be used.
   */
  search: tsvector('search').notNull().generatedAlwaysAs(sql`setweight(to_tsvector('simple', name), 'A')`),
});

/** An organization's record of one policy, in a scope (spec 3 per-organization policy record). */
export const organizationPolicies = pgTable(
  'organization_policies',
  {
    id: serial('id').primaryKey(),
    ...scope,
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    /** 'Reviewed' is the only status the spec knows; others are kept but not shown. */
    status: text('status'),
    current_as_of: date('current_as_of'),
    established_at: date('established_at'),
    last_reviewed_at: date('last_reviewed_at'),
    revision: integer('revision').notNull().default(1),
    user_id: integer('user_id').references(() => users.id),
    /** The organization record a survey copy was loaded from. */
    source_policy_id: integer('source_policy_id'),
    ...stamps,
  },
  (t) => [index('organization_policies_scope_idx').on(t.organization_id, t.survey_id)],
);

export const organizationPolicyAttachments = pgTable(
  'organization_policy_attachments',
  {
    id: serial('id').primaryKey(),
    organization_policy_id: integer('organization_policy_id')
      .notNull()
      .references(() => organizationPolicies.id, { onDelete: 'cascade' }),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_policy_attachments_policy_idx').on(t.organization_policy_id)],
);

/** Form definitions (reference data): 8 Practices, 10 Miscellaneous. */
export const forms = pgTable('forms', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/**
 * The inputs of a form, grouped into sections. type: select, switch, date, text, number, url,
 * phone, percentage, address, industries (spec 3 Forms); options for selects.
 */
export const formFields = pgTable(
  'form_fields',
  {
    id: integer('id').primaryKey(),
    form_id: integer('form_id')
      .notNull()
      .references(() => forms.id),
    section: text('section').notNull(),
    section_order: integer('section_order').notNull().default(0),
    order: integer('order').notNull().default(0),
    type: text('type').notNull(),
    label: text('label').notNull(),
    help: text('help'),
    options: jsonb('options'),
    default_value: jsonb('default_value'),
    required: boolean('required').notNull().default(false),
  },
  (t) => [index('form_fields_form_idx').on(t.form_id)],
);

/** An answer to a form field, per scope. */
export const formValues = pgTable(
  'form_values',
  {
    id: serial('id').primaryKey(),
    ...scope,
    form_id: integer('form_id')
      .notNull()
      .references(() => forms.id),
    field_id: integer('field_id')
      .notNull()
      .references(() => formFields.id),
    value: jsonb('value'),
  },
  (t) => [
    unique('form_values_unique').on(t.organization_id, t.survey_id, t.form_id, t.field_id).nullsNotDistinct(),
  ],
);

/**
 * Custom miscellaneous questions and their answers (types: text 1, number 13, select 4,
 * multi-select 5, formatted-text 14). config holds the options of selects.
 */
export const miscellaneousQuestions = pgTable(
  'miscellaneous_questions',
  {
    id: serial('id').primaryKey(),
    ...scope,
    form_id: integer('form_id')
      .notNull()
      .references(() => forms.id),
    question_type_id: integer('question_type_id').notNull(),
    display: text('display').notNull(),
    section: text('section'),
    config: jsonb('config'),
    value: jsonb('value'),
    created_by: integer('created_by').references(() => users.id),
    ...stamps,
  },
  (t) => [index('miscellaneous_questions_scope_idx').on(t.organization_id, t.survey_id)],
);

/**
 * Per tab and scope: when it was last saved and by whom (the base of the stale-save check), its
 * version counter, the survey step's completion and who is editing it.
 */
export const tabStates = pgTable(
  'tab_states',
  {
    id: serial('id').primaryKey(),
    ...scope,
    tab: text('tab').notNull(),
    /** null until first saved in this scope (a survey copy exists from its first read) */
    updated_at: timestamp('updated_at', { withTimezone: true, precision: 6 }),
    updated_by: integer('updated_by').references(() => users.id),
    version: integer('version').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    /** survey scope: the respondent's explanation of data that fails a check, given at Mark Complete */
    note: text('note'),
    occupied_by: integer('occupied_by').references(() => users.id),
    occupied_until: timestamp('occupied_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('tab_states_unique').on(t.organization_id, t.survey_id, t.tab).nullsNotDistinct()],
);

/** Immutable snapshots: one per save ('save') and one per tab on submit ('submit'). */
export const tabVersions = pgTable(
  'tab_versions',
  {
    id: serial('id').primaryKey(),
    ...scope,
    tab: text('tab').notNull(),
    version: integer('version').notNull(),
    kind: text('kind').notNull().default('save'),
    snapshot: jsonb('snapshot').notNull(),
    saved_by: integer('saved_by').references(() => users.id),
    saved_at: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    submission_id: integer('submission_id'),
  },
  (t) => [
    unique('tab_versions_unique').on(t.organization_id, t.survey_id, t.tab, t.version).nullsNotDistinct(),
  ],
);

/** A submitted profile: every tab's snapshot, plus the scores once computed. */
export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    ...scope,
    submitted_by: integer('submitted_by').references(() => users.id),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    snapshot: jsonb('snapshot').notNull(),
    scores: jsonb('scores'),
    scoring_version: text('scoring_version'),
  },
  (t) => [
    index('submissions_scope_idx').on(t.organization_id, t.survey_id, t.submitted_at),
    // Survey analytics read every respondent's latest submission of one survey.
    index('submissions_survey_idx').on(t.survey_id, t.organization_id, t.submitted_at),
  ],
);
