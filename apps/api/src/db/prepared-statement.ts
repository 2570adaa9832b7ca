import type { DbOrTx } from './client';

/** Named prepared statements per database handle (planned once per connection): the hot reads. */
const prepared = new WeakMap<object, Map<string, unknown>>();

/**
 * The query `build` makes, prepared under `name` on the database handle (once per handle, then
 * reused). Inside a transaction it is prepared unnamed: a transaction is short-lived and its
 * connection is shared with other names.
 */
export function preparedStatement<P>(db: DbOrTx, name: string, build: () => { prepare(name: string): P }): P {
  if ('rollback' in db) return build().prepare('');
  let mine = prepared.get(db);
  if (!mine) {
    mine = new Map();
    prepared.set(db, mine);
  }
  let query = mine.get(name) as P | undefined;
  if (!query) {
    query = build().prepare(name);
    mine.set(name, query);
  }
  return query;
}
