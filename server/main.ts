/**
 * Starts the product: config → database (migrated) → app → demo data → listen.
 */
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './demo-data';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dir: config.dataDir ? path.join(config.dataDir, 'pglite') : undefined,
});
const app = await buildApp(config, database);
await seedDemoData(app);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Broker portal on ${config.publicUrl} (database: ${database.driver})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
