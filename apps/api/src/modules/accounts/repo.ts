import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deleted_at)));
}

type PreparedAccount = ReturnType<ReturnType<typeof accountQuery>['prepare']>;
const prepared = new WeakMap<object, PreparedAccount>();

/**
 * The user with their membership and its (not deleted) organization; undefined when deleted.
 * Outside a transaction it runs as a named prepared statement (planned once per connection).
 */
export async function findAccountWithMembership(db: DbOrTx, userId: number) {
  let query: PreparedAccount | undefined;
  if ('rollback' in db) query = accountQuery(db).prepare('');
  else {
    query = prepared.get(db);
    if (!query) {
      query = accountQuery(db).prepare('accounts_find_with_membership');
      prepared.set(db, query);
    }
  }
  const [row] = await query.execute({ id: userId });
  return row;
}
