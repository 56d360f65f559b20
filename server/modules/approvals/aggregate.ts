/**
 * Four-eyes by aggregate (docs/security.md "Four-eyes approval"): what one maker moved on one
 * client over the last 24 hours, summed with the action at hand against the threshold, so a large
 * sum cut into slices under the threshold still needs a second staff member.
 *
 * The measure is the ledger itself: the journal entries of the money kinds four-eyes covers
 * (deposit, withdrawal_settle, profit, bonus, adjustment, reversal) that `makerId` posted as actor on
 * `clientId`'s accounts in the last 24 hours, each counted once by the sum of its positive lines
 * (cents). An approved request's entries name its checker as actor, so they count for the checker.
 *
 * Race: the check and the action must be one atomic step, or two slices sent at once would each see
 * the other's amount missing. `lockMakerClient` takes a transaction-level advisory lock on the pair
 * (maker, client) before the sum is read; the action runs in the same transaction, so a second action
 * of the same maker on the same client waits for the first to commit and then reads its entries
 * (each statement of a READ COMMITTED transaction sees what committed before it began).
 * `lockAndSumMoved` does both in one round trip (migration four_eyes_moved); the two functions
 * below stay for a caller that needs only one of them.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/** The entry types of the money actions four-eyes covers (docs/security.md "Four-eyes approval"). */
export const AGGREGATED_ENTRY_TYPES = [
  'deposit',
  'withdrawal_settle',
  'profit',
  'bonus',
  'adjustment',
  'reversal',
] as const;

/** The rolling window the aggregate sums over. */
export const AGGREGATE_WINDOW = '24 hours';

/**
 * Serialises the money actions of `makerId` on `clientId` until the transaction of `tx` ends
 * (`pg_advisory_xact_lock` on the two ids' hashes: a collision only makes two pairs wait for each
 * other). Call it before `movedRecently`, inside the transaction that then acts.
 */
export async function lockMakerClient(tx: DbOrTx, makerId: string, clientId: string): Promise<void> {
  await queryRows(
    tx,
    sql`select pg_advisory_xact_lock(hashtext(${makerId}::text), hashtext(${clientId}::text)) as locked`,
  );
}

/** AGGREGATED_ENTRY_TYPES as a list of SQL parameters, for `in (…)` or `array[…]`. */
const aggregatedTypes = () =>
  sql.join(
    AGGREGATED_ENTRY_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );

/** Cents `makerId` moved on `clientId`'s accounts in the last 24 hours (see the module header). */
export async function movedRecently(conn: DbOrTx, makerId: string, clientId: string): Promise<bigint> {
  const [row] = await queryRows<{ moved: string | null }>(
    conn,
    sql`select coalesce(sum(l.amount), 0)::text as moved
      from journal_entries e join journal_lines l on l.entry_id = e.id
      where e.actor_id = ${makerId}::uuid and e.user_id = ${clientId}::uuid
        and e.created_at > now() - ${AGGREGATE_WINDOW}::interval
        and e.type in (${aggregatedTypes()}) and l.amount > 0`,
  );
  return BigInt(row?.moved ?? '0');
}

/**
 * `lockMakerClient` then `movedRecently` in ONE round trip: the database function
 * `four_eyes_moved` (migration four_eyes_moved) takes the same lock, then sums in a snapshot of
 * its own taken after the lock was granted (a VOLATILE function's statement starts a new one), so
 * it sees what a racing action of the same pair committed while this one waited. Answers cents.
 * Call it inside the transaction that then acts; every round trip of a money action counts
 * (docs/performance.md "The API's CPU").
 */
export async function lockAndSumMoved(tx: DbOrTx, makerId: string, clientId: string): Promise<bigint> {
  const [row] = await queryRows<{ moved: string | null }>(
    tx,
    sql`select four_eyes_moved(${makerId}::text, ${clientId}::text, ${AGGREGATE_WINDOW}::interval,
      array[${aggregatedTypes()}]::text[])::text as moved`,
  );
  return BigInt(row?.moved ?? '0');
}
