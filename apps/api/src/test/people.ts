import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/people';

let made = 0;

/**
 * A fresh verified user who signs in with the demo password, by a new email (answered). Its hash is
 * ada@acme.test's, copied: hashing with argon2id would take about a second per user.
 */
export async function addDemoPasswordUser(
  db: Db,
  options: { twoFa?: boolean; expired?: boolean } = {},
): Promise<string> {
  const [ada] = await db
    .select({ hash: users.password_hash })
    .from(users)
    .where(eq(users.email, 'ada@acme.test'));
  const email = `person${++made}.${Date.now()}@example.test`;
  await db.insert(users).values({
    email,
    name: 'Test',
    lastname: 'Person',
    password_hash: ada!.hash,
    two_fa_enabled: options.twoFa ?? false,
    password_expires_at: options.expired ? new Date('2025-01-01T00:00:00Z') : null,
  });
  return email;
}
