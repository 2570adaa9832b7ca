import { and, eq, sql } from 'drizzle-orm';
import { batchedRead } from '../../db/batched-read';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { memberships, organizations, refreshTokens, users } from '../../db/schema/people';
import { live } from '../../db/soft-delete';

/**
 * A profile's personal fields, all empty: an integration client's caller has none, and an erased
 * account (DELETE /api/user-account) is left with none.
 */
export const EMPTY_PERSONAL_FIELDS = {
  is_sadm: false,
  two_fa_enabled: false,
  last_login_at: null,
  title: null,
  image: null,
  corporate_title_id: null,
  functional_title_id: null,
  bio: null,
  personal_email: null,
  office_address_id: null,
  address: null,
  phone: null,
  mobile_phone: null,
  veteran: null,
  lgbt: null,
  is_generation_immigrant: null,
  is_disabled: null,
  gender_id: null,
  ethnicity_id: null,
  languages: [] as number[],
  interests: [] as number[],
  start_date: null,
  acknowledgements: [] as string[],
} as const;

/** A membership's status and rights flags, as accountFlags reads them. */
export const membershipColumns = {
  status: memberships.status,
  manage_settings: memberships.manage_settings,
  user_manage_surveys: memberships.user_manage_surveys,
  survey_creation: memberships.survey_creation,
  average_lpi_score_access: memberships.average_lpi_score_access,
};

const profileColumns = {
  user: {
    id: users.id,
    email: users.email,
    name: users.name,
    lastname: users.lastname,
    is_sadm: users.is_sadm,
    two_fa_enabled: users.two_fa_enabled,
    last_login_at: users.last_login_at,
    title: users.title,
    image: users.image,
    corporate_title_id: users.corporate_title_id,
    functional_title_id: users.functional_title_id,
    bio: users.bio,
    personal_email: users.personal_email,
    office_address_id: users.office_address_id,
    address: users.address,
    phone: users.phone,
    mobile_phone: users.mobile_phone,
    veteran: users.veteran,
    lgbt: users.lgbt,
    is_generation_immigrant: users.is_generation_immigrant,
    is_disabled: users.is_disabled,
    gender_id: users.gender_id,
    ethnicity_id: users.ethnicity_id,
    languages: users.languages,
    interests: users.interests,
    start_date: users.start_date,
    acknowledgements: users.acknowledgements,
    private_fields: users.private_fields,
    created_at: users.created_at,
    updated_at: users.updated_at,
  },
  membership: membershipColumns,
  organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
};

function profileQuery(db: DbOrTx) {
  return db
    .select(profileColumns)
    .from(users)
    .leftJoin(memberships, eq(memberships.user_id, users.id))
    .leftJoin(organizations, and(eq(organizations.id, memberships.organization_id), live(organizations)))
    .where(and(sql`${users.id} = ANY(${sql.placeholder('ids')}::int[])`, live(users)));
}

/**
 * The same profile, found by a sign-in (a refresh-token family) that is alive: not revoked, not
 * past its absolute expiry, of a live user. Per family one token row is looked up (rotation marks
 * a family's tokens used, never revoked, so its first unrevoked row will do).
 */
function sessionProfileQuery(db: DbOrTx) {
  return db
    .select({ ...profileColumns, session_id: refreshTokens.family_id })
    .from(refreshTokens)
    .innerJoin(users, and(eq(users.id, refreshTokens.user_id), live(users)))
    .leftJoin(memberships, eq(memberships.user_id, users.id))
    .leftJoin(organizations, and(eq(organizations.id, memberships.organization_id), live(organizations)))
    .where(
      sql`${refreshTokens.id} IN (SELECT (SELECT t.id FROM ${refreshTokens} t
        WHERE t.family_id = s.id AND t.revoked_at IS NULL AND t.family_expires_at > now() LIMIT 1)
        FROM unnest(${sql.placeholder('ids')}::uuid[]) AS s(id))`,
    );
}

/**
 * A live user with every profile column, their membership and its live organization: one query
 * over the primary key and the unique memberships.user_id index. Undefined when deleted or absent.
 * The read of every signed-in call (the caller's rights): the calls of one event-loop turn share
 * one execution of a named prepared statement (batchedRead); in a transaction it runs alone.
 */
export const findUserProfile = batchedRead({
  fetch: (db, ids: number[]) =>
    preparedStatement(db, 'users_find_profile', () => profileQuery(db)).execute({ ids }),
  keyOf: (row) => row.user.id,
});
export type UserProfileRow = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>;

/**
 * The caller's profile by the sign-in of their access token (its `sid`), undefined when that
 * sign-in has ended (logout, password change, refresh-token reuse, deactivation) or its user is
 * deleted. The auth hook's read on every call that sends a token: the session check and the
 * caller's profile in one batched statement, so a route that needs only the caller reads nothing
 * more (request.auth.profile).
 */
export const findSessionProfile = batchedRead({
  fetch: (db, sessionIds: string[]) =>
    preparedStatement(db, 'users_find_session_profile', () => sessionProfileQuery(db)).execute({
      ids: sessionIds,
    }),
  keyOf: (row) => row.session_id,
});
