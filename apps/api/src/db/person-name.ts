import { type AnyColumn, sql } from 'drizzle-orm';
import { users } from './schema/people';

/**
 * The full name of the user a column points at (a primary contact), as a scalar subquery, so an
 * answer names the person instead of an id; null without one. A subquery, not a join, so a row
 * read FOR UPDATE locks its own table alone.
 */
export const personName = (userId: AnyColumn) =>
  sql<
    string | null
  >`(select nullif(trim(concat_ws(' ', ${users.name}, ${users.lastname})), '') from ${users} where ${users.id} = ${userId})`;
