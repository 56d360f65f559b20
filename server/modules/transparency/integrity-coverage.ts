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

/** Checks inside `tx` that nothing created before the latest head's horizon is missing from the log. */
export async function checkLogCoverage(tx: Tx): Promise<string | null> {
  const [head] = await queryRows<{ horizon: string; accounts_sealed: boolean }>(
    tx,
    sql`select scan_from::text as horizon,
               exists (select 1 from transparency_leaves where account_id is not null) as accounts_sealed
          from transparency_tree_heads order by size desc limit 1`,
  );
  if (!head) return null;
  const [entry] = await queryRows<{ id: string; created_at: string }>(
    tx,
    sql`select e.id, e.created_at::text from journal_entries e
         where e.created_at < ${head.horizon}::timestamptz
           and not exists (select 1 from transparency_leaves l where l.entry_id = e.id)
         order by e.created_at, e.id limit 1`,
  );
  if (entry) {
    return `entry ${entry.id}: posted at ${entry.created_at}, before the seal horizon, and not in the log (never sealed)`;
  }
  const [snapshot] = await queryRows<{ id: string; created_at: string }>(
    tx,
    sql`select s.id, s.created_at::text from liabilities_snapshots s
         where s.cut_size is not null and s.created_at < ${head.horizon}::timestamptz
           and not exists (select 1 from transparency_leaves l where l.snapshot_id = s.id)
         order by s.created_at, s.id limit 1`,
  );
  if (snapshot) {
    return `liabilities snapshot ${snapshot.id}: taken at ${snapshot.created_at}, before the seal horizon, and its record is not in the log`;
  }
  if (!head.accounts_sealed) return null;
  const [account] = await queryRows<{ id: string; created_at: string }>(
    tx,
    sql`select a.id, a.created_at::text from ledger_accounts a
         where a.created_at < ${head.horizon}::timestamptz
           and not exists (select 1 from transparency_leaves l where l.account_id = a.id)
         order by a.created_at, a.id limit 1`,
  );
  return account
    ? `account ${account.id}: opened at ${account.created_at}, before the seal horizon, and its opening is not in the log`
    : null;
}
