/**
 * Open sign-in challenges (the second step of a sign-in with two-factor authentication, sign-in.ts)
 * end when the account's secrets or standing change (docs/security.md "Two-factor authentication"):
 * a password step passed before a password change or reset, a change of two-factor authentication,
 * a block or a deactivation must open no session afterwards.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { twoFactorChallenges } from '../../db/schema';

/** Ends every open sign-in challenge of `userId` on `conn` (pass the caller's transaction). */
export async function endChallenges(conn: DbOrTx, userId: string): Promise<void> {
  await conn.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}
