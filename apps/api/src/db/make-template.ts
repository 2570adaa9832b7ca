import fs from 'node:fs';
import { openDatabase } from './client';

/**
 * Build step: a migrated, empty PGlite data directory dumped next to the bundle, so the first
 * `npm start` on a new DATA_DIR restores it instead of running initdb (seconds under WebAssembly).
 */
const out = process.argv[2];
if (!out) throw new Error('usage: make-template <output.tar>');
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await database.migrate();
const dump = await database.dumpTemplate!();
fs.writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
await database.close();
