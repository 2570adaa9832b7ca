import { and, eq, isNull, sql } from 'drizzle-orm';
import { batchedRead } from '../../db/batched-read';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { memberships, organizations, users } from '../../db/schema/people';
import { membershipColumns } from '../users/repo';

function accountQuery(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      is_sadm: users.is_sadm,
      membership: membershipColumns,
      organization: {
        id: organizations.id,
        name: organizations.name,
        logo: organizations.logo,
      },
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.user_id, users.id))
    .leftJoin(
      organizations,
      and(eq(organizations.id, memberships.organization_id), isNull(organizations.deleted_at)),
    )
    .where(and(sql`${users.id} = ANY(${sql.placeholder('ids')}::int[])`, isNull(users.deleted_at)));
}

/**
 * The user with their membership and its (not deleted) organization; undefined when deleted.
 * Read on every page load: the reads of one event-loop turn share one execution of a named
 * prepared statement (batchedRead).
 */
export const findAccountWithMembership = batchedRead({
  fetch: (db, ids: number[]) =>
    preparedStatement(db, 'accounts_find_with_membership', () => accountQuery(db)).execute({ ids }),
  keyOf: (row) => row.id,
});
