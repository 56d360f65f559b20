import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations from server/db/schema/ (`npm run db:generate`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
