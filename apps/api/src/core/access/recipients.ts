import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, users } from '../../db/schema/people';
import { live } from '../../db/soft-delete';

// Who is told of what happens to an organization (its mails and notifications), in one place for
// every module: the same people get the mail and the notification.

/** The approved admins (manage_settings) of an organization: who approve its members. */
export function organizationAdmins(db: DbOrTx, organizationId: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
    .where(
      and(
        eq(memberships.organization_id, organizationId),
        eq(memberships.status, 'approved'),
        eq(memberships.manage_settings, true),
      ),
    )
    .orderBy(users.id);
}

/**
 * The people who answer these organizations' surveys, by organization: their approved members
 * with LPI access (`average_lpi_score_access`, who fill in and submit the response) and their
 * approved admins (who may decline it and grant the access).
 */
export function surveyRespondents(db: DbOrTx, organizationIds: readonly number[]) {
  if (!organizationIds.length) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      organization_id: memberships.organization_id,
      email: users.email,
      name: users.name,
      lastname: users.lastname,
    })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
    .where(
      and(
        inArray(memberships.organization_id, [...organizationIds]),
        eq(memberships.status, 'approved'),
        or(eq(memberships.manage_settings, true), eq(memberships.average_lpi_score_access, true)),
      ),
    )
    .orderBy(memberships.organization_id, users.email);
}
