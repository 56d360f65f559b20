/**
 * Ledger adjustments: an admin credits or debits a client's available balance with a reason. The
 * route is POST /api/user/admin/account/:id/adjustments (server/modules/users/routes.ts: four-eyes
 * and the Idempotency-Key in one transaction, `keyedTransaction`); the posting lives here, next to
 * the ledger it moves money through.
 *
 * Two round trips (docs/performance.md "Money in two round trips"): one read (the client, the ids
 * of the two accounts and the available balance), then ONE statement
 * (lib/unit-of-work.ts `StatementOfWork`) that locks the client's row (FOR UPDATE, as `lockUser`
 * does) and then their available account (FOR UPDATE, answered as it is after any wait), and posts
 * the `adjustment` entry with its audit row (`account.adjustment`, amounts in USD) and the client's
 * notice and e-mail (`USER_ADMIN_MSG.balanceChanged`: the amount and the staff member's reason;
 * docs/product.md "Notices") only when the client is still there and the balance it locked is the
 * one read. So the answer (the balance after it) is known before the statement, and a balance that
 * moved between the two round trips makes the statement change nothing and the adjustment start
 * again (at most `ATTEMPTS` times). Amounts inside are cents.
 *
 * Errors (AppError): 404 unknown, deleted or not a client; 409 a debit beyond the available
 * balance, or the balance kept moving.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { USER_ADMIN_MSG } from '@common/messages';
import type { AdjustmentInput } from '@common/schemas/users';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';
import { auditInStatement, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { centsToUsd, formatUsd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { StatementOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { timeOrderedId } from '../../lib/ids';
import { client, house, refKey, type EntryRow } from './service';
import { accountBalanceOf, accountIdOf, isAccountRace, postInStatement } from './statement';

/** An adjustment as it was posted: the entry and the client's available balance after it (cents). */
export interface PostedAdjustment {
  entry: EntryRow;
  available: bigint;
}

/** How many times an adjustment starts again when the balance moved between its two round trips. */
const ATTEMPTS = 5;

export function createAdjustmentsService({ db, log, notifications }: ServiceDeps) {
  /**
   * Round trip 1: the live user's role, address and first name (for the notice's e-mail), the two
   * account ids (null when not created yet), the balance.
   */
  async function read(conn: DbOrTx, id: string) {
    const [row] = await conn
      .select({
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        available: accountIdOf(users.id, 'available'),
        income: accountIdOf(null, 'income_expense'),
        balance: accountBalanceOf(users.id, 'available'),
      })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!row) throw new AppError('not_found');
    if (row.role !== 'client') throw new AppError('only_clients');
    return { ...row, balance: BigInt(row.balance ?? '0') };
  }

  /** Round trip 2: the statement; answers whether the client was there, and whether it posted. */
  async function post(
    r: Awaited<ReturnType<typeof read>>,
    posted: PostedAdjustment,
    actor: AuditActor,
    input: AdjustmentInput,
    uow: UnitOfWork | undefined,
  ) {
    const { entry } = posted;
    const id = entry.userId!;
    const signed = posted.available - r.balance;
    const stmt = new StatementOfWork();
    const clientRow = stmt.with(
      stmt.name('client'),
      sql`select id from ${users} where id = ${id}::uuid and deleted_at is null and role = 'client' for update`,
      { materialized: true },
    );
    // after the client's lock (it reads that part), as in the one lock order; by owner, so an
    // account created since the read is found too
    const account = stmt.with(
      stmt.name('available'),
      sql`select balance from ${ledgerAccounts}
        where user_id = ${id}::uuid and kind = 'available' and exists (select 1 from ${clientRow}) for update`,
      { materialized: true },
    );
    const found = sql`exists (select 1 from ${clientRow})`;
    const unmoved = sql`(${found} and coalesce((select balance from ${account}), 0) = ${r.balance.toString()}::bigint)`;
    const known = new Map([
      [refKey(client(id, 'available')), r.available],
      [refKey(house('income_expense')), r.income],
    ]);
    postInStatement(
      stmt,
      [
        {
          gate: unmoved,
          id: entry.id,
          type: 'adjustment',
          userId: id,
          actorId: actor.id,
          memo: input.reason,
          lines: [
            { account: house('income_expense'), amount: -signed },
            { account: client(id, 'available'), amount: signed },
          ],
        },
      ],
      known,
    );
    auditInStatement(
      stmt,
      actor,
      {
        action: 'account.adjustment',
        targetUserId: id,
        targetId: entry.id,
        before: { available: centsToUsd(r.balance) },
        after: {
          available: centsToUsd(posted.available),
          direction: input.direction,
          amount: centsToUsd(input.amount),
          reason: input.reason,
        },
      },
      unmoved,
    );
    notifications.notifyInStatement(
      stmt,
      {
        userId: id,
        title: USER_ADMIN_MSG.balanceChangedTitle(input.direction),
        message: USER_ADMIN_MSG.balanceChanged(input.direction, formatUsd(input.amount), input.reason),
      },
      r,
      unmoved,
    );
    stmt.output('found', found);
    stmt.output('posted', unmoved);
    const out = await stmt.run(uow?.tx ?? db, log, uow);
    return { found: out.found === true, posted: out.posted === true };
  }

  return {
    /**
     * Throws 409 `adjustmentOverdraw` when `input` debits more than the client's available balance
     * now (404 for anyone but a live client): what four-eyes asks before holding an adjustment, so a
     * checker never approves a debit that cannot run (approvals/service.ts `refuseImpossible`).
     * One read, in `tx`.
     */
    async refuseOverdraw(tx: DbOrTx, id: string, input: AdjustmentInput): Promise<void> {
      if (input.direction !== 'debit') return;
      const { balance } = await read(tx, id);
      if (balance < input.amount) {
        throw new AppError('adjustment_overdraw', USER_ADMIN_MSG.adjustmentOverdraw(formatUsd(balance)));
      }
    },

    /**
     * Posts an `adjustment` entry of `input.amount` cents — credit: income/expense → available;
     * debit: available → income/expense — with the reason as its memo (the client's history shows
     * it) and the admin as actor. Audit `account.adjustment`; the client's notice and e-mail say
     * the amount and the reason, in the same statement. Runs in `uow` when given (the
     * route's `keyedTransaction`, the approvals runner). Throws 404 (unknown, deleted or not a
     * client), 409 (a debit beyond the available balance, or the balance moving on every attempt).
     */
    async postAdjustment(
      actor: AuditActor,
      id: string,
      input: AdjustmentInput,
      uow?: UnitOfWork,
    ): Promise<PostedAdjustment> {
      const conn = uow?.tx ?? db;
      const signed = input.direction === 'credit' ? input.amount : -input.amount;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        let r = await read(conn, id);
        if (uow && (!r.available || !r.income)) {
          // Inside the caller's transaction a statement that lost the race to create an account
          // (the client's first, or the house's on a new database) could not be tried again: create
          // the missing ones first (waiting for a racing creator), then read again.
          const missing = [
            ...(r.available ? [] : [{ userId: id, kind: 'available' }]),
            ...(r.income ? [] : [{ userId: null, kind: 'income_expense' }]),
          ];
          await uow.tx.insert(ledgerAccounts).values(missing).onConflictDoNothing();
          r = await read(conn, id);
        }
        if (r.balance + signed < 0n) {
          throw new AppError('adjustment_overdraw', USER_ADMIN_MSG.adjustmentOverdraw(formatUsd(r.balance)));
        }
        const at = new Date(); // the entry's times are the database's; these are the request's
        const entry: EntryRow = {
          id: timeOrderedId(),
          type: 'adjustment',
          userId: id,
          memo: input.reason,
          actorId: actor.id,
          reverses: null,
          depositId: null,
          withdrawalId: null,
          planId: null,
          tradingActivityId: null,
          effectiveAt: at,
          createdAt: at,
        };
        const posted = { entry, available: r.balance + signed };
        let outcome: Awaited<ReturnType<typeof post>>;
        try {
          outcome = await post(r, posted, actor, input, uow);
        } catch (err) {
          // an account the statement was to create appeared meanwhile: once more finds it
          if (!uow && isAccountRace(err)) continue;
          throw err;
        }
        if (!outcome.found) throw new AppError('not_found');
        if (outcome.posted) return posted;
        // the balance moved: read again
      }
      throw new AppError('adjustment_busy');
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
