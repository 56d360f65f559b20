/**
 * `lockUser`: the row lock every admin change to a client starts with (edits, block, KYC review,
 * ledger adjustments, erasing). Deleted users (`deleted_at` set) are invisible to the back office,
 * so they answer 404 like an unknown id.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Locks a live (not deleted) user's row (FOR UPDATE) until `tx` ends. Throws AppError 404. */
export async function lockUser(tx: Tx, id: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  if (!row) throw new AppError('not_found');
  return row;
}
