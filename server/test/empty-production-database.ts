/**
 * For the command-line tests that must run as an operator would (docs/product.md "First
 * owner", docs/operations.md "Recovery commands"): a fresh, empty PostgreSQL database created
 * through `base` (TEST_DATABASE_URL), production settings pointing at it with a real SMTP receiver,
 * and an opener for the test's own connections; dropped again afterwards, whatever happened.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

/** What `withEmptyProductionDatabase` hands its callback. */
export interface EmptyProductionDatabase {
  /** NODE_ENV=production settings: DATABASE_URL, a random SESSION_SECRET, SMTP_URL, PUBLIC_URL. */
  env: NodeJS.ProcessEnv;
  /** Opens a connection (a pool of 2) to the database, for the test's own reads. */
  open: () => Promise<Database>;
  smtp: SmtpReceiver;
}

/**
 * Creates database `<prefix>_<random>` through `base`, runs `use` with it, then closes the SMTP
 * receiver and drops the database (`with (force)`). Answers what `use` answers; rethrows its error.
 */
export async function withEmptyProductionDatabase<T>(
  base: string,
  prefix: string,
  use: (db: EmptyProductionDatabase) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const smtp = await startSmtpReceiver();
  try {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://broker.example',
      LOG_LEVEL: 'silent',
    } as NodeJS.ProcessEnv;
    return await use({ env, smtp, open: () => openDatabase({ url: url.toString(), pool: { size: 2 } }) });
  } finally {
    await smtp.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
