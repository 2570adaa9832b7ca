import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

// Only PostgreSQL has connections that a server can end under the process: this file runs with
// TEST_DATABASE_URL (CI's second run), see vitest.config.ts.
describe('a PostgreSQL connection ended while checked out', () => {
  it('fails its transaction, and the process and the pool go on serving', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.app;
      const transaction = db.transaction(async (tx) => {
        const { pid } = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!;
        // End this very connection from another one while it sits idle inside the transaction,
        // as a server restart would, and wait until the server has let it go.
        await db.execute(sql`SELECT pg_terminate_backend(${pid})`);
        for (;;) {
          const alive = rowsOf(await db.execute(sql`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`));
          if (alive.length === 0) break;
        }
        await tx.execute(sql`SELECT 1`);
      });
      await expect(transaction).rejects.toThrow();
      const { one } = rowsOf<{ one: number }>(await db.execute(sql`SELECT 1 AS one`))[0]!;
      expect(one).toBe(1);
    } finally {
      await t.close();
    }
  });
});
