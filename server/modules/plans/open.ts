/**
 * A client opening a plan (POST /api/user/active-plan) in two round trips (docs/performance.md
 * "Money in two round trips"): one read (the stored answer of the Idempotency-Key, the client's
 * active plan, the available balance and the account ids), then ONE statement (lib/unit-of-work.ts
 * `StatementOfWork`) that locks the client's available and invested accounts in id order (answered
 * as they are after any wait) and, only when the locked available balance covers the amount (and
 * the key went in), inserts the plan, its trading activity and the `plan_open` posting (available →
 * invested, ledger/statement.ts). Amounts are cents.
 *
 * Races: two opens at once wait on the account lock; the second's plan insert then meets the
 * first's in `plans_one_active_idx` (409, nothing of it kept), or its locked balance no longer
 * covers (422). A client whose active plan is due, or any admin open, goes the transactional way
 * (service.ts), which completes the due plan first.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PLAN_LABELS } from '@common/constants';
import { PLAN_MSG } from '@common/messages';
import { PLAN_MAX_CENTS, PLAN_MIN_CENTS, planLimitsMessage, type OpenPlanInput } from '@common/schemas/plans';
import { queryRows, type Db } from '../../db/client';
import type { PlanRow } from '../../db/rows';
import { ledgerAccounts, plans, tradingActivities } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { StatementKey } from '../../lib/idempotency';
import { StatementOfWork } from '../../lib/unit-of-work';
import type { FastifyBaseLogger } from 'fastify';
import { client, refKey } from '../ledger/service';
import { accountIdOf, isAccountRace, postInStatement } from '../ledger/statement';
import { durationText } from './completion';

const DAY_MS = 86_400_000;

/** What the read finds (round trip 1). */
interface Found {
  idem: unknown;
  active_end_ms: number | null;
  balance: string | null;
  available: string | null;
  invested: string | null;
}

/** True when `err` (possibly wrapped by the driver layer) is a unique violation of `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  type DbError = { code?: string; constraint?: string; message?: string; cause?: unknown };
  for (
    let e = err as DbError | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as DbError | undefined, depth++
  ) {
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint))) return true;
  }
  return false;
}

/**
 * Opens a plan of `input.amount` cents for client `userId` in one read and one statement, as
 * `openPlan` (service.ts) does for a client; `key` is the route's Idempotency-Key (null without
 * one). Answers the new plan, or null when the client's active plan is due (the caller then opens
 * the transactional way, which completes it first). Throws AppError 409 "You already have an
 * active plan" (or the key's 409 / replay), 422 outside the limits, 422 `insufficientFunds`.
 */
export async function openPlanInStatement(
  deps: { db: Db; log: FastifyBaseLogger },
  userId: string,
  input: OpenPlanInput,
  key: StatementKey<PlanRow> | null,
): Promise<PlanRow | null> {
  const { db, log } = deps;
  for (let attempt = 1; ; attempt++) {
    const [found] = await queryRows<Found>(
      db,
      sql`select ${key ? key.lookup : sql`null::jsonb`} as idem,
        (select (extract(epoch from p.end_date) * 1000)::float8 from ${plans} p
          where p.user_id = ${userId}::uuid and p.status = 'active') as active_end_ms,
        (select a.balance::text from ${ledgerAccounts} a where a.user_id = ${userId}::uuid and a.kind = 'available') as balance,
        ${accountIdOf(userId, 'available')} as available, ${accountIdOf(userId, 'invested')} as invested`,
    );
    key?.check(found!.idem);
    if (found!.active_end_ms !== null) {
      if (Number(found!.active_end_ms) <= Date.now()) return null;
      throw new AppError('CONFLICT', PLAN_MSG.alreadyActive);
    }
    if (input.amount < PLAN_MIN_CENTS || input.amount > PLAN_MAX_CENTS)
      throw new AppError('UNPROCESSABLE', planLimitsMessage());
    if (BigInt(found!.balance ?? '0') < input.amount)
      throw new AppError('UNPROCESSABLE', PLAN_MSG.insufficientFunds);

    const start = new Date();
    const plan: PlanRow = {
      id: randomUUID(),
      userId,
      plan: input.plan,
      amount: input.amount,
      durationDays: input.duration,
      startDate: start,
      endDate: new Date(start.getTime() + input.duration * DAY_MS),
      status: 'active',
      closedBy: null,
      completedAt: null,
      createdAt: start,
    };
    const stmt = new StatementOfWork();
    const locked = stmt.with(
      stmt.name('accounts'),
      sql`select kind, balance from ${ledgerAccounts}
        where user_id = ${userId}::uuid and kind in ('available', 'invested') order by id for update`,
      { materialized: true },
    );
    const covered = sql`(coalesce((select balance from ${locked} where kind = 'available'), 0)
      >= ${input.amount.toString()}::bigint)`;
    const go = key ? key.claim(stmt, covered, plan) : covered;
    const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    stmt.with(
      stmt.name('plan'),
      sql`insert into ${plans} (id, user_id, plan, amount, duration_days, start_date, end_date, created_at)
        select ${plan.id}::uuid, ${userId}::uuid, ${plan.plan}::text, ${input.amount.toString()}::bigint,
          ${input.duration}::int, ${at(plan.startDate)}, ${at(plan.endDate)}, ${at(plan.createdAt)}
        where ${go}`,
    );
    stmt.with(
      stmt.name('activity'),
      sql`insert into ${tradingActivities} (user_id, plan_id, plan, trade_amount, profit, status, date)
        select ${userId}::uuid, ${plan.id}::uuid, ${plan.plan}::text, ${input.amount.toString()}::bigint, 0,
          'active', ${at(start)}
        where ${go}`,
    );
    postInStatement(
      stmt,
      [
        {
          gate: go,
          type: 'plan_open',
          userId,
          planId: plan.id,
          actorId: userId,
          memo: `${PLAN_LABELS[input.plan]} plan of ${durationText(input.duration)} opened`,
          lines: [
            { account: client(userId, 'available'), amount: -input.amount },
            { account: client(userId, 'invested'), amount: input.amount },
          ],
        },
      ],
      new Map([
        [refKey(client(userId, 'available')), found!.available],
        [refKey(client(userId, 'invested')), found!.invested],
      ]),
    );
    stmt.output('covered', covered);
    stmt.output('posted', go);
    let out: Awaited<ReturnType<StatementOfWork['run']>>;
    try {
      out = await stmt.run(db, log);
    } catch (err) {
      if (isUniqueViolation(err, 'plans_one_active_idx'))
        throw new AppError('CONFLICT', PLAN_MSG.alreadyActive);
      // an account the statement was to create appeared meanwhile: once more finds it
      if (attempt === 1 && isAccountRace(err)) continue;
      throw err;
    }
    if (out.posted === true) return plan;
    if (out.covered !== true) throw new AppError('UNPROCESSABLE', PLAN_MSG.insufficientFunds);
    // covered but the key did not go in: a duplicate of this key won (the route replays it)
    throw new AppError('CONFLICT', PLAN_MSG.alreadyActive);
  }
}
