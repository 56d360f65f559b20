/**
 * The holds' clock hook for tests and journeys (never used by the app), as the address book's
 * (beneficiaries/testing.ts): every time a hold compares with `now()` is a column of its rows, so
 * moving those columns `hours` into the past is the same, for these rows, as the clock moving
 * `hours` forward.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { securityAlertTokens, securityHolds } from '../../db/schema';

/** Moves the holds' clock `hours` forward for `userId`'s rows (every row without one). */
export async function moveSecurityHoldClock(db: DbOrTx, hours: number, userId?: string): Promise<void> {
  const back = sql`make_interval(secs => ${hours * 3600})`;
  await db
    .update(securityHolds)
    .set({
      startsAt: sql`${securityHolds.startsAt} - ${back}`,
      endsAt: sql`${securityHolds.endsAt} - ${back}`,
      createdAt: sql`${securityHolds.createdAt} - ${back}`,
    })
    .where(userId ? eq(securityHolds.userId, userId) : sql`true`);
  await db
    .update(securityAlertTokens)
    .set({
      expiresAt: sql`${securityAlertTokens.expiresAt} - ${back}`,
      createdAt: sql`${securityAlertTokens.createdAt} - ${back}`,
    })
    .where(userId ? eq(securityAlertTokens.userId, userId) : sql`true`);
}
