import type { TTabKey } from '@parity/domain/lpi/tabs';
import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exchangeGrants } from '../../db/schema/exchange';

// Exchange grants for every module that shows an organization's shared data to an investor (the
// exchange module, and investments for its managers' scores), read here so neither imports the
// other. A grant is live while it is not revoked and has not expired.

export interface LiveGrant {
  id: number;
  /** The LPI tab keys shared; null when everything is. */
  tabs: string[] | null;
  expiresAt: Date;
}

/** The owner's live grant to the investor (the newest when several are), or null. */
export async function liveGrant(
  db: DbOrTx,
  ownerOrganizationId: number,
  investorOrganizationId: number,
): Promise<LiveGrant | null> {
  const [row] = await db
    .select({ id: exchangeGrants.id, tabs: exchangeGrants.tabs, expiresAt: exchangeGrants.expires_at })
    .from(exchangeGrants)
    .where(
      and(
        eq(exchangeGrants.owner_organization_id, ownerOrganizationId),
        eq(exchangeGrants.investor_organization_id, investorOrganizationId),
        isNull(exchangeGrants.revoked_at),
        gt(exchangeGrants.expires_at, sql`now()`),
      ),
    )
    .orderBy(desc(exchangeGrants.created_at), desc(exchangeGrants.id))
    .limit(1);
  return row ?? null;
}

/**
 * A condition for raw queries: the organization in `ownerIdColumn` has a live grant to the
 * investor; with `tab`, one that shares that LPI tab (every tab, or a list naming it).
 */
export function hasLiveGrantSql(ownerIdColumn: SQL, investorOrganizationId: number, tab?: TTabKey): SQL {
  const sharesTab = tab === undefined ? sql`` : sql` AND (eg.tabs IS NULL OR ${tab} = ANY(eg.tabs))`;
  return sql`EXISTS (SELECT 1 FROM exchange_grants eg WHERE eg.owner_organization_id = ${ownerIdColumn}
    AND eg.investor_organization_id = ${investorOrganizationId}
    AND eg.revoked_at IS NULL AND eg.expires_at > now()${sharesTab})`;
}
