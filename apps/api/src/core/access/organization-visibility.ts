import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Caller } from './caller';
import { approvedOrganizationId } from './organization-guard';

// Who may know that an organization exists and read its name (DESIGN 5): everyone a public, live
// one; a private one only its own approved members, platform admins and the organizations it has
// dealt with (a survey one hosted and the other was invited to, either way; an exchange grant or
// request between them, either way). Anyone else is answered as if it did not exist. The one rule
// for the public page, exchange, the users directory, search, the community and the pods.

/** The caller as the rule needs them. */
export interface OrganizationKnower {
  /** the live organization the caller is an approved member of; null when none */
  organizationId: number | null;
  isPlatformAdmin: boolean;
}

export function knowerOf(caller: Caller): OrganizationKnower {
  return { organizationId: approvedOrganizationId(caller), isPlatformAdmin: caller.flags.isAdministrator };
}

/** The two organizations have dealt with each other: a survey invitation, an exchange grant or request. */
function dealtWithSql(ownId: number, otherId: SQL): SQL {
  const between = (a: string, b: string) =>
    sql`(${sql.raw(a)} = ${otherId} AND ${sql.raw(b)} = ${ownId}) OR (${sql.raw(a)} = ${ownId} AND ${sql.raw(b)} = ${otherId})`;
  return sql`(EXISTS (SELECT 1 FROM survey_invitations ksi
      JOIN surveys ks ON ks.id = ksi.survey_id AND ks.deleted_at IS NULL
      WHERE ${between('ks.organization_id', 'ksi.organization_id')})
    OR EXISTS (SELECT 1 FROM exchange_grants keg
      WHERE ${between('keg.owner_organization_id', 'keg.investor_organization_id')})
    OR EXISTS (SELECT 1 FROM exchange_requests ker
      WHERE ${between('ker.owner_organization_id', 'ker.investor_organization_id')}))`;
}

/**
 * The rule as a condition on the organization whose id is `organizationId` (a column of the
 * query): usable in lists, so that counts and searches never see what the caller may not know.
 */
export function mayKnowOrganizationSql(knower: OrganizationKnower, organizationId: SQL): SQL {
  if (knower.isPlatformAdmin) return sql`TRUE`;
  const ownId = knower.organizationId;
  const related = ownId === null ? sql`` : sql` OR ko.id = ${ownId} OR ${dealtWithSql(ownId, sql`ko.id`)}`;
  return sql`EXISTS (SELECT 1 FROM organizations ko WHERE ko.id = ${organizationId}
    AND ko.deleted_at IS NULL AND (ko.is_public${related}))`;
}

/**
 * The rule for one organization already read: its public page, logo and cover answer 404 when
 * false. A platform admin knows every organization, a deleted one too (the back office's).
 */
export async function mayKnowOrganization(
  db: DbOrTx,
  knower: OrganizationKnower,
  organization: { id: number; is_public: boolean; deleted_at: Date | null },
): Promise<boolean> {
  if (knower.isPlatformAdmin) return true;
  if (organization.deleted_at) return false;
  if (organization.is_public || organization.id === knower.organizationId) return true;
  return (await knownOrganization(db, knower, organization.id)) !== null;
}

/** A live organization by id with its name, when the caller may know it; else null (answer 404). */
export async function knownOrganization(
  db: DbOrTx,
  knower: OrganizationKnower,
  organizationId: number,
): Promise<{ id: number; name: string } | null> {
  const result = await db.execute(
    sql`SELECT o.id, o.name FROM organizations o WHERE o.id = ${organizationId} AND o.deleted_at IS NULL
      AND ${mayKnowOrganizationSql(knower, sql`o.id`)}`,
  );
  return (result as unknown as { rows: { id: number; name: string }[] }).rows[0] ?? null;
}
