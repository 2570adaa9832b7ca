import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema/people';

/** The user with their membership and its (not deleted) organization; undefined when deleted. */
export async function findAccountWithMembership(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      is_sadm: users.is_sadm,
      membership: {
        status: memberships.status,
        manage_settings: memberships.manage_settings,
        user_manage_surveys: memberships.user_manage_surveys,
        survey_creation: memberships.survey_creation,
        average_lpi_score_access: memberships.average_lpi_score_access,
      },
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
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  return row;
}
