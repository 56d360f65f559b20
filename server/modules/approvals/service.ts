/**
 * Four-eyes approval (docs/security.md "Four-eyes approval"; OWASP ASVS 2.3.5, multi-person approval
 * of high-value actions). A money route asks `hold` before it acts: an action moving at least
 * `config.fourEyesThreshold` cents (0 = every action that moves money) is not run but kept as a
 * pending approval request, in the route's own transaction. A second staff member whose role has the
 * operation's permission approves it (the action then runs through the same service call, in the
 * decision's transaction, so the decision and the money move together or not at all) or rejects it
 * with a reason. The maker never checks their own request (409; the table's CHECK says it again).
 * Two approvals of one request at once: the row lock orders them and the second gets 409.
 *
 * Audit rows: `approval.request` (actor: the maker), then `approval.approve` / `approval.reject`
 * (actor: the checker, naming the maker), besides the approved action's own row.
 * Amounts are cents inside; the presenter answers USD.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { APPROVAL_MSG, STAFF_MSG } from '@common/messages';
import { can } from '@common/permissions';
import type { ApprovalsQuery } from '@common/schemas/approvals';
import { queryRows, type DbOrTx } from '../../db/client';
import type { ApprovalRequestRow } from '../../db/rows';
import { approvalRequests, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { StatementKey } from '../../lib/idempotency';
import { centsToUsd } from '../../lib/money';
import { pageOf } from '../../lib/paging';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction, withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { onlyPending } from '../reviews/only-pending';
import { APPROVAL_OPS, readPayload, storePayload, type ApprovalOp, type HeldPayload } from './payload';
import type { ApprovalRunner } from './runners';

/** A money action a route is about to run. `amount` is cents (its sign is ignored). */
export interface MoneyAction extends Omit<HeldPayload, 'op'> {
  op: ApprovalOp;
  clientId: string;
  amount: bigint;
  /** The maker's reason (shown to the checker). */
  reason: string;
}

/** A person as the queue names them. */
export interface Person {
  id: string;
  name: string;
  email: string;
}

/** A request with the people it names. */
export interface ApprovalView {
  row: ApprovalRequestRow;
  summary: string;
  client: Person;
  maker: Person;
  checker: Person | null;
}

const ar = approvalRequests;
const abs = (c: bigint) => (c < 0n ? -c : c);

export function createApprovalsService(
  { db, log, config }: ServiceDeps,
  runners: Record<ApprovalOp, ApprovalRunner>,
) {
  /** The rows with their client, maker and checker, read in one query. */
  async function present(rows: ApprovalRequestRow[], conn: DbOrTx = db): Promise<ApprovalView[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.clientId, r.makerId, r.checkerId ?? r.makerId]))];
    const people = ids.length
      ? await conn
          .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    const byId = new Map(
      people.map((p) => [p.id, { id: p.id, name: `${p.first} ${p.last}`, email: p.email }]),
    );
    return rows.map((row) => ({
      row,
      summary: readPayload(row.payload).summary,
      client: byId.get(row.clientId)!,
      maker: byId.get(row.makerId)!,
      checker: row.checkerId ? byId.get(row.checkerId)! : null,
    }));
  }

  async function view(id: string): Promise<ApprovalView> {
    const [row] = await db.select().from(ar).where(eq(ar.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    return (await present([row]))[0]!;
  }

  /**
   * Locks a pending request for a decision by `actor` and answers it with its payload. Throws 404,
   * 409 decided, 409 own request, and 403 when the actor's role lacks the held operation's own
   * permission (docs/security.md "Four-eyes approval": approving and rejecting alike).
   */
  async function lockForDecision(
    u: UnitOfWork,
    actor: AuditActor,
    id: string,
  ): Promise<{ row: ApprovalRequestRow; payload: ReturnType<typeof readPayload> }> {
    const [locked] = await u.tx.select().from(ar).where(eq(ar.id, id)).for('update');
    const row = onlyPending(locked, APPROVAL_MSG.already);
    if (row.makerId === actor.id) throw new AppError('CONFLICT', APPROVAL_MSG.ownRequest);
    const payload = readPayload(row.payload);
    const [me] = await u.tx.select({ role: users.role }).from(users).where(eq(users.id, actor.id));
    if (!can(me?.role, APPROVAL_OPS[payload.op].permission))
      throw new AppError('FORBIDDEN', STAFF_MSG.notAllowed);
    return { row, payload };
  }

  /**
   * Marks the locked pending `row` `status` by `checker` (with `fields`: the result, or the reason)
   * and writes its audit row (`approval.approve` / `approval.reject`, naming the maker; `after`
   * gains `extra`), in `u`.
   */
  async function decide(
    u: UnitOfWork,
    checker: AuditActor,
    row: ApprovalRequestRow,
    status: 'approved' | 'rejected',
    fields: Partial<Pick<ApprovalRequestRow, 'result' | 'decisionReason'>>,
    extra: Record<string, unknown>,
  ): Promise<void> {
    await u.tx
      .update(ar)
      .set({ status, checkerId: checker.id, decidedAt: new Date(), ...fields })
      .where(and(eq(ar.id, row.id), eq(ar.status, 'pending')));
    await recordAudit(u.tx, checker, {
      action: status === 'approved' ? 'approval.approve' : 'approval.reject',
      targetUserId: row.clientId,
      targetId: row.id,
      before: { status: 'pending', makerId: row.makerId },
      after: {
        status,
        makerId: row.makerId,
        checkerId: checker.id,
        action: row.action,
        amount: centsToUsd(row.amount),
        ...extra,
      },
    });
  }

  /**
   * Holds `action` for approval when it moves at least the threshold (an action moving nothing is
   * never held): checks the client (404 unknown, deleted or not a client), inserts the pending
   * request and its `approval.request` audit row in `uow` (the route's transaction) and answers it; answers null when the action may run at once. Throws 409
   * `alreadyWaiting` when the same row already has a pending request of this kind.
   */
  async function hold(
    actor: AuditActor,
    action: MoneyAction,
    uow?: UnitOfWork,
  ): Promise<ApprovalView | null> {
    const amount = abs(action.amount);
    if (amount === 0n || amount < config.fourEyesThreshold) return null;
    const { clientId, reason, op, ...rest } = action;
    const id = await withUnitOfWork(db, log, uow, async ({ tx }) => {
      const [target] = await tx
        .select({ role: users.role, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, clientId));
      if (target?.role !== 'client' || target.deletedAt) throw new AppError('NOT_FOUND');
      const [row] = await tx
        .insert(ar)
        .values({
          action: APPROVAL_OPS[op].action,
          clientId,
          amount,
          payload: storePayload({
            op,
            target: rest.target,
            method: rest.method,
            input: rest.input,
            summary: rest.summary,
          }),
          reason,
          makerId: actor.id,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('CONFLICT', APPROVAL_MSG.alreadyWaiting);
      await recordAudit(tx, actor, {
        action: 'approval.request',
        targetUserId: clientId,
        targetId: row.id,
        before: null,
        after: {
          action: row.action,
          operation: op,
          amount: centsToUsd(amount),
          summary: rest.summary,
          reason,
        },
      });
      return row.id;
    });
    // read in the same transaction when there is one: the request is not committed yet (and the
    // embedded database has one connection, which the open transaction holds)
    const conn = uow?.tx ?? db;
    const [row] = await conn.select().from(ar).where(eq(ar.id, id));
    return (await present([row!], conn))[0]!;
  }

  return {
    /** The threshold in cents (0n: every action that moves money waits). */
    threshold: config.fourEyesThreshold,

    /** See `hold` above. */
    hold,

    /**
     * `hold` for a route with `idempotent: 'statement'` (lib/idempotency.ts): answers null at once
     * below the threshold (the route then acts in its own statement with `key`); at or above it, a
     * replay of `key` ends the request first, then the request is held and `key` stored with its
     * answer in one transaction. Throws as `hold`, and 409 from `key`.
     */
    async holdKeyed(
      actor: AuditActor,
      action: MoneyAction,
      key: StatementKey<ApprovalView> | null,
    ): Promise<ApprovalView | null> {
      const amount = abs(action.amount);
      if (amount === 0n || amount < config.fourEyesThreshold) return null;
      if (key) {
        const [found] = await queryRows<{ idem: unknown }>(db, sql`select ${key.lookup} as idem`);
        key.check(found?.idem);
      }
      return inTransaction(db, log, async (uow) => {
        const held = await hold(actor, action, uow);
        if (held && key) await key.claimIn(uow.tx, held);
        return held;
      });
    },

    /** One page of the queue: pending oldest first, or decided newest first. */
    async list(q: ApprovalsQuery): Promise<{ rows: ApprovalView[]; total: number }> {
      const pending = q.status === 'pending';
      const { rows, total } = await pageOf(
        db,
        ar,
        pending ? eq(ar.status, 'pending') : ne(ar.status, 'pending'),
        pending
          ? [
              [ar.createdAt, 'asc'],
              [ar.id, 'asc'],
            ]
          : [
              [ar.decidedAt, 'desc'],
              [ar.id, 'desc'],
            ],
        q,
      );
      return { rows: await present(rows), total };
    },

    /**
     * Approves request `id` as `checker`: runs the held action in this transaction and marks the
     * request approved with the result's id. Throws 404; 409 already decided; 409 "You cannot
     * approve your own request"; 403 when the checker's role lacks the operation's permission; and
     * whatever the action itself refuses (the request then stays pending, nothing moved).
     */
    async approve(checker: AuditActor, id: string): Promise<ApprovalView> {
      await inTransaction(db, log, async (u) => {
        const { row, payload } = await lockForDecision(u, checker, id);
        const resultId = await runners[payload.op](u, checker, {
          clientId: row.clientId,
          reason: row.reason,
          payload,
        });
        await decide(u, checker, row, 'approved', { result: { id: resultId } }, { resultId });
      });
      return view(id);
    },

    /** Rejects request `id` as `checker` with `reason`; nothing runs. Throws 404, 409 and 403 as approve. */
    async reject(checker: AuditActor, id: string, reason: string): Promise<ApprovalView> {
      await inTransaction(db, log, async (u) => {
        const { row } = await lockForDecision(u, checker, id);
        await decide(u, checker, row, 'rejected', { decisionReason: reason }, { reason });
      });
      return view(id);
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
