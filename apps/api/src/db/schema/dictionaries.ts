import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Reference data, seeded by migration. Ids are stable across installs because the spec names
// some of them (legal structures 1-10, identification 17/19/20).

export const genderCategories = pgTable('gender_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  order: integer('order').notNull(),
});

export const genders = pgTable('genders', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  order: integer('order').notNull(),
  category_id: integer('category_id')
    .notNull()
    .references(() => genderCategories.id),
});

export const ethnicities = pgTable('ethnicities', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  order: integer('order').notNull(),
  // People of colour are every ethnicity but White (DESIGN section 9); undisclosed counts apart.
  is_white: integer('is_white').notNull().default(0),
  is_undisclosed: integer('is_undisclosed').notNull().default(0),
});

export const colors = pgTable('colors', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hex: text('hex').notNull(),
});

export const legalStructures = pgTable('legal_structures', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const globalIndustryTypes = pgTable('global_industry_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key').notNull(),
});

export const globalIndustries = pgTable('global_industries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  type_id: integer('type_id')
    .notNull()
    .references(() => globalIndustryTypes.id),
  parent_id: integer('parent_id'),
});

/**
 * Simple option lists, keyed by group: languages, tags, functional_titles, corporate_titles,
 * interests, roles, name_change_reasons, and the attribute groups of /api/attributes/relations
 * (immigration, military_member, lgbtq, disabled, identification, board_type, board_position,
 * us_citizen, us_based).
 */
export const options = pgTable(
  'options',
  {
    group: text('group').notNull(),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.group, t.id] })],
);
