/**
 * Deposits: a client pays to the configured wallet and submits the amount with a proof image; an
 * admin approves (posting the deposit entry cash → client available, plus promotions, in one
 * statement: approval.ts) or rejects it. Every review and delete writes its audit row (server/lib/audit.ts) in
 * the same transaction.
 * Amounts are cents. Errors: AppError 400/413 (proof image), 403 (not the owner), 404, 409 (state).
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { MONEY_MSG } from '@common/messages';
import { reasonSentence, walletName } from '@common/sentences';
import { PROOF_MAX_BYTES, type CreateDepositInput, type DepositWallets } from '@common/schemas/deposits';
import type { Tx } from '../../db/client';
import { deposits, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { recordEvent } from '../../lib/webhook-events';
import { AppError } from '../../lib/errors';
import { listOwner } from '../../lib/list-owner';
import { requestList, type RequestList, type RequestListQuery } from '../../lib/list-pages';
import type { SortKey } from '../../lib/paging';
import type { ServiceDeps } from '../../lib/service-deps';
import { centsToUsd, formatUsd, usdDecimal } from '../../lib/money';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { createDepositApproval, type DepositRow } from './approval';
import { mimeOfKey, readImageDataUrl, type ImageMime } from '../files/images';
import { notOwnRequest, onlyPending } from '../reviews/only-pending';
import { assertDepositWithinCaps } from '../limits/levels';
import type { UserRow } from '../../db/rows';
import { assertOwnerOrStaff } from '../../lib/list-owner';
import { HISTORY_ACTION } from '../notifications/service';

export { percentOf, type DepositRow } from './approval';

/** The deposits' order: newest first (time sent, then id). */
export const DEPOSIT_ORDER: readonly SortKey[] = [
  [deposits.createdAt, 'desc'],
  [deposits.id, 'desc'],
];

/** A client may submit at most this many deposits an hour, and have at most this many pending. */
export const DEPOSIT_CAPS = { perHour: 10, pending: 5 } as const;

/**
 * Throws 429 when the client submitted DEPOSIT_CAPS.perHour deposits in the last hour, 422 when
 * DEPOSIT_CAPS.pending wait for review. Holds the client's user row (FOR NO KEY UPDATE) until the
 * caller's transaction ends, so concurrent submissions are counted one after the other.
 */
async function assertRoomForDeposit(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [row] = await tx
    .select({
      lastHour: count(sql`case when ${deposits.createdAt} > now() - interval '1 hour' then 1 end`),
      pending: count(sql`case when ${deposits.status} = 'pending' then 1 end`),
    })
    .from(deposits)
    .where(eq(deposits.userId, userId));
  if (Number(row?.lastHour ?? 0) >= DEPOSIT_CAPS.perHour) throw new AppError('too_many_requests');
  if (Number(row?.pending ?? 0) >= DEPOSIT_CAPS.pending) {
    throw new AppError('too_many_deposits');
  }
}

export function createDepositsService(deps: ServiceDeps) {
  const { db, log, storage, notifications, config } = deps;
  const { money } = config;
  const { approveDeposit, readPending } = createDepositApproval(deps);
  /**
   * Marks a pending deposit reviewed and answers it. The row lock (the same strength an UPDATE
   * takes) serialises racing reviews. Throws AppError 404, 409 "Deposit is already …" when it is
   * not pending (reviews/only-pending.ts).
   */
  async function review(
    tx: Tx,
    id: string,
    status: 'approved' | 'rejected',
    adminId: string,
    decisionReason: string | null = null,
  ) {
    const [locked] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('no key update');
    notOwnRequest(onlyPending(locked, MONEY_MSG.depositAlready).userId, adminId);
    const [row] = await tx
      .update(deposits)
      .set({ status, reviewedBy: adminId, reviewedAt: new Date(), decisionReason })
      .where(eq(deposits.id, id))
      .returning();
    return row!;
  }

  return {
    /** The fixed wallet addresses clients pay to, from the config (`money.depositWallets`). */
    wallets(): DepositWallets {
      return { ...money.depositWallets };
    },

    /**
     * Records a pending deposit of `input.amount` cents with its cleaned proof image.
     * Throws AppError 413 (image over 5 MB), 400 (not a readable PNG/JPEG/WebP), 429 (10 deposits
     * in the last hour), 422 (5 deposits already waiting for review): a client cannot flood the
     * review queue (docs/security.md); 422 `deposit_limit_exceeded` over a deposit cap of the
     * client's verification level (docs/security.md "Limits by verification level").
     */
    async submitDeposit(user: UserRow, input: CreateDepositInput, uow?: UnitOfWork): Promise<DepositRow> {
      const image = await readImageDataUrl(input.image, PROOF_MAX_BYTES, MONEY_MSG.fileTooLarge);
      return withUnitOfWork(db, log, uow, async ({ tx, afterRollback }) => {
        await assertRoomForDeposit(tx, user.id);
        // after the row lock above: the caps of the client's level see every earlier submission
        await assertDepositWithinCaps(tx, user.id, input.amount);
        const proofKey = `deposits/${randomUUID()}.${image.ext}`;
        await storage.put(proofKey, image.data);
        afterRollback(() => storage.delete(proofKey));
        const [row] = await tx
          .insert(deposits)
          .values({
            userId: user.id,
            amount: input.amount,
            wallet: input.wallet,
            transactionHash: input.transactionHash ?? null,
            proofKey,
          })
          .returning();
        await recordEvent(tx, {
          type: 'deposit.requested',
          data: {
            depositId: row!.id,
            clientId: user.id,
            amountUsd: usdDecimal(input.amount),
            method: input.wallet,
          },
        });
        return row!;
      });
    },

    /**
     * Deposits, newest first (time sent, then id): a client sees only their own (asking for another
     * user's → 403); an admin sees everyone's, or one user's with `q.userId`. The newest 500, or,
     * with `q.cursor` or `q.limit`, a cursor page and how many match (lib/list-pages.ts). Throws 403,
     * 400 `invalid_cursor`.
     */
    async listDeposits(viewer: UserRow, q: RequestListQuery): Promise<RequestList<DepositRow>> {
      const owner = listOwner(viewer, q.userId);
      return requestList(db, deposits, owner ? eq(deposits.userId, owner) : undefined, DEPOSIT_ORDER, q);
    },

    /** See `approveDeposit` in approval.ts (two round trips). */
    approveDeposit,

    /**
     * The pending deposit `id` with everything its approval reads (`readPending` in approval.ts),
     * for four-eyes to weigh it and `approveDeposit` to use. Throws 404, 409 "Deposit is already …".
     */
    readPending,

    /**
     * Rejects a pending deposit with the staff's reason (kept on the row, in the audit row
     * `deposit.reject` and in the client's notice). Throws 404, 409 "Deposit is already …".
     */
    async rejectDeposit(
      actor: AuditActor,
      id: string,
      reason: string,
      uow?: UnitOfWork,
    ): Promise<DepositRow> {
      return withUnitOfWork(db, log, uow, async (u) => {
        const row = await review(u.tx, id, 'rejected', actor.id, reason);
        await recordAudit(u.tx, actor, {
          action: 'deposit.reject',
          targetUserId: row.userId,
          targetId: row.id,
          before: { status: 'pending', amount: centsToUsd(row.amount) },
          after: { status: 'rejected', reason },
        });
        await recordEvent(u.tx, {
          type: 'deposit.rejected',
          data: {
            depositId: row.id,
            clientId: row.userId,
            amountUsd: usdDecimal(row.amount),
            method: row.wallet,
            reason,
          },
        });
        await notifications.notify(u, {
          userId: row.userId,
          title: 'Deposit rejected',
          message: `Your deposit of $${formatUsd(row.amount)} via ${walletName(row.wallet)} could not be confirmed and was rejected. ${reasonSentence(reason)} Please contact support if you believe this is a mistake.`,
          summary: [
            { label: 'Amount', value: `$${formatUsd(row.amount)}` },
            { label: 'Reason', value: reason },
          ],
          action: HISTORY_ACTION,
        });
        return row;
      });
    },

    /**
     * Deletes a pending or rejected deposit (audit row `deposit.delete`) and, after commit, its
     * proof image. An approved one has a ledger entry and stays: 409 (void it through the
     * transactions instead). Throws 404.
     */
    async deleteDeposit(actor: AuditActor, id: string): Promise<void> {
      await withUnitOfWork(db, log, undefined, async ({ tx, afterCommit }) => {
        const [d] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
        if (!d) throw new AppError('not_found');
        if (d.status === 'approved') throw new AppError('deposit_not_deletable');
        await tx.delete(deposits).where(eq(deposits.id, id));
        await recordAudit(tx, actor, {
          action: 'deposit.delete',
          targetUserId: d.userId,
          targetId: d.id,
          before: { status: d.status, amount: centsToUsd(d.amount), wallet: d.wallet },
          after: null,
        });
        afterCommit(() => storage.delete(d.proofKey));
      });
    },

    /** The proof image of a deposit, for its owner or staff who read clients. Throws 404, 403 (someone else's). */
    async readProof(viewer: UserRow, id: string): Promise<{ data: Buffer; mime: ImageMime }> {
      const [d] = await db.select().from(deposits).where(eq(deposits.id, id));
      if (!d) throw new AppError('not_found');
      assertOwnerOrStaff(viewer, d.userId);
      const data = await storage.get(d.proofKey);
      if (!data) throw new AppError('not_found');
      return { data, mime: mimeOfKey(d.proofKey) };
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
