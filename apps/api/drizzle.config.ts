import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and run at start-up in both database modes.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
