/**
 * Approving a deposit in two round trips (docs/performance.md "Money in two round trips"):
 *
 * 1. one read: the deposit, its owner's e-mail and name, the referrer (plan, e-mail, name), the ids
 *    of the accounts the posting touches, and whether the client already had a deposit approved
 *    that earned the first-deposit bonus;
 * 2. TypeScript decides (the entries, the audit row, the notices and their rendered mails), then ONE
 *    data-modifying statement (lib/unit-of-work.ts `StatementOfWork`, its own implicit transaction)
 *    whose head is the guarded review `UPDATE deposits … WHERE id = … AND status = 'pending'
 *    RETURNING id` and whose every insert is gated on that row: a deposit someone else decided
 *    first inserts nothing and answers 409 (one more read, on that path only).
 *
 * The first-deposit bonus race (two deposits of one client approved at once must not both earn it):
 * when the bonus may apply, the statement first locks the client's deposits of at least the bonus
 * minimum, in id order (`FOR NO KEY UPDATE`), its own among them, before its UPDATE. A racing
 * approval of another such deposit holds that row until it commits, so the lock waits, and a row
 * locked after a wait is answered as it is now (PostgreSQL re-reads it), so "approved" is seen even
 * though the statement's snapshot predates it. Every approval locks its own row, so whichever goes
 * second sees the first. The old transactional path locked the client's accounts instead; the
 * statement cannot, as its snapshot would not move.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountPlan } from '@common/constants';
import { MONEY_MSG } from '@common/messages';
import { walletName } from '@common/sentences';
import { deposits, ledgerAccounts, users } from '../../db/schema';
import { auditInStatement, type AuditActor } from '../../lib/audit';
import { eventInStatement } from '../../lib/webhook-events';
import { centsToUsd, formatUsd, usdDecimal } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { preparedPerHandle } from '../../lib/prepared';
import { StatementOfWork, type LazySql, type UnitOfWork } from '../../lib/unit-of-work';
import { client, house, refKey } from '../ledger/service';
import { accountIdOf, isAccountRace, postInStatement, type GatedEntry } from '../ledger/statement';
import { notOwnRequest, onlyPending } from '../reviews/only-pending';
import { HISTORY_ACTION } from '../notifications/service';

export type DepositRow = typeof deposits.$inferSelect;

/** Rounds `cents × percent / 100` half up to whole cents. */
export function percentOf(cents: bigint, percent: number): bigint {
  return (cents * BigInt(Math.round(percent * 100)) + 5_000n) / 10_000n;
}

/** The approval of a deposit, built from the service's dependencies. */
export function createDepositApproval({ db, log, notifications, config }: ServiceDeps) {
  const { minDeposit, bonus } = config.money.depositBonus;
  const referrers = alias(users, 'referrer');

  /** Round trip 1, built once per handle: everything the decision needs, for the deposit `id`. */
  const readQuery = preparedPerHandle((conn: typeof db | UnitOfWork['tx']) =>
    conn
      .select({
        deposit: getTableColumns(deposits),
        ownerEmail: users.email,
        ownerFirstName: users.firstName,
        referrerId: referrers.id,
        referrerPlan: referrers.accountPlan,
        referrerEmail: referrers.email,
        referrerFirstName: referrers.firstName,
        clientAccount: accountIdOf(deposits.userId, 'available'),
        referrerAccount: accountIdOf(referrers.id, 'available'),
        cashAccount: accountIdOf(null, 'cash'),
        incomeAccount: accountIdOf(null, 'income_expense'),
        hadBonusDeposit: sql<boolean>`exists (select 1 from ${deposits} e
          where e.user_id = ${deposits.userId} and e.status = 'approved'
            and e.amount >= ${minDeposit.toString()}::bigint and e.id <> ${deposits.id})`,
      })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .leftJoin(referrers, eq(referrers.id, users.referredBy))
      .where(eq(deposits.id, sql.placeholder('id')))
      .prepare('deposit_approval_read'),
  );

  /** Round trip 1: everything the decision needs, or undefined when there is no such deposit. */
  async function read(conn: typeof db | UnitOfWork['tx'], id: string) {
    const [row] = await readQuery(conn).execute({ id });
    return row;
  }
  type Read = NonNullable<Awaited<ReturnType<typeof read>>>;

  /**
   * Round trip 1 on its own, before the approval: the pending deposit `id` with everything its
   * approval needs, for the route to weigh it (four-eyes) and then hand to `approveDeposit`, which
   * then does not read it again. Throws AppError 404, 409 "Deposit is already …".
   */
  async function readPending(id: string): Promise<Read> {
    const r = await read(db, id);
    onlyPending(r?.deposit, MONEY_MSG.depositAlready);
    return r!;
  }

  /**
   * Round trip 2: the statement that reviews, posts, audits and notifies; answers whether it did.
   * Its text is built once per shape (lib/unit-of-work.ts): whether the bonus may apply, whether
   * there is a referral reward, which accounts exist (`postInStatement` adds that); every value
   * is a parameter.
   */
  async function decide(r: Read, actor: AuditActor, reviewedAt: Date, uow?: UnitOfWork) {
    const d = r.deposit;
    const bonusMayApply = d.amount >= minDeposit && bonus > 0n && !r.hadBonusDeposit;
    const rate = r.referrerId ? (config.money.referralRates[r.referrerPlan as AccountPlan] ?? 0) : 0;
    const reward = percentOf(d.amount, rate);
    const referral = r.referrerId !== null && reward > 0n;
    const stmt = new StatementOfWork(`deposit.approve:${bonusMayApply ? 'b' : ''}${referral ? 'r' : ''}`);
    const userId = stmt.param(d.userId);
    const depositId = stmt.param(d.id);
    const atLeast = stmt.param(minDeposit.toString());
    const bonusDeposits = bonusMayApply
      ? stmt.part(
          stmt.name('bonus_deposits'),
          () => sql`select id, status from ${deposits}
            where user_id = ${userId}::uuid and amount >= ${atLeast}::bigint
            order by id for no key update`,
          { materialized: true },
        )
      : null;
    // The guard row: every other part is gated on it.
    const reviewer = stmt.param(actor.id);
    const at = stmt.param(reviewedAt.toISOString());
    const reviewed = stmt.part(
      stmt.name('reviewed'),
      () => sql`update ${deposits} set status = 'approved', reviewed_by = ${reviewer}::uuid,
          reviewed_at = ${at}::timestamptz, decision_reason = null
        where id = ${depositId}::uuid and status = 'pending'
          ${bonusDeposits ? sql`and (select count(*) from ${bonusDeposits}) >= 0` : sql``}
        returning id`,
    );
    const approved = () => sql`exists (select 1 from ${reviewed})`;
    const bonusGranted: LazySql | null = bonusDeposits
      ? () => sql`(${approved()} and not exists (select 1 from ${bonusDeposits} b
          where b.status = 'approved' and b.id <> ${depositId}::uuid))`
      : null;

    const entries: GatedEntry[] = [
      {
        gate: approved,
        type: 'deposit',
        userId: d.userId,
        depositId: d.id,
        actorId: actor.id,
        memo: `Deposit via ${walletName(d.wallet)}`,
        lines: [
          { account: house('cash'), amount: -d.amount },
          { account: client(d.userId, 'available'), amount: d.amount },
        ],
      },
    ];
    if (bonusGranted) {
      entries.push({
        gate: bonusGranted,
        type: 'bonus',
        userId: d.userId,
        actorId: actor.id,
        memo: `Bonus of $${formatUsd(bonus)} on your first deposit of $${formatUsd(minDeposit)} or more`,
        lines: [
          { account: house('income_expense'), amount: -bonus },
          { account: client(d.userId, 'available'), amount: bonus },
        ],
      });
    }
    if (referral) {
      entries.push({
        gate: approved,
        type: 'referral_bonus',
        userId: r.referrerId!,
        actorId: actor.id,
        memo: `Referral bonus: ${rate}% of a $${formatUsd(d.amount)} deposit by a client you referred`,
        lines: [
          { account: house('income_expense'), amount: -reward },
          { account: client(r.referrerId!, 'available'), amount: reward },
        ],
      });
    }
    const known = new Map<string, string | null>([
      [refKey(client(d.userId, 'available')), r.clientAccount],
      [refKey(house('cash')), r.cashAccount],
      [refKey(house('income_expense')), r.incomeAccount],
    ]);
    if (r.referrerId) known.set(refKey(client(r.referrerId, 'available')), r.referrerAccount);
    postInStatement(stmt, entries, known);

    const audit = {
      action: 'deposit.approve',
      targetUserId: d.userId,
      targetId: d.id,
      before: { status: 'pending', amount: centsToUsd(d.amount) },
    };
    if (bonusGranted) {
      auditInStatement(
        stmt,
        actor,
        { ...audit, after: { status: 'approved', bonus: centsToUsd(bonus) } },
        bonusGranted,
      );
    }
    auditInStatement(
      stmt,
      actor,
      { ...audit, after: { status: 'approved' } },
      bonusGranted ? () => sql`${approved()} and not ${bonusGranted()}` : approved,
    );

    eventInStatement(
      stmt,
      {
        type: 'deposit.approved',
        data: { depositId: d.id, clientId: d.userId, amountUsd: usdDecimal(d.amount), method: d.wallet },
      },
      approved,
    );
    const owner = { email: r.ownerEmail, firstName: r.ownerFirstName };
    notifications.notifyInStatement(
      stmt,
      {
        userId: d.userId,
        title: 'Deposit approved',
        message: `Your deposit of $${formatUsd(d.amount)} via ${walletName(d.wallet)} has been approved and added to your available balance.`,
        summary: [
          { label: 'Amount', value: `$${formatUsd(d.amount)}` },
          { label: 'Via', value: walletName(d.wallet) },
        ],
        action: HISTORY_ACTION,
      },
      owner,
      approved,
    );
    if (bonusGranted) {
      notifications.notifyInStatement(
        stmt,
        {
          userId: d.userId,
          title: 'Bonus credited',
          message: `A bonus of $${formatUsd(bonus)} has been added to your available balance.`,
        },
        owner,
        bonusGranted,
      );
    }
    if (referral) {
      notifications.notifyInStatement(
        stmt,
        {
          userId: r.referrerId!,
          title: 'Referral bonus credited',
          message: `A referral bonus of $${formatUsd(reward)} has been added to your available balance.`,
        },
        { email: r.referrerEmail!, firstName: r.referrerFirstName },
        approved,
      );
    }
    stmt.output('approved', approved);
    const out = await stmt.run(uow?.tx ?? db, log, uow);
    return out.approved === true;
  }

  /** The accounts a posting of `r` touches that do not exist yet (the client's first, a new database's house ones). */
  function missingAccounts(r: Read): Array<{ userId: string | null; kind: string }> {
    return [
      ...(r.clientAccount ? [] : [{ userId: r.deposit.userId, kind: 'available' }]),
      ...(r.cashAccount ? [] : [{ userId: null, kind: 'cash' }]),
      ...(r.incomeAccount ? [] : [{ userId: null, kind: 'income_expense' }]),
      ...(r.referrerId && !r.referrerAccount ? [{ userId: r.referrerId, kind: 'available' }] : []),
    ];
  }

  /** The deposit's status now, to answer why the guarded UPDATE found nothing: throws 404 or 409. */
  async function refuse(conn: typeof db | UnitOfWork['tx'], id: string): Promise<never> {
    const [now] = await conn.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, id));
    onlyPending(now, MONEY_MSG.depositAlready);
    // still pending: only a deposit that changed between the two round trips gets here
    throw new Error(`deposit ${id} stayed pending through its approval`);
  }

  /**
   * Approves a pending deposit: posts it (cents) to the client's available balance with any
   * promotions (the first-deposit bonus, the referrer's bonus by plan), writes its audit row
   * (`deposit.approve`) and notifies the client (and referrer), e-mails queued in the outbox, all in
   * one statement after one read. Inside `uow` (the approvals runner, four-eyes' transaction) the
   * two go through its transaction and the follow-ups wait for its commit. `pre`: round trip 1
   * made already (`readPending`, the route's), used instead of reading again: the read takes no lock
   * and every part of the statement is gated on the guarded UPDATE, so a read made before the
   * transaction decides as one made in it would. Answers the approved row.
   * Throws AppError 404, 409 "Deposit is already …" (decided before, or meanwhile by someone else).
   */
  async function approveDeposit(
    actor: AuditActor,
    id: string,
    uow?: UnitOfWork,
    pre?: Read,
  ): Promise<DepositRow> {
    const conn = uow?.tx ?? db;
    for (let attempt = 1; ; attempt++) {
      let r = attempt === 1 && pre?.deposit.id === id ? pre : await read(conn, id);
      if (uow && r && missingAccounts(r).length) {
        // Inside the caller's transaction a statement that lost the race to create an account could
        // not be tried again: create the missing ones first (waiting for a racing creator), then read again.
        await uow.tx.insert(ledgerAccounts).values(missingAccounts(r)).onConflictDoNothing();
        r = await read(conn, id);
      }
      notOwnRequest(onlyPending(r?.deposit, MONEY_MSG.depositAlready).userId, actor.id);
      const reviewedAt = new Date();
      try {
        if (!(await decide(r!, actor, reviewedAt, uow))) return refuse(conn, id);
      } catch (err) {
        // an account the statement was to create appeared meanwhile: once more finds it
        if (!uow && attempt === 1 && isAccountRace(err)) continue;
        throw err;
      }
      return { ...r!.deposit, status: 'approved', reviewedBy: actor.id, reviewedAt, decisionReason: null };
    }
  }

  return { approveDeposit, readPending };
}
