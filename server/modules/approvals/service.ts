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
import { and, eq, inArray } from 'drizzle-orm';
import { APPROVAL_MSG } from '@common/messages';
import { can } from '@common/permissions';
import type { ApprovalsQuery } from '@common/schemas/approvals';
import type { DbOrTx } from '../../db/client';
import type { ApprovalRequestRow } from '../../db/rows';
import { approvalRequests, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { recordEvent } from '../../lib/webhook-events';
import { AppError } from '../../lib/errors';
import { centsToUsd, usd } from '../../lib/money';
import { pageOrCursorOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction, withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { onlyPending } from '../reviews/only-pending';
import { lockAndSumMoved, lockMakerClient } from './aggregate';
import { approvalDecided, approvalRequested } from './events';
import { queueOrder, queueWhere } from './export';
import {
  APPROVAL_OPS,
  readPayload,
  storePayload,
  type ApprovalOp,
  type HeldPayload,
  type SettingChange,
} from './payload';
import type { ApprovalRunner } from './runners';
import type { StaffOp } from '../staff/security';

/** A money action a route is about to run. `amount` is cents (its sign is ignored). */
export interface MoneyAction extends Omit<HeldPayload, 'op'> {
  op: ApprovalOp;
  clientId: string;
  amount: bigint;
  /** The maker's reason (shown to the checker). */
  reason: string;
  /**
   * Throws (409, with the reason) when the action could never run as the state is now — a loss
   * beyond the plan's capital, a debit beyond the balance — so a checker is never asked to approve
   * it (docs/security.md "Four-eyes approval"). Asked in the route's transaction only when the
   * action would be held; an action that runs at once makes the same check as it posts.
   */
  refuseImpossible?: (u: UnitOfWork) => Promise<void>;
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
  /** The client (or staff member) it is about; null for a setting's change. */
  client: Person | null;
  maker: Person;
  checker: Person | null;
}

/** A request to insert: its operation, who it is about (null: a setting), amount (cents), reason, payload. */
interface NewRequest {
  op: ApprovalOp;
  subjectId: string | null;
  amount: bigint;
  reason: string;
  payload: HeldPayload;
}

/** What a guarded operation answers: the request it held, or the result of running it. */
type Guarded<T> = Promise<{ held: ApprovalView } | { held: null; result: T }>;

const ar = approvalRequests;
const abs = (c: bigint) => (c < 0n ? -c : c);

export function createApprovalsService(
  { db, log, config }: ServiceDeps,
  runners: Record<ApprovalOp, ApprovalRunner>,
) {
  /** The rows with their client, maker and checker, read in one query. */
  async function present(rows: ApprovalRequestRow[], conn: DbOrTx = db): Promise<ApprovalView[]> {
    const ids = [
      ...new Set(rows.flatMap((r) => [r.clientId ?? r.makerId, r.makerId, r.checkerId ?? r.makerId])),
    ];
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
      client: row.clientId ? byId.get(row.clientId)! : null,
      maker: byId.get(row.makerId)!,
      checker: row.checkerId ? byId.get(row.checkerId)! : null,
    }));
  }

  async function view(id: string): Promise<ApprovalView> {
    const [row] = await db.select().from(ar).where(eq(ar.id, id));
    if (!row) throw new AppError('not_found');
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
    if (row.makerId === actor.id) throw new AppError('own_approval_request');
    if (row.clientId === actor.id) throw new AppError('approval_about_yourself');
    const payload = readPayload(row.payload);
    const [me] = await u.tx.select({ role: users.role }).from(users).where(eq(users.id, actor.id));
    if (!can(me?.role, APPROVAL_OPS[payload.op].permission)) throw new AppError('role_not_allowed');
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
    await recordEvent(u.tx, approvalDecided(row, status, checker.id, fields.decisionReason ?? null));
  }

  /**
   * Four-eyes for `action` in `u` (the transaction the action then runs in): an action moving
   * nothing is never held; one below the threshold takes the maker and client's lock (aggregate.ts)
   * and is held when it plus what the maker moved on that client in the last 24 hours reaches the
   * threshold; one at or above it is held. Holding first asks `action.refuseImpossible` (409 for an
   * action that could never run), checks the client (404 unknown, deleted or not a client), inserts the pending request and its `approval.request` audit row, and answers it;
   * null means the action may run now, in `u`. Throws 409 `alreadyWaiting` when the same row already
   * has a pending request of this kind.
   */
  async function hold(actor: AuditActor, action: MoneyAction, u: UnitOfWork): Promise<ApprovalView | null> {
    const amount = abs(action.amount);
    if (amount === 0n) return null;
    let moved = 0n;
    if (amount < config.fourEyesThreshold) {
      // the maker and client's lock, then their sum, in one round trip (aggregate.ts)
      moved = await lockAndSumMoved(u.tx, actor.id, action.clientId);
      if (moved + amount < config.fourEyesThreshold) return null;
    }
    await action.refuseImpossible?.(u);
    const { clientId, reason, op, ...rest } = action;
    const summary =
      moved > 0n
        ? `${rest.summary} (${usd(moved)} moved by the maker on this client in the last 24 hours)`
        : rest.summary;
    const { tx } = u;
    const [target] = await tx
      .select({ role: users.role, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, clientId));
    if (target?.role !== 'client' || target.deletedAt) throw new AppError('not_found');
    return insertRequest(u, actor, {
      op,
      subjectId: clientId,
      amount,
      reason,
      payload: { op, target: rest.target, method: rest.method, input: rest.input, summary },
    });
  }

  /**
   * Inserts a pending request of `op` on `subjectId` (a client, the staff member a staff operation
   * acts on, or null for a setting's change) with its `approval.request` audit row in `u`, and
   * answers it. Throws 409
   * `alreadyWaiting` when the same row already has a pending request of this kind.
   */
  async function insertRequest(u: UnitOfWork, actor: AuditActor, r: NewRequest): Promise<ApprovalView> {
    const { tx } = u;
    const [row] = await tx
      .insert(ar)
      .values({
        action: APPROVAL_OPS[r.op].action,
        clientId: r.subjectId,
        amount: r.amount,
        payload: storePayload(r.payload),
        reason: r.reason,
        makerId: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('already_waiting_for_approval');
    await recordAudit(tx, actor, {
      action: 'approval.request',
      targetUserId: r.subjectId,
      targetId: row.id,
      before: null,
      after: {
        action: row.action,
        operation: r.op,
        amount: centsToUsd(r.amount),
        summary: r.payload.summary,
        reason: r.reason,
      },
    });
    await recordEvent(tx, approvalRequested(row, r.op));
    // read in the same transaction: the request is not committed yet (and the embedded database
    // has one connection, which the open transaction holds)
    return (await present([row], tx))[0]!;
  }

  /**
   * In one transaction: the request `toHold(u)` answers, inserted (`insertRequest`), or when it
   * answers null (nothing to hold), `run`'s result.
   */
  function holdElseRun<T>(
    actor: AuditActor,
    run: (u: UnitOfWork) => Promise<T>,
    toHold: (u: UnitOfWork) => Promise<NewRequest | null>,
  ): Guarded<T> {
    return inTransaction(db, log, async (u) => {
      const request = await toHold(u);
      return request
        ? { held: await insertRequest(u, actor, request) }
        : { held: null, result: await run(u) };
    });
  }

  return {
    /** The threshold in cents (0n: every action that moves money waits). */
    threshold: config.fourEyesThreshold,

    /**
     * The one four-eyes hold of a money action (`hold` above), then `run` when nothing is held,
     * both in `uow` (or in one new transaction), so the aggregate's check and the action are one
     * atomic step. Answers `{ held }` or `{ result }`; throws what `hold` and `run` throw.
     */
    async guarded<T>(
      actor: AuditActor,
      action: MoneyAction,
      uow: UnitOfWork | undefined,
      run: (u: UnitOfWork) => Promise<T>,
    ): Guarded<T> {
      return withUnitOfWork(db, log, uow, async (u) => {
        const held = await hold(actor, action, u);
        return held ? { held } : { held: null, result: await run(u) };
      });
    },

    /**
     * Four-eyes for a staff operation on member `subjectId` (docs/security.md "Four-eyes
     * approval"), in one transaction: when `isOwner(u)` the operation is held (a pending request of
     * amount 0 that only another owner may decide: its permission is `staff.manage`, and the member
     * never decides a request about themselves), else `run` acts now. Answers `{ held }` or
     * `{ result }`; throws what `run` throws, 409 when the same operation already waits.
     */
    async guardedStaffOp<T>(
      actor: AuditActor,
      op: { op: StaffOp; subjectId: string; reason: string; summary: string },
      isOwner: (u: UnitOfWork) => Promise<boolean>,
      run: (u: UnitOfWork) => Promise<T>,
    ): Guarded<T> {
      return holdElseRun(actor, run, async (u) => {
        if (op.subjectId === actor.id || !(await isOwner(u))) return null;
        return { ...op, amount: 0n, payload: { op: op.op, target: op.subjectId, summary: op.summary } };
      });
    },

    /**
     * Four-eyes for a change of a setting that binds every client (docs/security.md "Four-eyes
     * approval", "Limits by verification level"), in one transaction: `weigh(u)` locks the setting
     * and answers its `SettingChange`; a raise at or above the threshold is held (a pending request
     * about no one person, amount = the largest raise, `target` naming the setting: one pending
     * request per setting) for another staff member with the operation's permission, else `run`
     * applies it now. A change that raises nothing (stricter or equal) always runs: a stricter cap
     * is never a risk. Answers `{ held }` or `{ result }`; throws what `weigh` and `run` throw, 409
     * when the same setting already waits.
     */
    async guardedSetting<T>(
      actor: AuditActor,
      change: { op: ApprovalOp; target: string; reason: string; input: unknown },
      weigh: (u: UnitOfWork) => Promise<SettingChange>,
      run: (u: UnitOfWork) => Promise<T>,
    ): Guarded<T> {
      return holdElseRun(actor, run, async (u) => {
        const { amount, summary } = await weigh(u);
        if (amount <= 0n || amount < config.fourEyesThreshold) return null;
        const { op, target, reason, input } = change;
        return { op, subjectId: null, amount, reason, payload: { op, target, input, summary } };
      });
    },

    /**
     * One page of the queue: pending oldest first, or decided newest first; with `clientId`, only
     * the requests about that client or staff member; by number, or by cursor (lib/cursor.ts:
     * 400 `invalid_cursor`).
     */
    async list(
      q: ApprovalsQuery,
    ): Promise<{ rows: ApprovalView[]; total: number; nextCursor?: string | null }> {
      const page = await pageOrCursorOf(db, ar, queueWhere(q), queueOrder(q.status), q);
      return { ...page, rows: await present(page.rows) };
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
        // the entries it posts name the checker: their own aggregate must see them (aggregate.ts)
        if (row.clientId) await lockMakerClient(u.tx, checker.id, row.clientId);
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
