/**
 * Withdrawals. One service for both methods (`/c-withdrawals` = crypto, `/b-withdrawals` = bank).
 * A request needs the 6-digit confirmation code e-mailed on demand (or the authenticator's code);
 * in ONE statement (request.ts) it consumes the code, records the request and moves the amount
 * available → held (withdrawal_hold). Approval
 * settles held → cash; rejection releases held → available. Amounts are cents.
 *
 * Deleting: only a declined (rejected) request can be deleted, and only from the lists — its hold and
 * release entries stay in the ledger. A pending one is refused with 409 (decline it first), so a
 * held amount can never vanish with its request.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MONEY_MSG } from '@common/messages';
import { reasonSentence } from '@common/sentences';
import { HISTORY_ACTION } from '../notifications/service';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { recordEvent } from '../../lib/webhook-events';
import { AppError } from '../../lib/errors';
import type { StatementKey } from '../../lib/idempotency';
import { listOwner } from '../../lib/list-owner';
import { requestList, type RequestList, type RequestListQuery } from '../../lib/list-pages';
import type { SortKey } from '../../lib/paging';
import type { ServiceDeps } from '../../lib/service-deps';
import { centsToUsd, formatUsd, usdDecimal } from '../../lib/money';
import { inTransaction, withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { client, clientBalance, house, postEntry } from '../ledger/service';
import { insufficientBalance } from '../ledger/statement';
import { identityRequired, readLimitState } from '../limits/levels';
import { notOwnRequest, onlyPending } from '../reviews/only-pending';
import type { UserRow } from '../../db/rows';
import { withdrawalCodeMail } from './emails';
import {
  createWithdrawalRequests,
  destination,
  maskedDestination,
  toActiveDestination,
  withdrawalScope,
  type WithdrawalInput,
  type WithdrawalMethod,
  type WithdrawalRow,
  type WithdrawalTarget,
} from './request';

export type { WithdrawalInput, WithdrawalMethod, WithdrawalRow, WithdrawalTarget } from './request';

/** The withdrawals' order: newest first (time sent, then id). */
export const WITHDRAWAL_ORDER: readonly SortKey[] = [
  [withdrawals.createdAt, 'desc'],
  [withdrawals.id, 'desc'],
];

/** The withdrawals of `method` not deleted, of one client (`owner`) or everyone's. */
export function withdrawalsWhere(method: WithdrawalMethod, owner?: string) {
  return and(
    eq(withdrawals.method, method),
    isNull(withdrawals.deletedAt),
    owner ? eq(withdrawals.userId, owner) : undefined,
  );
}

/** The withdrawal `id` of `method` when it is not deleted (a query: add `.for('update')` to lock it). */
function listed(conn: DbOrTx, method: WithdrawalMethod, id: string) {
  return conn
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.method, method), isNull(withdrawals.deletedAt)));
}

export function createWithdrawalsService(deps: ServiceDeps) {
  const { db, log, config, mailer, codes, notifications, throttle } = deps;
  const requests = createWithdrawalRequests(deps);
  /**
   * Locks a withdrawal of `method` that is not deleted and answers it when pending. Throws AppError
   * 404, 409 "Withdrawal is already …" (reviews/only-pending.ts).
   */
  async function lockPending(tx: Tx, method: WithdrawalMethod, id: string): Promise<WithdrawalRow> {
    const [row] = await listed(tx, method, id).for('update');
    return onlyPending(row, MONEY_MSG.withdrawalAlready);
  }

  /**
   * Marks a pending request reviewed, posts its settle/release entry, writes the audit row
   * (`withdrawal.approve` / `withdrawal.reject`) and notifies the client.
   */
  async function review(
    uow: UnitOfWork,
    actor: AuditActor,
    method: WithdrawalMethod,
    id: string,
    approve: boolean,
    reason: string | null = null,
    payoutReference: string | null = null,
  ) {
    const w = await lockPending(uow.tx, method, id);
    notOwnRequest(w.userId, actor.id);
    if (approve) {
      // money never leaves for a blocked client; declining (which returns the hold) still works
      const [owner] = await uow.tx.select({ banned: users.banned }).from(users).where(eq(users.id, w.userId));
      if (owner?.banned) throw new AppError('client_blocked');
    }
    await postEntry(uow.tx, {
      type: approve ? 'withdrawal_settle' : 'withdrawal_release',
      userId: w.userId,
      withdrawalId: w.id,
      actorId: actor.id,
      memo: `Withdrawal ${approve ? 'paid' : 'declined'}: ${destination(w)}`,
      lines: [
        { account: client(w.userId, 'held'), amount: -w.amount },
        approve
          ? { account: house('cash'), amount: w.amount }
          : { account: client(w.userId, 'available'), amount: w.amount },
      ],
    });
    const [row] = await uow.tx
      .update(withdrawals)
      .set({
        status: approve ? 'approved' : 'rejected',
        reviewedBy: actor.id,
        reviewedAt: new Date(),
        decisionReason: reason,
        payoutReference: approve ? payoutReference : null,
      })
      .where(eq(withdrawals.id, id))
      .returning();
    await recordAudit(uow.tx, actor, {
      action: approve ? 'withdrawal.approve' : 'withdrawal.reject',
      targetUserId: w.userId,
      targetId: w.id,
      before: { status: w.status, amount: centsToUsd(w.amount), method: w.method },
      after: approve ? { status: row!.status, payoutReference } : { status: row!.status, reason },
    });
    await recordEvent(uow.tx, {
      type: approve ? 'withdrawal.approved' : 'withdrawal.declined',
      data: {
        withdrawalId: w.id,
        clientId: w.userId,
        amountUsd: usdDecimal(w.amount),
        method: w.method,
        ...(approve ? { payoutReference } : { reason }),
      },
    });
    await notifications.notify(uow, {
      userId: w.userId,
      title: approve ? 'Withdrawal approved' : 'Withdrawal declined',
      message: approve
        ? `Your withdrawal of $${formatUsd(w.amount)} (${destination(w)}) has been approved and is on its way.${payoutReference ? ` Payout reference: ${payoutReference}` : ''}`
        : `Your withdrawal of $${formatUsd(w.amount)} (${destination(w)}) was declined; the amount is back in your balance. ${reasonSentence(reason ?? '')}`,
      summary: [
        { label: 'Amount', value: `$${formatUsd(w.amount)}` },
        { label: 'To', value: destination(w) },
        ...(approve
          ? payoutReference
            ? [{ label: 'Payout reference', value: payoutReference }]
            : []
          : [{ label: 'Reason', value: reason ?? '' }]),
      ],
      action: HISTORY_ACTION,
    });
    return row!;
  }

  return {
    /**
     * Queues the e-mail of a withdrawal confirmation code to the user (10 minutes, 5 tries, single
     * use) for `target`, in one transaction with the code: the mail names the amount and the masked
     * destination, and the code confirms only a request with `target`'s fields (`withdrawalScope`).
     * Throws AppError 409 for a user with two-factor authentication (their authenticator confirms
     * withdrawals), 422 `beneficiary_not_active` with BENEFICIARY_REQUIRED when `target` is not an
     * active destination of the client's address book (no code, no mail counted; docs/security.md
     * "Withdrawal address book"), 422 `withdrawals_on_hold` during a hold after a security change
     * (docs/security.md "Holds after security changes"; no code, no mail counted), 422
     * `insufficient_balance` when the available balance does not cover `target`'s amount (cents;
     * no code, no mail counted), 429 after 3 codes in an hour.
     */
    async requestCode(user: UserRow, target: WithdrawalTarget): Promise<void> {
      if (user.twoFactorEnabled) throw new AppError('use_authenticator');
      // no code for a withdrawal the client may not make (docs/security.md "Identity gates withdrawals")
      if (!(await readLimitState(db, 'withdrawal', user.id)).identityOk) throw identityRequired();
      await deps.holds.refuseIfHeld(user.id);
      if (config.beneficiaryRequired !== false) {
        const [d] = await queryRows<{ ok: boolean }>(
          db,
          sql`select ${toActiveDestination(config, user.id, target)} as ok`,
        );
        if (!d?.ok) throw new AppError('beneficiary_not_active');
      }
      // no code for an amount the available balance does not cover: the withdrawal's own 422,
      // before a code is made, mailed or counted (the request checks the balance again when held)
      if ((await clientBalance(db, user.id, 'available')) < target.input.amount) throw insufficientBalance();
      await throttle.countCodeMail('withdrawal', user.id);
      // the code and its mail are written together: no code without its mail, and the mail waits
      // in the outbox while the mail server is down (lib/mail.ts)
      await inTransaction(db, log, async (u) => {
        const code = await codes.issue(u.tx, user.id, 'withdrawal', withdrawalScope(target));
        const withdrawal = { amount: formatUsd(target.input.amount), destination: maskedDestination(target) };
        await mailer.enqueue(u, withdrawalCodeMail(user.email, code, withdrawal, user.firstName));
      });
    },

    /**
     * Records a withdrawal request of `input.amount` cents and holds that amount (available → held);
     * answers the new row. `input.token` is the e-mailed code, or for a user with two-factor
     * authentication their authenticator code; with `input.confirmation: 'passkey'`, the passkey
     * confirmation of `sessionId` confirms instead (one read and one statement, request.ts).
     * `key` is the route's Idempotency-Key (null without one; lib/idempotency.ts).
     * Throws AppError 400 "Invalid or expired confirmation code" (a wrong code is counted even though
     * the request fails), 403 `passkey_confirmation_required` (no fresh passkey confirmation), 422
     * "Insufficient balance", 429 after 10 failed codes in 24 hours, 409 (or the stored answer's
     * replay) from `key`; the other refusals are request.ts's.
     */
    requestWithdrawal(
      user: UserRow,
      request: WithdrawalInput,
      key: StatementKey<WithdrawalRow> | null = null,
      sessionId?: string,
    ): Promise<WithdrawalRow> {
      return requests.request(user, request, key, sessionId);
    },

    /**
     * Withdrawals of one method, newest first (time sent, then id), without deleted ones: a client
     * sees only their own (asking for another user's → 403); an admin sees everyone's, or one
     * user's with `q.userId`. The newest 500, or, with `q.cursor` or `q.limit`, a cursor page and
     * how many match (lib/list-pages.ts). Throws 403, 400 `invalid_cursor`.
     */
    async listWithdrawals(
      viewer: UserRow,
      method: WithdrawalMethod,
      q: RequestListQuery,
    ): Promise<RequestList<WithdrawalRow>> {
      const owner = listOwner(viewer, q.userId);
      return requestList(db, withdrawals, withdrawalsWhere(method, owner), WITHDRAWAL_ORDER, q);
    },

    /**
     * A pending withdrawal of `method` (read, not locked: four-eyes asks before it holds an
     * approval). Throws 404, 409 "Withdrawal is already …".
     */
    async findPending(method: WithdrawalMethod, id: string): Promise<WithdrawalRow> {
      const [row] = await listed(db, method, id);
      return onlyPending(row, MONEY_MSG.withdrawalAlready);
    },

    /** Approves a pending withdrawal: settles held → cash. Throws 404, 409 "Withdrawal is already …". */
    approveWithdrawal(
      actor: AuditActor,
      method: WithdrawalMethod,
      id: string,
      uow?: UnitOfWork,
      payoutReference: string | null = null,
    ): Promise<WithdrawalRow> {
      return withUnitOfWork(db, log, uow, (u) => review(u, actor, method, id, true, null, payoutReference));
    },

    /**
     * Declines a pending withdrawal with the staff's reason (kept on the row, in the audit row and
     * the client's notice): releases held → available. Throws 404, 409.
     */
    rejectWithdrawal(
      actor: AuditActor,
      method: WithdrawalMethod,
      id: string,
      reason: string,
      uow?: UnitOfWork,
    ): Promise<WithdrawalRow> {
      return withUnitOfWork(db, log, uow, (u) => review(u, actor, method, id, false, reason));
    },

    /**
     * Hides a declined withdrawal from the lists (its ledger entries stay; audit row
     * `withdrawal.delete`). Throws 404, 409 unless rejected.
     */
    async deleteWithdrawal(actor: AuditActor, method: WithdrawalMethod, id: string): Promise<void> {
      await withUnitOfWork(db, log, undefined, async ({ tx }) => {
        const [w] = await listed(tx, method, id).for('update');
        if (!w) throw new AppError('not_found');
        if (w.status !== 'rejected') throw new AppError('withdrawal_not_deletable');
        const deletedAt = new Date();
        await tx.update(withdrawals).set({ deletedAt }).where(eq(withdrawals.id, id));
        await recordAudit(tx, actor, {
          action: 'withdrawal.delete',
          targetUserId: w.userId,
          targetId: w.id,
          before: { status: w.status, amount: centsToUsd(w.amount), method: w.method, deletedAt: null },
          after: { deletedAt: deletedAt.toISOString() },
        });
      });
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
