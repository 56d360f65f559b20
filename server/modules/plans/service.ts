/**
 * Investment plans: a client (or an admin for them) opens one, an admin clears one, and the API
 * reads a client's active plan. Amounts are cents. How a plan ends (its end date passed, or cleared)
 * is completion.ts; profit on a plan and the trading activity rows are
 * server/modules/trading-activities/.
 *
 * - Opening a plan posts `plan_open` (client available → invested) and records a trading activity
 *   (status active, trade amount = capital, profit 0). One active plan per client: the accounts are
 *   locked first, so two parallel opens serialise and the second sees the first (409); the partial
 *   unique index `plans_one_active_idx` backs it (also 409, never 500).
 * - A plan whose end date has passed is completed before it is read or a new one opened (besides
 *   the sweep that server/jobs.ts runs), so nobody sees an overdue active plan.
 * - Clearing a plan (admin) returns exactly the capital, like a completion, closed by the admin.
 *
 * Lock order, the same everywhere so nothing deadlocks: plan row → activity rows → ledger accounts.
 * Every admin change writes one audit row in its transaction. Errors: AppError 404 (no such client),
 * 409 (plan state), 422 (limits, insufficient balance).
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenPlanInput, PublicActivePlan } from '@common/schemas/plans';
import type { Db, DbOrTx } from '../../db/client';
import type { PlanRow, UserRow } from '../../db/rows';
import { plans, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { StatementKey } from '../../lib/idempotency';
import { preparedPerHandle } from '../../lib/prepared';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction, withUnitOfWork } from '../../lib/unit-of-work';
import { client, ensureAccounts } from '../ledger/service';
import type { NotificationsService } from '../notifications/service';
import { closePlan, completeDuePlans, type CompleteDueOptions } from './completion';
import { openPlan, planSnapshot } from './open';
import { presentActivePlan } from './presenter';

/**
 * The client an admin acts on (a plan, its profit, a trading activity), or 404: admins and
 * anonymised clients are not clients.
 */
export async function findClient(tx: DbOrTx, userId: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  if (!row || row.role !== 'client' || row.deletedAt) throw new AppError('client_not_found');
  return row;
}

/** The client's active plan, or null. */
export async function findActivePlan(db: DbOrTx, userId: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.userId, userId), eq(plans.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** The client's active plan locked for this transaction (SELECT … FOR UPDATE), or null. */
export async function lockActivePlan(tx: DbOrTx, userId: string): Promise<PlanRow | null> {
  const [row] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.userId, userId), eq(plans.status, 'active')))
    .for('update');
  return row ?? null;
}

/** `findActivePlan` built once per database handle (GET /user/me runs it on every dashboard load). */
const activePlanQuery = preparedPerHandle((db: Db) =>
  db
    .select()
    .from(plans)
    .where(and(eq(plans.userId, sql.placeholder('userId')), eq(plans.status, 'active')))
    .limit(1)
    .prepare('plans_find_active'),
);

/**
 * The active plan row `plan` (or null: none) as the API answers it, when it may be shown as read:
 * none, or not yet at its end date. `undefined` for a plan whose end date has passed: only
 * `currentActivePlan`, which completes it first, may answer for it.
 */
export function presentIfCurrent(plan: PlanRow | null): PublicActivePlan | null | undefined {
  if (!plan) return null;
  return plan.endDate > new Date() ? presentActivePlan(plan) : undefined;
}

/**
 * The client's active plan as the API answers it (`activePlan` of GET /user/me and
 * /user/admin/:id), after completing it if its end date has passed, so nobody sees an overdue
 * active plan. The completion notice goes through `notifications.notify` (with its e-mail).
 */
export async function currentActivePlan(
  deps: { db: Db; log: FastifyBaseLogger; notifications: Pick<NotificationsService, 'notify'> },
  userId: string,
): Promise<PublicActivePlan | null> {
  const { db, log, notifications: notices } = deps;
  // One plain prepared read when no plan is due (the dashboard's usual case); the locking completion
  // runs only for a plan whose end date has passed. A transaction on every GET /user/me would cost
  // the dashboard, the hottest read (docs/performance.md), a round of locks for nothing.
  const [active] = await activePlanQuery(db).execute({ userId });
  const shown = presentIfCurrent(active ?? null);
  if (shown !== undefined) return shown;
  await completeDuePlans({ db, log, notices }, { userId });
  const plan = await findActivePlan(db, userId);
  return plan ? presentActivePlan(plan) : null;
}

export function createPlansService({ db, log, notifications: notices }: ServiceDeps) {
  return {
    /** See `completeDuePlans`; the notices here are also e-mailed. Answers how many plans completed. */
    completeDuePlans: (opts: CompleteDueOptions = {}) => completeDuePlans({ db, log, notices }, opts),

    /**
     * Opens a plan of `input.amount` cents for `userId`, from now for `input.duration` days: first
     * completes the client's plan if it is due, then refuses 409 "You already have an active plan",
     * 422 outside the configured limits (the message quotes them), 422 `insufficientFunds` above the
     * available balance; posts `plan_open` and records the activity. With `admin` (PUT
     * /user/admin/active-plan/:id) the client must exist (404), and the change is audited and
     * notified to the client. Always one read and one statement (open.ts): alone for a client, in
     * a transaction for staff or for a client whose due plan it completes first; `key` is the
     * route's Idempotency-Key (null without one; its 409 or the stored answer's replay is thrown
     * from it).
     */
    async openPlan(
      userId: string,
      input: OpenPlanInput,
      opts: { admin?: AuditActor; key?: StatementKey<PlanRow> | null } = {},
    ): Promise<PlanRow> {
      const key = opts.key ?? null;
      const deps = { db, log, notifications: notices };
      if (!opts.admin) {
        const opened = await openPlan(deps, userId, input, { key });
        if (opened) return opened;
      }
      return inTransaction(db, log, async (uow) => {
        const { tx } = uow;
        const found = opts.admin ? await findClient(tx, userId) : null;
        // Lock the client's plan if due and complete it (its capital counts), then open in `uow`;
        // the accounts are made first, as a failed statement would end the transaction.
        const [due] = await tx
          .select()
          .from(plans)
          .where(and(eq(plans.userId, userId), eq(plans.status, 'active'), lte(plans.endDate, new Date())))
          .for('update');
        if (due) await closePlan(uow, due, 'schedule', notices);
        await ensureAccounts(tx, [client(userId, 'available'), client(userId, 'invested')]);
        const admin = opts.admin && found ? { actor: opts.admin, client: found } : undefined;
        const opened = await openPlan(deps, userId, input, { key, uow, admin });
        // completed above: only a plan that fell due between the two reads gets here
        if (!opened) throw new AppError('plan_already_active');
        return opened;
      });
    },

    /**
     * Clears the client's active plan (admin): the capital returns (`plan_close`, closedBy admin),
     * audited and notified. Throws 404 (no such client), 409 "User Does not currently have an active plan".
     */
    async clearPlan(admin: AuditActor, userId: string): Promise<PlanRow> {
      return withUnitOfWork(db, log, undefined, async (uow) => {
        await findClient(uow.tx, userId);
        const plan = await lockActivePlan(uow.tx, userId);
        if (!plan) throw new AppError('no_active_plan');
        const closed = await closePlan(uow, plan, 'admin', notices, admin.id);
        await recordAudit(uow.tx, admin, {
          action: 'plan.clear',
          targetUserId: userId,
          targetId: plan.id,
          before: planSnapshot(plan),
          after: planSnapshot(closed),
        });
        return closed;
      });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
