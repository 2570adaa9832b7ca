import type { DbOrTx } from './client';

interface Waiter<R> {
  resolve(row: R | undefined): void;
  reject(error: unknown): void;
}

export interface BatchedReadOptions<K, R> {
  /** The rows of these distinct keys, in any order; a key without a row is left out. */
  fetch(db: DbOrTx, keys: K[]): Promise<R[]>;
  /** The key a fetched row answers. */
  keyOf(row: R): K;
  /** At most this many keys in one query; more start another batch. */
  maxBatch?: number;
}

/**
 * A point read by key whose calls from one turn of the event loop go to the database as one query.
 *
 * Under load many requests are parsed in the same turn (data arrives on many sockets at once), and
 * each used to pay a round trip of its own: the socket write, waking a PostgreSQL backend, the
 * execution and the result's parsing, the larger part of a one-row read's cost. Batched, they share
 * one. Nothing is cached: every read is sent after its caller asked, so it sees every write
 * committed before. Inside a transaction the read runs alone, on the transaction, so it sees the
 * transaction's own writes. Callers asking for the same key in one turn share its row: treat rows
 * as read-only.
 */
export function batchedRead<K, R>(options: BatchedReadOptions<K, R>) {
  const { fetch, keyOf, maxBatch = 100 } = options;
  // The batch still collecting keys, per database handle.
  const collecting = new WeakMap<object, Map<K, Waiter<R>[]>>();

  async function flush(db: DbOrTx, batch: Map<K, Waiter<R>[]>) {
    if (collecting.get(db) === batch) collecting.delete(db);
    try {
      const rows = await fetch(db, [...batch.keys()]);
      const found = new Map<K, R>();
      for (const row of rows) found.set(keyOf(row), row);
      for (const [key, waiters] of batch) {
        const row = found.get(key);
        for (const waiter of waiters) waiter.resolve(row);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  return function read(db: DbOrTx, key: K): Promise<R | undefined> {
    if ('rollback' in db) {
      return fetch(db, [key]).then((rows) => rows.find((row) => keyOf(row) === key));
    }
    let batch = collecting.get(db);
    if (!batch) {
      const fresh = new Map<K, Waiter<R>[]>();
      collecting.set(db, fresh);
      // setImmediate runs after the turn's I/O callbacks (and their promise jobs) have all run,
      // so every request that arrived in this turn has asked by then.
      setImmediate(() => void flush(db, fresh));
      batch = fresh;
    }
    const target = batch;
    return new Promise<R | undefined>((resolve, reject) => {
      const waiters = target.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else target.set(key, [{ resolve, reject }]);
      // A full batch stops collecting; its scheduled flush still sends it.
      if (target.size >= maxBatch && collecting.get(db) === target) collecting.delete(db);
    });
  };
}
