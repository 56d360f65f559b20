/**
 * Vitest's global setup for the API suites (vitest.config.ts): migrates one database before any
 * test file runs, so that each file's database starts as a copy of it instead of applying every
 * migration again (server/test/app.ts `createTestDatabase`).
 *
 * - PostgreSQL (TEST_DATABASE_URL): a template database `t_template_<hex>`, migrated and left
 *   with no connection; each file's database is `CREATE DATABASE … TEMPLATE` it. Dropped at the end.
 * - PGlite: an in-memory database migrated and saved with `dumpDataDir` (a tar file in the system's
 *   temporary folder, made from a migrated folder); each file's PGlite starts from it (`openDatabase({ image })`). Removed at
 *   the end.
 *
 * The migrations themselves still run from nothing once a run, on the driver under test, here (and
 * the production start-up path runs `migrate` on every copy, which finds nothing left to apply).
 * Applying all of them took about 6 CPU-seconds a file on PGlite and a second or more of the
 * server's work a file on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { saveMigratedImage } from './pglite-image';

/** What each test file's `createTestDatabase` starts from: one of the two, by driver. */
export interface MigratedDatabase {
  /** PostgreSQL: the migrated template database's name. */
  template?: string;
  /** PGlite: the path of the migrated data directory's tar file. */
  image?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDatabase: MigratedDatabase;
  }
}

async function adminQuery(base: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** How long the migrations may take here before the run fails (a loaded 2-core machine: ~30 s). */
const SETUP_TIMEOUT_MS = 300_000;

/**
 * Migrates the template (or the image), provides it to the test files, and returns the teardown.
 * Throws when it takes longer than SETUP_TIMEOUT_MS: a promise that never settles with nothing
 * else pending would otherwise end Vitest with status 0 before any file ran.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the migrated test database took over ${SETUP_TIMEOUT_MS} ms`)),
      SETUP_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([migrate(project), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function migrate(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const template = `t_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `create database ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), pool: { size: 1 } });
    await database.close();
    project.provide('migratedDatabase', { template });
    return () => adminQuery(base, `drop database if exists ${template} with (force)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-image-'));
  const image = path.join(dir, 'migrated.tar');
  await saveMigratedImage(image);
  project.provide('migratedDatabase', { image });
  return async () => rmSync(dir, { recursive: true, force: true });
}
