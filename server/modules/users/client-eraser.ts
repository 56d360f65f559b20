/**
 * The client eraser: DELETE /api/user/admin/:id, a command that spans a dozen tables in one unit of
 * work. It refuses while the client still has money or business in flight, then erases their
 * personal data (names → "Deleted", e-mail → deleted-<id>@deleted.invalid, phone, address, state,
 * country, gender, photo and identity documents), removes their sign-in (sessions, credential
 * accounts, codes, sign-in records, two-factor secret) and sets `deleted_at`. Ledger rows stay under
 * the anonymised record, so the books still balance. Stored files go after commit. One audit row
 * (`user.delete`).
 *
 * Errors (AppError): 404 unknown or deleted user; 409 erasing oneself, any balance not zero, an
 * active plan, a pending deposit.
 */
import { and, count, eq, like } from 'drizzle-orm';
import { USER_ADMIN_MSG } from '@common/messages';
import {
  accounts,
  beneficiaries,
  deposits,
  idempotencyKeys,
  ledgerAccounts,
  notifications,
  oneTimeCodes,
  plans,
  securityAlertTokens,
  sessions,
  signInEvents,
  twoFactorChallenges,
  twoFactors,
  users,
  verifications,
} from '../../db/schema';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { formatUsd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork } from '../../lib/unit-of-work';
import { lockAccounts } from '../ledger/service';
import { lockUser } from './lock-user';

/**
 * Throws 409 while the client may not be erased: any ledger balance not zero, an active plan, a
 * pending deposit. Locking the client's accounts makes a racing approval wait, then see the
 * deleted user.
 */
async function assertNothingOwed(tx: Tx, id: string): Promise<void> {
  const own = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, id));
  const balances = await lockAccounts(
    tx,
    own.map((a) => a.id),
  );
  const nonZero = balances.filter((a) => a.balance !== 0n);
  if (nonZero.length > 0) {
    const what = nonZero.map((a) => `${a.kind} $${formatUsd(a.balance)}`).join(', ');
    throw new AppError('delete_refused_balance', USER_ADMIN_MSG.deleteRefusedBalance(what));
  }
  const [activePlan] = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.userId, id), eq(plans.status, 'active')));
  if (activePlan) throw new AppError('delete_refused_plan');
  const [pending] = await tx
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, id), eq(deposits.status, 'pending')));
  if (Number(pending?.n ?? 0) > 0) throw new AppError('delete_refused_pending_deposit');
}

/** Deletes everything that lets the user sign in or identifies them outside the users row. */
async function removeSignIn(tx: Tx, row: UserRow): Promise<void> {
  const id = row.id;
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(accounts).where(eq(accounts.userId, id));
  // better-auth keys its e-mail codes as "<purpose>-<email>"; `_` and `%` in an address match themselves only
  const emailSuffix = row.email.replace(/[\\%_]/g, (c) => `\\${c}`);
  await tx.delete(verifications).where(like(verifications.identifier, `%${emailSuffix}`));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, id));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, id));
  await tx.delete(notifications).where(eq(notifications.userId, id));
  // sign-in records hold IPs and devices; the 2FA secret is a credential
  await tx.delete(signInEvents).where(eq(signInEvents.userId, id));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, id));
  await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
  // the withdrawal address book: addresses, IBANs and the holder's name (docs/security.md "Withdrawal address book")
  await tx.delete(beneficiaries).where(eq(beneficiaries.userId, id));
  // the "This wasn't me" links of the change e-mails (docs/security.md "Holds after security changes")
  await tx.delete(securityAlertTokens).where(eq(securityAlertTokens.userId, id));
}

export function createClientEraser({ db, log, storage }: ServiceDeps) {
  return {
    /**
     * Erases a client's personal data and sign-in and marks them deleted (see the module header).
     * Audit `user.delete`. Throws 404, 409 (oneself; any balance not zero; an active plan; a
     * pending deposit).
     */
    async eraseClient(actor: AuditActor, id: string): Promise<void> {
      await withUnitOfWork(db, log, undefined, async ({ tx, afterCommit }) => {
        const row = await lockUser(tx, id);
        if (row.id === actor.id) throw new AppError('cannot_delete_self');
        await assertNothingOwed(tx, id);

        const deletedAt = new Date();
        await removeSignIn(tx, row);
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
  };
}

export type ClientEraser = ReturnType<typeof createClientEraser>;
