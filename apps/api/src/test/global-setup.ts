import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';

/**
 * A new PGlite runs initdb (seconds); loading a dumped data directory takes a fraction of that.
 * So the API suite migrates one in-memory database once and every test file starts from a copy.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
  const dump = await database.dumpTemplate!();
  const file = path.join(os.tmpdir(), `parity-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.PARITY_PGLITE_TEMPLATE = file;
  return () => fs.rmSync(file, { force: true });
}
