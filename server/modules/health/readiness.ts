/**
 * Whether this process's migrations are all applied to the database it runs on (GET
 * /api/health/ready, docs/operations.md "Health checks"): the newest migration of
 * server/db/migrations (its journal's `when`, ms since the epoch) against the newest one drizzle
 * recorded in `drizzle.__drizzle_migrations` (`created_at`, the same number). A database ahead of
 * this process (a newer release migrated it) counts as current; one behind it (migrations still
 * running in another process, or a database restored from an older backup) does not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { MIGRATIONS_DIR } from '../../paths';

let expected: number | undefined;

/** The `when` of the newest migration this process ships (read once from the journal). */
export function latestMigrationAt(): number {
  if (expected === undefined) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    expected = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return expected;
}

/** The migrations' state: the newest applied (`applied`, null when none) and the newest shipped. */
export async function migrationState(
  db: Db,
): Promise<{ current: boolean; applied: number | null; expected: number }> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  const applied = row?.at ? Number(row.at) : null;
  const latest = latestMigrationAt();
  return { current: applied !== null && applied >= latest, applied, expected: latest };
}
