import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { options } from './dictionaries';
import { tsvector } from './tsvector';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    lastname: text('lastname').notNull().default(''),
    password_hash: text('password_hash').notNull(),
    is_sadm: boolean('is_sadm').notNull().default(false),
    two_fa_enabled: boolean('two_fa_enabled').notNull().default(false),
    // Null: the password never expires (the default, ASVS 6.2.10); a date: login answers 419 after it.
    password_expires_at: timestamp('password_expires_at', { withTimezone: true }),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    // The user account entity of spec 3. Personal fields may be marked private (private_fields).
    title: text('title'),
    /** The profile image: a files.id. */
    image: uuid('image'),
    corporate_title_id: bigint('corporate_title_id', { mode: 'number' }),
    functional_title_id: bigint('functional_title_id', { mode: 'number' }),
    bio: text('bio'),
    personal_email: text('personal_email'),
    office_address_id: integer('office_address_id'),
    address: text('address'),
    phone: text('phone'),
    mobile_phone: text('mobile_phone'),
    veteran: boolean('veteran'),
    lgbt: boolean('lgbt'),
    is_generation_immigrant: boolean('is_generation_immigrant'),
    is_disabled: boolean('is_disabled'),
    gender_id: integer('gender_id'),
    ethnicity_id: integer('ethnicity_id'),
    languages: integer('languages').array().notNull().default(sql`'{}'::integer[]`),
    interests: integer('interests').array().notNull().default(sql`'{}'::integer[]`),
    start_date: date('start_date'),
    acknowledgements: text('acknowledgements').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Names of the fields the user keeps private (shown as 'Private' to others). Special-category
     * fields start private (domain SENSITIVE_FIELDS; migration 0013 moved existing accounts).
     */
    private_fields: text('private_fields')
      .array()
      .notNull()
      .default(sql`'{gender_id,ethnicity_id,lgbt,is_disabled,veteran,is_generation_immigrant}'::text[]`),
    // Null until the sign-up link is opened (the token endpoint refuses such accounts). Accounts
    // made any other way (demo data, invitations, admin) are verified when created.
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }).defaultNow(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Set when the user erased the account (DELETE /api/user-account): the row stays, pseudonymised,
     * so what points at it (audit entries, versions, posts) shows 'Erased user'; never restored.
     */
    erased_at: timestamp('erased_at', { withTimezone: true }),
    ...timestamps,
    /** The name others see (a private last name left out): what people search finds by trigrams. */
    search_name: text('search_name')
      .notNull()
      .generatedAlwaysAs(
        sql`name || ' ' || CASE WHEN 'lastname' = ANY (private_fields) THEN '' ELSE lastname END`,
      ),
    /** Name (A), title and email (B), a bio the user shows (C); private fields are never searched. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', name || ' ' || CASE WHEN 'lastname' = ANY (private_fields) THEN '' ELSE lastname END), 'A')
          || setweight(to_tsvector('simple', coalesce(title, '') || ' ' || email), 'B')
          || setweight(to_tsvector('english', CASE WHEN 'bio' = ANY (private_fields) THEN '' ELSE coalesce(bio, '') END), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_search_idx').using('gin', t.search),
    index('users_search_name_trgm_idx').using('gin', sql`${t.search_name} gin_trgm_ops`),
  ],
);

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    about: text('about'),
    website: text('website'),
    logo: text('logo'),
    cover: text('cover'),
    color_id: integer('color_id'),
    legal_structure_id: integer('legal_structure_id'),
    inception_date: date('inception_date'),
    is_publicly_traded: boolean('is_publicly_traded').notNull().default(false),
    ticker_symbol: text('ticker_symbol'),
    is_public: boolean('is_public').notNull().default(false),
    /** Outsiders see the latest profile scores on the public page only when public and this is set. */
    publish_scores: boolean('publish_scores').notNull().default(false),
    // The reporting overview of the organization's own profile (spec 3 Organization meta); a
    // survey's copy lives in survey_organization_meta.
    primary_phone: text('primary_phone'),
    primary_contact_id: integer('primary_contact_id'),
    total_full_time_employees: integer('total_full_time_employees').notNull().default(0),
    total_owners: integer('total_owners').notNull().default(0),
    total_leaders: integer('total_leaders').notNull().default(0),
    /** Global industries: { gi_sector_id, gi_industry_id, ..., gi_aum } (TIdentifiers). */
    identifiers: jsonb('identifiers').notNull().default({}),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
    /** Name (A), ticker and website (B), about (C). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', name), 'A')
          || setweight(to_tsvector('simple', coalesce(ticker_symbol, '') || ' ' || coalesce(website, '')), 'B')
          || setweight(to_tsvector('english', coalesce(about, '')), 'C')`,
      ),
  },
  (t) => [
    index('organizations_search_idx').using('gin', t.search),
    index('organizations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const membershipStatus = pgEnum('membership_status', ['pending', 'approved', 'declined']);

/** A user's place in an organization: one organization per user, with its permission flags. */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    status: membershipStatus('status').notNull().default('pending'),
    manage_settings: boolean('manage_settings').notNull().default(false),
    user_manage_surveys: boolean('user_manage_surveys').notNull().default(false),
    survey_creation: boolean('survey_creation').notNull().default(false),
    average_lpi_score_access: boolean('average_lpi_score_access').notNull().default(false),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decided_by: integer('decided_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_user_unique').on(t.user_id),
    index('memberships_org_idx').on(t.organization_id),
  ],
);

/**
 * A user's roles from the `roles` dictionary (spec 3 user_roles: Asset Manager, Advisor...). The
 * role is an `options` row of group 'roles'; deleting the role or the user removes the link.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_group: text('role_group').notNull().default('roles'),
    role_id: integer('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.role_id] }),
    check('user_roles_group_roles', sql`${t.role_group} = 'roles'`),
    foreignKey({
      name: 'user_roles_role_fk',
      columns: [t.role_group, t.role_id],
      foreignColumns: [options.group, options.id],
    }).onDelete('cascade'),
  ],
);

export const organizationCodes = pgTable(
  'organization_codes',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    code: text('code').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organization_codes_code_unique').on(sql`upper(${t.code})`)],
);

/**
 * OAuth clients: the first-party web app (parity-web, public, password grant) and the confidential
 * clients a platform administrator creates for integrations (/admin/clients, client_credentials
 * grant): owned by an organization, limited to read scopes, their secret stored as an argon2id hash.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: text('id').primaryKey(), // the client_id, e.g. parity-web
    /**
     * A small number of the client's own: a client token's caller is the principal -principal_no
     * (core/access/client-principal.ts), never a user id (those are positive).
     */
    principal_no: serial('principal_no').notNull(),
    name: text('name').notNull(),
    // Null for a public first-party client (the SPA cannot keep a secret).
    secret_hash: text('secret_hash'),
    first_party: boolean('first_party').notNull().default(false),
    grant_types: text('grant_types').array().notNull(),
    /** The organization an integration client acts as (null for parity-web). */
    organization_id: integer('organization_id').references(() => organizations.id),
    /** read:surveys, read:analytics, read:organizations (empty for parity-web). */
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The generation of the client's credentials: a client token carries it (claim `sid`) and
     * counts only while it is the current one; a rotation draws a new one.
     */
    token_generation: uuid('token_generation').notNull().defaultRandom(),
    created_by: integer('created_by').references(() => users.id),
    rotated_at: timestamp('rotated_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_clients_principal_no_unique').on(t.principal_no)],
);

/** Opaque refresh tokens, stored hashed; each use rotates it within its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    family_id: uuid('family_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    client_id: text('client_id')
      .notNull()
      .references(() => oauthClients.id),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The family's absolute expiry: rotation never extends a session past it.
    family_expires_at: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
    index('refresh_tokens_user_idx').on(t.user_id),
  ],
);

/** Platform settings (maintenance mode and others), one row per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
