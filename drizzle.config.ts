import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations from server/db/schema.ts (`npm run db:generate`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
