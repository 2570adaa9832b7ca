import { type Column, isNull } from 'drizzle-orm';

/**
 * The rows not soft-deleted (DESIGN 4: users, organizations and surveys keep their row with a
 * `deleted_at` once deleted, and every read leaves them out): `where(and(eq(users.id, id), live(users)))`.
 */
export const live = (table: { deleted_at: Column }) => isNull(table.deleted_at);
