/**
 * Whether a user has a second factor other than TOTP: a passkey (docs/security.md "Passkeys"). Under
 * STAFF_TWO_FACTOR=required a staff member with a passkey has enrolled: the guard lets them in and
 * their password sign-in asks for the passkey as its second step.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passkeys } from '../../db/schema';

/** Whether `userId` has at least one registered passkey (one indexed lookup). */
export async function hasPasskey(conn: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}
