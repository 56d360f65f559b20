/**
 * Deposits: a client pays to the configured wallet and submits the amount with a proof image; an
 * admin approves (posting the deposit entry cash → client available, plus promotions in the same
 * transaction) or rejects it. Every review and delete writes its audit row (server/lib/audit.ts) in
 * the same transaction.
 * Amounts are cents. Errors: AppError 400/413 (proof image), 403 (not the owner), 404, 409 (state).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountPlan } from '@common/constants';
import { MONEY_MSG } from '@common/messages';
import { PROOF_MAX_BYTES, type CreateDepositInput, type DepositWallets } from '@common/schemas/deposits';
import type { Tx } from '../../db/client';
import { deposits, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { listOwner } from '../../lib/list-owner';
import type { ServiceDeps } from '../../lib/service-deps';
import { centsToUsd, formatUsd } from '../../lib/money';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { client, ensureAccounts, house, lockAccounts, postEntries, type NewEntry } from '../ledger/service';
import { mimeOfKey, readImageDataUrl, type ImageMime } from '../files/images';
import { onlyPending } from '../reviews/only-pending';
import type { UserRow } from '../../db/rows';
import { assertOwnerOrStaff } from '../../lib/list-owner';

export type DepositRow = typeof deposits.$inferSelect;

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
  if (Number(row?.lastHour ?? 0) >= DEPOSIT_CAPS.perHour) throw new AppError('TOO_MANY_REQUESTS');
  if (Number(row?.pending ?? 0) >= DEPOSIT_CAPS.pending) {
    throw new AppError('UNPROCESSABLE', MONEY_MSG.tooManyDeposits);
  }
}

/** Rounds `cents × percent / 100` half up to whole cents. */
export function percentOf(cents: bigint, percent: number): bigint {
  return (cents * BigInt(Math.round(percent * 100)) + 5_000n) / 10_000n;
}

export function createDepositsService({ db, log, storage, notifications, config }: ServiceDeps) {
  const { money } = config;
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
    onlyPending(locked, MONEY_MSG.depositAlready);
    const [row] = await tx
      .update(deposits)
      .set({ status, reviewedBy: adminId, reviewedAt: new Date(), decisionReason })
      .where(eq(deposits.id, id))
      .returning();
    return row!;
  }

  /**
   * The entries an approval posts: the deposit, the one-off bonus on the client's first approved
   * deposit of at least `depositBonus.minDeposit`, and the referrer's bonus. All are credits, so
   * posting them needs no lock; only when the bonus may apply are the client accounts locked first
   * (one ordered lock), so two approvals cannot both find "no earlier big deposit".
   */
  async function approvalEntries(
    tx: Tx,
    d: DepositRow,
    adminId: string,
  ): Promise<{ entries: NewEntry[]; bonus?: bigint; referral?: { userId: string; amount: bigint } }> {
    const referrers = alias(users, 'referrer');
    const [referrer] = await tx
      .select({ id: referrers.id, plan: referrers.accountPlan })
      .from(users)
      .innerJoin(referrers, eq(referrers.id, users.referredBy))
      .where(eq(users.id, d.userId));
    const { minDeposit, bonus } = money.depositBonus;
    const bonusMayApply = d.amount >= minDeposit && bonus > 0n;
    if (bonusMayApply) {
      const refs = [client(d.userId, 'available')];
      if (referrer) refs.push(client(referrer.id, 'available'));
      await lockAccounts(tx, [...(await ensureAccounts(tx, refs)).values()]);
    }

    const entries: NewEntry[] = [
      {
        type: 'deposit',
        userId: d.userId,
        depositId: d.id,
        actorId: adminId,
        memo: `Deposit via ${d.wallet}`,
        lines: [
          { account: house('cash'), amount: -d.amount },
          { account: client(d.userId, 'available'), amount: d.amount },
        ],
      },
    ];
    let granted: bigint | undefined;
    if (bonusMayApply) {
      const [earlier] = await tx
        .select({ n: count() })
        .from(deposits)
        .where(
          and(
            eq(deposits.userId, d.userId),
            eq(deposits.status, 'approved'),
            gte(deposits.amount, minDeposit),
            ne(deposits.id, d.id),
          ),
        );
      if (Number(earlier?.n ?? 0) === 0) {
        entries.push({
          type: 'bonus',
          userId: d.userId,
          actorId: adminId,
          memo: `Bonus of $${formatUsd(bonus)} on your first deposit of $${formatUsd(minDeposit)} or more`,
          lines: [
            { account: house('income_expense'), amount: -bonus },
            { account: client(d.userId, 'available'), amount: bonus },
          ],
        });
        granted = bonus;
      }
    }
    if (referrer) {
      const rate = money.referralRates[referrer.plan as AccountPlan] ?? 0;
      const reward = percentOf(d.amount, rate);
      if (reward > 0n) {
        entries.push({
          type: 'referral_bonus',
          userId: referrer.id,
          actorId: adminId,
          memo: `Referral bonus: ${rate}% of a $${formatUsd(d.amount)} deposit by a client you referred`,
          lines: [
            { account: house('income_expense'), amount: -reward },
            { account: client(referrer.id, 'available'), amount: reward },
          ],
        });
        return { entries, bonus: granted, referral: { userId: referrer.id, amount: reward } };
      }
    }
    return { entries, bonus: granted };
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
     * review queue (docs/security.md).
     */
    async submitDeposit(user: UserRow, input: CreateDepositInput, uow?: UnitOfWork): Promise<DepositRow> {
      const image = await readImageDataUrl(input.image, PROOF_MAX_BYTES, MONEY_MSG.fileTooLarge);
      return withUnitOfWork(db, log, uow, async ({ tx, afterRollback }) => {
        await assertRoomForDeposit(tx, user.id);
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
        return row!;
      });
    },

    /**
     * Deposits, newest first: a client sees only their own (asking for another user's → 403);
     * an admin sees everyone's, or one user's with `userId`.
     */
    async listDeposits(viewer: UserRow, userId?: string): Promise<DepositRow[]> {
      const owner = listOwner(viewer, userId);
      return db
        .select()
        .from(deposits)
        .where(owner ? eq(deposits.userId, owner) : undefined)
        .orderBy(desc(deposits.createdAt), asc(deposits.id))
        .limit(500);
    },

    /**
     * Approves a pending deposit: posts it to the client's available balance with any promotions,
     * in one transaction with its audit row (`deposit.approve`), and notifies the client (and
     * referrer). Throws 404, 409 "Deposit is already …".
     */
    async approveDeposit(actor: AuditActor, id: string, uow?: UnitOfWork): Promise<DepositRow> {
      return withUnitOfWork(db, log, uow, async (u) => {
        const row = await review(u.tx, id, 'approved', actor.id);
        const { entries, bonus, referral } = await approvalEntries(u.tx, row, actor.id);
        await recordAudit(u.tx, actor, {
          action: 'deposit.approve',
          targetUserId: row.userId,
          targetId: row.id,
          before: { status: 'pending', amount: centsToUsd(row.amount) },
          after: { status: 'approved', ...(bonus ? { bonus: centsToUsd(bonus) } : {}) },
        });
        await notifications.notify(u, {
          userId: row.userId,
          title: 'Deposit approved',
          message: `Your deposit of $${formatUsd(row.amount)} via ${row.wallet} has been approved and added to your balance.`,
        });
        if (bonus) {
          await notifications.notify(u, {
            userId: row.userId,
            title: 'Bonus credited',
            message: `A bonus of $${formatUsd(bonus)} has been added to your balance.`,
          });
        }
        if (referral) {
          await notifications.notify(u, {
            userId: referral.userId,
            title: 'Referral bonus credited',
            message: `A referral bonus of $${formatUsd(referral.amount)} has been added to your balance.`,
          });
        }
        // Last: the client's balance row is locked from here to commit only (see postEntries).
        await postEntries(u.tx, entries);
        return row;
      });
    },

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
        await notifications.notify(u, {
          userId: row.userId,
          title: 'Deposit rejected',
          message: `Your deposit of $${formatUsd(row.amount)} via ${row.wallet} could not be confirmed and was rejected. Reason: ${reason}. Please contact support if you believe this is a mistake.`,
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
        if (!d) throw new AppError('NOT_FOUND');
        if (d.status === 'approved') throw new AppError('CONFLICT', MONEY_MSG.depositNotDeletable);
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
      if (!d) throw new AppError('NOT_FOUND');
      assertOwnerOrStaff(viewer, d.userId);
      const data = await storage.get(d.proofKey);
      if (!data) throw new AppError('NOT_FOUND');
      return { data, mime: mimeOfKey(d.proofKey) };
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
