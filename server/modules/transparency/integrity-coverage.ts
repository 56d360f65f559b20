/**
 * Completeness of the transparency log (docs/transparency.md "Ownership and completeness"), the part
 * of the integrity check that looks at what is NOT in the log: every journal entry, every ledger
 * account and every liabilities snapshot with a cut ("Proof of liabilities") created before the
 * latest tree head's horizon (`scan_from`: the seal had seen everything created before it, seal.ts)
 * must have a leaf. An entry written straight into the database with a
 * past created_at (back-dated, or inserted late) is never found by a seal, so it would stay "Pending
 * seal" forever: here it is a divergence. Accounts are held to it once the log holds an account
 * leaf (the first seal of version 2 seals every account opened before it).
 *
 * Each is one anti-join over the journal (or the accounts) before the horizon, as costly as the
 * log's own walk (integrity-log.ts), which reads every leaf. Answers the first divergence, or null.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';

type Unsealed = { id: string; created_at: string } | undefined;

/**
 * The oldest row of `table` (created before `horizon`, matching `where` when given) whose id no
 * leaf of the log names in `leafColumn`: one anti-join, ordered by the table's (created_at, id).
 */
async function oldestUnsealed(
  tx: Tx,
  horizon: string,
  table: 'journal_entries' | 'liabilities_snapshots' | 'ledger_accounts',
  leafColumn: 'entry_id' | 'snapshot_id' | 'account_id',
  where = sql`true`,
): Promise<Unsealed> {
  const [row] = await queryRows<{ id: string; created_at: string }>(
    tx,
    sql`select r.id, r.created_at::text from ${sql.identifier(table)} r
         where ${where} and r.created_at < ${horizon}::timestamptz
           and not exists (select 1 from transparency_leaves l where l.${sql.identifier(leafColumn)} = r.id)
         order by r.created_at, r.id limit 1`,
  );
  return row;
}

/** Checks inside `tx` that nothing created before the latest head's horizon is missing from the log. */
export async function checkLogCoverage(tx: Tx): Promise<string | null> {
  const [head] = await queryRows<{ horizon: string; accounts_sealed: boolean }>(
    tx,
    sql`select scan_from::text as horizon,
               exists (select 1 from transparency_leaves where account_id is not null) as accounts_sealed
          from transparency_tree_heads order by size desc limit 1`,
  );
  if (!head) return null;
  const entry = await oldestUnsealed(tx, head.horizon, 'journal_entries', 'entry_id');
  if (entry) {
    return `entry ${entry.id}: posted at ${entry.created_at}, before the seal horizon, and not in the log (never sealed)`;
  }
  const snapshot = await oldestUnsealed(
    tx,
    head.horizon,
    'liabilities_snapshots',
    'snapshot_id',
    sql`r.cut_size is not null`,
  );
  if (snapshot) {
    return `liabilities snapshot ${snapshot.id}: taken at ${snapshot.created_at}, before the seal horizon, and its record is not in the log`;
  }
  if (!head.accounts_sealed) return null;
  const account = await oldestUnsealed(tx, head.horizon, 'ledger_accounts', 'account_id');
  return account
    ? `account ${account.id}: opened at ${account.created_at}, before the seal horizon, and its opening is not in the log`
    : null;
}
