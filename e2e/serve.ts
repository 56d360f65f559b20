/**
 * The server the Playwright journeys run against: the real app on a fresh embedded database in a
 * temp folder (a copy of migrated-image.ts's image), with demo data, and a real SMTP receiver whose
 * mails are written as JSON files to e2e/.output/mail (the journeys read sign-up codes from there),
 * and its test hooks on a Unix socket (test-hooks.ts). Started by playwright.config.ts.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/demo-data';
import { startSmtpReceiver } from '../server/test/smtp-receiver';
import { E2E_PORT, HOOKS_SOCKET, MAIL_DIR, WEB_DIR } from './env';
import { migratedImage } from './migrated-image';
import { serveTestHooks } from './test-hooks';

rmSync(MAIL_DIR, { recursive: true, force: true });
mkdirSync(MAIL_DIR, { recursive: true });
let n = 0;
const smtp = await startSmtpReceiver((mail) => {
  n += 1;
  // written under another name and renamed: a journey reading the folder meanwhile never sees half a file
  const file = path.join(MAIL_DIR, `${String(n).padStart(5, '0')}.json`);
  writeFileSync(`${file}.part`, JSON.stringify(mail));
  renameSync(`${file}.part`, file);
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'broker-e2e-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(E2E_PORT),
  WEB_DIR,
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  RATE_LIMIT: 'false',
  // seal the journal every second, so a journey's postings are sealed within its waits
  TRANSPARENCY_SEAL_INTERVAL_MS: process.env.TRANSPARENCY_SEAL_INTERVAL_MS ?? '1000',
  LOG_LEVEL: 'warn',
});
const database = await openDatabase({ dir: path.join(dataDir, 'pglite'), image: await migratedImage() });
const app = await buildApp(config, database);
await seedDemoData(app);
await app.listen({ port: config.port, host: config.host });
const hooks = await serveTestHooks(app, HOOKS_SOCKET);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    hooks.close();
    await app.close();
    await database.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}
