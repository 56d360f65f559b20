/**
 * The back office's changes to a client and its dashboard figures: edit a user's info, verification
 * status and block flag, block / unblock, set the account's labels, and the admin overview. The
 * other admin jobs have their own files: the KYC review in server/modules/kyc, ledger adjustments in
 * server/modules/ledger/adjustments.ts, erasing a client in client-eraser.ts; the lists and lookups
 * are in service.ts.
 *
 * Every mutation runs in ONE transaction with exactly one audit row (`recordAudit`, before → after
 * of the changed fields). Deleted users (`deleted_at` set) are invisible here: every lookup answers
 * 404 for them.
 *
 * Errors (AppError): 400 blocking without a reason; 404 unknown or deleted user; 409 e-mail taken,
 * blocking oneself.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type {
  AdminOverview,
  ApprovedFigures,
  UpdateAccountInput,
  UpdateUserInput,
} from '@common/schemas/users';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { approvalRequests, deposits, sessions, users, withdrawals } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { centsToUsd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { recordEvent } from '../../lib/webhook-events';
import { accountBlockedMail } from './emails';
import { lockUser } from './lock-user';
import { latestIntegrityCheck } from '../transparency/integrity';
import { endChallenges } from '../auth/challenges';
import { emailChangedMail } from '../auth/emails';

/** The user fields an admin edits, as the API names them (for before → after snapshots). */
function editable(row: UserRow) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    state: row.state,
    verificationStatus: row.verificationStatus,
    isBlocked: row.banned,
  };
}

/** The entries of `after` that differ from `before`, and their old values: `{ before, after }`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (before[key] !== after[key]) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/** True when a database error is a unique-key violation (both drivers; drizzle wraps it in `cause`). */
function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return true;
  }
  return false;
}

type Window = keyof AdminOverview['deposits'];

export function createUserAdminService({ db, log, mailer, holds }: ServiceDeps) {
  /**
   * Sets the block flag (better-auth's `banned`) and, when blocking, ends every session and open
   * sign-in challenge at once.
   */
  async function applyBlock(tx: Tx, actor: AuditActor, row: UserRow, blocked: boolean): Promise<void> {
    if (blocked && row.id === actor.id) throw new AppError('cannot_block_self');
    if (!blocked) return;
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await endChallenges(tx, row.id);
  }

  /**
   * Blocks or unblocks the locked user `row` in `u`: `applyBlock`, better-auth's `banned` and
   * `ban_reason`, the audit row (`user.block` with the reason / `user.unblock`) and, when blocking
   * with a reason, its e-mail after commit. Answers the updated row.
   */
  async function changeBlock(
    u: UnitOfWork,
    actor: AuditActor,
    row: UserRow,
    blocked: boolean,
    reason?: string,
  ): Promise<UserRow> {
    const { tx } = u;
    await applyBlock(tx, actor, row, blocked);
    const [updated] = await tx
      .update(users)
      .set({
        banned: blocked,
        banReason: blocked ? (reason ?? null) : null,
        banExpires: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action: blocked ? 'user.block' : 'user.unblock',
      targetUserId: row.id,
      targetId: row.id,
      before: { isBlocked: row.banned },
      after: blocked ? { isBlocked: true, reason } : { isBlocked: false },
    });
    if (blocked)
      await recordEvent(tx, { type: 'client.blocked', data: { clientId: row.id, reason: reason ?? null } });
    if (blocked && reason) await mailer.enqueue(u, accountBlockedMail(row.email, reason, row.firstName));
    return updated!;
  }

  /** Approved deposits or withdrawals per window of days (count and USD sum), by review time. */
  async function approvedFigures(
    table: typeof deposits | typeof withdrawals,
  ): Promise<Record<Window, ApprovedFigures>> {
    const within = (days: number) => sql`${table.reviewedAt} >= now() - make_interval(days => ${days})`;
    const n = (days: number) => sql<number>`(count(*) filter (where ${within(days)}))::int`;
    const sum = (days: number) =>
      sql<string>`(coalesce(sum(${table.amount}) filter (where ${within(days)}), 0))::text`;
    const [row] = await db
      .select({ n1: n(1), s1: sum(1), n7: n(7), s7: sum(7), n30: n(30), s30: sum(30) })
      .from(table)
      .where(and(eq(table.status, 'approved'), within(30)));
    const figures = (count: number | undefined, total: string | undefined) => ({
      count: Number(count ?? 0),
      total: centsToUsd(BigInt(total ?? 0)),
    });
    return {
      '1': figures(row?.n1, row?.s1),
      '7': figures(row?.n7, row?.s7),
      '30': figures(row?.n30, row?.s30),
    };
  }

  return {
    /**
     * PUT /user/admin/:id: replaces the user's info, verification status and block flag. A change
     * of the block goes through `changeBlock`, as POST /:id/block and /:id/unblock do (sessions
     * ended, audited `user.block` / `user.unblock`, the reason e-mailed): blocking needs
     * `input.reason` (docs/product.md "Decision reasons"). Rejecting documents needs its own route
     * (PUT /:id/verification). Audit `user.update` for the other fields (none when only the block
     * changed). A new e-mail address holds a client's withdrawals and is e-mailed to the old and
     * the new address. Throws 400 (blocking without a reason), 404, 409 (e-mail taken; rejecting; an
     * admin blocking themselves).
     */
    async updateUser(actor: AuditActor, id: string, input: UpdateUserInput): Promise<UserRow> {
      return withUnitOfWork(db, log, undefined, async (u) => {
        const { tx } = u;
        const row = await lockUser(tx, id);
        const blockChanges = input.isBlocked !== row.banned;
        if (blockChanges && input.isBlocked && !input.reason) throw new AppError('block_reason_required');
        const email = input.email.toLowerCase();
        if (email !== row.email) {
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(sql`lower(${users.email})`, email));
          if (taken) throw new AppError('email_taken');
        }
        // rejecting documents needs a reason the client reads: only its own route does it
        const rejected = (status: string) => status === 'rejected' || status === 'failed';
        if (rejected(input.verificationStatus) && !rejected(row.verificationStatus))
          throw new AppError('reject_on_its_route');
        let updated: UserRow;
        try {
          [updated] = (await tx
            .update(users)
            .set({
              firstName: input.firstName,
              lastName: input.lastName,
              name: `${input.firstName} ${input.lastName}`,
              email,
              phone: input.phone,
              address: input.location.address,
              state: input.location.state,
              verificationStatus: input.verificationStatus,
              // a status set here is verified or back to awaiting or pending: verified is a decision
              ...(input.verificationStatus !== row.verificationStatus && {
                verificationDecidedAt: input.verificationStatus === 'verified' ? new Date() : null,
                verificationDecidedBy: input.verificationStatus === 'verified' ? actor.id : null,
              }),
              updatedAt: new Date(),
            })
            .where(eq(users.id, id))
            .returning()) as [UserRow];
        } catch (e) {
          if (isUniqueViolation(e)) throw new AppError('email_taken');
          throw e;
        }
        if (email !== row.email) {
          // a client's withdrawals wait, and both addresses hear of it (docs/security.md "Holds
          // after security changes")
          const hold = await holds.start(tx, row, 'email_change', actor.id);
          for (const to of [row.email, email])
            await mailer.enqueue(
              u,
              emailChangedMail({ email: to, firstName: row.firstName }, row.email, email, hold),
            );
        }
        const changed = changedFields(editable(row), editable(updated));
        if (!blockChanges || Object.keys(changed.after).length > 0) {
          await recordAudit(tx, actor, { action: 'user.update', targetUserId: id, targetId: id, ...changed });
        }
        return blockChanges ? changeBlock(u, actor, updated, input.isBlocked, input.reason) : updated;
      });
    },

    /**
     * POST /user/admin/:id/block {reason} and /unblock: sets better-auth's `banned` flag (and
     * `ban_reason`); blocking also ends every session of the user at once (their next request
     * answers 401; signing in again 403) and e-mails them the reason after commit. Audit
     * `user.block` (with the reason) / `user.unblock`. Throws 404, 409 (an admin blocking themselves).
     */
    async setBlocked(actor: AuditActor, id: string, blocked: boolean, reason?: string): Promise<UserRow> {
      return withUnitOfWork(db, log, undefined, async (u) =>
        changeBlock(u, actor, await lockUser(u.tx, id), blocked, reason),
      );
    },

    /**
     * PUT /user/admin/account/:id: the account's currency symbol and plan label. No balances: those
     * are the ledger's sums, never typed by an admin. Audit `account.update`. Throws 404.
     */
    async updateAccount(actor: AuditActor, id: string, input: UpdateAccountInput): Promise<UserRow> {
      return withUnitOfWork(db, log, undefined, async ({ tx }) => {
        const row = await lockUser(tx, id);
        const [updated] = await tx
          .update(users)
          .set({
            currencySymbol: input.currencySymbol,
            accountPlan: input.accountPlan,
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        const pick = (r: UserRow) => ({ currencySymbol: r.currencySymbol, accountPlan: r.accountPlan });
        await recordAudit(tx, actor, {
          action: 'account.update',
          targetUserId: id,
          targetId: id,
          ...changedFields(pick(row), pick(updated!)),
        });
        return updated!;
      });
    },

    /**
     * GET /user/admin/overview: clients, the review queue, pending KYC reviews, the four-eyes
     * queue (approval requests waiting), and deposits and
     * withdrawals approved in the last 1, 7 and 30 days (count and USD sum, by review time), and the
     * latest ledger integrity check (modules/transparency/integrity.ts: the dashboard's alarm).
     */
    async overview(): Promise<AdminOverview> {
      const live = isNull(users.deletedAt);
      const [
        [clients],
        [pendingDeposits],
        [pendingWithdrawals],
        [pendingKyc],
        [pendingApprovals],
        depositFigures,
        withdrawalFigures,
        integrity,
      ] = await Promise.all([
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, 'client'), live)),
        db.select({ n: count() }).from(deposits).where(eq(deposits.status, 'pending')),
        db
          .select({ n: count() })
          .from(withdrawals)
          .where(and(eq(withdrawals.status, 'pending'), isNull(withdrawals.deletedAt))),
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.verificationStatus, 'pending'), live)),
        db.select({ n: count() }).from(approvalRequests).where(eq(approvalRequests.status, 'pending')),
        approvedFigures(deposits),
        approvedFigures(withdrawals),
        latestIntegrityCheck(db),
      ]);
      return {
        clients: Number(clients?.n ?? 0),
        pendingReviews: Number(pendingDeposits?.n ?? 0) + Number(pendingWithdrawals?.n ?? 0),
        pendingVerifications: Number(pendingKyc?.n ?? 0),
        pendingApprovals: Number(pendingApprovals?.n ?? 0),
        deposits: depositFigures,
        withdrawals: withdrawalFigures,
        integrity,
      };
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
