/**
 * Limits by verification level (docs/security.md "Limits by verification level"): what a client
 * reads of their limits, the owner's table of caps (a raise of one cap by the four-eyes threshold
 * or more over its lowest value of the last 24 hours waits for a second owner: caps-weight.ts,
 * routes.ts, approvals `guardedSetting`), and staff's approval of a client's proof of address
 * (verification level 2) and its revocation. The caps themselves are enforced by the
 * money flows (levels.ts): the withdrawal's statement and the deposit's submission. Amounts are cents here;
 * the presenters answer USD.
 */
import { asc, eq } from 'drizzle-orm';
import {
  LEVEL_RAISE,
  LEVEL_TITLES,
  LIMITS_MSG,
  VERIFICATION_LEVELS,
  type ClientLimits,
  type LevelCapsInput,
  type VerificationLevel,
} from '@common/schemas/limits';
import { users, verificationLevels } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { centsToUsd, usd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { capsUsd, lowestCaps, weighCaps, type LevelRow } from './caps-weight';
import { leftOf, readLimitState, type KindState } from './levels';

export type { LevelRow } from './caps-weight';

/** What the client reads of one kind's caps (USD). */
const windowsOf = (s: KindState) => ({
  day: { cap: centsToUsd(s.cap.day), used: centsToUsd(s.used.day), left: centsToUsd(leftOf(s, 'day')) },
  month: {
    cap: centsToUsd(s.cap.month),
    used: centsToUsd(s.used.month),
    left: centsToUsd(leftOf(s, 'month')),
  },
});

/** Refuses (400) withdrawal caps above 0 at the level `email`: e-mail-confirmed clients never withdraw. */
function assertCapsAllowed(level: VerificationLevel, input: LevelCapsInput): void {
  if (level === 'email' && (input.withdrawalDay > 0n || input.withdrawalMonth > 0n))
    throw new AppError('bad_request', LIMITS_MSG.noWithdrawalAtEmail);
}

/** Locks `level`'s row in `tx` (FOR UPDATE, until the transaction ends) and answers it; 404 for none. */
async function lockLevel(tx: UnitOfWork['tx'], level: VerificationLevel): Promise<LevelRow> {
  const [row] = await tx
    .select()
    .from(verificationLevels)
    .where(eq(verificationLevels.level, VERIFICATION_LEVELS.indexOf(level)))
    .for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

export function createLimitsService({ db, log, notifications }: ServiceDeps) {
  const setAddress = addressSetter({ db, log, notifications });
  return {
    /**
     * `userId`'s limits as the client reads them: the level, the next one and what raises it, each
     * cap with what is used and left (USD), and the sentence the withdrawal pages show.
     */
    async clientLimits(userId: string): Promise<ClientLimits> {
      const withdrawal = await readLimitState(db, 'withdrawal', userId);
      const deposit = await readLimitState(db, 'deposit', userId);
      const level = withdrawal.level;
      const next = VERIFICATION_LEVELS[VERIFICATION_LEVELS.indexOf(level) + 1];
      const leftToday = leftOf(withdrawal, 'day') < leftOf(withdrawal, 'month') ? 'day' : 'month';
      return {
        level,
        title: LEVEL_TITLES[level],
        identityVerified: withdrawal.identityOk,
        next: next ? { level: next, title: LEVEL_TITLES[next], raise: LEVEL_RAISE[level]! } : null,
        deposit: windowsOf(deposit),
        withdrawal: windowsOf(withdrawal),
        message: withdrawal.identityOk
          ? LIMITS_MSG.leftToday(usd(leftOf(withdrawal, leftToday)), LEVEL_RAISE[level])
          : LIMITS_MSG.identityRequired,
      };
    },

    /** The caps table, lowest level first (cents). */
    listLevels(): Promise<LevelRow[]> {
      return db.select().from(verificationLevels).orderBy(asc(verificationLevels.level));
    },

    /**
     * Locks `level`'s row in `u`, then weighs `input` against it for four-eyes (caps-weight.ts
     * `weighCaps`: the largest raise in cents, measured from the cap's lowest value of the last 24
     * hours, read after the lock; the caps old → new). Throws 400 for withdrawal caps at the level
     * `email`, 404 for an unknown level. The approvals service's `guardedSetting` calls it, then
     * `updateLevel` in the same transaction or holds the change.
     */
    async weighLevelChange(u: UnitOfWork, level: VerificationLevel, input: LevelCapsInput) {
      assertCapsAllowed(level, input);
      const row = await lockLevel(u.tx, level);
      return weighCaps(row, input, await lowestCaps(u.tx, row));
    },

    /**
     * Sets `level`'s four caps (cents) with the owner's reason, audited (`limits.update`, before and
     * after in USD) with `actor` (the owner, or the checker of a held raise). The level `email` keeps
     * its withdrawal caps at 0 (400 otherwise: e-mail-confirmed clients never withdraw). Runs in
     * `uow` when given (the route's four-eyes transaction, or an approval's).
     */
    updateLevel(actor: AuditActor, level: VerificationLevel, input: LevelCapsInput, uow?: UnitOfWork) {
      assertCapsAllowed(level, input);
      return withUnitOfWork(db, log, uow, async ({ tx }) => {
        const n = VERIFICATION_LEVELS.indexOf(level);
        const before = await lockLevel(tx, level);
        const [row] = await tx
          .update(verificationLevels)
          .set({
            depositDay: input.depositDay,
            depositMonth: input.depositMonth,
            withdrawalDay: input.withdrawalDay,
            withdrawalMonth: input.withdrawalMonth,
            updatedAt: new Date(),
            updatedBy: actor.id,
          })
          .where(eq(verificationLevels.level, n))
          .returning();
        await recordAudit(tx, actor, {
          action: 'limits.update',
          targetUserId: null,
          targetId: level,
          before: capsUsd(before),
          after: { ...capsUsd(row!), reason: input.reason },
        });
        return row!;
      });
    },

    /**
     * Approves client `clientId`'s proof of address (verification level 2) with staff's reason:
     * audited (`kyc.address_approve`) and notified to the client. Throws 409
     * `address_needs_identity` before their identity is approved, 409 `address_already_verified`.
     * Answers when it was approved.
     */
    approveAddress(actor: AuditActor, clientId: string, reason: string) {
      return setAddress(actor, clientId, reason, true);
    },

    /**
     * Revokes client `clientId`'s approved proof of address (a mistaken approval) with staff's
     * reason: the client is back at level 1 (identity) at once, since every cap check reads the
     * level from `address_verified_at` in its own statement (levels.ts `levelOf`); audited
     * (`kyc.address_revoke`) and notified to the client with the reason. Throws 409
     * `address_not_verified` when it is not approved. Answers null.
     */
    revokeAddress(actor: AuditActor, clientId: string, reason: string) {
      return setAddress(actor, clientId, reason, false);
    },
  };
}

/**
 * Approves (`approve`) or revokes client `clientId`'s proof of address with staff's `reason`, in one
 * unit of work: the client's row locked, `address_verified_at` set (now) or cleared, the audit row
 * (`kyc.address_approve` / `kyc.address_revoke`, the reason in `after`) and the client's notice with
 * the reason (docs/security.md "Limits by verification level"). Answers the new value.
 */
function addressSetter({ db, log, notifications }: Pick<ServiceDeps, 'db' | 'log' | 'notifications'>) {
  return (actor: AuditActor, clientId: string, reason: string, approve: boolean) =>
    withUnitOfWork(db, log, undefined, async (u) => {
      const [c] = await u.tx.select().from(users).where(eq(users.id, clientId)).for('no key update');
      if (!c) throw new AppError('client_not_found');
      if (approve && c.verificationStatus !== 'verified') throw new AppError('address_needs_identity');
      if (approve && c.addressVerifiedAt) throw new AppError('address_already_verified');
      if (!approve && !c.addressVerifiedAt) throw new AppError('address_not_verified');
      const at = approve ? new Date() : null;
      await u.tx.update(users).set({ addressVerifiedAt: at }).where(eq(users.id, clientId));
      await recordAudit(u.tx, actor, {
        action: approve ? 'kyc.address_approve' : 'kyc.address_revoke',
        targetUserId: clientId,
        targetId: clientId,
        before: { addressVerifiedAt: c.addressVerifiedAt?.toISOString() ?? null },
        after: { addressVerifiedAt: at?.toISOString() ?? null, reason },
      });
      const [title, change] = approve
        ? [LIMITS_MSG.addressApproved, 'was approved: your deposit and withdrawal limits are now those of']
        : [
            LIMITS_MSG.addressRevoked,
            'approval was withdrawn: your deposit and withdrawal limits are back to those of',
          ];
      const level = LEVEL_TITLES[approve ? 'address' : 'identity'];
      await notifications.notify(u, {
        userId: clientId,
        title,
        message: `Your proof of address ${change} "${level}". Note from our team: ${reason}`,
      });
      return at;
    });
}

export type LimitsService = ReturnType<typeof createLimitsService>;
