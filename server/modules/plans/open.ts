/**
 * Opening a plan (POST /api/user/active-plan for a client, PUT /user/admin/active-plan/:id for
 * staff) in one read and one statement (docs/performance.md "Money in two round trips"): one read
 * (the stored answer of the Idempotency-Key, the client's active plan, the available balance and
 * the account ids), then ONE statement (lib/unit-of-work.ts `StatementOfWork`) that locks the
 * client's available and invested accounts in id order (answered as they are after any wait) and,
 * only when the locked available balance covers the amount (and the key went in), inserts the
 * plan, its trading activity and the `plan_open` posting (available → invested,
 * ledger/statement.ts), and for staff the audit row and the client's notice with its mail. The
 * statement runs alone, or inside a unit of work (service.ts: staff, or a client whose active plan
 * is due and is completed first). Amounts are cents.
 *
 * Races: two opens at once wait on the account lock; the second's plan insert then meets the
 * first's in `plans_one_active_idx` (409, nothing of it kept), or its locked balance no longer
 * covers (422).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PLAN_LABELS } from '@common/constants';
import { PLAN_MAX_CENTS, PLAN_MIN_CENTS, planLimitsMessage, type OpenPlanInput } from '@common/schemas/plans';
import { queryRows, type Db } from '../../db/client';
import type { PlanRow, UserRow } from '../../db/rows';
import { ledgerAccounts, plans, tradingActivities } from '../../db/schema';
import { auditInStatement, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { StatementKey } from '../../lib/idempotency';
import { centsToUsd } from '../../lib/money';
import { StatementOfWork, type StatementOutput, type UnitOfWork } from '../../lib/unit-of-work';
import { client, refKey } from '../ledger/service';
import { accountIdOf, isAccountRace, postInStatement } from '../ledger/statement';
import type { NotificationsService } from '../notifications/service';
import { durationText, usd } from './completion';

const DAY_MS = 86_400_000;

/** What the read finds (round trip 1). */
interface Found {
  idem: unknown;
  active_end_ms: number | null;
  balance: string | null;
  available: string | null;
  invested: string | null;
}

/** A plan as the audit log records it (USD, ISO dates). */
export const planSnapshot = (p: PlanRow) => ({
  plan: p.plan,
  amount: centsToUsd(p.amount),
  duration: p.durationDays,
  startDate: p.startDate.toISOString(),
  endDate: p.endDate.toISOString(),
  status: p.status,
});

/** The one refusal of an open the available balance does not cover (422 `insufficientFunds`). */
const insufficientFunds = () => new AppError('insufficient_funds_for_trade');

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

/** How `openPlan` runs: the route's key, the unit of work it runs in, the staff opening it. */
export interface OpenPlanOptions {
  /** The route's Idempotency-Key (null without one); its 409 or replay is thrown from it. */
  key: StatementKey<PlanRow> | null;
  /** The transaction to run in (its after-commit tasks wait for it); alone without one. */
  uow?: UnitOfWork;
  /** Staff opening the plan for `client` (found by the caller): audited and notified. */
  admin?: { actor: AuditActor; client: UserRow };
}

/**
 * Opens a plan of `input.amount` cents for client `userId` from now for `input.duration` days, in
 * one read and one statement. Answers the new plan, or null when the client's active plan is due
 * (the caller completes it in a unit of work and calls again inside it). Throws AppError 409 "You
 * already have an active plan" (or the key's 409 / replay), 422 outside the limits (the message
 * quotes them), 422 `insufficientFunds` above the available balance.
 */
export async function openPlan(
  deps: { db: Db; log: FastifyBaseLogger; notifications: Pick<NotificationsService, 'notifyInStatement'> },
  userId: string,
  input: OpenPlanInput,
  { key, uow, admin }: OpenPlanOptions,
): Promise<PlanRow | null> {
  const { db, log } = deps;
  const conn = uow?.tx ?? db;
  for (let attempt = 1; ; attempt++) {
    const [found] = await queryRows<Found>(
      conn,
      sql`select ${key ? key.lookup : sql`null::jsonb`} as idem,
        (select (extract(epoch from p.end_date) * 1000)::float8 from ${plans} p
          where p.user_id = ${userId}::uuid and p.status = 'active') as active_end_ms,
        (select a.balance::text from ${ledgerAccounts} a where a.user_id = ${userId}::uuid and a.kind = 'available') as balance,
        ${accountIdOf(userId, 'available')} as available, ${accountIdOf(userId, 'invested')} as invested`,
    );
    key?.check(found!.idem);
    if (found!.active_end_ms !== null) {
      if (Number(found!.active_end_ms) <= Date.now()) return null;
      throw new AppError('plan_already_active');
    }
    if (input.amount < PLAN_MIN_CENTS || input.amount > PLAN_MAX_CENTS)
      throw new AppError('plan_amount_out_of_range', planLimitsMessage());
    // refused before the statement when the read already shows it (a round trip saved)
    if (BigInt(found!.balance ?? '0') < input.amount) throw insufficientFunds();

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
    const label = PLAN_LABELS[input.plan];
    postInStatement(
      stmt,
      [
        {
          gate: go,
          type: 'plan_open',
          userId,
          planId: plan.id,
          actorId: admin?.actor.id ?? userId,
          memo: `${label} plan of ${durationText(input.duration)} opened${admin ? ' by support' : ''}`,
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
    if (admin) {
      const event = {
        action: 'plan.open',
        targetUserId: userId,
        targetId: plan.id,
        after: planSnapshot(plan),
      };
      auditInStatement(stmt, admin.actor, { ...event, before: null }, go);
      const notice = {
        userId,
        title: 'Plan opened',
        message: `Our support team opened a ${label} plan of ${usd(input.amount)} for ${durationText(input.duration)} for you. The amount moved from your available balance to your invested capital.`,
      };
      deps.notifications.notifyInStatement(stmt, notice, admin.client, go);
    }
    stmt.output('covered', covered);
    stmt.output('posted', go);
    let out: StatementOutput;
    try {
      out = await stmt.run(conn, log, uow);
    } catch (err) {
      if (isUniqueViolation(err, 'plans_one_active_idx')) throw new AppError('plan_already_active');
      // an account the statement was to create appeared meanwhile: once more finds it (alone
      // only: a failed statement ends its transaction)
      if (attempt === 1 && !uow && isAccountRace(err)) continue;
      throw err;
    }
    if (out.posted === true) return plan;
    if (out.covered !== true) throw insufficientFunds();
    // covered but the key did not go in: a duplicate of this key won (the route replays it)
    throw new AppError('plan_already_active');
  }
}
