import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SENSITIVE_FIELDS } from '@parity/domain/account';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from './client';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const folders: string[] = [];

/** The migrations folder as it was up to `tag` (its SQL files and a journal cut there). */
function migrationsUpTo(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-migrations-'));
  folders.push(folder);
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('migration 0013: special-category fields private by default', () => {
  it("makes them private on existing accounts, keeps each account's own choices, and on new ones", async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo('0012_survey_hosting') });
    await client.query(
      `INSERT INTO users (email, name, password_hash, private_fields) VALUES
        ('open@example.test', 'Open', 'x', '{}'),
        ('careful@example.test', 'Careful', 'x', '{phone,gender_id}')`,
    );

    await migrate(db, { migrationsFolder: MIGRATIONS });
    await client.query(
      `INSERT INTO users (email, name, password_hash) VALUES ('new@example.test', 'New', 'x')`,
    );
    const { rows } = await client.query<{ email: string; private_fields: string[] }>(
      'SELECT email, private_fields FROM users ORDER BY id',
    );
    const sensitive = [...SENSITIVE_FIELDS].sort();
    expect(rows.map((row) => [row.email, [...row.private_fields].sort()])).toEqual([
      ['open@example.test', sensitive],
      ['careful@example.test', [...sensitive, 'phone'].sort()],
      ['new@example.test', sensitive],
    ]);
    await client.close();
  });
});
