/**
 * The address book's clock hook for tests and journeys (never used by the app): every time the
 * address book compares with `now()` is a column of its rows, so moving those columns `hours` into
 * the past is the same, for these rows, as the clock moving `hours` forward. The Vitest tests call it
 * directly; the Playwright server (e2e/serve.ts) exposes it on its own test-only port.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { beneficiaries } from '../../db/schema';

/** Moves the address book's clock `hours` forward for `userId`'s rows (every row without one). */
export async function moveBeneficiaryClock(db: DbOrTx, hours: number, userId?: string): Promise<void> {
  const back = sql`make_interval(secs => ${hours * 3600})`;
  await db
    .update(beneficiaries)
    .set({
      createdAt: sql`${beneficiaries.createdAt} - ${back}`,
      confirmExpiresAt: sql`${beneficiaries.confirmExpiresAt} - ${back}`,
      confirmedAt: sql`${beneficiaries.confirmedAt} - ${back}`,
      activeFrom: sql`${beneficiaries.activeFrom} - ${back}`,
      endedAt: sql`${beneficiaries.endedAt} - ${back}`,
    })
    .where(userId ? eq(beneficiaries.userId, userId) : sql`true`);
}
