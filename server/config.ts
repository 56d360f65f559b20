/**
 * Configuration from the environment, validated with zod at start-up (issue 2, DESIGN.md §2).
 * Every setting has a safe laptop default; `.env.example` documents each one.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Northwind Markets <no-reply@northwind.example>'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Set to "false" to turn off per-route rate limits (never in production). */
  RATE_LIMIT: z.enum(['true', 'false']).default('true'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin the site is reached at, without a trailing slash (links in e-mails, referral links). */
  publicUrl: string;
  /** PostgreSQL URL; undefined → embedded PGlite in `dataDir/pglite` (or in memory when dataDir is null). */
  databaseUrl?: string;
  /** Folder for the embedded database, the generated session secret and uploaded files; null = in memory (tests). */
  dataDir: string | null;
  smtpUrl?: string;
  mailFrom: string;
  sessionSecret: string;
  logLevel: string;
  rateLimit: boolean;
}

/**
 * Reads and validates the environment. Throws an Error listing every invalid variable.
 * When SESSION_SECRET is absent it is generated once and kept in `DATA_DIR/session-secret`;
 * in production it must be given.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production (32+ random characters)');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    rateLimit: e.RATE_LIMIT === 'true' || e.NODE_ENV === 'production',
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
