/**
 * The sessions' clock hook of tests and journeys (never used by the app): the guard and the list of
 * sessions compare a session's `lastUsedAt` and `expiresAt` with the time (server/modules/auth/
 * idle.ts), so moving those columns (and `createdAt`) `hours` into the past is the same, for these
 * sessions, as the clock moving `hours` forward without a request. The Playwright server exposes it
 * as POST /session-clock (e2e/test-hooks.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions } from '../db/schema';

/** Moves the clock of `userId`'s sessions `hours` (may be a fraction) forward. */
export async function moveSessionClock(db: DbOrTx, hours: number, userId: string): Promise<void> {
  const back = sql`make_interval(secs => ${hours * 3600})`;
  await db
    .update(sessions)
    .set({
      lastUsedAt: sql`${sessions.lastUsedAt} - ${back}`,
      expiresAt: sql`${sessions.expiresAt} - ${back}`,
      createdAt: sql`${sessions.createdAt} - ${back}`,
    })
    .where(eq(sessions.userId, userId));
}
