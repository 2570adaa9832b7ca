import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/people';
import { live } from '../../db/soft-delete';
import { forbidden, notFound } from '../http/errors';
import { type Caller, loadCaller } from './caller';

/** `me` (the caller's own organization) or an organization id. */
export type OrganizationRef = number | 'me';

export interface MemberContext {
  caller: Caller;
  organizationId: number;
}

const NOT_APPROVED_MESSAGE = 'Your membership is awaiting approval by an admin of your organization.';

/** The caller's own (live) organization when their membership of it is approved; else null. */
export function approvedOrganizationId(caller: Caller): number | null {
  return caller.row.membership?.status === 'approved' ? (caller.row.organization?.id ?? null) : null;
}

/** The caller's approved membership is in this organization. */
export function isApprovedMemberOf(caller: Caller, organizationId: number): boolean {
  return approvedOrganizationId(caller) === organizationId;
}

/** An approved member of the organization or a platform admin: who sees its private side. */
export function isInsiderOf(caller: Caller, organizationId: number): boolean {
  return isApprovedMemberOf(caller, organizationId) || caller.flags.isAdministrator;
}

async function organizationExists(db: DbOrTx, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), live(organizations)));
  return row !== undefined;
}

/**
 * Who may act on an organization's space and people (DESIGN 5):
 * - Another organization's id, a missing one, or `me` without an organization: 404.
 * - Platform admins (is_sadm) may act on any organization by id.
 * - Otherwise the caller must be an approved member (`admin`: with manage_settings) of it: 403.
 */
export async function authorizeOrganization(
  db: DbOrTx,
  userId: number,
  ref: OrganizationRef,
  need: 'member' | 'admin',
): Promise<MemberContext> {
  const caller = await loadCaller(db, userId);
  // A membership of a deleted organization counts as none.
  const ownId = caller.row.organization?.id;
  let organizationId: number;
  if (ref === 'me') {
    if (ownId === undefined) throw notFound('Organization');
    organizationId = ownId;
  } else {
    organizationId = ref;
    if (!(await organizationExists(db, organizationId))) throw notFound('Organization');
    if (caller.flags.isAdministrator) return { caller, organizationId };
    if (ownId !== organizationId) throw notFound('Organization');
  }
  if (caller.row.membership?.status !== 'approved') throw forbidden(NOT_APPROVED_MESSAGE);
  if (need === 'admin' && !caller.flags.isOrganizationAdministrator) {
    throw forbidden('Only an admin of this organization may do this.');
  }
  return { caller, organizationId };
}
