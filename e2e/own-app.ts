/**
 * An app instance of a journey's own, started inside the Playwright test process (for the operator
 * tampers of e2e/transparency-operator.spec.ts, which change its database behind its back): the
 * real app (buildApp, as e2e/serve.ts starts it) with demo data, serving the run's web build, on
 * port E2E_PORT + 10 + `slot`, on a fresh PGlite folder, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set. Its jobs are off: the journey seals and checks when it chooses, with
 * the functions the jobs run. Close it at the journey's end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../server/app';
import type { AppInstance } from '../server/app-context';
import { loadConfig } from '../server/config';
import { openDatabase, type Database, type Db } from '../server/db/client';
import { seedDemoData } from '../server/demo-data';
import { checkAndRecordIntegrity } from '../server/modules/transparency/integrity';
import { sealJournal } from '../server/modules/transparency/seal';
import { signatureTrustFor, signingKeyFor } from '../server/modules/transparency/signing-key';
import { createTestDatabase } from '../server/test/app';
import { startSmtpReceiver, type SmtpReceiver } from '../server/test/smtp-receiver';
import { E2E_PORT, WEB_DIR } from './env';
import { migratedImage } from './migrated-image';

export interface OwnApp {
  url: string;
  app: AppInstance;
  db: Db;
  /** One pass of the journal seal job. */
  seal(): ReturnType<typeof sealJournal>;
  /** One pass of the scheduled integrity check (its result reaches the admin dashboard). */
  check(): ReturnType<typeof checkAndRecordIntegrity>;
  /**
   * Runs `statements` as the operator with the database's triggers off (the journal's guards would
   * refuse them): `session_replication_role = replica`, as superuser, on either driver.
   */
  tamper(...statements: SQL[]): Promise<void>;
  close(): Promise<void>;
}

/** Starts an own app on port E2E_PORT + 10 + `slot` (0–9); `env` adds settings (e.g. witnesses). */
export async function startOwnApp(slot: number, env: Record<string, string> = {}): Promise<OwnApp> {
  const port = E2E_PORT + 10 + slot;
  const smtp: SmtpReceiver = await startSmtpReceiver(undefined, { keep: false });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'broker-e2e-own-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    WEB_DIR: path.resolve(WEB_DIR),
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    RATE_LIMIT: 'false',
    TRANSPARENCY_SEAL_INTERVAL_MS: '0',
    INTEGRITY_CHECK_INTERVAL_MS: '0',
    LIABILITIES_SNAPSHOT_INTERVAL_MS: '0',
    LOG_LEVEL: 'warn',
    ...env,
  });
  let database: Database;
  let drop: () => Promise<void>;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createTestDatabase();
    database = created.database;
    drop = created.drop;
  } else {
    database = await openDatabase({ dir: path.join(dataDir, 'pglite'), image: await migratedImage() });
    drop = () => database.close();
  }
  const app = await buildApp(config, database);
  await seedDemoData(app);
  await app.listen({ port, host: '127.0.0.1' });
  const db = database.db;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    seal: () => sealJournal(db, signingKeyFor(config)),
    check: () => checkAndRecordIntegrity(db, app.log, signatureTrustFor(config)),
    tamper: (...statements) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        for (const s of statements) await tx.execute(s);
      }),
    async close() {
      await app.close();
      await drop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
