import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * Migrating a new database takes seconds (initdb for PGlite, two dozen migrations for either);
 * copying a migrated one takes a fraction of that. So the API suite migrates one database once
 * and every test file starts from a copy: a dumped PGlite data directory, or on PostgreSQL a
 * template database that `createTestApp` clones with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return postgresTemplate(serverUrl);
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
  const dump = await database.dumpTemplate!();
  const file = path.join(os.tmpdir(), `parity-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.PARITY_PGLITE_TEMPLATE = file;
  return () => fs.rmSync(file, { force: true });
}

async function postgresTemplate(serverUrl: string) {
  const name = `parity_template_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  await database.close();
  process.env.PARITY_POSTGRES_TEMPLATE = name;
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
