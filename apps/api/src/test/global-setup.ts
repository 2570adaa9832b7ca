import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { type DemoPeople, seedDemoData } from '../seed/demo';

/**
 * Migrating a new database takes seconds (initdb for PGlite, thirty migrations for either), and
 * seeding the demo data as many again; copying a database takes a fraction of that. So the API
 * suite migrates one database once, and seeds a second copy once, and every test file starts from
 * a copy of one of them: a dumped PGlite data directory, or on PostgreSQL a template database that
 * `createTestApp` clones with CREATE DATABASE ... TEMPLATE. The seeded copy's ids go to the test
 * files as PARITY_DEMO_PEOPLE (a copy keeps its ids).
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return postgresTemplates(serverUrl);
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const files: string[] = [];
  const dumpTo = async (name: string) => {
    const dump = await database.dumpTemplate!();
    const file = path.join(os.tmpdir(), `parity-pglite-${name}-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    files.push(file);
    return file;
  };
  try {
    await database.migrate();
    process.env.PARITY_PGLITE_TEMPLATE = await dumpTo('template');
    process.env.PARITY_DEMO_PEOPLE = demoPeopleJson(await seedDemoData(database.db));
    process.env.PARITY_PGLITE_SEEDED_TEMPLATE = await dumpTo('seeded');
  } finally {
    await database.close();
  }
  return () => {
    for (const file of files) fs.rmSync(file, { force: true });
  };
}

function demoPeopleJson(people: DemoPeople): string {
  return JSON.stringify({
    organizations: [...people.organizations],
    users: [...people.users],
    surveys: [...people.surveys],
  });
}

async function postgresTemplates(serverUrl: string) {
  const name = `parity_template_${process.pid}`;
  const seeded = `parity_seeded_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const open = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return openDatabase({ kind: 'postgres', url: url.toString() });
  };
  const drop = async () => {
    await admin(`DROP DATABASE IF EXISTS ${seeded} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  await drop();
  await admin(`CREATE DATABASE ${name}`);
  // Each closed before it is copied: PostgreSQL copies a template only while nobody is connected.
  const migrated = await open(name);
  try {
    await migrated.migrate();
  } finally {
    await migrated.close();
  }
  await admin(`CREATE DATABASE ${seeded} TEMPLATE ${name}`);
  const demo = await open(seeded);
  try {
    process.env.PARITY_DEMO_PEOPLE = demoPeopleJson(await seedDemoData(demo.db));
  } finally {
    await demo.close();
  }
  process.env.PARITY_POSTGRES_TEMPLATE = name;
  process.env.PARITY_POSTGRES_SEEDED_TEMPLATE = seeded;
  return drop;
}
