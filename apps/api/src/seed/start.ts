import type { Config } from '../config';
import { type Database, isEmptyDatabase } from '../db/client';
import { storageFor } from '../plugins/storage';
import { seedDemoData } from './demo';
import { writeDemoPodFiles } from './pods';

/**
 * A start's database step: the migrations, then the demo data where it belongs (a new embedded
 * database, SEED_DEMO=1, or `--seed-only`), the demo pods' files written to the configured storage
 * with it. A start on a database that is not to be seeded does no demo work. Answers whether it
 * seeded.
 */
export async function prepareDatabase(
  config: Config,
  database: Database,
  { seedOnly = false }: { seedOnly?: boolean } = {},
): Promise<boolean> {
  await database.migrate();
  const seed =
    seedOnly || (config.seedDemo ?? (database.kind === 'pglite' && (await isEmptyDatabase(database.db))));
  if (!seed) return false;
  await seedDemoData(database.db);
  // the seeded rows of the demo pods' documents, and their bytes in the storage
  await writeDemoPodFiles(database.db, storageFor(config));
  return true;
}
