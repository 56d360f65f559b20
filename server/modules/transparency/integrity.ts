/**
 * The integrity check (docs/transparency.md "Integrity checks"), run by `npm run ledger:verify`
 * (scripts/ledger-verify.ts) and every INTEGRITY_CHECK_INTERVAL_MS by the scheduled job
 * (server/jobs.ts), which stores each result in `integrity_checks`; the admin overview and the
 * metrics read the latest. In this order, it stops at the first divergence and names it:
 * 1. the transparency log (integrity-log.ts): every sealed leaf recomputed from the journal and the
 *    accounts (an owner changed shows here), every stored subtree, every signed tree head's root
 *    and signature; then that nothing created before the latest head's horizon is missing from it
 *    (integrity-coverage.ts: a back-dated entry that no seal will ever find);
 *    the signatures of every tree head and liabilities snapshot, with the keys of the configured key
 *    history only, never a key stored beside them (integrity-keys.ts);
 * 2. the ledger's invariants: each entry's lines sum to zero; each client account's cached balance
 *    equals the sum of its lines, which is never negative; `ledger_account_totals` equal the lines
 *    per account and kind of entry (a reversal's lines under the kind it reverses);
 * 3. the proof-of-liabilities snapshots (liabilities-verify.ts): each rebuilt from its leaves and,
 *    when it has a cut, recomputed from the ledger at it.
 * Everything is read in one read-only REPEATABLE READ transaction: one consistent view while
 * postings go on (on PGlite, whose one connection it holds, other requests wait meanwhile).
 */
import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { IntegrityStatus } from '@common/schemas/liabilities';
import { queryRows, type Db, type Tx } from '../../db/client';
import { integrityChecks, liabilitiesSnapshots } from '../../db/schema';
import { recordEvent } from '../../lib/webhook-events';
import { checkLogCoverage } from './integrity-coverage';
import { checkSignatures, type SignatureTrust } from './integrity-keys';
import { checkTransparencyLog } from './integrity-log';
import { verifyLiabilitiesSnapshot } from './liabilities-verify';

/** The scheduled check rebuilds the latest week of daily snapshots. */
const SCHEDULED_SNAPSHOTS = 7;

/** The outcome of one check: `firstDivergence` is null when it passed; duration in ms. */
export interface IntegrityResult {
  ok: boolean;
  firstDivergence: string | null;
  durationMs: number;
}

/** The ledger's invariants inside `tx`; the first divergence, or null. */
async function checkLedger(tx: Tx): Promise<string | null> {
  const [unbalanced] = await queryRows<{ entry_id: string; total: string }>(
    tx,
    sql`select entry_id, sum(amount)::text as total from journal_lines group by entry_id
        having sum(amount) <> 0 order by entry_id limit 1`,
  );
  if (unbalanced) return `entry ${unbalanced.entry_id}: its lines sum to ${unbalanced.total} cents, not zero`;

  const [stale] = await queryRows<{
    id: string;
    user_id: string;
    kind: string;
    balance: string;
    lines: string;
  }>(
    tx,
    sql`select a.id, a.user_id, a.kind, a.balance::text as balance, coalesce(sum(l.amount), 0)::text as lines
          from ledger_accounts a left join journal_lines l on l.account_id = a.id
         where a.user_id is not null
         group by a.id
        having a.balance <> coalesce(sum(l.amount), 0) or coalesce(sum(l.amount), 0) < 0
         order by a.user_id, a.kind limit 1`,
  );
  if (stale) {
    const who = `account ${stale.id} (client ${stale.user_id}, ${stale.kind})`;
    return BigInt(stale.lines) < 0n
      ? `${who}: its lines sum to ${stale.lines} cents, below zero`
      : `${who}: cached balance ${stale.balance} cents, its lines sum to ${stale.lines} cents`;
  }

  const [total] = await queryRows<{ account_id: string; entry_type: string; stored: string; lines: string }>(
    tx,
    sql`with lines as (
          select l.account_id, coalesce(o.type, e.type) as entry_type, sum(l.amount) as total
            from journal_lines l
            join ledger_accounts a on a.id = l.account_id and a.user_id is not null
            join journal_entries e on e.id = l.entry_id
            left join journal_entries o on o.id = e.reverses
           group by 1, 2)
        select coalesce(t.account_id, x.account_id) as account_id, coalesce(t.entry_type, x.entry_type) as entry_type,
               coalesce(t.total, 0)::text as stored, coalesce(x.total, 0)::text as lines
          from ledger_account_totals t full join lines x on x.account_id = t.account_id and x.entry_type = t.entry_type
         where coalesce(t.total, 0) <> coalesce(x.total, 0)
         order by 1, 2 limit 1`,
  );
  if (total) {
    return `account ${total.account_id}: its ${total.entry_type} total is ${total.stored} cents, its lines sum to ${total.lines} cents`;
  }
  return null;
}

/** The proof-of-liabilities snapshots, newest first (all, or the latest `limit`); the first divergence, or null. */
async function checkSnapshots(tx: Tx, limit: number | undefined): Promise<string | null> {
  const query = tx.select().from(liabilitiesSnapshots).orderBy(desc(liabilitiesSnapshots.takenAt));
  const rows = limit === undefined ? await query : await query.limit(limit);
  for (const row of rows) {
    const divergence = await verifyLiabilitiesSnapshot(tx, row);
    if (divergence) return divergence;
  }
  return null;
}

/**
 * Runs the check (see the header) on `db`. `trust`: the keys signatures are checked with
 * (signing-key.ts `signatureTrustFor`); `snapshots`: how many of the latest liabilities snapshots to
 * rebuild (undefined: all). Never throws for a divergence; a database error throws.
 */
export async function runIntegrityCheck(
  db: Db,
  opts: { trust: SignatureTrust; snapshots?: number },
): Promise<IntegrityResult> {
  const started = performance.now();
  const firstDivergence = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    return (
      (await checkTransparencyLog(tx)) ??
      (await checkSignatures(tx, opts.trust)) ??
      (await checkLogCoverage(tx)) ??
      (await checkLedger(tx)) ??
      (await checkSnapshots(tx, opts.snapshots))
    );
  });
  return {
    ok: firstDivergence === null,
    firstDivergence,
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * Stores a result (append-only `integrity_checks`); a failed one also writes the webhook event
 * `ledger.integrity_alarm` in the same transaction (docs/integrations.md "Webhooks").
 */
export async function recordIntegrityCheck(db: Db, result: IntegrityResult): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(integrityChecks)
      .values({ ok: result.ok, firstDivergence: result.firstDivergence, durationMs: result.durationMs })
      .returning({ id: integrityChecks.id, checkedAt: integrityChecks.checkedAt });
    if (!result.ok)
      await recordEvent(tx, {
        type: 'ledger.integrity_alarm',
        data: {
          checkId: String(row!.id),
          checkedAt: row!.checkedAt.toISOString(),
          firstDivergence: result.firstDivergence,
        },
      });
  });
}

/**
 * One pass of the scheduled check (server/jobs.ts): the latest `SCHEDULED_SNAPSHOTS` liabilities
 * snapshots rebuilt (`npm run ledger:verify` rebuilds them all), the result stored, a divergence
 * logged as an error. Answers the result.
 */
export async function checkAndRecordIntegrity(
  db: Db,
  log: FastifyBaseLogger,
  trust: SignatureTrust,
): Promise<IntegrityResult> {
  const result = await runIntegrityCheck(db, { trust, snapshots: SCHEDULED_SNAPSHOTS });
  await recordIntegrityCheck(db, result);
  if (!result.ok) log.error({ divergence: result.firstDivergence }, 'ledger integrity check failed');
  return result;
}

/** The latest stored result, as the admin overview shows it; null before the first check. */
export async function latestIntegrityCheck(db: Db): Promise<IntegrityStatus | null> {
  const [row] = await db.select().from(integrityChecks).orderBy(desc(integrityChecks.id)).limit(1);
  return row
    ? { ok: row.ok, checkedAt: row.checkedAt.toISOString(), firstDivergence: row.firstDivergence }
    : null;
}
