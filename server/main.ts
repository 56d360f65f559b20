/**
 * Starts the product: .env → config → database (migrated) → app → demo data → listen.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { config as readEnvFile } from 'dotenv';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './demo-data';
import { startTracing } from './lib/tracing-sdk';

// .env of the working folder, when there is one; variables already in the environment win
readEnvFile({ quiet: true });
const config = loadConfig();
// a fresh DATA_DIR (say, a new volume) is created; the embedded database and uploads live in it
if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({
  url: config.databaseUrl,
  dir: config.dataDir ? path.join(config.dataDir, 'pglite') : undefined,
  pool: config.databasePool,
});
// OpenTelemetry, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md "Tracing")
const tracing = await startTracing(process.env.OTEL_EXPORTER_OTLP_ENDPOINT, process.env.OTEL_SERVICE_NAME);
const app = await buildApp(config, database, { tracing });
await seedDemoData(app);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Broker portal on ${config.publicUrl} (database: ${database.driver})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    await tracing?.shutdown();
    process.exit(0);
  });
}
