/**
 * The admin review queue: pending deposits and pending, not deleted withdrawals of every client, in
 * one list, oldest first. Reviewing a request (approve / reject) stays with its own room
 * (server/modules/deposits, server/modules/withdrawals); the rule they share, "only a pending request
 * can be reviewed", is only-pending.ts. Amounts are cents.
 */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { PendingReviewsQuery } from '@common/schemas/transactions';
import { deposits, users, withdrawals } from '../../db/schema';
import type { ServiceDeps } from '../../lib/service-deps';

/** One request waiting for review, with its client. */
export interface PendingReviewRow {
  id: string;
  kind: 'deposit' | 'crypto-withdrawal' | 'bank-withdrawal';
  userId: string;
  amount: bigint;
  method: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  /** The client is blocked (their withdrawals cannot be approved). */
  userBlocked: boolean;
}

export function createReviewsService({ db }: ServiceDeps) {
  return {
    /**
     * One page of the admin review queue: pending deposits and pending, not deleted withdrawals of
     * every client, oldest first (created_at, then id), in one UNION ALL query; and how many there are.
     */
    async listPendingReviews(q: PendingReviewsQuery): Promise<{ rows: PendingReviewRow[]; total: number }> {
      const pendingDeposit = eq(deposits.status, 'pending');
      const pendingWithdrawal = and(eq(withdrawals.status, 'pending'), isNull(withdrawals.deletedAt));
      const withdrawalKind = sql<PendingReviewRow['kind']>`case ${withdrawals.method}
        when 'bank' then 'bank-withdrawal' else 'crypto-withdrawal' end`.as('kind');
      const depositRows = db
        .select({
          id: deposits.id,
          kind: sql<PendingReviewRow['kind']>`'deposit'`.as('kind'),
          userId: deposits.userId,
          amount: deposits.amount,
          method: deposits.wallet,
          createdAt: deposits.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          userBlocked: users.banned,
        })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .where(pendingDeposit);
      const withdrawalRows = db
        .select({
          id: withdrawals.id,
          kind: withdrawalKind,
          userId: withdrawals.userId,
          amount: withdrawals.amount,
          method: sql<string>`coalesce(${withdrawals.wallet}, 'bank')`.as('method'),
          createdAt: withdrawals.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          userBlocked: users.banned,
        })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(pendingWithdrawal);
      const [rows, [counted]] = await Promise.all([
        unionAll(depositRows, withdrawalRows)
          .orderBy(asc(sql.identifier('created_at')), asc(sql.identifier('id')))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db
          .select({ n: count() })
          .from(
            unionAll(
              db.select({ id: deposits.id }).from(deposits).where(pendingDeposit),
              db.select({ id: withdrawals.id }).from(withdrawals).where(pendingWithdrawal),
            ).as('pending'),
          ),
      ]);
      return { rows, total: Number(counted?.n ?? 0) };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
