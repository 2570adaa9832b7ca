import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backup, restore } from './backup';
import { migrateToPostgres } from './migrate-to-postgres';
import type { Difference } from './tables';

/**
 * `npm run migrate-to-postgres -- --to postgres://... [--replace] [--files-to DIR]`,
 * `npm run backup [-- --out DIR]`, `npm run restore -- DIR [--replace]`: the database and files
 * of the same configuration as the server (DATA_DIR, DATABASE_URL, S3_*). Exits 1 on any
 * difference found by the verification.
 */
const USAGE = `usage:
  migrate-to-postgres --to postgres://... [--replace] [--files-to DIR]
  backup [--out DIR]
  restore DIR [--replace]`;

function printDifferences(differences: Difference[]) {
  for (const d of differences)
    console.error(`  DIFFERENT ${d.what}: expected ${d.expected}, found ${d.found}`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      replace: { type: 'boolean', default: false },
      'files-to': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const config = loadConfig();

  if (command === 'migrate-to-postgres') {
    if (!values.to) throw new Error(`--to postgres://... is required\n${USAGE}`);
    const report = await migrateToPostgres(config, {
      to: values.to,
      replace: values.replace,
      filesTo: values['files-to'],
      log: (line) => console.info(line),
    });
    const width = Math.max(...report.tables.map((t) => t.table.length));
    for (const t of report.tables) {
      console.info(
        `  ${t.table.padEnd(width)}  ${String(t.rows).padStart(7)}  ${t.same ? 'same' : 'DIFFERENT'}`,
      );
    }
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    if (report.differences.length) {
      printDifferences(report.differences);
      throw new Error(`Migration finished with ${report.differences.length} differences.`);
    }
    console.info(
      `Verified: ${report.tables.length} tables (${rows} rows, counts and checksums) and ${report.files} files ` +
        `(sha256) are the same on PostgreSQL, in ${report.seconds.toFixed(1)} s. ` +
        'Start Parity with DATABASE_URL set to the target.',
    );
    return;
  }

  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
    const report = await backup(config, values.out ?? `backups/parity-${stamp}`);
    const rows = report.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const files = report.manifest.files_in_s3
      ? 'files in S3 not included'
      : `${Object.keys(report.manifest.files).length} files`;
    console.info(
      `Backed up (${report.manifest.mode}) ${report.manifest.tables.length} tables, ${rows} rows and ${files} ` +
        `into ${report.dir} in ${report.seconds.toFixed(1)} s.`,
    );
    return;
  }

  if (command === 'restore') {
    const [from] = positionals;
    if (!from) throw new Error(`the backup directory is required\n${USAGE}`);
    const report = await restore(config, from, values.replace);
    if (report.differences.length) {
      printDifferences(report.differences);
      throw new Error(`Restore finished with ${report.differences.length} differences from the backup.`);
    }
    const rows = report.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.info(
      `Restored and verified: ${report.manifest.tables.length} tables (${rows} rows) and ` +
        `${Object.keys(report.manifest.files).length} files match the backup of ${report.manifest.created_at}, ` +
        `in ${report.seconds.toFixed(1)} s.`,
    );
    return;
  }

  throw new Error(USAGE);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
