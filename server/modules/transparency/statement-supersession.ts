/**
 * Statements that stay true (docs/transparency.md "Signed statements", superseded statements): an
 * entry posted after a statement was issued, dated before its issue and before the end of its range
 * (so it changes the statement's lines, its opening or its closing balance: the client's total
 * funds, in cents), supersedes that statement. The seal job finds such entries, in the seal's own
 * transaction (seal.ts `onSealed`), and for each statement it marks it superseded with the reason
 * (the first such entry: posted when, dated when, its effect and description), records the corrected
 * statement of the same range (undrawn: drawn on the client's next download of that range, naming
 * the head that covers the entry) and tells the client once per range: a notification and its
 * e-mail through the outbox (notifications service), sent after the seal commits.
 *
 * Why the seal and not the posting transaction: every path that posts (the admin's dated
 * transactions and profits, the one-statement postings of lib/unit-of-work.ts, an entry inserted by
 * hand) passes through the seal exactly once, so one query there covers them all, the postings stay
 * as fast as docs/performance.md measures them, and the corrected statement can name a tree head
 * that holds the back-dated entry. A statement recorded while its entry was being sealed is caught
 * by the next pass: each pass also looks at the statements recorded since the previous head's
 * horizon (the same reasoning as the seal's horizon). The delay is one seal interval.
 */
import { sql } from 'drizzle-orm';
import { formatDay, formatPeriod } from '@common/dates';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db, type Tx } from '../../db/client';
import { issuedStatements } from '../../db/schema';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { NotificationsService } from '../notifications/service';
import { sealJournal, type SealPass, type SealResult } from './seal';
import type { SigningKey } from './signing-key';
import { describeEntry, ENTRY_METHOD_SQL } from './statement-data';
import { describeSupersession, type SupersessionReason } from './statement-records';

/** What a supersession needs besides the transaction: who notifies, and the site's address. */
export interface SupersessionDeps {
  notifications: Pick<NotificationsService, 'notify'>;
  publicUrl: string;
}

/** A statement to supersede, with the first entry that makes it untrue. */
interface Stale {
  statement_id: string;
  user_id: string;
  range_from: string;
  range_to: string;
  issued_at: string;
  entry_id: string;
  created_at: string;
  effective_at: string;
  type: string;
  memo: string;
  method: string | null;
  effect: string;
}

/**
 * The drawn, current statements an entry sealed makes untrue: entries sealed by this pass against
 * every current statement of their client, and every sealed entry posted since a statement against
 * the statements recorded since the previous head's horizon. First entry per statement.
 */
function staleStatements(tx: Tx, pass: SealPass) {
  const recent = pass.previousScanFrom
    ? sql`s.recorded_at >= ${pass.previousScanFrom}::timestamptz`
    : sql`true`;
  return queryRows<Stale>(
    tx,
    sql`with pairs as (
          select s.id as statement_id, t.entry_id
            from transparency_leaves t
            join journal_lines l on l.entry_id = t.entry_id
            join ledger_accounts a on a.id = l.account_id
            join issued_statements s on s.user_id = a.user_id
           where t.leaf_index >= ${pass.previousSize} and t.entry_id is not null
             and s.superseded_at is null and s.file_digest is not null
          union
          select s.id, e.id
            from issued_statements s
            join journal_entries e on e.created_at >= s.horizon
           where ${recent} and s.superseded_at is null and s.file_digest is not null
             and exists (select 1 from transparency_leaves t where t.entry_id = e.id)
        ), affecting as (
          select s.id as statement_id, s.user_id, s.range_from::text, s.range_to::text, s.issued_at::text,
                 e.id as entry_id, e.created_at::text, e.effective_at::text, e.type, e.memo,
                 ${ENTRY_METHOD_SQL} as method,
                 (select coalesce(sum(l.amount), 0) from journal_lines l
                    join ledger_accounts a on a.id = l.account_id
                   where l.entry_id = e.id and a.user_id = s.user_id)::text as effect
            from pairs p
            join issued_statements s on s.id = p.statement_id
            join journal_entries e on e.id = p.entry_id
            left join deposits d on d.id = e.deposit_id
            left join withdrawals w on w.id = e.withdrawal_id
           where e.created_at >= s.horizon and not (e.id = any(s.covered_entry_ids))
             and e.effective_at < s.issued_at
             and e.effective_at < ((s.range_to + 1)::timestamp at time zone 'UTC')
        )
        select distinct on (statement_id) * from affecting
         where effect::bigint <> 0
         order by statement_id, created_at, entry_id`,
  );
}

/**
 * Supersedes every statement the entries of this seal pass make untrue (see the module's comment),
 * inside `uow` (the seal's transaction). Answers how many statements it superseded.
 */
export async function supersedeStatements(
  uow: UnitOfWork,
  pass: SealPass,
  deps: SupersessionDeps,
): Promise<number> {
  const stale = await staleStatements(uow.tx, pass);
  const corrected = new Map<string, string>();
  for (const s of stale) {
    const key = `${s.user_id}|${s.range_from}|${s.range_to}`;
    const reason: SupersessionReason = {
      entryId: s.entry_id,
      postedAt: new Date(s.created_at),
      effectiveAt: new Date(s.effective_at),
      amountCents: BigInt(s.effect),
      description: describeEntry(s.type, s.memo, s.method, BigInt(s.effect)),
    };
    let correctedId = corrected.get(key);
    if (!correctedId) {
      correctedId = await correctedStatement(uow.tx, s, pass);
      corrected.set(key, correctedId);
      await deps.notifications.notify(uow, {
        userId: s.user_id,
        title: 'Statement superseded',
        message:
          `Your statement for ${formatPeriod(s.range_from, s.range_to)}, issued on ${formatDay(s.issued_at)}, is superseded: ` +
          `${describeSupersession(reason)}. The corrected statement for the same period is ready: download it ` +
          `from your Statements page, ${deps.publicUrl}/account/statements.`,
      });
    }
    await uow.tx.execute(sql`update ${issuedStatements}
      set superseded_at = now(), superseded_by = ${correctedId}::uuid, reason_entry_id = ${s.entry_id}::uuid,
          reason_posted_at = ${s.created_at}::timestamptz, reason_effective_at = ${s.effective_at}::timestamptz,
          reason_amount_cents = ${s.effect}::bigint, reason_description = ${reason.description}
      where id = ${s.statement_id}::uuid and superseded_at is null`);
  }
  return stale.length;
}

/** The client's undrawn corrected statement of the range, or a new one naming the pass's head. */
async function correctedStatement(tx: Tx, s: Stale, pass: SealPass): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`with found as (
          select id from ${issuedStatements}
           where user_id = ${s.user_id}::uuid and range_from = ${s.range_from}::date
             and range_to = ${s.range_to}::date and file_digest is null and superseded_at is null
           limit 1
        ), added as (
          insert into ${issuedStatements} (user_id, range_from, range_to, issued_at, tree_head_size, tree_head_root)
          select ${s.user_id}::uuid, ${s.range_from}::date, ${s.range_to}::date, now(), ${pass.size || null}, ${pass.rootHash}
           where not exists (select 1 from found)
          returning id
        )
        select id from found union all select id from added`,
  );
  return row!.id;
}

/**
 * One pass of the journal seal job (server/jobs.ts): `sealJournal` with the supersession of issued
 * statements in its transaction; the e-mails are sent once it has committed (a failure is logged).
 */
export async function sealAndSupersede(
  db: Db,
  key: SigningKey,
  deps: SupersessionDeps & { log: FastifyBaseLogger },
): Promise<SealResult & { superseded: number }> {
  const tasks: Array<() => Promise<unknown>> = [];
  let superseded = 0;
  const result = await sealJournal(db, key, {
    onSealed: async (tx, pass) => {
      superseded = await supersedeStatements(
        { tx, afterCommit: (task) => tasks.push(task), afterRollback: () => undefined },
        pass,
        deps,
      );
    },
  });
  for (const task of tasks)
    await task().catch((err: unknown) => deps.log.error({ err }, 'statement supersession follow-up failed'));
  return { ...result, superseded };
}
