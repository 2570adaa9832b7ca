import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './seed/start';

/** JWT_SECRET, or a secret generated once into DATA_DIR so tokens survive a restart. */
function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.getRandomValues(Buffer.alloc(48)).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  const seedOnly = process.argv.includes('--seed-only');
  const config = loadConfig();
  config.jwtSecret = resolveJwtSecret(config);

  const database = await openDatabase(config.database, {
    // Written by the build next to this bundle (see db/make-template.ts).
    templateFile: fileURLToPath(new URL('./pglite-template.tar', import.meta.url)),
  });
  // Demo data goes into a new embedded database, or wherever SEED_DEMO=1 asks for it.
  await prepareDatabase(config, database, { seedOnly });
  if (seedOnly) {
    await database.close();
    console.info('Demo data seeded.');
    return;
  }

  const app = await buildApp(config, database);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close(); // stops accepting, ends the event streams, finishes in-flight requests and jobs
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Reminders, mail and digests: every process runs due jobs (they share the jobs table).
  app.jobs.start();
  app.log.info(`Parity is running at ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
