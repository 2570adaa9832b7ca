import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserProfile } from '../core/access/user-profile';
import { DEMO_PASSWORD, type DemoPeople } from '../seed/demo';
import { createDemoTestApp, demoOf, type TestApp } from '../test/app';
import { batchedRead } from './batched-read';
import type { DbOrTx } from './client';
import { users } from './schema/people';

let t: TestApp;
let people: DemoPeople;
beforeAll(async () => {
  t = await createDemoTestApp();
  people = demoOf(t);
});
afterAll(async () => {
  await t?.close();
});

const idOf = (email: string) => people.users.get(email)!;

/** A batched read of users' emails over the real database that records the keys of each query. */
function recordingEmailRead(maxBatch?: number) {
  const queries: number[][] = [];
  const read = batchedRead({
    fetch: async (db: DbOrTx, ids: number[]) => {
      queries.push(ids);
      return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
    },
    keyOf: (row) => row.id,
    maxBatch,
  });
  return { read, queries };
}

describe('batchedRead', () => {
  it('answers the reads of one turn with one query, each caller its own row', async () => {
    const { read, queries } = recordingEmailRead();
    const emails = ['ada@acme.test', 'max@acme.test', 'eve@cedar.test', 'host@northwind.test'];
    const rows = await Promise.all(emails.map((email) => read(t.app.db, idOf(email))));
    expect(rows.map((row) => row?.email)).toEqual(emails);
    expect(queries).toEqual([emails.map(idOf)]);
  });

  it('asks once for a key read twice in a turn, and answers undefined for a key without a row', async () => {
    const { read, queries } = recordingEmailRead();
    const ada = idOf('ada@acme.test');
    const [first, second, missing] = await Promise.all([
      read(t.app.db, ada),
      read(t.app.db, ada),
      read(t.app.db, 987_654),
    ]);
    expect(first?.email).toBe('ada@acme.test');
    expect(second).toBe(first);
    expect(missing).toBeUndefined();
    expect(queries).toEqual([[ada, 987_654]]);
  });

  it('sends reads of later turns in later queries, so they see what was written in between', async () => {
    const { read, queries } = recordingEmailRead();
    const max = idOf('max@acme.test');
    const before = await read(t.app.db, max);
    await t.app.db.update(users).set({ email: 'max.planck@acme.test' }).where(eq(users.id, max));
    try {
      const after = await read(t.app.db, max);
      expect([before?.email, after?.email]).toEqual(['max@acme.test', 'max.planck@acme.test']);
      expect(queries).toEqual([[max], [max]]);
    } finally {
      await t.app.db.update(users).set({ email: 'max@acme.test' }).where(eq(users.id, max));
    }
  });

  it('splits a turn into queries of at most maxBatch keys', async () => {
    const { read, queries } = recordingEmailRead(2);
    const emails = ['ada@acme.test', 'max@acme.test', 'eve@cedar.test'];
    const rows = await Promise.all(emails.map((email) => read(t.app.db, idOf(email))));
    expect(rows.map((row) => row?.email)).toEqual(emails);
    expect(queries).toEqual([emails.slice(0, 2).map(idOf), [idOf('eve@cedar.test')]]);
  });

  it('rejects every caller of a failed query with its error', async () => {
    const read = batchedRead({
      fetch: (db: DbOrTx, ids: number[]) =>
        db.execute(sql`SELECT id FROM no_such_table WHERE id = ANY(${ids})`).then(() => []),
      keyOf: (row: { id: number }) => row.id,
    });
    const results = await Promise.allSettled([read(t.app.db, 1), read(t.app.db, 2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    for (const result of results) {
      expect(String((result as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
    }
  });

  it('reads alone on a transaction, seeing its uncommitted writes', async () => {
    const { read, queries } = recordingEmailRead();
    const eve = idOf('eve@cedar.test');
    let inside: { email: string } | undefined;
    await t.app.db
      .transaction(async (tx) => {
        await tx.update(users).set({ email: 'eve.uncommitted@cedar.test' }).where(eq(users.id, eve));
        inside = await read(tx, eve);
        tx.rollback();
      })
      .catch((error: unknown) => {
        // rollback() ends the transaction by throwing
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    expect(inside?.email).toBe('eve.uncommitted@cedar.test');
    const outside = await read(t.app.db, eve);
    expect(outside?.email).toBe('eve@cedar.test');
    expect(queries).toEqual([[eve], [eve]]);
  });
});

describe('batched profile reads through HTTP', () => {
  it('answers concurrent account reads of different users each with their own account', async () => {
    const emails = ['ada@acme.test', 'max@acme.test', 'eve@cedar.test', 'host@northwind.test'];
    const tokens = await Promise.all(
      emails.map(async (email, i) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/oauth/token/',
          remoteAddress: `10.9.0.${i + 1}`,
          payload: {
            grant_type: 'password',
            username: email,
            password: DEMO_PASSWORD,
            client_id: 'parity-web',
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().access_token as string;
      }),
    );
    // Each user three times, interleaved, all in flight together.
    const order = [...tokens, ...tokens, ...tokens].map((token, i) => ({ token, email: emails[i % 4] }));
    const answers = await Promise.all(
      order.map(({ token }) =>
        t.app.inject({
          method: 'GET',
          url: '/api/user-account',
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(order.map(() => 200));
    expect(answers.map((res) => res.json().email)).toEqual(order.map(({ email }) => email));
  });

  it('finds no profile for a deleted user among live ones read in the same turn', async () => {
    const pending = idOf('pending@acme.test');
    await t.app.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, pending));
    try {
      const [ada, gone] = await Promise.all([
        findUserProfile(t.app.db, idOf('ada@acme.test')),
        findUserProfile(t.app.db, pending),
      ]);
      expect(ada?.user.email).toBe('ada@acme.test');
      expect(gone).toBeUndefined();
    } finally {
      await t.app.db.update(users).set({ deleted_at: null }).where(eq(users.id, pending));
    }
  });
});
