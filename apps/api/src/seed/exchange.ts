import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

const DAY = 86_400_000;

/**
 * The exchange's demo data (issue 18): Cedar shares its overview, staff and ownership tabs with
 * Northwind (three logged views by host@northwind.test), Acme's grant to Cedar has expired, and
 * Northwind asks Acme for its whole profile (pending, for ada@acme.test to answer). Acme shares
 * nothing with Northwind: the exchange journey makes that grant. Idempotent: nothing is written
 * once Cedar's grant to Northwind exists.
 */
export async function seedExchange(
  tx: Tx,
  input: {
    organizations: Map<string, number>;
    users: Map<string, number>;
    host: string;
    acme: string;
    cedar: string;
  },
): Promise<void> {
  const northwind = input.organizations.get(input.host)!;
  const acme = input.organizations.get(input.acme)!;
  const cedar = input.organizations.get(input.cedar)!;
  const eve = input.users.get('eve@cedar.test')!;
  const ada = input.users.get('ada@acme.test')!;
  const host = input.users.get('host@northwind.test')!;
  const existing = await tx.execute(
    sql`SELECT 1 FROM exchange_grants WHERE owner_organization_id = ${cedar} AND investor_organization_id = ${northwind}`,
  );
  if ((existing as unknown as { rows: unknown[] }).rows.length) return;

  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  const granted = await tx.execute(sql`INSERT INTO exchange_grants
      (owner_organization_id, investor_organization_id, tabs, expires_at, granted_by, created_at)
    VALUES (${cedar}, ${northwind}, string_to_array('overview,staff,ownership', ','), ${at(300)}::timestamptz,
      ${eve}, ${at(-65)}::timestamptz)
    RETURNING id`);
  const grantId = (granted as unknown as { rows: { id: number }[] }).rows[0]!.id;
  for (const days of [-60, -21, -3]) {
    await tx.execute(sql`INSERT INTO exchange_views
        (grant_id, owner_organization_id, investor_organization_id, viewer_user_id, viewed_at)
      VALUES (${grantId}, ${cedar}, ${northwind}, ${host}, ${at(days)}::timestamptz)`);
  }
  await tx.execute(sql`INSERT INTO exchange_grants
      (owner_organization_id, investor_organization_id, tabs, expires_at, granted_by, created_at)
    VALUES (${acme}, ${cedar}, NULL, ${at(-10)}::timestamptz, ${ada}, ${at(-100)}::timestamptz)`);
  await tx.execute(sql`INSERT INTO exchange_requests
      (owner_organization_id, investor_organization_id, requested_by, message, created_at)
    VALUES (${acme}, ${northwind}, ${host},
      'We are preparing our 2027 allocation review and would like to read your full LPI profile.',
      ${at(-2)}::timestamptz)`);
}
