/**
 * The back office's client management (seed §2.8, §5, §6; DESIGN.md §1, §5; issue 6): edit a user's
 * info and block status, review their identity documents, block / unblock, set the account's labels,
 * post ledger adjustments, erase a client, and the dashboard's overview figures.
 *
 * Every mutation runs in ONE transaction with exactly one audit row (`recordAudit`, before → after
 * of the changed fields; amounts in USD). Amounts inside the service are cents. Deleted users
 * (`deleted_at` set) are invisible here: every lookup answers 404 for them.
 *
 * Errors (AppError): 404 unknown or deleted user; 409 e-mail taken, KYC not pending, blocking or
 * deleting oneself, a debit below zero, deleting a client who still has money, a pending deposit or
 * an active plan.
 */
import { and, count, eq, isNull, like, sql } from 'drizzle-orm';
import { MSG, USER_ADMIN_MSG } from '@common/messages';
import type {
  AdjustmentInput,
  AdminOverview,
  ApprovedFigures,
  UpdateAccountInput,
  UpdateUserInput,
  VerificationReviewInput,
} from '@common/schemas/users';
import type { Tx } from '../../db/client';
import {
  accounts,
  deposits,
  idempotencyKeys,
  ledgerAccounts,
  notifications as notificationRows,
  oneTimeCodes,
  plans,
  sessions,
  signInEvents,
  twoFactorChallenges,
  twoFactors,
  users,
  verifications,
  withdrawals,
} from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { centsToUsd, formatUsd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { client, ensureAccounts, house, lockAccounts, postEntry, type EntryRow } from '../ledger/service';
import type { UserRow } from '../../db/rows';

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

/** An adjustment as it was posted: the entry and the client's available balance after it (cents). */
export interface PostedAdjustment {
  entry: EntryRow;
  available: bigint;
}

type Window = keyof AdminOverview['deposits'];

export function createUserAdminService({ db, log, storage, notifications }: ServiceDeps) {
  /** Locks a live (not deleted) user's row. Throws 404. */
  async function lockUser(tx: Tx, id: string): Promise<UserRow> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', MSG.notFound);
    return row;
  }

  /** Sets the block flag (better-auth's `banned`) and, when blocking, ends every session at once. */
  async function applyBlock(tx: Tx, actor: AuditActor, row: UserRow, blocked: boolean): Promise<void> {
    if (blocked && row.id === actor.id) throw new AppError('CONFLICT', USER_ADMIN_MSG.cannotBlockSelf);
    if (blocked) await tx.delete(sessions).where(eq(sessions.userId, row.id));
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
     * PUT /user/admin/:id: replaces the user's info, verification status and block flag. Blocking
     * ends their sessions. Audit `user.update`. Throws 404, 409 (e-mail taken; blocking oneself).
     */
    async updateUser(actor: AuditActor, id: string, input: UpdateUserInput): Promise<UserRow> {
      return withUnitOfWork(db, log, undefined, async ({ tx }) => {
        const row = await lockUser(tx, id);
        const email = input.email.toLowerCase();
        if (email !== row.email) {
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(sql`lower(${users.email})`, email));
          if (taken) throw new AppError('CONFLICT', MSG.emailTaken);
        }
        if (input.isBlocked !== row.banned) await applyBlock(tx, actor, row, input.isBlocked);
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
              banned: input.isBlocked,
              banReason: input.isBlocked ? 'Blocked by an admin' : null,
              banExpires: null,
              updatedAt: new Date(),
            })
            .where(eq(users.id, id))
            .returning()) as [UserRow];
        } catch (e) {
          if (isUniqueViolation(e)) throw new AppError('CONFLICT', MSG.emailTaken);
          throw e;
        }
        await recordAudit(tx, actor, {
          action: 'user.update',
          targetUserId: id,
          targetId: id,
          ...changedFields(editable(row), editable(updated)),
        });
        return updated;
      });
    },

    /**
     * PUT /user/admin/:id/verification: verifies or rejects a pending KYC submission and notifies the
     * client. Audit `user.verification`. Throws 404, 409 unless the status is pending.
     */
    async reviewVerification(
      actor: AuditActor,
      id: string,
      { status }: VerificationReviewInput,
    ): Promise<UserRow> {
      return withUnitOfWork(db, log, undefined, async (uow) => {
        const row = await lockUser(uow.tx, id);
        if (row.verificationStatus !== 'pending') {
          throw new AppError('CONFLICT', USER_ADMIN_MSG.verificationNotPending(row.verificationStatus));
        }
        const [updated] = await uow.tx
          .update(users)
          .set({ verificationStatus: status, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        await recordAudit(uow.tx, actor, {
          action: 'user.verification',
          targetUserId: id,
          targetId: id,
          before: { verificationStatus: row.verificationStatus },
          after: { verificationStatus: status },
        });
        await notifications.notify(uow, {
          userId: id,
          title: status === 'verified' ? USER_ADMIN_MSG.verifiedTitle : USER_ADMIN_MSG.rejectedTitle,
          message: status === 'verified' ? USER_ADMIN_MSG.verifiedMessage : USER_ADMIN_MSG.rejectedMessage,
        });
        return updated!;
      });
    },

    /**
     * POST /user/admin/:id/block and /unblock: sets better-auth's `banned` flag; blocking also ends
     * every session of the user at once (their next request answers 401; signing in again 403).
     * Audit `user.block` / `user.unblock`. Throws 404, 409 (an admin blocking themselves).
     */
    async setBlocked(actor: AuditActor, id: string, blocked: boolean): Promise<UserRow> {
      return withUnitOfWork(db, log, undefined, async ({ tx }) => {
        const row = await lockUser(tx, id);
        await applyBlock(tx, actor, row, blocked);
        const [updated] = await tx
          .update(users)
          .set({
            banned: blocked,
            banReason: blocked ? 'Blocked by an admin' : null,
            banExpires: null,
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: blocked ? 'user.block' : 'user.unblock',
          targetUserId: id,
          targetId: id,
          before: { isBlocked: row.banned },
          after: { isBlocked: blocked },
        });
        return updated!;
      });
    },

    /**
     * PUT /user/admin/account/:id: the account's currency symbol and plan label (no balances:
     * DESIGN.md §5). Audit `account.update`. Throws 404.
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
     * POST /user/admin/account/:id/adjustments: posts an `adjustment` entry of `input.amount` cents —
     * credit: income/expense → available; debit: available → income/expense — with the reason as its
     * memo (the client's history shows it) and the admin as actor. Audit `account.adjustment`.
     * Throws 404 (unknown, deleted or not a client), 409 (a debit beyond the available balance).
     */
    async postAdjustment(
      actor: AuditActor,
      id: string,
      input: AdjustmentInput,
      uow?: UnitOfWork,
    ): Promise<PostedAdjustment> {
      return withUnitOfWork(db, log, uow, async ({ tx }) => {
        const row = await lockUser(tx, id);
        if (row.role !== 'client') throw new AppError('NOT_FOUND', USER_ADMIN_MSG.onlyClients);
        const ids = await ensureAccounts(tx, [client(id, 'available'), house('income_expense')]);
        const locked = await lockAccounts(tx, [...ids.values()]);
        const before = locked.find((a) => a.userId === id)?.balance ?? 0n;
        if (input.direction === 'debit' && input.amount > before) {
          throw new AppError('CONFLICT', USER_ADMIN_MSG.adjustmentOverdraw(formatUsd(before)));
        }
        const signed = input.direction === 'credit' ? input.amount : -input.amount;
        const entry = await postEntry(tx, {
          type: 'adjustment',
          userId: id,
          actorId: actor.id,
          memo: input.reason,
          lines: [
            { account: house('income_expense'), amount: -signed },
            { account: client(id, 'available'), amount: signed },
          ],
        });
        await recordAudit(tx, actor, {
          action: 'account.adjustment',
          targetUserId: id,
          targetId: entry.id,
          before: { available: centsToUsd(before) },
          after: {
            available: centsToUsd(before + signed),
            direction: input.direction,
            amount: centsToUsd(input.amount),
            reason: input.reason,
          },
        });
        return { entry, available: before + signed };
      });
    },

    /**
     * DELETE /user/admin/:id (DESIGN.md §5): erases the client's personal data (names → "Deleted",
     * e-mail → deleted-<id>@deleted.invalid, phone, address, state, country, gender, photo and
     * identity documents), removes their sign-in (sessions, credential accounts, codes) and sets
     * `deleted_at`; ledger rows stay under the anonymised record. Stored files go after commit.
     * Audit `user.delete`. Throws 404, 409 (oneself; any balance not zero; a pending deposit; an
     * active plan).
     */
    async deleteUser(actor: AuditActor, id: string): Promise<void> {
      await withUnitOfWork(db, log, undefined, async ({ tx, afterCommit }) => {
        const row = await lockUser(tx, id);
        if (row.id === actor.id) throw new AppError('CONFLICT', USER_ADMIN_MSG.cannotDeleteSelf);
        // Locking the client's accounts makes a racing approval wait, then see the deleted user.
        const own = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, id));
        const balances = await lockAccounts(
          tx,
          own.map((a) => a.id),
        );
        const nonZero = balances.filter((a) => a.balance !== 0n);
        if (nonZero.length > 0) {
          const what = nonZero.map((a) => `${a.kind} $${formatUsd(a.balance)}`).join(', ');
          throw new AppError('CONFLICT', USER_ADMIN_MSG.deleteRefusedBalance(what));
        }
        const [activePlan] = await tx
          .select({ id: plans.id })
          .from(plans)
          .where(and(eq(plans.userId, id), eq(plans.status, 'active')));
        if (activePlan) throw new AppError('CONFLICT', USER_ADMIN_MSG.deleteRefusedPlan);
        const [pending] = await tx
          .select({ n: count() })
          .from(deposits)
          .where(and(eq(deposits.userId, id), eq(deposits.status, 'pending')));
        if (Number(pending?.n ?? 0) > 0)
          throw new AppError('CONFLICT', USER_ADMIN_MSG.deleteRefusedPendingDeposit);

        const deletedAt = new Date();
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.delete(accounts).where(eq(accounts.userId, id));
        // better-auth keys its e-mail codes as "<purpose>-<email>"; `_` and `%` in an address match themselves only
        const emailSuffix = row.email.replace(/[\\%_]/g, (c) => `\\${c}`);
        await tx.delete(verifications).where(like(verifications.identifier, `%${emailSuffix}`));
        await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, id));
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, id));
        await tx.delete(notificationRows).where(eq(notificationRows.userId, id));
        // sign-in records hold IPs and devices; the 2FA secret is a credential
        await tx.delete(signInEvents).where(eq(signInEvents.userId, id));
        await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, id));
        await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
        await tx
          .update(users)
          .set({
            name: 'Deleted',
            firstName: 'Deleted',
            lastName: 'Deleted',
            email: `deleted-${id}@deleted.invalid`,
            emailVerified: false,
            image: null,
            phone: '',
            gender: null,
            country: '',
            address: '',
            state: '',
            profilePictureKey: null,
            documentType: null,
            documentFrontKey: null,
            documentBackKey: null,
            verificationSubmittedAt: null,
            banned: true,
            twoFactorEnabled: false,
            banReason: 'Deleted',
            deletedAt,
            updatedAt: deletedAt,
          })
          .where(eq(users.id, id));
        await recordAudit(tx, actor, {
          action: 'user.delete',
          targetUserId: id,
          targetId: id,
          before: { deletedAt: null },
          after: { deletedAt: deletedAt.toISOString(), personalDataErased: true },
        });
        for (const key of [row.profilePictureKey, row.documentFrontKey, row.documentBackKey]) {
          if (key) afterCommit(() => storage.delete(key));
        }
      });
    },

    /**
     * GET /user/admin/overview: clients, the review queue, pending KYC reviews, and deposits and
     * withdrawals approved in the last 1, 7 and 30 days (count and USD sum, by review time).
     */
    async overview(): Promise<AdminOverview> {
      const live = isNull(users.deletedAt);
      const [
        [clients],
        [pendingDeposits],
        [pendingWithdrawals],
        [pendingKyc],
        depositFigures,
        withdrawalFigures,
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
        approvedFigures(deposits),
        approvedFigures(withdrawals),
      ]);
      return {
        clients: Number(clients?.n ?? 0),
        pendingReviews: Number(pendingDeposits?.n ?? 0) + Number(pendingWithdrawals?.n ?? 0),
        pendingVerifications: Number(pendingKyc?.n ?? 0),
        deposits: depositFigures,
        withdrawals: withdrawalFigures,
      };
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
