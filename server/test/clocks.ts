/**
 * The clock hooks of tests and journeys (never used by the app): every time the withdrawal address
 * book or a security hold compares with `now()` is a column of its rows, so moving those columns
 * `hours` into the past is the same, for these rows, as the clock moving `hours` forward. The Vitest
 * tests call them directly; the Playwright server (e2e/serve.ts) exposes them on its own test-only
 * port (e2e/test-hooks.ts).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { beneficiaries, securityAlertTokens, securityHolds } from '../db/schema';

/** The tables with a clock: each row has a `userId`. */
type ClockTable = typeof beneficiaries | typeof securityHolds | typeof securityAlertTokens;

/** Moves `columns` of `table` `hours` into the past, for `userId`'s rows (every row without one). */
async function moveBack<T extends ClockTable>(
  db: DbOrTx,
  table: T,
  columns: ReadonlyArray<keyof T['$inferSelect'] & keyof T>,
  hours: number,
  userId?: string,
): Promise<void> {
  const back = sql`make_interval(secs => ${hours * 3600})`;
  const set: Record<string, SQL> = {};
  for (const column of columns) set[column as string] = sql`${table[column]} - ${back}`;
  await db
    .update(table)
    .set(set)
    .where(userId ? eq(table.userId, userId) : sql`true`);
}

/** Moves the address book's clock `hours` forward for `userId`'s rows (every row without one). */
export async function moveBeneficiaryClock(db: DbOrTx, hours: number, userId?: string): Promise<void> {
  const columns = ['createdAt', 'confirmExpiresAt', 'confirmedAt', 'activeFrom', 'endedAt'] as const;
  await moveBack(db, beneficiaries, columns, hours, userId);
}

/** Moves the holds' clock `hours` forward for `userId`'s holds and alert links (every row without one). */
export async function moveSecurityHoldClock(db: DbOrTx, hours: number, userId?: string): Promise<void> {
  await moveBack(db, securityHolds, ['startsAt', 'endsAt', 'createdAt'], hours, userId);
  await moveBack(db, securityAlertTokens, ['expiresAt', 'createdAt'], hours, userId);
}
